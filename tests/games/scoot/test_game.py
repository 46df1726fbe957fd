"""Loot and Scoot: whole games through replay, the final scoring (chapter 7) and every step
of the tie chain: victory points, money, Adventurer levels, looted rooms, the dwarf."""
from __future__ import annotations

import random

import pytest

from companion.games.scoot.score import Score, decide, ranking
from tests.games.scoot.test_setup import GAME, PLAYERS, play, refused, setup_entries, started


def act(**data):
    return ("action", data)


def leave(dungeon, levels, how, loot=0):
    return ("leave", {"dungeon": dungeon, "levels": levels, "how": how, "loot": loot})


# Adam picks Squire/Wizard, Beth Squire/Priest, Charles Thief/Wizard; Adam kills a Boss.
THREE_PLAYER_GAME = setup_entries(3)[:3] + [("pick", {"classes": ["thief", "wizard"]})] + [
    act(action="recruit", **{"class": "priest"}), leave(1, [1, 2, 3], "peaceful", loot=1),  # Adam 14
    act(action="recruit", **{"class": "thief"}), leave(2, [], "fled"),                      # Beth 2, Pity
    act(action="recruit", **{"class": "priest"}), act(action="treasure", dice=[6, 5]),
    leave(0, [2], "peaceful", loot=1),                                                      # Charles 21
    act(action="beg"),                                                                      # Adam 19
    act(action="beg"),                                                                      # Beth 7
    act(action="build", upgrade="thief", train=True), leave(1, [1], "lost"),                # Charles 14
    act(action="recruit", **{"class": "wizard"}), leave(2, [4, 6], "peaceful", loot=1),     # Adam 33, Boss
]
FINAL_THREE = ("final", {"players": [
    {"loot": [2, -1], "unclaimed": 3, "treasure": 0},
    {"loot": [], "unclaimed": 7, "treasure": 1},
    {"loot": [3], "unclaimed": 8, "treasure": 0},
]})


def test_a_three_player_game_scores_every_part_and_breaks_the_tie_on_money():
    state = GAME.replay(PLAYERS[:3], {}, THREE_PLAYER_GAME)
    assert [p.gold for p in state.parties] == [33, 7, 14]
    assert state.boss_killed_by == 0 and state.parties[1].pity == 1
    state = play(state, FINAL_THREE)
    assert GAME.expect(state).kind == "treasure_roll" and GAME.outcome(state) is None
    state = play(state, ("treasure_roll", {"seat": 1, "dice": [2, 3]}))
    standings = GAME.standings(state)
    assert [(s.seat, s.rank, s.score) for s in standings] == [(0, 1, 32), (2, 2, 32), (1, 3, 23)]
    assert dict(standings[0].parts) == {"Looted rooms (VP: their levels)": 16, "Poison": 0, "Loot markers": 1,
                                        "Unclaimed tiles": 9, "Gold (1 VP per 5 gp)": 6}
    assert dict(standings[1].parts) == {"Looted rooms (VP: their levels)": 3, "Poison": 0, "Loot markers": 3,
                                        "Unclaimed tiles": 24, "Gold (1 VP per 5 gp)": 2}
    assert dict(standings[2].parts)["Gold (1 VP per 5 gp)"] == 2   # 7 gp + 5 gp of Treasure
    assert str(standings[0].note) == "Ahead on money."
    outcome = GAME.outcome(state)
    assert outcome.winners == (0,)
    assert str(outcome.words) == "Tied on victory points: the player with the most money wins."
    assert GAME.expect(state) is None
    assert len(GAME.totals_by_round(state)) == 7
    assert GAME.totals_by_round(state)[-1] == [33, 7, 14]


TWO_PLAYER_GAME = setup_entries(2)[:2] + [("pick", {"classes": ["priest", "thief"]})] + [
    act(action="recruit", **{"class": "priest"}), leave(1, [1], "fled"),        # Adam 5
    act(action="recruit", **{"class": "squire"}), leave(0, [1, 1], "fled"),     # Beth 5
    act(action="beg"),                                                          # Adam 10
    act(action="recruit", **{"class": "wizard"}), leave(0, [], "fled"),         # Beth 2
    act(action="recruit", **{"class": "thief"}), leave(1, [6], "peaceful", loot=1),  # Adam 26
    ("final", {"players": [{"loot": [1], "unclaimed": 0}, {"loot": [], "unclaimed": 2, "treasure": 2}]}),
    ("treasure_roll", {"dice": [6, 6]}), ("treasure_roll", {"total": 12}),      # Beth 26
]


def test_a_tie_on_everything_waits_for_the_table_to_pick_the_dwarf():
    state = GAME.replay(PLAYERS[:2], {}, TWO_PLAYER_GAME)
    assert [s.score for s in GAME.standings(state)] == [13, 13]
    assert GAME.outcome(state) is None
    assert GAME.expect(state).kind == "dwarf"
    assert "seat" in refused(state, "dwarf", {"seat": 5})
    state = play(state, ("dwarf", {"seat": 1}))
    outcome = GAME.outcome(state)
    assert outcome.winners == (1,)
    assert str(outcome.words) == "Tied on everything: the table picked who most looks like a dwarf."
    standings = GAME.standings(state)
    assert [(s.seat, s.rank) for s in standings] == [(1, 1), (0, 2)]
    assert str(standings[0].note) == "Picked as the one who most looks like a dwarf."
    assert GAME.expect(state) is None


