"""The best-resale helper: exhaustive, and right where the greedy choice is wrong."""
from itertools import combinations

import pytest

from companion.games.base import RulesError
from companion.games.treasure.market import Card, CursedPainting, parse_card, price
from companion.games.treasure.resale import best_resale


def greedy(chest):
    """The dearest combination first, again and again: the choice the helper must beat."""
    cards, total = [parse_card(c, "x") for c in chest], 0
    while True:
        options = [(price(sub), sub) for n in range(2, 6) for sub in combinations(cards, n)
                   if price(sub)]
        if not options:
            return total
        value, sub = max(options, key=lambda o: o[0])
        total += value
        cards = [c for c in cards if c not in sub]


def sold(resale):
    return sorted(sorted(str(c) for c in combo.cards) for combo in resale.combinations)


@pytest.mark.parametrize("chest, greedy_coins, best_coins", [
    # 4-4-4 (5) first leaves nothing; 4-4 (2) and 2-3-4 (4) make 6.
    (["red2", "yellow3", "green4", "red4", "yellow4"], 5, 6),
    # 2-2-2 (5) first leaves 1 and 3 alone; 2-2 (2) and 1-2-3 (4) make 6.
    (["red1", "green2", "red2", "yellow2", "green3"], 5, 6),
    # Two runs of three (4 + 4) beat the pair-plus-nothing the greedy 4-5-6 leaves.
    (["blue1", "blue3", "red4", "yellow4", "blue5", "green5", "red6"], 6, 8),
])
def test_finds_more_coins_than_the_greedy_choice(chest, greedy_coins, best_coins):
    assert greedy(chest) == greedy_coins
    resale = best_resale(chest)
    assert resale.market_coins == best_coins
    used = [str(c) for combo in resale.combinations for c in combo.cards]
    assert len(used) == len(set(used))                      # disjoint combinations
    assert sorted(used + [str(c) for c in resale.left]) == sorted(chest)


def test_lucky_counts_on_top_of_the_five_card_same_colour_run():
    chest = ["red1", "red2", "red3", "red4", "red5", "blue3", "green3"]
    assert best_resale(chest).coins == 15 + 2
    assert best_resale(chest, reinforcements=["lucky"]).coins == 15 + 2 + 7
    # Ninja Leo would want 3-3-3 (5 + 3), but the run and the pair pay more: Leo stays down.
    both = best_resale(chest, reinforcements=["ninja_leo", "lucky"])
    assert both.coins == 24 and both.reinforcements == ("lucky",)


@pytest.mark.parametrize("chest, extra, before, after, combos_after", [
    # The dearest combination is 2-3-4-5-6 (10); Super Rou-Rou pays for red 3-4-5 + 2-2.
    (["red3", "red4", "red5", "blue6", "green2", "blue2"], {"reinforcements": ["super_rou_rou"]},
     10, 6 + 2 + 3, [["blue2", "green2"], ["red3", "red4", "red5"]]),
    # Blue 5-6-7 (6) + 5-6-7 (4) without; with Ninja Leo 5-5-5 (5 + 3), 6-6 and 7-7.
    (["blue5", "blue6", "blue7", "red5", "yellow5", "red6", "green7"], {"reinforcements": ["ninja_leo"]},
     10, 5 + 2 + 2 + 3, [["blue5", "red5", "yellow5"], ["blue6", "red6"], ["blue7", "green7"]]),
])
def test_a_reinforcement_changes_the_best_choice(chest, extra, before, after, combos_after):
    assert best_resale(chest).coins == before
    resale = best_resale(chest, **extra)
    assert resale.coins == after
    assert sold(resale) == combos_after
    assert resale.reinforcements == tuple(extra["reinforcements"])


def test_chipo_is_paid_for_a_second_combination():
    chest = ["red1", "blue1", "red6", "blue6"]
    assert best_resale(chest).coins == 4
    assert best_resale(chest, bandit="chipo").coins == 5


