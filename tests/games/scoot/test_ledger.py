"""Loot and Scoot: one entry per action, the rule's price paid (chapter 4), and what the
Dungeon hands out on the way (Treasure, Poison, wounds)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from companion.games.scoot.state import State
from tests.games.scoot.test_setup import GAME, play, refused, started, with_party

# Adam (seat 0) starts with a Squire and a Wizard, 5 gp and two Hirelings; it is his turn.


def prepared(gold: int = 5, **party) -> State:
    """Adam's party as the case needs it, with two Hirelings back in the common pool."""
    state = with_party(started(), 0, gold=gold, **party)
    return replace(state, pool=replace(state.pool, hirelings=2))


@pytest.mark.parametrize(("gold", "data", "gold_after", "roster_after"), [
    (5, {"action": "recruit", "class": "priest"}, 2, {"priest": 1}),
    (10, {"action": "recruit", "class": "squire"}, 4, {"squire": 2}),
    (5, {"action": "hire", "count": 1}, 4, {"hireling": 1}),
    (5, {"action": "hire", "count": 2}, 3, {"hireling": 2}),
    (5, {"action": "beg"}, 10, {}),
    (20, {"action": "build", "upgrade": "wizard", "train": True}, 10, {"wizard": 0, "mage": 1}),
    (20, {"action": "build", "upgrade": "priest"}, 10, {}),
])
def test_each_inn_action_pays_the_rule_price(gold, data, gold_after, roster_after):
    state = prepared(gold, hirelings=0) if data["action"] == "hire" else prepared(gold)
    after = GAME.apply(state, "action", data)
    party = after.parties[0]
    assert party.gold == gold_after
    roster = party.roster()
    for title, count in roster_after.items():
        assert roster[title] == count


def test_the_second_upgrade_costs_fifteen_and_is_counted_with_the_first():
    state = prepared(30, upgrades=("wizard",))
    after = GAME.apply(state, "action", {"action": "build", "upgrade": "squire", "train": True})
    assert after.parties[0].gold == 15
    assert after.parties[0].upgrades == ("wizard", "squire")
    assert after.parties[0].roster()["knight"] == 1
    assert after.pool.upgrades[0] == state.pool.upgrades[0] - 1


def test_training_with_ones_own_upgrade_costs_one_gold_each():
    state = prepared(5, upgrades=("wizard",), level1=(0, 0, 2, 0))
    after = GAME.apply(state, "action", {"action": "train", "class": "wizard", "count": 2})
    assert after.parties[0].gold == 3
    assert after.parties[0].roster()["mage"] == 2 and after.parties[0].roster()["wizard"] == 0


def test_training_at_another_players_upgrade_pays_the_whole_fee_to_its_owner():
    # Mary uses Nathaniel's Temple to make her Priest a Bishop, for 5 gp.
    state = with_party(prepared(8, level1=(0, 1, 0, 0)), 1, upgrades=("priest",))
    after = GAME.apply(state, "action", {"action": "train", "class": "priest", "owner": 1, "fee": 5})
    assert (after.parties[0].gold, after.parties[1].gold) == (3, 10)
    assert after.parties[0].roster()["bishop"] == 1


def test_a_trade_records_both_sides_characters_and_gold():
    state = started()   # Beth (seat 1) has a Squire and a Priest
    after = GAME.apply(state, "action", {"action": "trade", "with": 1, "give": ["wizard"],
                                         "take": ["priest"], "pay": 2, "receive": 0})
    adam, beth = after.parties[0], after.parties[1]
    assert (adam.gold, beth.gold) == (3, 7)
    assert (adam.roster()["wizard"], adam.roster()["priest"]) == (0, 1)
    assert (beth.roster()["wizard"], beth.roster()["priest"]) == (1, 0)


def test_paying_another_player_is_a_trade_of_gold_alone():
    after = GAME.apply(started(), "action", {"action": "trade", "with": 2, "pay": 4})
    assert [p.gold for p in after.parties] == [1, 5, 9]


