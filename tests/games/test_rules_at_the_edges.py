"""Rules at the edges (issue 39), with the figures the issue gives: what a table can reach is
accepted, what the deck or the rules cannot produce is refused next to its field, and a
refusal names a winner only where the rules make one."""
from __future__ import annotations

import pytest

from companion.games import get_game
from companion.games.base import RulesError
from companion.games.treasure.market import combination
from tests.games.test_results import refused, result, rows
from tests.games.treasure.test_rules import dealt, turn

# -- Give Me The Treasure: equal coins name no winner ------------------------------------


def test_equal_coins_at_20_are_refused_without_naming_a_winner():
    errors = refused("give-me-the-treasure", ("A", "B"), {"players": rows(20, 20)})
    assert errors == {"players.1.score": "Equal coins do not end the game (at or over 20 they mean another "
                                         "turn): enter the coins at the end."}
    # Ticking someone changes nothing: no "By these scores B won".
    errors = refused("give-me-the-treasure", ("A", "B"), {"players": rows(20, 20), "winners": [1]})
    assert set(errors) == {"players.1.score"} and "won" not in errors["players.1.score"]


def test_equal_coins_at_30_between_teams_are_refused_without_naming_a_winner():
    errors = refused("give-me-the-treasure", ("A", "B", "C", "D"), {"players": rows(30, 30, 30, 30),
                                                                     "winners": [0, 1]})
    assert list(errors) == ["players.2.score"]
    assert "Equal coins do not end the game (at or over 30" in errors["players.2.score"]
    assert not any("won" in message for message in errors.values())


def test_the_coins_name_the_winning_side_without_a_tick():
    game, state = result("give-me-the-treasure", ("A", "B", "C", "D"), {"players": rows(30, 30, 34, 34)})
    assert game.outcome(state).winners == (2, 3)


def test_pat_is_the_one_winner_the_table_ticks():
    errors = refused("give-me-the-treasure", ("A", "B"), {"players": rows(8, 15), "pat": True})
    assert errors == {"winners": "Pat makes one side win: tick its players."}


# -- Give Me The Treasure: the Great Treasure may be a copy ------------------------------

def test_the_great_treasure_declared_as_a_card_beside_it_makes_a_pair():
    combo = combination(["red3", {"treasure": True, "number": 3, "colour": "red"}], "c")
    assert (combo.kind, combo.value) == ("same_number", 2)
    assert combination(["red3", "treasure:red3", "blue3"], "c").value == 5


def test_a_real_card_twice_is_still_refused():
    with pytest.raises(RulesError) as raised:
        combination(["red3", "red3"], "c")
    assert "each Loot card exists once" in str(raised.value.errors["c.1"])


def test_a_turn_resells_red3_with_the_great_treasure_as_red3():
    state = get_game("give-me-the-treasure").apply(dealt(), "turn", turn({"combinations": [["red3", "treasure:red3"]]}))
    assert state.coins[0] == 2 + 2


def test_the_great_treasure_as_a_copy_still_makes_no_run():
    with pytest.raises(RulesError) as raised:
        combination(["red3", "treasure:red3", "red4"], "c")
    assert str(raised.value.errors["c"]) == "These cards form no combination."


# -- Beutelschneider: what one deal can produce ------------------------------------------

BS = get_game("beutelschneider")
PLAYERS = ["Anna", "Ben", "Cem"]


def hand_refused(data):
    with pytest.raises(RulesError) as raised:
        BS.apply(BS.start(PLAYERS, BS.setup(PLAYERS, {})), "hand", data)
    return {k: str(v) for k, v in raised.value.errors.items()}


def row(gold, cutpurses=0, **events):
    return {"gold": gold, "cutpurses": cutpurses, "events": events}


def test_79_gold_without_the_alchemist_is_refused_and_with_it_accepted():
    data = {"players": [row(40), row(39), row(0)]}
    assert hand_refused(data) == {"alchemist": "All 80 gold is taken every hand unless the Alchemist turned "
                                               "some to lead; this hand adds up to 79."}
    state = BS.apply(BS.start(PLAYERS, BS.setup(PLAYERS, {})), "hand", {**data, "alchemist": True})
    assert state.totals == (40, 39, 0)


def test_the_one_guard_cannot_both_score_its_catch_and_lose_its_trick():
    data = {"players": [row(40, guard=1), row(40), row(0)], "set_aside": 1}
    one_guard = ("There is one Guard: its player won its trick (special points) or lost it (cutpurses set "
                 "aside), not both in one hand.")
    assert hand_refused(data) == {"set_aside": one_guard, "players.0.guard": one_guard}
    # Either alone is a hand the deck deals.
    BS.apply(BS.start(PLAYERS, BS.setup(PLAYERS, {})), "hand", {**data, "set_aside": 0})
    BS.apply(BS.start(PLAYERS, BS.setup(PLAYERS, {})), "hand", {"players": [row(40), row(40), row(0)],
                                                                 "set_aside": 1})


def test_each_special_card_once_and_every_refusal_at_once():
    data = {"players": [row(40, night_watchman=1, muscleman=1), row(30, night_watchman=1), row(0, muscleman=2)],
            "set_aside": 2, "alchemist": False}
    errors = hand_refused({**data, "players": [*data["players"][:2], {**data["players"][2], "events": {
        "muscleman": 2, "guard": 1}}]})
    assert set(errors) == {"alchemist", "set_aside", "players.2.guard", "players.0.night_watchman",
                           "players.1.night_watchman", "players.0.muscleman", "players.2.muscleman"}
    assert errors["players.0.night_watchman"] == "There is one such card: only one player can score it in a hand."


# -- Beutelschneider: results after a tie played on --------------------------------------

def test_with_five_players_one_tie_is_enough_to_pass_one_hands_most():
    players = ("A", "B", "C", "D", "E")
    # 5 players, 4 cutpurses: a hand gives at most 80 + 10 * (1 + 4 + 4 + 1 + 1 + 4) = 230.
    game, state = result("beutelschneider", players, {"players": rows(340, 190, 0, 0, 0)})
    assert game.outcome(state).winners == (0,)
    errors = refused("beutelschneider", players, {"players": rows(340, 29, 0, 0, 0)})
    assert "needs a tie at the top before the last hand" in errors["players.0.score"]


def test_the_limit_moved_to_150_moves_the_bound():
    result("beutelschneider", ("A", "B", "C"), {"players": rows(349, 0, 0)}, {"limit": 150})
    errors = refused("beutelschneider", ("A", "B", "C"), {"players": rows(350, 0, 0)}, {"limit": 150})
    assert "a total above 349 needs a tie" in errors["players.0.score"]
