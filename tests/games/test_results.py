"""A game played on paper, entered as its final result (companion/games/result.py): per game,
what the rules accept, what they make of it and the inconsistent results they refuse."""
from __future__ import annotations

import pytest

from companion.games import get_game
from companion.games.base import RulesError


def rows(*scores, **extra):
    """One row per seat; ``extra`` maps a field to its values by seat (None: left out)."""
    out = []
    for seat, score in enumerate(scores):
        row = {"score": score}
        for key, values in extra.items():
            if values[seat] is not None:
                row[key] = values[seat]
        out.append(row)
    return out


def result(slug, players, data, settings=None):
    game = get_game(slug)
    state = game.apply(game.start(players, game.setup(players, settings or {})), "result", data)
    return game, state


def refused(slug, players, data, settings=None):
    game = get_game(slug)
    start = game.start(players, game.setup(players, settings or {}))
    with pytest.raises(RulesError) as raised:
        game.apply(start, "result", data)
    return {k: str(v) for k, v in raised.value.errors.items()}


def placed(game, state):
    return [(s.seat, s.rank, s.score) for s in game.standings(state)]


# -- Beutezug ----------------------------------------------------------------------------

BZ = ("Vincenzo", "Kate", "Johnny")


def test_beutezug_result_ends_the_game_with_its_winner_and_places():
    game, state = result("beutezug", BZ, {"players": rows(38, 44, 40), "winners": [1]})
    assert game.expect(state) is None
    assert game.outcome(state).winners == (1,)
    assert str(game.outcome(state).words) == "Most loot points."
    assert game.outcome(state).decided_by == "points"
    assert placed(game, state) == [(1, 1, 44), (2, 2, 40), (0, 3, 38)]
    assert game.totals_by_round(state) == []


def test_beutezug_a_tie_on_points_is_broken_by_the_loot_cards():
    cards = ([13, 5, 5, 5, 3, 1, 6], [14, 10, 4, 4, 4, 2, 2], [14, 9, 5, 4, 3, 1, 0])
    game, state = result("beutezug", BZ, {"players": rows(38, 40, 40, loot=[None, cards[1], cards[2]]),
                                          "winners": [1]})
    assert game.outcome(state).winners == (1,)
    assert str(game.outcome(state).words) == "Tie broken by the second-highest loot card."
    assert game.outcome(state).decided_by == "second-highest-card"
    assert placed(game, state) == [(1, 1, 40), (2, 2, 40), (0, 3, 38)]


def test_beutezug_refuses_a_winner_the_scores_contradict():
    errors = refused("beutezug", BZ, {"players": rows(38, 44, 40), "winners": [0]})
    assert errors == {"winners": "By these scores Kate won. Most loot points. Check the scores or who won."}


def test_beutezug_refuses_more_points_than_seven_cards_and_a_chip_make():
    errors = refused("beutezug", BZ, {"players": rows(38, 105, 40), "winners": [1]})
    assert errors == {"players.1.score": "Seven cards of at most 14 loot and one loot chip make at most 104 points."}


def test_beutezug_refuses_a_tie_without_the_loot_cards_that_break_it():
    errors = refused("beutezug", BZ, {"players": rows(38, 40, 40), "winners": [1]})
    assert set(errors) == {"players.1.loot", "players.2.loot"}
    assert "Kate and Johnny are tied on points" in errors["players.1.loot"]


def test_beutezug_refuses_cards_that_do_not_make_the_score():
    errors = refused("beutezug", BZ, {"players": rows(38, 41, 40, loot=[None, [14, 10, 4, 4, 4, 2, 2], None]),
                                      "winners": [1]})
    assert errors == {"players.1.loot": "These cards make 40 points; with a loot chip (2, 3, 4, 5, 6) or none, not 41."}
    result("beutezug", BZ, {"players": rows(38, 44, 40, loot=[None, [14, 10, 4, 4, 4, 2, 2], None]), "winners": [1]})


def test_beutezug_a_full_tie_is_the_coin_flip_the_table_names():
    same = [14, 10, 4, 4, 4, 2, 2]
    data = {"players": rows(40, 40, 30, loot=[same, same, None]), "winners": [1]}
    game, state = result("beutezug", BZ, data)
    assert game.outcome(state).winners == (1,)
    assert placed(game, state)[0] == (1, 1, 40)
    errors = refused("beutezug", BZ, {**data, "winners": [2]})
    assert "Vincenzo and Kate are tied on points and on every loot card" in errors["winners"]


