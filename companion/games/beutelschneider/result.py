"""A Beutelschneider game played on paper, entered as its final totals (see ..result).

The game ends after the hand in which someone reaches the limit, so the highest total is at
least the limit. Without a tie at the top it is below the limit plus what one hand can give a
player (all 80 gold and every event's special points). After the table plays another hand on
a tie at the top, the tied leaders stood at or over the limit already, so the highest total may
be any higher, but a tied leader is still near it: the winner took at most one hand's most,
and the other lost at most the deck's cutpurses. Equal totals at the top end the game only
when the table shares the win (the other choice plays another hand), so they name the winners.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import N_, Msg, RulesError, msg
from ..result import Final, ResultRules, check_winners, named, places, rows, scores
from . import rules
from .paper import PAPER
from .rules import CUTPURSE_PENALTY, GOLD_IN_DECK, SPECIAL_STEP, Beutelschneider, State, event_most


def most_in_a_hand(state: State) -> int:
    """What one hand can give one player: all the gold and every event's special points."""
    events = event_most(len(state.players), state.cutpurses_in_deck)
    return GOLD_IN_DECK + SPECIAL_STEP * sum(events.values())


def least_in_a_hand(state: State) -> int:
    """What one hand can cost one player: every cutpurse of the deck in their tricks."""
    return -CUTPURSE_PENALTY * state.cutpurses_in_deck


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
        given = named(data, n, errors)
        if any(key.startswith("players") for key in errors):
            raise RulesError(errors)
        best = max(totals)
        top = [s for s, t in enumerate(totals) if t == best]
        most, least = most_in_a_hand(state), least_in_a_hand(state)
        if best < state.limit:
            errors[f"players.{top[0]}.score"] = msg(N_(
                "The game ends when a player reaches the limit of %(limit)s; the highest total "
                "here is %(total)s."), limit=state.limit, total=best)
        elif best > state.limit - 1 + most and len(top) == 1:
            # Only a tie at the top before the last hand gets there: a tied leader ends the
            # last hand at least at the tie minus what a hand can cost.
            nearest = best - most + least
            if not any(t >= nearest for s, t in enumerate(totals) if s != top[0]):
                errors[f"players.{top[0]}.score"] = msg(N_(
                    "One hand gives a player at most %(most)s points, so a total above %(max)s needs a "
                    "tie at the top before the last hand, and the other leader of that tie ends at "
                    "%(near)s or more; no other total here does."),
                    most=most, max=state.limit - 1 + most, near=nearest)
        decided = self.decided(top, "shared") if len(top) > 1 else self.decided(top, "reached", limit=state.limit)
        if not errors:
            check_winners(state.players, given, top, decided.words, errors)
        if errors:
            raise RulesError(errors)
        order = sorted(range(n), key=lambda s: (-totals[s], s))
        return Final(state.players, places(order, lambda s: totals[s], totals), decided, N_("Points"))


GAME = Game()