@pytest.mark.parametrize(("dice", "gold_after"), [
    ({"dice": [3, 4]}, 9), ({"dice": [6, 6]}, 14), ({"total": 2}, 4),
])
def test_treasure_pays_two_dice_in_gold_after_the_first_action(dice, gold_after):
    state = play(started(), ("action", {"action": "recruit", "class": "priest"}))   # 2 gp left
    after = GAME.apply(state, "action", {"action": "treasure", **dice})
    assert after.parties[0].gold == gold_after
    assert after.looting and after.pool.treasure == 1 and after.turn_specials == 1


@pytest.mark.parametrize(("saved", "poison_tiles", "specials"), [(True, 0, 0), (False, 1, 1)])
def test_poison_is_discarded_on_a_save_and_taken_otherwise(saved, poison_tiles, specials):
    state = play(started(), ("action", {"action": "recruit", "class": "priest"}),
                 ("action", {"action": "poison", "saved": saved}))
    assert state.parties[0].poison == poison_tiles
    assert state.turn_specials == specials
    assert state.pool.poison == 1 and state.turn_tiles == 1


def test_wounds_discard_hirelings_to_the_pool_and_flip_level_two_adventurers():
    state = with_party(started(), 0, level1=(1, 0, 0, 0), level2=(0, 0, 1, 0))
    state = play(state, ("action", {"action": "recruit", "class": "priest"}),
                 ("action", {"action": "wounds", "hirelings": 1, "flipped": ["wizard"]}))
    party = state.parties[0]
    assert (party.hirelings, party.roster()["mage"], party.roster()["wizard"]) == (1, 0, 1)
    assert state.pool.hirelings == 1


def test_a_noble_sacrifice_sends_the_adventurer_back_to_the_common_pool():
    state = play(started(), ("action", {"action": "recruit", "class": "priest"}))
    pool = state.pool.adventurers[2]
    state = play(state, ("action", {"action": "wounds", "sacrificed": "wizard"}))
    assert state.parties[0].roster()["wizard"] == 0
    assert state.pool.adventurers[2] == pool + 1


def test_two_actions_end_the_turn_and_the_next_player_goes():
    state = play(started(), ("action", {"action": "recruit", "class": "priest"}))
    assert (state.current, state.actions) == (0, 1)
    state = play(state, ("action", {"action": "trade", "with": 1, "pay": 1}))
    assert (state.current, state.actions, state.turn) == (1, 0, 1)
    assert GAME.totals_by_round(state) == [[1, 6, 5]]


# -- refusals, each its own test -----------------------------------------------------------

def test_refuses_spending_gold_a_player_does_not_have():
    state = prepared(2)
    assert refused(state, "action", {"action": "recruit", "class": "priest"}) == {
        "": "Adam has 2 gp, not the 3 gp this costs."}


def test_refuses_an_upgrade_the_player_cannot_pay_for():
    assert "" in refused(prepared(9), "action", {"action": "build", "upgrade": "wizard"})


def test_refuses_a_third_adventurer_of_a_class():
    state = prepared(20, level1=(1, 0, 0, 0), level2=(1, 0, 0, 0))
    assert refused(state, "action", {"action": "recruit", "class": "squire"}) == {
        "class": "No player can have three characters of the same class."}


def test_refuses_a_seventh_character_by_recruiting():
    state = prepared(20, level1=(1, 1, 1, 1))   # four Adventurers and two Hirelings
    assert "" in refused(state, "action", {"action": "recruit", "class": "thief"})


def test_refuses_a_seventh_character_by_hiring():
    state = prepared(20, level1=(1, 1, 1, 1), hirelings=1)
    assert "count" in refused(state, "action", {"action": "hire", "count": 2})


def test_refuses_hiring_when_the_pool_has_no_hirelings():
    state = with_party(started(), 0, hirelings=0)
    assert refused(state, "action", {"action": "hire", "count": 1}) == {
        "count": "No Hireling is left in the common pool."}


