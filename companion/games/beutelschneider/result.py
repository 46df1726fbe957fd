"""A Beutelschneider game played on paper, entered as its final totals (see ..result).

The game ends after the hand in which someone reaches the limit, so the highest total is at
least the limit, and below it plus what one hand can give a player (all 80 gold and every
event's special points). Equal totals at the top end the game only when the table shares the
win (the other choice plays another hand, after which the totals are no longer the same).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import N_, Msg, RulesError, msg, names_of
from ..result import Final, ResultRules, check_winners, named, places, rows, scores
from . import rules
from .paper import PAPER
from .rules import GOLD_IN_DECK, SPECIAL_STEP, Beutelschneider, State, event_most


def most_in_a_hand(state: State) -> int:
    """What one hand can give one player: all the gold and every event's special points."""
    events = event_most(len(state.players), state.cutpurses_in_deck)
    return GOLD_IN_DECK + SPECIAL_STEP * sum(events.values())


# A result says the totals at the end, not who reached the limit first.
DECISIONS = {**rules.DECISIONS, "reached": N_("Highest total with %(limit)s points or more.")}


class Game(ResultRules, Beutelschneider):
    decisions = DECISIONS
    paper = PAPER

    def fresh(self, state: State) -> bool:
        return not state.hands

    def check_result(self, state: State, data: Mapping[str, Any]) -> Final:
        n, errors = len(state.players), dict[str, Msg]()
        table = rows(data, n, errors)
        # A hand can cost 20 per cutpurse in the deck, so there is no lowest total.
        totals = scores(table, errors, None, None)
        most = most_in_a_hand(state)
        for seat, total in enumerate(totals):
            if total > state.limit - 1 + most and f"players.{seat}.score" not in errors:
                errors[f"players.{seat}.score"] = msg(N_(
                    "One hand gives a player at most %(most)s points (all the gold and every special "
                    "point), so no total ends above %(max)s with a limit of %(limit)s."),
                    most=most, max=state.limit - 1 + most, limit=state.limit)
        given = named(data, n, errors)
        if errors:
            raise RulesError(errors)
        best = max(totals)
        top = [s for s, t in enumerate(totals) if t == best]
        if best < state.limit:
            errors[f"players.{top[0]}.score"] = msg(N_(
                "The game ends when a player reaches the limit of %(limit)s; the highest total "
                "here is %(total)s."), limit=state.limit, total=best)
        if len(top) > 1 and given != tuple(top):
            errors["winners"] = msg(N_(
                "Equal totals at the top end the game only when the table shares the win: tick "
                "%(players)s (after another hand, enter the totals after it)."),
                players=names_of(state.players, top))
        decided = self.decided(top, "shared") if len(top) > 1 else self.decided(top, "reached", limit=state.limit)
        check_winners(state.players, given, top, decided.words, errors)
        if errors:
            raise RulesError(errors)
        order = sorted(range(n), key=lambda s: (-totals[s], s))
        return Final(state.players, places(order, lambda s: totals[s], totals), decided, N_("Points"))


GAME = Game()
