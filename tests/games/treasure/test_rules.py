"""Give Me The Treasure: setup, the deal, one turn's Resale and what gets refused."""
import copy
import random

import pytest

from companion.games import get_game
from companion.games.base import RulesError
from companion.games.treasure.rules import GAME

PLAYERS = ["Ann", "Bob"]
DEAL = {"bandits": ["chipo", "joe"], "first_divider": 0,
        "reinforcements": [["super_rou_rou", "viper"], ["ninja_leo", "croc_brothers"]]}


def dealt(deal=DEAL, players=PLAYERS, settings=None, turns=()):
    return GAME.replay(players, settings or {}, [("deal", deal), *(("turn", t) for t in turns)])


def turn(ann=None, bob=None):
    return {"sides": [ann or {}, bob or {}]}


def refused(state, kind, data):
    """The entry is refused, and the state is left as it was."""
    before = copy.deepcopy(state)
    with pytest.raises(RulesError) as raised:
        GAME.apply(state, kind, data)
    assert state == before
    return raised.value.errors


def test_is_registered_under_its_slug():
    # The registry's game is these rules with a final result entered from paper besides.
    assert isinstance(get_game("give-me-the-treasure"), type(GAME)) and get_game("give-me-the-treasure").slug == GAME.slug


# -- Setup ---------------------------------------------------------------------------------

@pytest.mark.parametrize("players, teams, leaders, target", [
    (["A", "B"], [0, 1], [0, 1], 20),
    (["A", "B", "C"], [0, 0, 1], [0, 2], 30),
    (["A", "B", "C", "D"], [0, 0, 1, 1], [0, 2], 30),
])
def test_setup_fills_in_sides_leaders_and_target(players, teams, leaders, target):
    settings = GAME.setup(players, {})
    assert (settings["teams"], settings["leaders"], settings["target"]) == (teams, leaders, target)
    assert GAME.start(players, {}).coins == (2, 2)            # 2 per player; team: 2 per team


@pytest.mark.parametrize("players, settings, field", [
    (["A"], {}, "players"),
    (["A", "B", "C", "D", "E"], {}, "players"),
    (["A", "B", "C", "D"], {"teams": [0, 1, 1, 1]}, "teams"),
    (["A", "B", "C", "D"], {"teams": [0, 2, 1, 1]}, "teams.1"),
    (["A", "B", "C", "D"], {"leaders": [2, 0]}, "leaders.0"),
    (["A", "B"], {"target": "lots"}, "target"),
    (["A", "B"], {"starting_coins": -1}, "starting_coins"),
])
def test_setup_refuses_impossible_sides_and_settings(players, settings, field):
    with pytest.raises(RulesError) as raised:
        GAME.setup(players, settings)
    assert field in raised.value.errors


def test_the_first_entry_is_the_deal_which_the_app_may_draw():
    expect = GAME.expect(GAME.start(PLAYERS, {}))
    assert (expect.kind, expect.draw) == ("deal", True)


@pytest.mark.parametrize("players", [PLAYERS, ["A", "B", "C"], ["A", "B", "C", "D"]])
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_drawn_deal_replays_identically(players, seed):
    state = GAME.start(players, {})
    data = GAME.draw(state, random.Random(seed))
    assert data == GAME.draw(state, random.Random(seed))
    after = GAME.apply(state, "deal", data)
    assert len(set(after.bandits)) == len(players)
    assert len({c for cards in after.dealt for c in cards}) == 6
    assert after.first_divider in (0, 1)
    if len(players) == 3:
        assert "raoul" in after.bandits          # with 3 people Raoul is always in play
    assert GAME.expect(after).kind == "keep"


def test_after_a_drawn_deal_each_side_keeps_two_of_its_three():
    state = GAME.start(["A", "B", "C"], {})
    data = GAME.draw(state, random.Random(7))
    state = GAME.apply(state, "deal", data)
    pair, solo = data["dealt"]
    kept = {"reinforcements": [[pair[0]], [pair[2]], [solo[0], solo[1]]]}
    errors = refused(state, "keep", {"reinforcements": [[pair[0]], [solo[2]], solo[:2]]})
    assert "reinforcements.1.0" in errors                # not dealt to this side
    state = GAME.apply(state, "keep", kept)
    assert state.unused == ((pair[0],), (pair[2],), tuple(solo[:2]))
    assert GAME.expect(state).kind == "turn"


