"""Each player of a group may pick a colour (chart.PALETTE); a game's seats get theirs.

The choice is kept with the group (``colours``: the player's name as it is now,
as ``text.identity`` folds it -> palette key), like the group's list of players. At a table, a colour two
players chose goes to the first of them in seat order; whoever has none gets the first
default colour nobody at the table has.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..games.base import msg
from ..markers import N_
from ..pages.chart import DEFAULT_COLOURS, PALETTE
from ..storage.store import Store
from ..text import identity
from . import groups


def chosen(store: Store, group_id: str) -> dict[str, str]:
    """The group's players' own colours: the name's identity -> palette key."""
    group = groups.get(store, group_id)
    return dict(group.get("colours") or {}) if group else {}


def seat_colours(store: Store, group_id: str, players: Sequence[str]) -> tuple[str, ...]:
    """A palette key for each seat of a game of this group."""
    names = groups.resolver(groups.aliases(store, group_id))
    picks = chosen(store, group_id)
    wanted = [picks.get(identity(groups.canonical(p, names))) for p in players]
    out: list[str | None] = []
    taken: set[str] = set()
    for key in wanted:
        out.append(key if key in PALETTE and key not in taken else None)
        taken.add(key or "")
    free = [k for k in (*DEFAULT_COLOURS, *PALETTE) if k not in taken]
    free = list(dict.fromkeys(free))
    # Twelve seats of an own game outnumber the palette: colours repeat from the 8th seat on
    # (the charts tell seats apart by marker and dash, not by colour alone).
    return tuple(key or (free.pop(0) if free else list(PALETTE)[i % len(PALETTE)]) for i, key in enumerate(out))


def choose(store: Store, group_id: str, player: str, colour: str) -> None:
    """Give a player of the group a colour ("" takes the choice back)."""
    name = groups.find_player(store, group_id, player)
    if name is None:
        raise groups.GroupError(msg(N_("No such player.")), "player")
    if colour and colour not in PALETTE:
        raise groups.GroupError(msg(N_("Choose one of the colours offered.")), "colour")

    def change(table: dict[str, Any]) -> dict[str, Any]:
        group = dict(table.get(group_id) or groups.get(store, group_id) or {})
        picks = {k: v for k, v in (group.get("colours") or {}).items() if k != identity(name)}
        if colour:
            picks[identity(name)] = colour
        group["colours"] = picks
        return {**table, group_id: group}
    store.index.change_table("groups", change)
