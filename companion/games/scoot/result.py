"""A Loot and Scoot game played on paper, entered as its final victory points (see ..result).

Chapter 7's tie chain decides equal victory points: the most money, then the highest total
Adventurer levels, then the most looted rooms, then who most looks like a dwarf. So a tie
needs the tied players' money, then their levels, then their rooms, as far as the chain goes;
at the dwarf the table names whom it picked.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import N_, Msg, RulesError, msg, names_of
from ..result import (
    UNRECORDED,
    Final,
    ResultRules,
    check_winners,
    named,
    places,
    rows,
    scores,
    unrecorded_tie,
    with_unrecorded,
)
from .actions import within
from .paper import PAPER
from .rules import LootAndScoot
from .score import CODES, DECISIONS, DWARF_STEP, NOTES
from .state import State

# A result from another app may carry a tie its table broke without the money (..result).
RESULT_DECISIONS = with_unrecorded(DECISIONS)

# The tie chain's values after the victory points, in chapter 7's order, with the message
# that asks for one.
CHAIN = (
    ("gold", N_("Enter %(player)s's money (gp): it breaks the tie on victory points.")),
    ("levels", N_("Enter %(player)s's total Adventurer levels: they break the tie on victory points and money.")),
    ("rooms", N_("Enter how many rooms %(player)s looted: they break the tie on victory points, money and levels.")),
)


class Game(ResultRules, LootAndScoot):
    paper = PAPER
    decisions = RESULT_DECISIONS

    def fresh(self, state: State) -> bool:
        return state.phase == "first_player"

    def check_result(self, state: State, data: Mapping[str, Any]) -> Final:
        n, errors = len(state.players), dict[str, Msg]()
        table = rows(data, n, errors)
        vp = scores(table, errors, -100, 1000)
        extra: list[dict[str, int | None]] = []
        for seat, row in enumerate(table):
            values: dict[str, int | None] = {}
            for field, _ask in CHAIN:
                values[field] = within(row[field], f"players.{seat}.{field}", errors, lo=0, hi=1000) \
                    if field in row else None
            extra.append(values)
        given = named(data, n, errors)
        if errors:
            raise RulesError(errors)
        top = [s for s in range(n) if vp[s] == max(vp)]
        step = 0
        untold = unrecorded_tie(data, given, top, (extra[s][f] for s in top for f, _ in CHAIN))
        for step_no, (field, ask) in enumerate(CHAIN, start=1):
            if len(top) == 1 or untold is not None:
                break
            for seat in top:
                if extra[seat][field] is None:
                    errors[f"players.{seat}.{field}"] = msg(ask, player=state.players[seat])
            if errors:
                raise RulesError(errors)
            best = max(extra[s][field] or 0 for s in top)
            top = [s for s in top if extra[s][field] == best]
            step = step_no
        if untold is not None:
            top = untold
        elif len(top) > 1:
            step = DWARF_STEP
            if len(given) == 1 and given[0] in top:
                top = list(given)
            else:
                errors["winners"] = msg(N_("%(players)s are tied on everything: tick the one the table "
                                           "picked as most looking like a dwarf."),
                                        players=names_of(state.players, top))
        decided = self.decided(top, UNRECORDED if untold is not None else CODES[step])
        check_winners(state.players, given, top, decided.words, errors)
        if errors:
            raise RulesError(errors)

        def key(seat: int) -> tuple[int, ...]:
            chain = tuple(-(extra[seat][k] or 0) for k, _ in CHAIN) if vp[seat] == max(vp) else ()
            return (-vp[seat], *chain, 0 if seat in top else 1)
        order = sorted(range(n), key=lambda s: (key(s), s))
        notes = {s: msg(NOTES[step]) for s in top if step}
        if untold is not None and len(untold) == 1:
            notes = {untold[0]: decided.words}
        return Final(state.players, places(order, key, vp, notes), decided, N_("Victory points"))


GAME = Game()
