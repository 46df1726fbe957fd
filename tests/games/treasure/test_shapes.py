"""Give Me The Treasure keeps its shape first (issue 23): an entry of another shape is refused
by the record, in the shape's words at the field's path, before the rules read it -- so the
rules (rules.py, turn.py, market.py) read only data of the shape and carry no type guards."""
from __future__ import annotations

import copy
import uuid

import pytest

from companion.games.base import RulesError
from companion.record.entries import add_entry, correct, new_record

DEAL = {"bandits": ["chipo", "joe"], "first_divider": 0}
KEEP = {"reinforcements": [["super_rou_rou", "viper"], ["ninja_leo", "croc_brothers"]]}
TURN = {"sides": [{"combinations": [["red3", "blue3"]]}, {}]}


def record(*entries):
    made = {**new_record("give-me-the-treasure", ["Ann", "Bob"], {}), "id": uuid.uuid4().hex[:12]}
    for kind, data in entries:
        made = add_entry(made, kind, data)
    return made


def refused(made, kind, data):
    """The entry is refused with the shape's message, and the record is left as it was."""
    before = copy.deepcopy(made)
    with pytest.raises(RulesError) as raised:
        add_entry(made, kind, data)
    assert made == before
    return {path: str(words) for path, words in raised.value.errors.items()}


@pytest.mark.parametrize("entries, kind, data, path, words", [
    ((), "deal", {"bandits": "chipo joe", "first_divider": 0}, "bandits", "must be a list"),
    ((), "deal", {"bandits": ["chipo", "joe"], "first_divider": "0"}, "first_divider", "must be a whole number"),
    ((), "deal", {"bandits": ["chipo", "joe"]}, "first_divider", "is missing"),
    ((), "deal", {**DEAL, "dealt": ["pat doug lucky", "viper grobill black_wings"]}, "dealt.0", "must be a list"),
    ((("deal", DEAL),), "keep", {"reinforcements": ["super_rou_rou", "ninja_leo"]}, "reinforcements.0",
     "must be a list"),
    ((("deal", DEAL), ("keep", KEEP)), "turn", {"sides": [{"combinations": "red3 blue3"}, {}]},
     "sides.0.combinations", "must be a list"),
    # A card is text ("red3") or an object whose number is a number, never "3".
    ((("deal", DEAL), ("keep", KEEP)), "turn",
     {"sides": [{"combinations": [[{"number": "3", "colour": "red"}, "blue3"]]}, {}]},
     "sides.0.combinations.0.0.number", "must be a whole number"),
    ((("deal", DEAL), ("keep", KEEP)), "turn", {"sides": [{"cursed_paid": "1"}, {}]},
     "sides.0.cursed_paid", "must be a whole number"),
    ((("deal", DEAL), ("keep", KEEP)), "turn", {"sides": [{"reinforcements": [7]}, {}]},
     "sides.0.reinforcements.0", "must be a text"),
    ((("deal", DEAL), ("keep", KEEP)), "turn", {"sides": ["red3", {}]}, "sides.0", "must be an object"),
    ((("deal", DEAL),), "correction", {"side": 0, "coins": None, "reason": "x"}, "coins", "must be a whole number"),
    ((("deal", DEAL),), "correction", {"side": "1", "coins": 2, "reason": "x"}, "side", "must be a whole number"),
    ((("deal", DEAL),), "correction", {"side": 0, "coins": 2}, "reason", "is missing"),
    ((), "result", {"players": [{"score": 20}, {"score": 3}], "winners": [0], "pat": "yes"}, "pat",
     "must be true or false"),
])
def test_an_entry_of_another_shape_is_refused_at_its_path_and_changes_nothing(entries, kind, data, path, words):
    errors = refused(record(*entries), kind, data)
    assert list(errors) == [path] and words in errors[path], errors


def test_the_shape_is_checked_before_the_rules_say_what_the_entry_means():
    # A turn before the deal is the rules' to refuse; of another shape, it never reaches them.
    assert refused(record(), "turn", {"sides": "both"}) == {"sides": "sides must be a list."}
    assert "Deal the Bandits" in str(refused(record(), "turn", {"sides": [{}, {}]}))


def test_a_correction_to_another_shape_is_refused_and_the_entry_kept():
    made = record(("deal", DEAL), ("keep", KEEP), ("turn", TURN))
    before = copy.deepcopy(made)
    with pytest.raises(RulesError) as raised:
        correct(made, made["entries"][2]["id"], {"sides": [{"combinations": [["red3", 3]]}, {}]})
    assert list(raised.value.errors) == ["sides.0.combinations.0.1"]
    assert made == before
