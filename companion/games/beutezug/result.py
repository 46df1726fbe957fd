"""A Beutezug game played on paper, entered as its final points (see ..result).

Seven rounds, one card kept a round (a seized card of 1-14 loot or a 0-card of 0 or 1), and
at most one loot chip: that bounds the points. A tie on points is broken by the highest loot
card, then the next ("End of the Game"), so the tied players' seven card values are needed;
still tied after every card, a coin flip decided, and the table ticks whom it chose; the
scores and cards name every other winner.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import N_, Msg, RulesError, msg, names_of
from ..result import (
    UNRECORDED,
    Final,
    ResultRules,
    check_winners,
    named,
    open_tie,
    places,
    rows,
    scores,
    unrecorded_tie,
    with_unrecorded,
)
from .cards import LOOT_RANGE, ROUNDS
from .paper import PAPER
from .rules import DECISIONS, TIE_STEPS, Beutezug, State

# A result from another app may carry a tie its table broke without the cards (..result).
RESULT_DECISIONS = with_unrecorded(DECISIONS)


def _cards(row: Mapping[str, Any], path: str, errors: dict[str, Msg]) -> tuple[int, ...] | None:
    value = row.get("loot")
    if value is None:
        return None
    if len(value) != ROUNDS or any(not 0 <= v <= LOOT_RANGE[1] for v in value):
        errors[path] = msg(N_("Enter the loot of the %(n)s cards kept, one per round (0 to %(max)s each)."),
                           n=ROUNDS, max=LOOT_RANGE[1])
        return None
    return tuple(sorted(value, reverse=True))


class Game(ResultRules, Beutezug):
    paper = PAPER
    decisions = RESULT_DECISIONS

    def fresh(self, state: State) -> bool:
        return not state.placements

    def check_result(self, state: State, data: Mapping[str, Any]) -> Final:
        n, errors = len(state.players), dict[str, Msg]()
        table = rows(data, n, errors)
        chips = set(state.loot_chips)
        points = scores(table, errors, 0, None)
        most = ROUNDS * LOOT_RANGE[1] + max(chips, default=0)
        for seat, total in enumerate(points):
            if total > most and f"players.{seat}.score" not in errors:
                errors[f"players.{seat}.score"] = msg(N_(
                    "Seven cards of at most %(loot)s loot and one loot chip make at most %(max)s points."),
                    loot=LOOT_RANGE[1], max=most)
        cards = [_cards(row, f"players.{seat}.loot", errors) for seat, row in enumerate(table)]
        given = named(data, n, errors)
        for seat, values in enumerate(cards):
            if values is not None and f"players.{seat}.score" not in errors \
                    and points[seat] - sum(values) not in chips | {0}:
                errors[f"players.{seat}.loot"] = msg(N_(
                    "These cards make %(sum)s points; with a loot chip (%(chips)s) or none, not %(score)s."),
                    sum=sum(values), chips=", ".join(map(str, sorted(chips))), score=points[seat])
        if any(key.endswith(".score") or key == "players" for key in errors):
            raise RulesError(errors)  # no tie to read from scores that are refused
        best = max(points)
        top = [s for s in range(n) if points[s] == best]
        code, winners = "points", top
        untold = unrecorded_tie(data, given, top, (cards[s] for s in top))
        if untold is not None:
            code, winners = UNRECORDED, untold
        elif len(top) > 1:
            for seat in (s for s in top if cards[s] is None and f"players.{s}.loot" not in errors):
                errors[f"players.{seat}.loot"] = msg(N_(
                    "%(players)s are tied on points: the highest loot card breaks the tie. Enter "
                    "%(player)s's seven card values."), players=names_of(state.players, top),
                    player=state.players[seat])
            if errors:
                raise RulesError(errors)
            winners, step = _tie(top, {s: cards[s] or () for s in top})
            if step is None:  # the coin flip's choice, which no score shows: the table ticks it
                code = "coin"
                if (chosen := open_tie(given, winners)) is not None:
                    winners = chosen
                else:
                    errors["winners"] = msg(N_("%(players)s are tied on points and on every loot card: "
                                               "tick the one the coin flip chose."),
                                            players=names_of(state.players, winners))
            else:
                code = TIE_STEPS[step]
        decided = self.decided(winners, code)
        if not errors:
            check_winners(state.players, given, winners, decided.words, errors)
        if errors:
            raise RulesError(errors)

        def key(seat: int) -> tuple[Any, ...]:
            return (-points[seat], tuple(-v for v in cards[seat] or ()) if points[seat] == best else (),
                    0 if seat in winners else 1)
        order = sorted(range(n), key=lambda s: (key(s), s))
        notes = {top_seat: decided.words for top_seat in winners if len(top) > 1}
        return Final(state.players, places(order, key, points, notes), decided, N_("Points"))


def _tie(top: Sequence[int], values: Mapping[int, tuple[int, ...]]) -> tuple[list[int], int | None]:
    """The seats still level after comparing the cards highest first, and the card that
    decided (``None``: none did)."""
    left = list(top)
    for step in range(ROUNDS):
        best = max(values[s][step] for s in left)
        left = [s for s in left if values[s][step] == best]
        if len(left) == 1:
            return left, step
    return left, None


GAME = Game()