@pytest.mark.parametrize("change, field", [
    ({"bandits": ["chipo", "rex"]}, "bandits.1"),
    ({"bandits": ["chipo", "chipo"]}, "bandits.1"),
    ({"bandits": ["chipo"]}, "bandits"),
    ({"first_divider": 2}, "first_divider"),
    ({"reinforcements": [["super_rou_rou", "viper"], ["ninja_leo", "viper"]]}, "reinforcements.1.1"),
    ({"reinforcements": [["super_rou_rou", "viper"], ["ninja_leo", "batman"]]}, "reinforcements.1.1"),
    ({"reinforcements": [["super_rou_rou"], ["ninja_leo", "pat"]]}, "reinforcements.0"),
    ({"dealt": [["pat", "doug", "pat"], ["viper", "lucky", "grobill"]]}, "dealt.0.2"),
])
def test_refuses_a_deal_that_cannot_be(change, field):
    errors = refused(GAME.start(PLAYERS, {}), "deal", {**DEAL, **change})
    assert field in errors


def test_with_three_people_raoul_must_be_dealt():
    errors = refused(GAME.start(["A", "B", "C"], {}), "deal",
                     {"bandits": ["chipo", "joe", "mofette"], "first_divider": 0})
    assert "bandits" in errors


def test_refuses_a_second_deal_and_a_turn_before_the_deal():
    assert "" in refused(dealt(), "deal", DEAL)
    assert "" in refused(GAME.start(PLAYERS, {}), "turn", turn())


# -- A turn ----------------------------------------------------------------------------------

def test_the_arrow_alternates_between_the_sides():
    state = dealt()
    assert GAME.expect(state).rule.args["divider"] == "Ann" and str(GAME.expect(state).rule) == "Ann divides the 5 Loot cards 2 + 3 or 1 + 4, one face down; Bob takes a share."
    state = GAME.apply(state, "turn", turn())
    assert GAME.expect(state).rule.args["divider"] == "Bob" and str(GAME.expect(state).rule) == "Bob divides the 5 Loot cards 2 + 3 or 1 + 4, one face down; Ann takes a share."
    assert GAME.expect(state).title.args == {"n": 2}


def test_a_turn_prices_both_sides_resale():
    state = GAME.apply(dealt(), "turn", turn({"combinations": [["red3", "red4", "red5"]]},
                                             {"combinations": [["blue1", "green2", "blue3"]]}))
    assert state.coins == (2 + 6, 2 + 4)
    assert GAME.totals_by_round(state) == [[8, 6]]


@pytest.mark.parametrize("ann, field", [
    ({"combinations": [["red3"]]}, "sides.0.combinations.0"),
    ({"combinations": [["red6", "blue7", "green1"]]}, "sides.0.combinations.0"),
    ({"combinations": [["red2", "blue2", "cursed"]]}, "sides.0.combinations.0.2"),
    ({"combinations": [["red5", "blue5", "green5", "yellow5", "treasure"]]}, "sides.0.combinations.0"),
    ({"combinations": [["red2", "blue5", "green7"]]}, "sides.0.combinations.0"),
    ({"combinations": [["red3", "red9"]]}, "sides.0.combinations.0.1"),
    ({"combinations": [["red3", "purple3"]]}, "sides.0.combinations.0.1"),
    ({"combinations": [["red3", "red3"]]}, "sides.0.combinations.0.1"),
    ({"combinations": [["red3", "blue3"], ["red3", "green3"]]}, "sides.0.combinations.1.0"),
    ({"combinations": [["red3", "treasure"], ["blue5", "gt"]]}, "sides.0.combinations.1.1"),
    ({"cursed_paid": 2}, "sides.0.cursed_paid"),                   # 4 coins, Ann has 2
    ({"cursed_free": 1, "combinations": [["red3", "blue3"]]}, "sides.0.cursed_free"),
    ({"cursed_held": 6}, "sides.0.cursed_held"),
    ({"cursed_held": 4, "cursed_paid": 1, "cursed_free": 1,
      "combinations": [["red2", "blue2"]]}, ""),                  # 6 Cursed Paintings
    ({"reinforcements": ["ninja_leo"]}, "sides.0.reinforcements.0"),   # Bob holds it
    ({"reinforcements": ["pat"]}, "sides.0.reinforcements.0"),         # nobody holds it
    ({"reinforcements": ["batman"]}, "sides.0.reinforcements.0"),
    ({"reinforcements": ["viper", "viper"]}, "sides.0.reinforcements.1"),
    ({"reinforcements": ["super_rou_rou"], "combinations": [["red3", "blue4", "red5"]]},
     "sides.0.reinforcements.0"),                                  # not one colour
    ({"reinforcements": [{"card": "viper", "cursed": -1}]}, "sides.0.reinforcements.0.cursed"),
])
def test_refuses_an_impossible_resale(ann, field):
    errors = refused(dealt(), "turn", turn(ann))
    assert field in errors, errors


