"""Loot and Scoot: the exact odds of a combat round (chapter 6), checked against sums by hand."""
from __future__ import annotations

from fractions import Fraction as F

import pytest

from companion.games.scoot.odds import OddsError, round_odds


@pytest.mark.parametrize(("level1", "level2", "kwargs", "dice", "win", "wounds"), [
    (1, 0, {"damage": 2}, 1, F(1, 6), F(5, 3)),                   # 2 x 5/6
    (2, 0, {"damage": 1}, 2, F(11, 36), F(25, 36)),               # 1 - 25/36
    (0, 1, {"damage": 1}, 2, F(11, 36), F(25, 36)),               # a Level 2 match rolls a bonus die
    (1, 1, {"damage": 3}, 3, F(91, 216), F(375, 216)),            # the Werewolf: 1 - 125/216
    (1, 0, {"outranks": True, "damage": 2}, 1, F(1, 2), F(1)),    # a 4, 5 or 6 wins
    (1, 1, {"outranks": True, "damage": 1}, 3, F(7, 8), F(1, 8)),
    (1, 0, {"pity": True, "damage": 1}, 3, F(91, 216), F(125, 216)),  # Divine Pity: two more dice
    (1, 0, {"pity": True, "boss": True}, 1, F(1, 6), F(0)),       # ... but never against a Boss
    (0, 0, {"damage": 3}, 0, F(0), F(3)),                         # no match, no dice: a sure loss
])
def test_one_six_wins_the_round_and_a_loss_costs_the_rooms_damage(level1, level2, kwargs, dice, win, wounds):
    odds = round_odds(level1, level2, **kwargs)
    assert (odds.dice, odds.win, odds.expected_wounds) == (dice, win, wounds)
    assert odds.win + odds.lose == 1


def test_more_than_one_hit_changes_nothing_so_the_chance_is_one_minus_no_hit():
    # Two dice by counting all 36 throws: a throw wins when it shows at least one six.
    wins = sum(1 for a in range(1, 7) for b in range(1, 7) if 6 in (a, b))
    assert round_odds(2).win == F(wins, 36)
    wins = sum(1 for a in range(1, 7) for b in range(1, 7) if max(a, b) >= 4)
    assert round_odds(2, outranks=True).win == F(wins, 36)


@pytest.mark.parametrize("call", [
    lambda: round_odds(-1),
    lambda: round_odds(1, damage=-2),
])
def test_refuses_a_battle_the_rules_cannot_have(call):
    with pytest.raises(OddsError):
        call()
