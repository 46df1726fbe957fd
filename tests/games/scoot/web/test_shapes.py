"""A Loot and Scoot form hands the rules only data of the entry's shape (shapes.py): a blank
or unknown choice, a number that is none, is refused by the form in the words the rules
used to say it, next to its field, and nothing is stored -- for every entry kind, sent as a
hand-made post would send it, and on a correction page too."""
from __future__ import annotations

import pytest

from tests.games.scoot.test_game import TWO_PLAYER_GAME
from tests.games.scoot.web.test_pages import alerts, entries, errors, seed, start, tap
from tests.games.scoot.web.test_refusals import SET_UP

CHOOSE_CLASS = "Choose a class: Squire, Priest, Wizard or Thief."
WHOLE = "Enter a whole number."
RECRUITED = [("action", {"action": "recruit", "class": "thief"})]   # Adam may go a-Lootin'

# Each case: the entries before (Adam and Beth, Adam first), the action tapped and what it
# sends, the message, and where it is said ("field": by a field; "top": above the form).
TURN = {
    "a class that is none": ([], "recruit", {"class": "mage"}, CHOOSE_CLASS, "field"),
    "no class": ([], "recruit", {}, CHOOSE_CLASS, "field"),
    "an Upgrade of no class": ([], "build", {"upgrade": ""}, CHOOSE_CLASS, "field"),
    "training a class that is none": ([], "train", {"class": "bard"}, CHOOSE_CLASS, "field"),
    "an Upgrade owner who is no number": ([], "train", {"class": "squire", "owner": "x"}, WHOLE, "field"),
    "a trade with nobody": ([], "trade", {"pay": "1"}, "Choose a player.", "field"),
    "a trade partner who is no number": ([], "trade", {"with": "one", "pay": "1"}, WHOLE, "field"),
    "giving what is no character": ([], "trade", {"with": "1", "give": ["dragon"]},
                                    "Not a character: dragon.", "field"),
    "taking what is no character": ([], "trade", {"with": "1", "take": ["squire", "1"]},
                                    "Not a character: 1.", "field"),
    "a hire of no number": ([], "hire", {"count": "two"}, WHOLE, "field"),
    "an action that is none": ([], "beg", {"action_": "nap"}, "Choose an action.", "top"),
    "a seat that is no number": ([], "beg", {"seat": "Adam"}, WHOLE, "top"),
    "a seat that is no number, at the action's field": ([], "recruit", {"seat": "Adam", "class": "thief"},
                                                         WHOLE, "field"),
    "Treasure without its dice": (RECRUITED, "treasure", {"dice-0": "", "dice-1": "4"}, WHOLE, "field"),
    "a die that is no number": (RECRUITED, "treasure", {"dice-0": "six", "dice-1": "4"}, WHOLE, "field"),
    "Poison without an answer": (RECRUITED, "poison", {"saved": "maybe"}, "Answer yes or no.", "field"),
    "flipping a class that is none": (RECRUITED, "wounds", {"flipped": ["elf"]}, CHOOSE_CLASS, "field"),
    "sacrificing what is no character": (RECRUITED, "wounds", {"sacrificed": "goblin"},
                                         "Not a character: goblin.", "field"),
    "leaving nobody's Dungeon": (RECRUITED, "leave", {"levels": ["1"], "how": "fled"}, "Choose a player.", "field"),
    "a level that is no number": (RECRUITED, "leave", {"dungeon": "1", "levels": ["first"], "how": "fled"},
                                  WHOLE, "field"),
    "leaving in no known way": (RECRUITED, "leave", {"dungeon": "1", "how": "teleported"},
                                "Say how the party left: peacefully, running screaming, or beaten.", "field"),
}


def said(user, where):
    return errors(user) if where == "field" else alerts(user)


@pytest.mark.parametrize("before, action, values, message, where", TURN.values(), ids=TURN.keys())
def test_a_turn_form_refuses_what_is_not_of_the_entry_shape(user, store, before, action, values,
                                                            message, where):
    game_id = seed(store, ["Adam", "Beth"], SET_UP + before)
    user.open(f"/games/{game_id}")
    stored = entries(store, game_id)
    response = tap(user, action, **values)
    assert response.status_code == 422
    assert message in said(user, where), (errors(user), alerts(user))
    assert entries(store, game_id) == stored
    assert f'id="act-{action}"' in user.page