def test_refuses_a_card_resold_by_both_sides_in_one_turn():
    errors = refused(dealt(), "turn", turn({"combinations": [["red3", "blue3"]]},
                                           {"combinations": [["red3", "green3"]]}))
    assert "sides.1.combinations.0.0" in errors


def test_refuses_a_reinforcement_used_in_an_earlier_turn():
    state = dealt(turns=[turn({"reinforcements": [{"card": "viper", "cursed": 1}]})])
    errors = refused(state, "turn", turn({"reinforcements": ["viper"]}))
    assert "already been used" in str(errors["sides.0.reinforcements.0"])


def test_paying_off_may_use_the_coins_of_the_same_resale():
    state = GAME.apply(dealt(), "turn", turn({"combinations": [["red3", "blue3"]], "cursed_paid": 2}))
    assert state.coins[0] == 2 + 2 - 4
    assert GAME.standings(state)[1].parts[4] == ("Cursed Paintings paid off", -4)


def test_a_combination_holding_a_2_discards_a_cursed_painting_for_free():
    state = GAME.apply(dealt(), "turn", turn({"combinations": [["red2", "blue2"]], "cursed_free": 1}))
    assert state.coins[0] == 4
    assert state.turns[0].sides[0].cursed_free == 1


def test_as_written_one_combination_holding_a_2_frees_every_cursed_painting_of_the_side():
    # "You can also discard this card for free if you resell a combination that includes a
    # Loot card with the number 2": a condition on each card, no limit per combination.
    assert GAME.setup(PLAYERS, {})["free_discard"] == "any"
    state = GAME.apply(dealt(), "turn", turn({"combinations": [["red2", "blue2"]], "cursed_free": 3}))
    assert state.turns[0].sides[0].cursed_free == 3 and state.coins[0] == 4


def test_the_house_reading_frees_one_cursed_painting_per_combination_holding_a_2():
    house = {"free_discard": "one_per_combination"}
    state = dealt(settings=house)
    errors = refused(state, "turn", turn({"combinations": [["red2", "blue2"]], "cursed_free": 2}))
    assert "own resold combination" in str(errors["sides.0.cursed_free"])
    two = turn({"combinations": [["red2", "blue2"], ["green2", "yellow2"]], "cursed_free": 2})
    assert GAME.apply(state, "turn", two).turns[0].sides[0].cursed_free == 2
    with pytest.raises(RulesError) as error:
        GAME.setup(PLAYERS, {"free_discard": "always"})
    assert "free_discard" in error.value.errors


# -- Corrections -------------------------------------------------------------------------------

def test_a_correction_changes_a_sides_coins_with_a_reason():
    state = GAME.apply(dealt(), "correction", {"side": 1, "coins": -2, "reason": "paid a coin"})
    assert state.coins == (2, 0)
    assert GAME.standings(state)[1].parts[-1] == ("Corrections", -2)


@pytest.mark.parametrize("data, field", [
    ({"side": 0, "coins": -3, "reason": "oops"}, "coins"),        # coins below zero
    ({"side": 0, "coins": 3, "reason": " "}, "reason"),
    ({"side": 2, "coins": 3, "reason": "x"}, "side"),
    ({"side": 0, "coins": 0, "reason": "x"}, "coins"),
])
def test_refuses_a_correction_that_cannot_be(data, field):
    assert field in refused(dealt(), "correction", data)


def test_refuses_an_unknown_entry_kind():
    assert "" in refused(dealt(), "bribe", {})


@pytest.mark.parametrize("players", [["A", "B"], ["A", "B", "C"], ["A", "B", "C", "D"]])
def test_normalised_settings_are_accepted_again_unchanged(players):
    settings = GAME.setup(players, {"target": 25})
    assert settings["target"] == 25
    assert GAME.setup(players, settings) == settings
