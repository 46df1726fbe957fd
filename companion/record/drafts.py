"""A draft of the current round, filled row by row from several phones (issue 38.2).

Where the rules tell the players' parts apart (a form of the round with a row per seat,
``players-<seat>-…``: a Beutelschneider hand, an own game's round; or a row per seat that
carries its seat, ``outcomes-<i>-seat``: a Beutezug round, in rolling order), each phone sends
its own row; the rows gather here, in a small file of the data folder (``draft-<game>.json``), kept
across a restart. A draft is never an entry: undo, replay, export and statistics read the
record alone. It belongs to the step after the version it was started at (``entries_version``):
any entry stored, undone or corrected since makes it void. The round is stored as one entry
through the same form, checks and rules as one phone typing it all (``merged``), when its last
row arrives or when one phone saves it for the rest.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict

from werkzeug.datastructures import MultiDict


class Draft(TypedDict):
    version: int          # the record's entries_version it belongs to
    kind: str             # the entry kind of the round
    rows: dict[str, list[list[str]]]  # seat (as text) → its fields as sent, in order
    # Rows no phone sent as its own: kept by a Save that waits for a secret row (issue 38.3),
    # for a player without a phone. The next Save that shows them changes them.
    kept: list[str]


def state_name(game_id: str) -> str:
    return f"draft-{game_id}"


def current(doc: Mapping[str, Any], version: int, kind: str) -> Draft | None:
    """The draft of the step after ``version`` of ``kind``, if the file holds one."""
    if doc.get("version") != version or doc.get("kind") != kind or not isinstance(doc.get("rows"), dict):
        return None
    kept = doc.get("kept")
    return {"version": version, "kind": kind, "rows": dict(doc["rows"]),
            "kept": [str(k) for k in kept] if isinstance(kept, list) else []}


# The fields of a round's form that hold a row per seat: each player's numbers, the cards
# each player keeps (a secret: chosen on that player's own phone, issue 38.3), or each
# player's heist (a Beutezug round: its rows in rolling order, so a row's place is not its seat).
# A Give Me The Treasure turn has a row per side (``sides-<side>-…``): its combinations,
# Cursed Paintings and the Reinforcements it calls, which only that side may see.
ROWS = ("players", "reinforcements", "outcomes", "sides")
# Rows that are a secret of their players: a side that holds a phone sends its row from there
# alone, and the round waits for it (nobody else could fill it in).
SECRET = ("sides",)
# Rows only their players' phones may hold, even as data: the cards a player keeps, a side's
# turn (its Reinforcements).
HIDDEN = ("reinforcements", "sides")
# A field outside the rows that a row carries when it holds what the field is about: the card
# the Great Treasure became goes with the side that resold it.
CARRIED = {"sides": ("treasure_as", "treasure")}


def _in_row(name: str, field: str, seat: int | str) -> bool:
    return name == f"{field}-{seat}" or name.startswith(f"{field}-{seat}-")


def row_of(formdata: Any, field: str, index: int) -> list[list[str]]:
    """The fields of the form's row ``index`` as a form sent them (``players-<index>-…``)."""
    row = [[name, value] for name, value in formdata.items(multi=True) if _in_row(name, field, index)]
    carried, holding = CARRIED.get(field, ("", ""))
    if carried and formdata.get(carried) and any(value == holding for _, value in row):
        row.append([carried, formdata.get(carried)])
    return row


def with_row(draft: Draft | None, version: int, kind: str, seat: int, row: list[list[str]],
             kept: bool = False) -> Draft:
    """``kept``: the row is kept for a player by a phone that is not theirs (a Save), not sent."""
    base: Draft = draft or {"version": version, "kind": kind, "rows": {}, "kept": []}
    others = [k for k in base.get("kept", []) if k != str(seat)]
    return {**base, "rows": {**base["rows"], str(seat): row}, "kept": others + [str(seat)] if kept else others}


def merged(formdata: Any, field: str, draft: Draft | None, order: Sequence[int]) -> MultiDict[str, str]:
    """What one phone typing the whole round would send: the form as sent, each row the draft
    holds in place of what this phone had in it. ``order``: the seat of each of the form's
    rows, top to bottom."""
    rows = draft["rows"] if draft else {}
    held = [order.index(int(seat)) for seat in rows]
    carried = CARRIED.get(field, ("",))[0]
    carries = any(name == carried for row in rows.values() for name, _ in row)
    out: MultiDict[str, str] = MultiDict([(k, v) for k, v in formdata.items(multi=True)
                                          if not any(_in_row(k, field, index) for index in held)
                                          and k not in ("row", "draft", "shown") and not (carries and k == carried)])
    for row in rows.values():
        for name, value in row:
            out.add(name, value)
    return out