def test_joe_counts_a_combination_worth_six():
    chest = ["red3", "red4", "red5", "blue6", "green6"]
    assert best_resale(chest, bandit="joe").coins == 6 + 2 + 1


def test_the_great_treasure_is_placed_by_the_helper():
    resale = best_resale(["blue1", "blue2", "treasure", "blue4", "blue5"], reinforcements=["lucky"])
    assert resale.coins == 15 + 7
    assert resale.combinations[0].treasure == Card(3, "blue")
    assert resale.left == ()


def test_pat_wins_above_any_coins():
    chest = ["red1", "blue1", "green1", "yellow1", "red2", "red3"]
    resale = best_resale(chest, reinforcements=["pat"])
    assert resale.wins and "pat" in resale.reinforcements
    assert not best_resale(chest).wins


def test_viper_discards_every_cursed_painting_for_a_coin_each():
    resale = best_resale(["red3", "blue3", "cursed", "cursed"], reinforcements=["viper"])
    assert (resale.coins, resale.cursed_discarded, resale.left) == (2 + 2, 2, ())


def test_a_combination_with_a_2_takes_every_cursed_painting_along_as_written():
    resale = best_resale(["red1", "red2", "red3", "blue2", "blue3", "blue4", "cursed", "cursed"])
    assert resale.coins == 12 and resale.cursed_discarded == 2
    assert resale.left == ()
    one = best_resale(["red2", "blue2", "cursed", "cursed"])
    assert one.cursed_discarded == 2 and one.left == ()


def test_the_house_reading_frees_one_cursed_painting_per_combination_with_a_2():
    both = best_resale(["red1", "red2", "red3", "blue2", "blue3", "blue4", "cursed", "cursed"],
                       free_discard="one_per_combination")
    assert both.cursed_discarded == 2 and both.left == ()
    one = best_resale(["red2", "blue2", "cursed", "cursed"], free_discard="one_per_combination")
    assert one.cursed_discarded == 1 and one.left == (CursedPainting(),)


def test_pats_immediate_win_is_not_followed_by_mofettes_coin():
    chest = ["red1", "blue1", "green1", "yellow1"]
    plain = best_resale(chest, bandit="mofette", opponent_cursed=2)
    assert plain.bonus_coins == 1 and not plain.wins  # the coin, at the end of the Resale
    won = best_resale(chest, bandit="mofette", reinforcements=["pat"], opponent_cursed=2)
    assert won.wins and won.bonus_coins == 0


def test_the_croc_brothers_repeat_the_best_face_up_card():
    chest = ["red3", "red4", "red5"]
    assert best_resale(chest, reinforcements=["croc_brothers"]).coins == 6
    assert best_resale(chest, reinforcements=["croc_brothers"], face_up=["super_rou_rou"]).coins == 9
    both = best_resale(chest, reinforcements=["croc_brothers", "super_rou_rou"])
    assert both.coins == 6 + 3 + 3
    assert both.reinforcements == ("super_rou_rou", "croc_brothers")


def test_mofette_counts_the_opponents_cursed_paintings():
    assert best_resale(["red3"], bandit="mofette", opponent_cursed=2).coins == 1
    assert best_resale(["red3"], bandit="mofette", opponent_cursed=1).coins == 0


def test_an_empty_chest_sells_nothing():
    resale = best_resale([])
    assert (resale.coins, resale.combinations, resale.left) == (0, (), ())


@pytest.mark.parametrize("chest, field", [
    (["red3", "blue3", "red3"], "chest.2"),
    (["treasure", "gt", "red3"], "chest"),
    (["cursed"] * 6, "chest"),
    ([f"{c}{n}" for c in ("red", "blue") for n in range(1, 8)], "chest"),
    (["red9"], "chest.0"),
])
def test_refuses_a_chest_that_cannot_be(chest, field):
    with pytest.raises(RulesError) as raised:
        best_resale(chest)
    assert field in raised.value.errors
