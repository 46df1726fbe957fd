"""Loot and Scoot's entries are checked against their shape (shapes.py) before its rules run:
what is not of the shape -- a blank, a number as text, a class or a way
out that is none -- is refused by ``records.add_entry`` with the shape's message, the rules
never see it, and nothing changes. The forms say the same in the rules' old words
(web/test_shapes.py); here is what an import, a hand-made post past the forms or a bug
would meet."""
from __future__ import annotations

import copy

import pytest

from companion.games.base import RulesError
from companion.record.entries import add_entry, new_record
from tests.games.scoot.test_game import TWO_PLAYER_GAME

SET_UP = [("first_player", {"seat": 0}), ("pick", {"classes": ["squire", "wizard"]}),
          ("pick", {"classes": ["priest", "thief"]})]
RECRUITED = [*SET_UP, ("action", {"action": "recruit", "class": "thief"})]


def record_of(entries):
    record = new_record("loot-and-scoot", ["Adam", "Beth"], {})
    for kind, data in entries:
        record = add_entry(record, kind, data)
    return record


def act(action, **fields):
    return {"action": action, **fields}


# Each case: the entries before, the entry, the field the shape names, the message.
CASES = {
    "a first player left blank": ([], "first_player", {"seat": None}, "seat", "seat must be a whole number."),
    "a first player as text": ([], "first_player", {"seat": "1"}, "seat", "seat must be a whole number."),
    "a class that is none": (SET_UP[:1], "pick", {"classes": ["squire", "bard"]}, "classes.1",
                             "classes.1 must be one of squire, priest, wizard, thief."),
    "an action that is none": (SET_UP, "action", act("nap"), "action",
                               "action must be one of recruit, hire, beg, build, train, trade, treasure, "
                               "poison, wounds."),
    "a seat left blank": (SET_UP, "action", act("beg", seat=""), "seat", "seat must be a whole number."),
    "a recruit of no class": (SET_UP, "action", act("recruit"), "class", "class is missing."),
    "a hire as text": (SET_UP, "action", act("hire", count="2"), "count", "count must be a whole number."),
    "a free training as yes": (SET_UP, "action", act("build", upgrade="squire", train="yes"), "train",
                               "train must be true or false."),
    "a fee left blank": (SET_UP, "action", act("train", **{"class": "squire", "owner": 1, "fee": None}), "fee",
                         "fee must be a whole number."),
    "a trade with nobody": (SET_UP, "action", act("trade", pay=1), "with", "with is missing."),
    "a trade of no character": (SET_UP, "action", act("trade", give=["dragon"], **{"with": 1}), "give.0",
                                "give.0 must be one of squire, knight, priest, bishop, wizard, mage, thief, "
                                "rogue, hireling."),
    "dice that are no list": (RECRUITED, "action", act("treasure", dice=None), "dice", "dice must be a list."),
    "a die as text": (RECRUITED, "action", act("treasure", dice=["6", 1]), "dice.0",
                      "dice.0 must be a whole number."),
    "Poison without an answer": (RECRUITED, "action", act("poison"), "saved", "saved is missing."),
    "flipping a class that is none": (RECRUITED, "action", act("wounds", flipped=["elf"]), "flipped.0",
                                      "flipped.0 must be one of squire, priest, wizard, thief."),
    "leaving in no known way": (RECRUITED, "leave", {"dungeon": 1, "levels": [1], "how": "teleported"}, "how",
                                "how must be one of peaceful, fled, lost."),
    "a level as text": (RECRUITED, "leave", {"dungeon": 1, "levels": ["x"], "how": "fled"}, "levels.0",
                        "levels.0 must be a whole number."),
    "levels that are no list": (RECRUITED, "leave", {"dungeon": 1, "levels": "1", "how": "fled"}, "levels",
                                "levels must be a list."),
    "a Loot value left blank": (TWO_PLAYER_GAME[:-3], "final", {"players": [{"loot": [None]}, {}]},
                                "players.0.loot.0", "players.0.loot.0 must be a whole number."),
    "a player's row that is no object": (TWO_PLAYER_GAME[:-3], "final", {"players": [{"loot": [1]}, 3]},
                                         "players.1", "players.1 must be an object."),
    "a total as text": (TWO_PLAYER_GAME[:-2], "treasure_roll", {"total": "12"}, "total",
                        "total must be a whole number."),
    "a dwarf left blank": (TWO_PLAYER_GAME, "dwarf", {"seat": None}, "seat", "seat must be a whole number."),
}


@pytest.mark.parametrize("before, kind, data, field, message", CASES.values(), ids=CASES.keys())
def test_an_entry_not_of_its_shape_is_refused_before_the_rules_and_nothing_changes(
        before, kind, data, field, message):
    record = record_of(before)
    kept = copy.deepcopy(record)
    with pytest.raises(RulesError) as caught:
        add_entry(record, kind, data)
    assert {k: str(m) for k, m in caught.value.errors.items()} == {field: message}
    assert record == kept
