"""Loot and Scoot: the odds of one combat round, exactly (a helper beyond the paper game).

Loot and Scoot rulebook, chapter 6 (Battles and Other Stories).
Match one Adventurer to one class symbol of the room tile, each symbol and each Adventurer
once (the table counts the matches); each match rolls a die and a matching Level 2 Adventurer
a bonus die. A Divine Pity marker adds two dice in the first battle, never against a Boss.
The battle is won by one die showing a 6 -- or a 4 or more when the monster's level is
greater than the room level on the map; a single such die is enough, more of them change
nothing. Otherwise the round is lost and the party takes as many wounds as the room tile
shows damage icons.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

FACES = 6
PITY_DICE = 2
HIT_ON = 6            # a die showing six pips
HIT_ON_OUTRANKED = 4  # the monster is squeezed into a lower-level room


class OddsError(ValueError):
    """A battle the rules cannot have (negative counts)."""


@dataclass(frozen=True)
class RoundOdds:
    dice: int
    hit: Fraction              # the chance one die wins the battle
    win: Fraction              # the chance this round wins the battle
    expected_wounds: Fraction  # damage times the chance the round is lost

    @property
    def lose(self) -> Fraction:
        return 1 - self.win


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