def test_a_result_is_only_ever_the_first_and_only_entry():
    game = get_game("beutezug")
    start = game.start(BZ, game.setup(BZ, {}))
    placed_once = game.apply(start, "placement", {"order": [0, 1, 2]})
    with pytest.raises(RulesError, match="first and only entry"):
        game.apply(placed_once, "result", {"players": rows(38, 44, 40), "winners": [1]})
    _game, final = result("beutezug", BZ, {"players": rows(38, 44, 40), "winners": [1]})
    with pytest.raises(RulesError, match="nothing comes after it"):
        game.apply(final, "placement", {"order": [0, 1, 2]})
    with pytest.raises(RulesError, match="nothing comes after it"):
        game.apply(final, "result", {"players": rows(38, 44, 40), "winners": [1]})


# -- Beutelschneider ---------------------------------------------------------------------

BS = ("Anna", "Ben", "Cem")


def test_beutelschneider_result_with_its_limit():
    game, state = result("beutelschneider", BS, {"players": rows(80, 130, -20), "winners": [1]},
                         {"limit": 120})
    assert game.outcome(state).winners == (1,)
    assert str(game.outcome(state).words) == "Highest total with 120 points or more."
    assert game.outcome(state).decided_by == "reached"
    assert placed(game, state) == [(1, 1, 130), (0, 2, 80), (2, 3, -20)]


def test_beutelschneider_refuses_a_game_that_never_reached_its_limit():
    errors = refused("beutelschneider", BS, {"players": rows(95, 60, -20), "winners": [0]})
    assert errors == {"players.0.score": "The game ends when a player reaches the limit of 100; the highest total here is 95."}


def test_beutelschneider_refuses_a_total_no_last_hand_can_reach():
    # 3 players, 4 cutpurses: a hand gives at most 80 gold and 120 special points and costs at
    # most 80; above 299 only after a tie at the top, whose other leader ends at 20 or more.
    errors = refused("beutelschneider", BS, {"players": rows(300, 19, -20), "winners": [0]})
    assert errors == {"players.0.score": "One hand gives a player at most 200 points, so a total above 299 "
                                         "needs a tie at the top before the last hand, and the other leader "
                                         "of that tie ends at 20 or more; no other total here does."}
    result("beutelschneider", BS, {"players": rows(299, 60, -20), "winners": [0]})
    result("beutelschneider", BS, {"players": rows(300, 20, -20), "winners": [0]})


def test_beutelschneider_refuses_a_winner_the_scores_contradict():
    errors = refused("beutelschneider", BS, {"players": rows(105, 110, -20), "winners": [0]})
    assert errors == {"winners": "By these scores Ben won. Highest total with 100 points or more. "
                                 "Check the scores or who won."}


def test_beutelschneider_equal_totals_at_the_top_end_only_as_a_shared_win():
    errors = refused("beutelschneider", BS, {"players": rows(100, 100, -20), "winners": [0]})
    assert errors["winners"].startswith("By these scores Anna and Ben won. Equal totals at the top; the table "
                                        "chose to share the win.")
    game, state = result("beutelschneider", BS, {"players": rows(100, 100, -20), "winners": [0, 1]})
    assert game.outcome(state).winners == (0, 1)
    assert placed(game, state) == [(0, 1, 100), (1, 1, 100), (2, 3, -20)]


def test_a_result_needs_a_row_per_player_and_winners_that_are_seats():
    errors = refused("beutelschneider", BS, {"players": rows(105, 60), "winners": []})
    assert errors == {"players": "Enter a result for each of the 3 players."}
    errors = refused("beutelschneider", BS, {"players": rows(105, "60", -20), "winners": [7]})
    assert errors == {"players.1.score": "Enter a whole number.", "winners": "Tick who won."}


# -- Give Me The Treasure ----------------------------------------------------------------

def test_treasure_result_two_players():
    game, state = result("give-me-the-treasure", ("Ann", "Bob"), {"players": rows(23, 17), "winners": [0]})
    assert game.outcome(state).winners == (0,)
    assert str(game.outcome(state).words) == "First to 20 coins at the Inspection."
    assert game.outcome(state).decided_by == "target"
    assert game.score_label(state) == "Coins"