# The entries before the game page asks for one of these kinds, what is sent, the message.
KINDS = {
    "a first player left out": (None, {"seat": ""}, "Choose a player."),
    "a pair that is no classes": ([("first_player", {"seat": 0})], {"classes": ["squire", "bard"]},
                                  "Pick two Level 1 Adventurers by class."),
    "a picking seat that is no number": ([("first_player", {"seat": 0})],
                                         {"classes": ["squire", "wizard"], "seat": "first"}, WHOLE),
    "a Loot marker's value left blank": (TWO_PLAYER_GAME[:-3], {"players-0-loot-0": ""}, WHOLE),
    "an unrevealed Treasure without its dice": (TWO_PLAYER_GAME[:-2], {"dice-0": "6", "dice-1": ""}, WHOLE),
    "an unrevealed Treasure of no seat": (TWO_PLAYER_GAME[:-2], {"seat": "Beth", "dice-0": "6", "dice-1": "6"},
                                          WHOLE),
    "unclaimed tiles that are no number": (TWO_PLAYER_GAME[:-3], {"players-0-loot-0": "1",
                                                                 "players-1-unclaimed": "many"}, WHOLE),
    "no dwarf picked": (TWO_PLAYER_GAME, {}, "Choose a player."),
    "a dwarf who is no number": (TWO_PLAYER_GAME, {"seat": "Beth"}, WHOLE),
}


@pytest.mark.parametrize("before, values, message", KINDS.values(), ids=KINDS.keys())
def test_each_entry_kind_refuses_what_is_not_of_its_shape(user, store, before, values, message):
    if before is None:
        game_id = start(user, players=("Adam", "Beth"), first=None, picks=False)
    else:
        game_id = seed(store, ["Adam", "Beth"], before)
        user.open(f"/games/{game_id}")
    stored = entries(store, game_id)
    response = user.submit("/entries", values)
    assert response.status_code == 422
    assert message in errors(user), (errors(user), alerts(user))
    assert entries(store, game_id) == stored


def test_a_blank_loot_value_and_too_many_unclaimed_tiles_are_said_at_once(user, store):
    game_id = seed(store, ["Adam", "Beth"], TWO_PLAYER_GAME[:-3])
    user.open(f"/games/{game_id}")
    response = user.submit("/entries", {"players-0-loot-0": "", "players-1-unclaimed": "40"})
    assert response.status_code == 422
    assert errors(user) == [WHOLE, "Must be at most 10."]
    assert alerts(user) == []   # the value left blank is not counted as a marker not entered


def test_a_blank_die_and_a_die_above_six_are_said_at_once(user, store):
    game_id = seed(store, ["Adam", "Beth"], SET_UP + RECRUITED)
    user.open(f"/games/{game_id}")
    response = tap(user, "treasure", **{"dice-0": "", "dice-1": "7"})
    assert response.status_code == 422
    assert errors(user) == [WHOLE, "Must be at most 6."]


def test_the_app_rolls_treasure_with_the_dice_fields_left_blank(user, store):
    game_id = seed(store, ["Adam", "Beth"], SET_UP + RECRUITED)
    user.open(f"/games/{game_id}")
    response = tap(user, "treasure", ("roll", "app"), **{"dice-0": "", "dice-1": ""})
    assert response.status_code == 200
    entry = entries(store, game_id)[-1]
    assert entry["source"] == "app" and all(1 <= d <= 6 for d in entry["data"]["dice"])


def test_a_correction_refuses_what_is_not_of_the_shape_and_keeps_the_entry(user, store):
    game_id = seed(store, ["Adam", "Beth"], SET_UP + RECRUITED)
    entry = entries(store, game_id)[-1]
    user.open(f"/games/{game_id}/entries/{entry['id']}/edit")
    response = user.submit("do=recruit", button=("class", "mage"))
    assert response.status_code == 422
    assert CHOOSE_CLASS in errors(user)
    assert entries(store, game_id)[-1] == entry