def score(seat, vp, gold=0, levels=2, looted=0):
    """A final score with ``vp`` victory points, all of them from unclaimed tiles and rooms."""
    return Score(seat=seat, rooms=vp - gold // 5, poison=0, loot=0, unclaimed=0, gold=gold,
                 levels=levels, looted=looted)


@pytest.mark.parametrize(("scores", "winner", "step"), [
    ([score(0, 20), score(1, 21)], 1, 0),
    ([score(0, 20, gold=9), score(1, 20, gold=8)], 0, 1),
    ([score(0, 20, gold=9, levels=3), score(1, 20, gold=9, levels=5), score(2, 19, levels=9)], 1, 2),
    ([score(0, 20, gold=9, levels=5, looted=4), score(1, 20, gold=9, levels=5, looted=6)], 1, 3),
])
def test_each_step_of_the_tie_chain_decides_in_turn(scores, winner, step):
    assert decide(scores, dwarf=None) == ((winner,), step)
    assert ranking(scores, dwarf=None)[0].seat == winner


def test_the_note_names_the_step_that_put_a_seat_ahead():
    scores = [score(0, 20, gold=9, levels=3), score(1, 20, gold=9, levels=5)]
    assert str(ranking(scores, None)[0].note) == "Ahead on total Adventurer levels."
    scores = [score(0, 20, gold=9, levels=5, looted=4), score(1, 20, gold=9, levels=5, looted=6)]
    assert str(ranking(scores, None)[0].note) == "Ahead on looted rooms."


def test_equal_in_everything_below_the_top_share_a_place():
    scores = [score(0, 30), score(1, 20), score(2, 20)]
    assert [(s.seat, s.rank) for s in ranking(scores, None)] == [(0, 1), (1, 2), (2, 2)]


def test_gold_ranks_the_players_while_the_game_is_played():
    state = play(started(), act(action="recruit", **{"class": "priest"}))
    assert [(s.seat, s.rank, s.score) for s in GAME.standings(state)] == [(1, 1, 5), (2, 1, 5), (0, 3, 2)]


def test_the_app_rolls_unrevealed_treasure_and_a_replay_reads_the_same_gold():
    state = GAME.replay(PLAYERS[:2], {}, TWO_PLAYER_GAME[:-2])
    assert GAME.expect(state).draw
    first = GAME.draw(state, random.Random(42))
    assert first == GAME.draw(state, random.Random(42))
    assert first["seat"] == 1 and all(1 <= d <= 6 for d in first["dice"])
    entries = TWO_PLAYER_GAME[:-2] + [("treasure_roll", first)]
    one = GAME.replay(PLAYERS[:2], {}, entries)
    two = GAME.replay(PLAYERS[:2], {}, entries)
    assert one == two and one.final.rolls == ((1, sum(first["dice"])),)


def test_nothing_to_draw_during_a_turn():
    with pytest.raises(Exception) as caught:
        GAME.draw(started(), random.Random(1))
    assert "Nothing to draw now." in str(caught.value)


# -- refusals ------------------------------------------------------------------------------

def test_refuses_scoring_before_the_game_has_ended():
    assert refused(started(), "final", FINAL_THREE[1]) == {"": "Scoring comes after a Boss is killed."}


def test_refuses_a_second_final_scoring():
    state = play(GAME.replay(PLAYERS[:3], {}, THREE_PLAYER_GAME), FINAL_THREE)
    assert "" in refused(state, "final", FINAL_THREE[1])


def test_refuses_loot_values_for_markers_never_drawn():
    state = GAME.replay(PLAYERS[:3], {}, THREE_PLAYER_GAME)
    data = {"players": [{"loot": [2], "unclaimed": 0}, {"loot": [1]}, {"loot": [3]}]}
    errors = refused(state, "final", data)
    assert set(errors) == {"players.0.loot", "players.1.loot"}


def test_refuses_more_unclaimed_tiles_than_the_dungeon_has_left():
    state = GAME.replay(PLAYERS[:3], {}, THREE_PLAYER_GAME)
    data = {"players": [{"loot": [2, -1], "unclaimed": 10}, {}, {"loot": [3]}]}
    assert "players.0.unclaimed" in refused(state, "final", data)


def test_refuses_more_unrevealed_treasure_than_the_box_holds():
    state = GAME.replay(PLAYERS[:3], {}, THREE_PLAYER_GAME)   # Charles found one of the two
    data = {"players": [{"loot": [2, -1], "unclaimed": 3, "treasure": 1},
                        {"unclaimed": 3, "treasure": 1}, {"loot": [3]}]}
    assert "treasure" in refused(state, "final", data)


def test_refuses_the_dwarf_when_no_tie_needs_it():
    state = play(GAME.replay(PLAYERS[:3], {}, THREE_PLAYER_GAME), FINAL_THREE,
                 ("treasure_roll", {"dice": [1, 1]}))
    assert "" in refused(state, "dwarf", {"seat": 0})
