"""Loot and Scoot: the odds of one combat round, exactly (a helper beyond the paper game).

Loot and Scoot rulebook, chapter 6 (Battles and Other Stories).
Match one Adventurer to one class symbol of the room tile, each symbol and each Adventurer
once; each match rolls a die and a matching Level 2 Adventurer a bonus die. A Divine Pity
marker adds two dice in the first battle, never against a Boss. The battle is won by one
die showing a 6 -- or a 4 or more when the monster's level is greater than the room level on
the map; a single such die is enough, more of them change nothing. Otherwise the round is
lost and the party takes as many wounds as the room tile shows damage icons.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .state import CLASSES, Party

FACES = 6
PITY_DICE = 2
HIT_ON = 6            # a die showing six pips
HIT_ON_OUTRANKED = 4  # the monster is squeezed into a lower-level room


class OddsError(ValueError):
    """A battle the rules cannot have (a class that does not exist, negative counts)."""


@dataclass(frozen=True)
class RoundOdds:
    dice: int
    hit: Fraction              # the chance one die wins the battle
    win: Fraction              # the chance this round wins the battle
    expected_wounds: Fraction  # damage times the chance the round is lost

    @property
    def lose(self) -> Fraction:
        return 1 - self.win


def match(symbols: Sequence[str], level1: Mapping[str, int],
          level2: Mapping[str, int]) -> tuple[int, int]:
    """The matched Adventurers as (Level 1, Level 2), Level 2 matched first.

    The Werewolf (Squire, Priest, Wizard) against a Level 1 Squire, a Level 2 Rogue and a
    Level 2 Mage matches the Squire and the Mage: (1, 1), three dice.
    """
    ones = twos = 0
    for cls in set(symbols) | set(level1) | set(level2):
        if cls not in CLASSES:
            raise OddsError(f"no class {cls!r}; classes are {', '.join(CLASSES)}")
    for cls in CLASSES:
        wanted = list(symbols).count(cls)
        l1, l2 = level1.get(cls, 0), level2.get(cls, 0)
        if min(wanted, l1, l2) < 0:
            raise OddsError(f"negative count for {cls!r}")
        from_two = min(wanted, l2)
        twos += from_two
        ones += min(wanted - from_two, l1)
    return ones, twos


def party_match(party: Party, symbols: Sequence[str]) -> tuple[int, int]:
    """``match`` for a party as the ledger keeps it."""
    return match(symbols, dict(zip(CLASSES, party.level1, strict=True)), dict(zip(CLASSES, party.level2, strict=True)))


def battle_dice(matched_level1: int, matched_level2: int, pity: bool = False, boss: bool = False) -> int:
    """One die per match, a bonus die per Level 2 match, two more for Divine Pity (not vs a Boss)."""
    if matched_level1 < 0 or matched_level2 < 0:
        raise OddsError("matched Adventurers cannot be negative")
    return matched_level1 + 2 * matched_level2 + (PITY_DICE if pity and not boss else 0)


def round_odds(matched_level1: int, matched_level2: int = 0, *, pity: bool = False,
               outranks: bool = False, damage: int = 0, boss: bool = False) -> RoundOdds:
    """The chance to win this combat round and the wounds to expect from it.

    With n dice and a chance p per die, the round is lost only when no die hits:
    (1 - p)^n, the k = 0 term of the binomial. ``outranks``: the monster's level is greater
    than the room level on the map, so a 4+ wins. No matched Adventurer, no dice: the round
    is lost for sure.
    """
    if damage < 0:
        raise OddsError("damage cannot be negative")
    dice = battle_dice(matched_level1, matched_level2, pity, boss)
    hit = Fraction(FACES - (HIT_ON_OUTRANKED if outranks else HIT_ON) + 1, FACES)
    lose = (1 - hit) ** dice
    return RoundOdds(dice=dice, hit=hit, win=1 - lose, expected_wounds=damage * lose)
