"""Beutezug odds helpers: heist check and exact chance of success, against hand computations."""
from __future__ import annotations

from fractions import Fraction as F

import pytest

from companion.games.base import RulesError
from companion.games.beutezug.odds import Bonuses, check_heist, die_chance, success_chance
from companion.games.beutezug.rules import GAME, bonus_inventory

from .test_rules import START, J


@pytest.mark.parametrize("required, bonuses, chance", [
    ([("blue", 6)], Bonuses(), F(1, 6)),
    ([("green", 6)], Bonuses.of({"green": 1}), F(2, 6)),
    ([("green", 6)], Bonuses.of({"green": 2}), F(3, 6)),
    ([("green", 6)], Bonuses.of({"pink": 1}), F(1, 6)),             # +1 of another colour
    ([("pink", 2)], Bonuses.of({"pink": 1}), F(1)),
    ([("blue", 6)], Bonuses(reroll_one=1), 1 - F(5, 6) ** 2),
    ([("blue", 6)], Bonuses(reroll_one=2), 1 - F(5, 6) ** 3),
    ([("blue", 6)], Bonuses(reroll_all=1), 1 - F(5, 6) ** 2),        # one die: the same
    ([("blue", 4), ("black", 4)], Bonuses(), F(1, 4)),
    # Re-roll one on whichever die failed: 1/4 + 2 * (1/2 * 1/2) * 1/2.
    ([("blue", 4), ("black", 4)], Bonuses(reroll_one=1), F(1, 2)),
    # Re-roll all after any failure: 1/4 + 3/4 * 1/4.
    ([("blue", 4), ("black", 4)], Bonuses(reroll_all=1), F(7, 16)),
])
def test_success_chance_matches_hand_computed_cases(required, bonuses, chance):
    assert success_chance(required, bonuses) == chance


def test_both_rerolls_are_used_in_the_best_order():
    # Two dice needing 4, one re-roll one and one re-roll all.
    # Both fail (1/4): re-roll all first, then one die: 1/4 + 1/2 * 1/2 = 1/2 (re-roll one
    # first: 1/2 * 1/4 + 1/2 * 1/4 = 1/4).
    # One fails (1/2): re-roll it, 1/2; else re-roll all, 1/4: 1/2 + 1/2 * 1/4 = 5/8.
    required = [("blue", 4), ("black", 4)]
    chance = F(1, 4) + F(1, 2) * F(5, 8) + F(1, 4) * F(1, 2)
    assert success_chance(required, Bonuses(reroll_one=1, reroll_all=1)) == chance


def test_a_die_needing_more_than_six_only_passes_with_bonuses():
    assert die_chance("blue", 6, Bonuses.of({"blue": 0})) == F(1, 6)
    assert success_chance([("orange", 6), ("orange", 6)], Bonuses.of({"orange": 5})) == 1


JOHNNY_CARD = [("blue", 2), ("green", 3), ("black", 4)]


def test_johnnys_failed_heist():
    """Rulebook, "Heist failed": 2, 4, 3; re-roll all (placement chip): 5, 3, 2; re-roll the
    black die (re-roll chip): 3. Still too low. The minimums are the lowest the text allows."""
    state = GAME.replay(["Vincenzo", "Kate", "Johnny"], {}, START)
    bonuses = bonus_inventory(state, J).bonuses()
    assert (bonuses.reroll_one, bonuses.reroll_all) == (1, 1)

    first = check_heist(JOHNNY_CARD, [2, 4, 3], bonuses)
    assert (first.success, first.failing) == (False, (2,))
    # Re-rolling the black die is the better try (the rulebook's Johnny chose otherwise).
    assert (first.options[0].action, first.options[0].die) == ("reroll_one", 2)
    assert first.options[0].chance == F(23, 36)
    assert [o.action for o in first.options] == ["reroll_one", "reroll_all"]

    after_placement_chip = check_heist(JOHNNY_CARD, [5, 3, 2], Bonuses(reroll_one=1))
    assert (after_placement_chip.success, after_placement_chip.failing) == (False, (2,))
    assert (after_placement_chip.options[0].action, after_placement_chip.options[0].die) == ("reroll_one", 2)

    after_reroll_chip = check_heist(JOHNNY_CARD, [5, 3, 3], Bonuses())
    assert after_reroll_chip.success is False
    assert after_reroll_chip.options == ()


def test_kates_plus_one_pink_success():
    """Rulebook, "Heist successful": one blue and two pink dice, all show 3; +1 pink is enough."""
    card = [("blue", 3), ("pink", 4), ("pink", 4)]
    with_bonus = check_heist(card, [3, 3, 3], Bonuses.of({"pink": 1}))
    assert with_bonus.success and with_bonus.values == (3, 4, 4)
    without = check_heist(card, [3, 3, 3], Bonuses())
    assert not without.success and without.failing == (1, 2)


@pytest.mark.parametrize("required, rolled, field", [
    ([("blue", 4)], [7], "rolled.0"),
    ([("blue", 4)], [0], "rolled.0"),
    ([("blue", 4)], [3, 3], "rolled"),
    ([("purple", 4)], [3], "required.0.colour"),
    ([("blue", 7)], [3], "required.0.minimum"),
    ([("", 4)], [3], "required.0.colour"),
    ([], [], "required"),
    ([("blue", 2)] * 6, [3] * 6, "required"),
])
def test_heist_check_refuses_impossible_dice(required, rolled, field):
    with pytest.raises(RulesError) as caught:
        check_heist(required, rolled)
    assert field in caught.value.errors


def test_heist_check_adds_the_plus_one_of_the_dice_colour():
    check = check_heist([("black", 5)], [4], Bonuses.of({"black": 1}))
    assert check.success and check.values == (5,)