def test_refuses_a_third_upgrade():
    state = prepared(50, upgrades=("squire", "priest"))
    assert refused(state, "action", {"action": "build", "upgrade": "wizard"}) == {
        "upgrade": "A player can have at most two Upgrades."}


def test_refuses_a_second_upgrade_of_one_type():
    state = prepared(50, upgrades=("wizard",))
    assert refused(state, "action", {"action": "build", "upgrade": "wizard"}) == {
        "upgrade": "A player cannot have two Upgrades of the same type."}


def test_refuses_training_without_a_matching_upgrade_of_ones_own():
    assert "class" in refused(prepared(5), "action", {"action": "train", "class": "wizard"})


def test_refuses_training_at_another_player_who_has_no_matching_upgrade():
    state = with_party(prepared(5), 1, upgrades=("priest",))
    assert "owner" in refused(state, "action", {"action": "train", "class": "wizard", "owner": 1, "fee": 2})


def test_refuses_training_at_another_players_upgrade_without_a_fee():
    state = with_party(prepared(5), 1, upgrades=("wizard",))
    assert "fee" in refused(state, "action", {"action": "train", "class": "wizard", "owner": 1})


def test_refuses_a_trade_that_gives_a_character_the_player_lacks():
    assert "give" in refused(started(), "action", {"action": "trade", "with": 1, "give": ["mage"]})


def test_refuses_a_trade_that_leaves_three_of_a_class():
    state = with_party(started(), 1, level1=(2, 0, 0, 0))
    assert "" in refused(state, "action", {"action": "trade", "with": 1, "give": ["squire"]})


def test_refuses_begging_as_the_second_action():
    state = play(started(), ("action", {"action": "recruit", "class": "priest"}))
    assert refused(state, "action", {"action": "beg"}) == {"action": "Begging takes both actions."}


def test_refuses_lootin_before_the_turns_first_action():
    assert "action" in refused(started(), "action", {"action": "treasure", "dice": [1, 1]})


def test_refuses_an_inn_action_while_the_party_is_in_a_dungeon():
    state = play(started(), ("action", {"action": "recruit", "class": "priest"}),
                 ("action", {"action": "treasure", "dice": [1, 1]}))
    assert "action" in refused(state, "action", {"action": "hire"})


def test_refuses_an_action_out_of_turn():
    assert refused(started(), "action", {"seat": 2, "action": "beg"}) == {"seat": "It is Adam's turn."}


def test_refuses_a_third_treasure_tile():
    state = replace(started(), pool=replace(started().pool, treasure=0))
    state = play(state, ("action", {"action": "recruit", "class": "priest"}))
    assert "" in refused(state, "action", {"action": "treasure", "dice": [2, 2]})


@pytest.mark.parametrize(("data", "field"), [({"dice": [7, 1]}, "dice.0"), ({"dice": [1]}, "dice"),
                                             ({"total": 13}, "total"), ({}, "dice")])
def test_refuses_treasure_dice_that_are_not_two_dice(data, field):
    state = play(started(), ("action", {"action": "recruit", "class": "priest"}))
    assert field in refused(state, "action", {"action": "treasure", **data})


def test_refuses_sacrificing_a_hireling():
    state = play(started(), ("action", {"action": "recruit", "class": "priest"}))
    assert "sacrificed" in refused(state, "action", {"action": "wounds", "sacrificed": "hireling"})


def test_a_seat_left_out_means_the_player_whose_turn_it_is():
    # A blank seat is no seat of the shape: the form leaves it out (web/test_shapes.py).
    state = GAME.apply(started(), "action", {"action": "beg"})
    assert state.parties[0].gold == 10 and state.current == 1


def test_refuses_a_sacrifice_together_with_other_wounds():
    state = play(started(), ("action", {"action": "recruit", "class": "priest"}))
    assert "sacrificed" in refused(state, "action", {"action": "wounds", "hirelings": 1, "sacrificed": "priest"})
