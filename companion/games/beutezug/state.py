"""A Beutezug game as the replay leaves it: the rounds so far and what follows from them.

Apart from the rules (rules.py) so that the explanations (explained.py) read it without
importing the rules that call them.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .cards import STACK_SIZES, Heist, Inventory, LootCard, inventory


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    loot_chips: tuple[int, ...]
    chip_bonuses: tuple[str, ...]           # bonus of placement chip 1, 2, ... 5
    placements: tuple[tuple[int, ...], ...] = ()   # per round: seats by placement chip, 1 first
    rounds: tuple[tuple[Heist, ...], ...] = ()     # per round: the heists in rolling order
    coin: int | None = None                 # the coin flip's winner, after a full tie

    @property
    def round_no(self) -> int:
        """The round to be entered next (8 once the seven rounds are played)."""
        return len(self.rounds) + 1

    @property
    def placement(self) -> tuple[int, ...] | None:
        """Seats by placement chip for the coming round, chip 1 first: the choosing order."""
        n = len(self.rounds)
        return self.placements[n] if len(self.placements) > n else None

    @property
    def rolling_order(self) -> tuple[int, ...]:
        """"You roll one after another in reverse turn order" ("Rolling")."""
        return tuple(reversed(self.placement or ()))

    @property
    def reroll_chip_holder(self) -> int | None:
        """"The player who received the last place also takes the re-roll chip." """
        return self.placement[-1] if self.placement else None

    def placement_chip(self, seat: int) -> int | None:
        return self.placement.index(seat) + 1 if self.placement else None

    @property
    def placement_changes(self) -> tuple[tuple[int, int, int], ...]:
        """(seat, previous place, new place) for each seat, the coming round against the last."""
        n = len(self.rounds)
        if not self.placement or n == 0:
            return ()
        before = self.placements[n - 1]
        return tuple((s, before.index(s) + 1, self.placement.index(s) + 1) for s in self.placement)

    def cards(self, seat: int) -> tuple[LootCard, ...]:
        return tuple(h.card for r in self.rounds for h in r if h.seat == seat)

    def loot_chip(self, seat: int) -> int | None:
        return next((h.loot_chip for r in self.rounds for h in r
                     if h.seat == seat and h.loot_chip is not None), None)

    @property
    def points(self) -> tuple[int, ...]:
        """"Add up the points of your loot cards and loot chips" ("End of a round")."""
        return tuple(sum(c.loot for c in self.cards(s)) + (self.loot_chip(s) or 0)
                     for s in range(len(self.players)))

    @property
    def loot_chips_left(self) -> tuple[int, ...]:
        left = Counter(self.loot_chips)
        left.subtract(h.loot_chip for r in self.rounds for h in r if h.loot_chip is not None)
        return tuple(sorted(left.elements(), reverse=True))

    @property
    def stack_counts(self) -> dict[int, int]:
        """Cards taken from each stack so far."""
        taken = Counter(h.card.stack for r in self.rounds for h in r)
        return {stack: taken[stack] for stack in STACK_SIZES}

    def loot_values(self, seat: int) -> tuple[int, ...]:
        """A seat's loot cards by value, highest first, for the final tie-break."""
        return tuple(sorted((c.loot for c in self.cards(seat)), reverse=True))


def bonus_inventory(state: State, seat: int) -> Inventory:
    """A seat's bonuses for the coming round: its cards, its placement chip, the re-roll chip."""
    return inventory(seat, state.cards(seat), state.placement_chip(seat), state.chip_bonuses,
                     state.reroll_chip_holder == seat)


def points_groups(state: State) -> list[list[int]]:
    """Seats grouped by equal points, most points first ("End of a round")."""
    points = state.points
    groups: dict[int, list[int]] = {}
    for seat in range(len(state.players)):
        groups.setdefault(points[seat], []).append(seat)
    return [groups[p] for p in sorted(groups, reverse=True)]