def test_treasure_result_teams_share_their_coins_and_their_place():
    players = ("Ann", "Bob", "Cem")  # teams 0, 0, 1: Ann & Bob against Cem; the target is 30
    game, state = result("give-me-the-treasure", players, {"players": rows(31, 31, 33), "winners": [2]})
    assert str(game.outcome(state).words) == "Both sides reached 30 coins; the most coins win."
    assert game.outcome(state).decided_by == "most-coins"
    assert placed(game, state) == [(2, 1, 33), (0, 2, 31), (1, 2, 31)]
    errors = refused("give-me-the-treasure", players, {"players": rows(31, 29, 20), "winners": [0, 1]})
    assert errors == {"players.1.score": "Bob shares the side's coins with Ann: enter the same 31."}
    errors = refused("give-me-the-treasure", players, {"players": rows(31, 31, 20), "winners": [0]})
    assert errors["winners"].startswith("By these scores Ann and Bob won")


def test_treasure_refuses_a_winner_below_the_target_and_equal_coins():
    errors = refused("give-me-the-treasure", ("Ann", "Bob"), {"players": rows(19, 12), "winners": [0]})
    assert errors == {"players.0.score": "The game ends at the Inspection that finds a side at 20 coins; "
                                         "the most here is 19."}
    errors = refused("give-me-the-treasure", ("Ann", "Bob"), {"players": rows(22, 22), "winners": [0]})
    assert "Equal coins do not end the game" in errors["players.1.score"]


def test_treasure_pat_wins_at_once_whatever_the_coins():
    game, state = result("give-me-the-treasure", ("Ann", "Bob"),
                         {"players": rows(8, 15), "winners": [0], "pat": True})
    assert game.outcome(state).winners == (0,)
    assert placed(game, state) == [(0, 1, 8), (1, 2, 15)]
    errors = refused("give-me-the-treasure", ("Ann", "Bob"), {"players": rows(8, 15), "winners": [0, 1], "pat": True})
    assert errors == {"winners": "Pat makes one side win: tick its players."}


# -- Loot and Scoot ----------------------------------------------------------------------

LS = ("Adam", "Beth", "Cleo")


def test_scoot_result_most_victory_points():
    game, state = result("loot-and-scoot", LS, {"players": rows(27, 17, 22), "winners": [0]})
    assert str(game.outcome(state).words) == "Most victory points."
    assert game.outcome(state).decided_by == "points"
    assert game.score_label(state) == "Victory points"


def test_scoot_a_tie_goes_down_the_chain_as_far_as_it_must():
    data = {"players": rows(27, 27, 22, gold=[9, 9, None], levels=[6, 8, None]), "winners": [1]}
    game, state = result("loot-and-scoot", LS, data)
    assert str(game.outcome(state).words) == \
        "Tied on victory points and money: the highest total Adventurer levels wins."
    assert next((s.seat, str(s.note) if s.note else None) for s in game.standings(state)) == \
        (1, "Ahead on total Adventurer levels.")


def test_scoot_refuses_a_tie_without_the_value_that_breaks_it():
    errors = refused("loot-and-scoot", LS, {"players": rows(27, 27, 22, gold=[9, 9, None]), "winners": [1]})
    assert errors == {
        "players.0.levels": "Enter Adam's total Adventurer levels: they break the tie on victory points and money.",
        "players.1.levels": "Enter Beth's total Adventurer levels: they break the tie on victory points and money."}


def test_scoot_refuses_a_winner_the_tie_chain_contradicts():
    errors = refused("loot-and-scoot", LS, {"players": rows(27, 27, 22, gold=[12, 9, None]), "winners": [1]})
    assert errors == {"winners": "By these scores Adam won. Tied on victory points: the player with the most "
                                 "money wins. Check the scores or who won."}


def test_scoot_tied_on_everything_the_table_names_the_dwarf():
    tied = {"gold": [9, 9, None], "levels": [6, 6, None], "rooms": [4, 4, None]}
    game, state = result("loot-and-scoot", LS, {"players": rows(27, 27, 22, **tied), "winners": [1]})
    assert game.outcome(state).winners == (1,)
    errors = refused("loot-and-scoot", LS, {"players": rows(27, 27, 22, **tied), "winners": [0, 1]})
    assert "tick the one the table picked as most looking like a dwarf" in errors["winners"]
