"""A Give Me The Treasure game as the replay leaves it: the sides, their coins, the turns so far.

Apart from the rules (rules.py) so that the explanations (explain.py) read it without
importing the rules that call them.
"""
from __future__ import annotations

from dataclasses import dataclass

from .market import RAOUL
from .turn import SideTurn

CHEST_LIMIT = 5       # Inspection Phase 2; Raoul keeps one card more
TEAM_CHEST_LIMIT = {"leader": 3, "member": 4}  # two-person team; a one-person team keeps 5
# A Cursed Painting "can also" be discarded free "if you resell a combination that includes a
# Loot card with the number 2": the written rule sets a condition on each card, so one such
# combination frees all of the side's paintings ("any"); a table may play one painting per
# such combination ("one_per_combination"), a house reading.
FREE_DISCARDS = ("any", "one_per_combination")


@dataclass(frozen=True)
class Turn:
    number: int
    divider: int                       # the dividing side (the Arrow points at it)
    sides: tuple[SideTurn, SideTurn]
    coins_after: tuple[int, int]       # at the Inspection
    pat: int | None = None             # the side Pat made win at once
    entry: int = 0                     # its index in the record, for the explanations


@dataclass(frozen=True)
class Correction:
    side: int
    coins: int                         # added (negative: taken)
    reason: str
    after_turn: int
    entry: int = 0


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    teams: tuple[int, ...]             # side (0 or 1) of each seat
    leaders: tuple[int, int]           # the seat with the Leader token, per side
    target: int
    starting_coins: int
    bandit_skills: bool
    free_discard: str = FREE_DISCARDS[0]
    bandits: tuple[str, ...] = ()                  # per seat, once dealt
    dealt: tuple[tuple[str, ...], ...] = ()        # the 3 Reinforcements dealt per side, if entered
    reinforcements: tuple[tuple[str, ...], ...] = ()  # kept, per seat
    first_divider: int | None = None
    turns: tuple[Turn, ...] = ()
    corrections: tuple[Correction, ...] = ()
    # Entries applied so far, and the index of the deal: an explanation names the entry
    # that gave each part (the deal drew the Bandits and tossed the Arrow).
    applied: int = 0
    deal_entry: int | None = None

    @property
    def team_variant(self) -> bool:
        return len(self.players) > 2

    @property
    def sides(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return tuple(tuple(s for s, t in enumerate(self.teams) if t == side)  # type: ignore[return-value]
                     for side in (0, 1))

    def side_name(self, side: int) -> str:
        return " & ".join(self.players[s] for s in self.sides[side])

    @property
    def coins(self) -> tuple[int, int]:
        """Each side's coins now: those of the last Inspection (at first the starting coins)
        and the corrections entered since; read per turn, so it must not sum the whole game."""
        last = self.turns[-1].coins_after if self.turns else (self.starting_coins,) * 2
        since = [0, 0]
        for c in reversed(self.corrections):
            if c.after_turn < len(self.turns):
                break
            since[c.side] += c.coins
        return (last[0] + since[0], last[1] + since[1])

    @property
    def divider(self) -> int:
        """The Arrow alternates: the sides swap dividing and choosing each turn."""
        return ((self.first_divider or 0) + len(self.turns)) % 2

    @property
    def skill_bandits(self) -> tuple[str | None, str | None]:
        """The Bandit whose skill counts per side: the Leader's (teams), none in a practice game."""
        if not self.bandit_skills or not self.bandits:
            return (None, None)
        return (self.bandits[self.leaders[0]], self.bandits[self.leaders[1]])

    @property
    def chest_limits(self) -> tuple[int, ...]:
        """Per seat: 5 (Raoul 6); two-person team: Leader 3, member 4; one-person team 5."""
        out = []
        for seat, side in enumerate(self.teams):
            if len(self.sides[side]) == 1:
                limit = CHEST_LIMIT
            else:
                limit = TEAM_CHEST_LIMIT["leader" if self.leaders[side] == seat else "member"]
            if self.bandit_skills and self.bandits and self.bandits[seat] == RAOUL \
                    and self.leaders[side] == seat:
                limit += 1      # Raoul's skill, when it counts (he plays alone or leads)
            out.append(limit)
        return tuple(out)

    @property
    def used(self) -> tuple[str, ...]:
        """Reinforcement cards turned face up so far, in order."""
        return tuple(r.card for t in self.turns for side in t.sides for r in side.reinforcements)

    @property
    def unused(self) -> tuple[tuple[str, ...], ...]:
        """Per seat, the Reinforcement cards still face down."""
        return tuple(tuple(c for c in held if c not in self.used) for held in self.reinforcements)
