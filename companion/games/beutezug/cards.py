"""Beutezug's vocabulary: loot cards, their bonuses, the chips, and reading one heist's outcome.

Beutezug rulebook, "Contents", "Using bonuses" and "Heist failed".
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import N_, Msg, msg
from .odds import PLUS_COLOURS, Bonuses, within

ROUNDS = 7
# "Contents": 19 cards valued 0, and 9 cards each of values 2, 3, 4 and 5 (the stack on the back,
# which is also the number of dice on the card).
STACK_SIZES = {0: 19, 2: 9, 3: 9, 4: 9, 5: 9}
STACK_LABELS = {0: N_("0-card (heist failed)"), 2: N_("2 stack"), 3: N_("3 stack"),
                4: N_("4 stack"), 5: N_("5 stack")}
LOOT_RANGE = (1, 14)      # printed loot on seized cards (public reviews: 1 to 14 points)
ZERO_CARD_LOOT = 1        # a 0-card gives either a bonus or 1 loot point

NONE, REROLL_ONE, REROLL_ALL = "none", "reroll_one", "reroll_all"
BONUSES = (NONE, *PLUS_COLOURS, REROLL_ONE, REROLL_ALL)
# One mark per bonus, on the phone, the sheets and the logs alike: a shape per +1 colour and
# arrows for the re-rolls, so a black-and-white copy tells them apart and ● means pink in
# every table (the words are printed beside them in each legend).
BONUS_MARKS = {
    NONE: "–", "orange": "▲", "green": "■", "black": "◆", "pink": "●",
    REROLL_ONE: "↻1", REROLL_ALL: "↻∗",
}
BONUS_LABELS = {
    NONE: N_("no bonus"),
    "orange": N_("+1 orange die"),
    "green": N_("+1 green die"),
    "black": N_("+1 black die"),
    "pink": N_("+1 pink die"),
    REROLL_ONE: N_("re-roll one die"),
    REROLL_ALL: N_("re-roll all dice"),
}

# The placement chips 2-5 "give you a bonus" ("Using bonuses"); the rulebook shows one: Johnny,
# last of three players (chip 3), re-rolls all dice with his placement chip. The text names no
# other chip bonus, so chips 2-5 default to re-roll all dice and chip 1 to nothing. A setting
# ("placement_chip_bonuses", chip 1 first) lets a table that reads its chips differently say so.
PLACEMENT_CHIP_BONUSES = (NONE, REROLL_ALL, REROLL_ALL, REROLL_ALL, REROLL_ALL)
REROLL_CHIP_BONUS = REROLL_ONE    # the re-roll chip: roll one die again
LOOT_CHIPS = (6, 5, 4, 3, 2)      # the first to complete the four colours takes the 6


@dataclass(frozen=True)
class LootCard:
    """A card a player keeps: seized from stack 2-5, or a 0-card after a failed heist."""

    round: int
    stack: int
    loot: int
    bonus: str = NONE

    @property
    def seized(self) -> bool:
        return self.stack != 0


@dataclass(frozen=True)
class Heist:
    """One player's heist in a round, and the loot chip it earned (if it completed the colours)."""

    seat: int
    card: LootCard
    loot_chip: int | None = None


@dataclass(frozen=True)
class BonusSource:
    """Where a bonus comes from this round: a loot card, the placement chip, the re-roll chip."""

    bonus: str
    source: Msg


@dataclass(frozen=True)
class Inventory:
    """A player's bonuses for the current round, counted, with where each one comes from."""

    seat: int
    plus: tuple[tuple[str, int], ...]      # (colour, count) for orange, green, black, pink
    reroll_one: int
    reroll_all: int
    sources: tuple[BonusSource, ...]

    def bonuses(self) -> Bonuses:
        """The same bonuses as the odds helpers read them."""
        return Bonuses(tuple((c, n) for c, n in self.plus if n), self.reroll_one, self.reroll_all)


def inventory(seat: int, cards: tuple[LootCard, ...], placement_chip: int | None,
              chip_bonuses: tuple[str, ...], reroll_chip: bool) -> Inventory:
    """Bonuses usable this round: "You may use the bonus of each of your seized cards and of
    your chips once per round" ("Using bonuses")."""
    sources = [BonusSource(c.bonus, msg(N_("Loot card from round %(round)s"), round=c.round))
               for c in cards if c.bonus != NONE]
    if placement_chip is not None and chip_bonuses[placement_chip - 1] != NONE:
        sources.append(BonusSource(chip_bonuses[placement_chip - 1],
                                   msg(N_("Placement chip %(chip)s"), chip=placement_chip)))
    if reroll_chip:
        sources.append(BonusSource(REROLL_CHIP_BONUS, msg(N_("Re-roll chip"))))
    bonuses = [s.bonus for s in sources]
    return Inventory(seat, tuple((c, bonuses.count(c)) for c in PLUS_COLOURS),
                     bonuses.count(REROLL_ONE), bonuses.count(REROLL_ALL), tuple(sources))


def has_four_colours(cards: tuple[LootCard, ...]) -> bool:
    """+1 orange, green, black and pink across your loot cards earns a loot chip ("Loot chips")."""
    return set(PLUS_COLOURS) <= {c.bonus for c in cards}


def read_outcome(row: Mapping[str, Any], round_no: int, errors: dict[str, Msg], path: str) -> LootCard:
    """One heist's outcome: {"stack": 2-5, "loot": 1-14, "bonus": ...} for a seized card, or
    {"stack": 0, "bonus": ...} for the 0-card kept after a failed heist ("Heist failed"): a 0-card
    carries a bonus and no loot, or no bonus and 1 loot point. ``row`` has the shape of one
    (shapes.OUTCOME)."""
    stack = row["stack"]
    if stack not in STACK_SIZES:
        errors[path + "stack"] = msg(N_("Choose stack 2, 3, 4 or 5, or 0 for a failed heist."))
    bonus = row.get("bonus", NONE)
    given = row.get("loot")
    if stack == 0:
        loot = 0 if bonus != NONE else ZERO_CARD_LOOT
        if given is not None:
            within(given, 0, ZERO_CARD_LOOT, errors, path + "loot")
            if path + "loot" not in errors and given != loot:
                errors[path + "loot"] = msg(N_("A 0-card gives either a bonus or 1 loot point."))
    elif given is None:
        if path + "stack" not in errors:  # not a stack at all: it may be the 0-card, which has none
            errors[path + "loot"] = msg(N_("Enter the loot on the card."))
        loot = 0
    else:
        loot = within(given, LOOT_RANGE[0], LOOT_RANGE[1], errors, path + "loot")
    return LootCard(round_no, stack, loot, bonus)


def read_placement(value: Sequence[int], n: int, errors: dict[str, Msg], path: str) -> tuple[int, ...]:
    """A placement order: every seat once, best placed first."""
    if len(value) != n:
        errors[path] = msg(N_("Put all %(n)s players in order, placement chip 1 first."), n=n)
        return ()
    seats = [within(v, 0, n - 1, errors, f"{path}.{i}") for i, v in enumerate(value)]
    for i, seat in enumerate(seats):
        if seats.index(seat) != i and f"{path}.{i}" not in errors:
            errors[f"{path}.{i}"] = msg(N_("Each player gets exactly one placement chip."))
    return tuple(seats)
