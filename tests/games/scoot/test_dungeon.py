"""Loot and Scoot: leaving a Dungeon pays out (chapter 5); Divine Pity comes and goes."""
from __future__ import annotations

import pytest

from companion.games.scoot.rules import leave_payout
from tests.games.scoot.test_setup import GAME, play, refused, started, with_party

FIRST_ACTION = ("action", {"action": "recruit", "class": "priest"})   # Adam: 5 -> 2 gp


@pytest.mark.parametrize(("levels", "specials", "how", "gold"), [
    ([1, 2, 3], 0, "peaceful", 12),   # Nathaniel's haul, leaving between battles
    ([1, 2, 3], 0, "fled", 9),        # ... had he run screaming
    ([1, 2, 3], 0, "lost", 9),
    ([3, 1], 1, "peaceful", 12),      # 3x3, two rooms and a Treasure tile
    ([], 1, "peaceful", 1),           # a Treasure tile alone
    ([], 0, "fled", 0),
    ([2, 6], 0, "peaceful", 20),
])
def test_leaving_pays_three_gold_per_level_of_the_best_room_and_a_bonus_when_peaceful(
        levels, specials, how, gold):
    assert leave_payout(levels, specials, how) == gold


@pytest.mark.parametrize(("how", "gold"), [("peaceful", 12), ("fled", 9)])
def test_the_rulebook_example_through_the_ledger(how, gold):
    state = play(started(), FIRST_ACTION,
                 ("leave", {"dungeon": 1, "levels": [1, 2, 3], "how": how}))
    adam = state.parties[0]
    assert adam.gold == 2 + gold
    assert adam.rooms == (1, 2, 3)
    assert state.taken == (0, 3, 0)
    assert (state.current, state.turn) == (1, 1)


def test_treasure_found_on_the_way_counts_for_the_peaceful_bonus():
    state = play(started(), FIRST_ACTION, ("action", {"action": "treasure", "dice": [2, 3]}),
                 ("leave", {"dungeon": 2, "levels": [2], "how": "peaceful"}))
    assert state.parties[0].gold == 2 + 5 + 6 + 1 + 1
    assert state.taken == (0, 0, 2)


def test_running_screaming_with_nothing_looted_gives_divine_pity():
    state = play(started(), FIRST_ACTION, ("leave", {"dungeon": 1, "levels": [], "how": "fled"}))
    assert state.parties[0].pity == 1 and state.parties[0].gold == 2
    assert state.pool.pity == 3


def test_divine_pity_is_spent_when_its_holder_wins_a_battle():
    state = with_party(started(), 0, pity=1)
    state = play(state, FIRST_ACTION, ("leave", {"dungeon": 1, "levels": [1], "how": "lost"}))
    assert state.parties[0].pity == 0


def test_divine_pity_is_not_spent_against_a_boss():
    state = with_party(started(), 0, pity=1)
    state = play(state, FIRST_ACTION, ("leave", {"dungeon": 1, "levels": [6], "how": "peaceful"}))
    assert state.parties[0].pity == 1


def test_expect_reminds_a_divine_pity_holder_of_the_extra_dice():
    state = with_party(started(), 0, pity=1)
    texts = [m.text for m in GAME.expect(state).lines]
    assert "Divine Pity: two more dice in the first battle, not against a Boss." in texts


def test_loot_icons_draw_loot_markers_from_the_bag():
    state = play(started(), FIRST_ACTION,
                 ("leave", {"dungeon": 1, "levels": [1, 4], "how": "peaceful", "loot": 2}))
    assert state.parties[0].loot == 2 and state.pool.loot == 5


def test_a_boss_kill_ends_the_game_and_asks_for_the_final_scoring():
    state = play(started(), FIRST_ACTION, ("leave", {"dungeon": 1, "levels": [6], "how": "peaceful"}))
    assert state.boss_killed_by == 0
    assert GAME.expect(state).kind == "final"
    assert GAME.outcome(state) is None


def test_while_looting_the_next_entry_expected_is_leaving():
    state = play(started(), FIRST_ACTION, ("action", {"action": "poison", "saved": False}))
    assert GAME.expect(state).kind == "leave"


# -- refusals ------------------------------------------------------------------------------

# A level that is no number ("x") is the shape's to refuse: tests/games/scoot/test_shapes.py.
@pytest.mark.parametrize(("levels", "field"), [([0], "levels.0"), ([2, 7], "levels.1"), ([-1], "levels.0")])
def test_refuses_looting_levels_outside_one_to_six(levels, field):
    state = play(started(), FIRST_ACTION)
    assert field in refused(state, "leave", {"dungeon": 1, "levels": levels, "how": "fled"})


def test_refuses_a_second_boss_kill():
    state = play(started(), FIRST_ACTION, ("leave", {"dungeon": 1, "levels": [6], "how": "peaceful"}))
    assert refused(state, "leave", {"seat": 1, "dungeon": 2, "levels": [6], "how": "peaceful"}) == {
        "levels": "A Boss has already been killed; the game is over."}


def test_refuses_two_bosses_in_one_trip():
    state = play(started(), FIRST_ACTION)
    assert "levels" in refused(state, "leave", {"dungeon": 1, "levels": [6, 6], "how": "peaceful"})


def test_refuses_looting_ones_own_dungeon():
    state = play(started(), FIRST_ACTION)
    assert refused(state, "leave", {"dungeon": 0, "levels": [1], "how": "fled"}) == {
        "dungeon": "You cannot loot your own Dungeon. Ever."}


def test_refuses_leaving_before_the_turns_first_action():
    assert "" in refused(started(), "leave", {"dungeon": 1, "levels": [1], "how": "fled"})


def test_refuses_a_peaceful_exit_with_nothing_looted():
    state = play(started(), FIRST_ACTION)
    assert "how" in refused(state, "leave", {"dungeon": 1, "levels": [], "how": "peaceful"})


def test_refuses_more_rooms_than_the_dungeon_holds():
    state = play(started(), FIRST_ACTION)
    assert "levels" in refused(state, "leave", {"dungeon": 1, "levels": [1] * 12, "how": "fled"})


def test_refuses_more_loot_markers_than_rooms_looted():
    state = play(started(), FIRST_ACTION)
    assert "loot" in refused(state, "leave", {"dungeon": 1, "levels": [1], "how": "fled", "loot": 2})


def test_refuses_a_boss_kill_that_did_not_end_peacefully():
    state = play(started(), FIRST_ACTION)
    assert "how" in refused(state, "leave", {"dungeon": 1, "levels": [6], "how": "fled"})


def test_a_party_that_saved_itself_from_poison_may_leave_peacefully_with_nothing_looted():
    # Chapter 5: "discard the Poison tile ... You may leave peacefully or continue exploring."
    state = play(started(), FIRST_ACTION, ("action", {"action": "poison", "saved": True}))
    gold, pity = state.parties[0].gold, state.parties[0].pity
    state = GAME.apply(state, "leave", {"dungeon": 1, "levels": [], "how": "peaceful"})
    assert state.parties[0].gold == gold   # 3 x no level, and a neutralised tile pays nothing
    assert state.parties[0].pity == pity   # no Divine Pity: the party did not flee or lose


def test_a_party_that_met_nothing_cannot_leave_peacefully():
    state = play(started(), FIRST_ACTION)
    assert "how" in refused(state, "leave", {"dungeon": 1, "levels": [], "how": "peaceful"})
