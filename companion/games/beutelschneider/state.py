"""A Beutelschneider game as the replay leaves it: the hands so far and their running totals.

Apart from the rules (rules.py) so that the explanations (explained.py) read it without
importing the rules that call them.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class HandResult:
    gold: tuple[int, ...]
    cutpurses: tuple[int, ...]
    special: tuple[int, ...]          # special points per seat (multiples of 10)
    scores: tuple[int, ...]
    # What the special points were made of, per seat: the events scored (key, count) and the
    # other special points, kept as the fold goes so an explanation needs no second replay.
    events: tuple[tuple[tuple[str, int], ...], ...] = ()
    other: tuple[int, ...] = ()


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    limit: int
    first_dealer: int
    cutpurses_in_deck: int
    hands: tuple[HandResult, ...] = ()
    # Running totals after the last hand, kept with the hands so a replay stays linear.
    totals: tuple[int, ...] = ()
    # Tie at the top after the limit was reached: the table chose to play on
    # ("another_hand") or to share the win ("share"), once per tied hand.
    tie_choices: tuple[tuple[int, str], ...] = ()

    def dealer_of(self, hand: int) -> int:
        """Who deals hand ``hand`` (0: the first): the deal passes to the left each hand."""
        return (self.first_dealer + hand) % len(self.players)

    @property
    def dealer(self) -> int:
        """Who deals the next hand."""
        return self.dealer_of(len(self.hands))

    @property
    def leader(self) -> int:
        """The player to the left of the dealer leads the first trick."""
        return (self.dealer + 1) % len(self.players)

    @property
    def reached_in_last_hand(self) -> int:
        """How many players crossed the limit with the last hand (not earlier, before a tie
        was played on)."""
        before = [t - s for t, s in zip(self.totals, self.hands[-1].scores, strict=True)]
        return sum(1 for t, b in zip(self.totals, before, strict=True) if t >= self.limit > b)
