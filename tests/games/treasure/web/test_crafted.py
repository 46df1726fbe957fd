"""Give Me The Treasure's entry forms posted by hand, with values no page offers: each is
refused with a message and a 4xx, never a 500, and nothing is stored (issue 23: the forms
keep each entry to its shape, and the rules read only that)."""
from __future__ import annotations

import pytest

from tests.games.treasure.web.test_pages import near, ready, start

TURN = {"sides-0-combinations-0": ["red3", "blue3"]}


@pytest.mark.parametrize("kind, values, field, message", [
    ("deal", {"bandits-0": "chipo", "bandits-1": "joe", "first_divider": "1.5"}, "first_divider",
     "Enter a whole number."),
    ("deal", {"bandits-0": "chipo", "bandits-1": "joe", "first_divider": "٣"}, "first_divider",
     "Enter a whole number."),
    ("deal", {"bandits-0": "chipo", "bandits-1": "joe", "first_divider": "2"}, "first_divider",
     "Must be at most 1."),
    ("deal", {"bandits-0": "7", "bandits-1": "joe", "first_divider": "0"}, "bandits-0",
     "The Bandits are Raoul, Chipo, Joe and Mofette."),
    ("keep", {"reinforcements-0": ["5", "viper"], "reinforcements-1": ["ninja_leo", "croc_brothers"]},
     "reinforcements-0", "There is no Reinforcement card 5."),
    ("turn", {"sides-0-combinations-0": ["red3", "red" + "3" * 40]}, "sides-0-combinations-0",
     "Loot cards bear a number from 1 to 7, not " + "3" * 40 + "."),
    ("turn", {**TURN, "sides-0-cursed_paid": "1e3"}, "sides-0-cursed_paid", "Enter a whole number."),
    ("turn", {**TURN, "sides-0-reinforcements": ["viper"], "sides-0-viper": "x"}, "sides-0-viper",
     "Enter a whole number."),
    ("correction", {"side": "x", "coins": "2", "reason": "spent"}, "side", "Enter a whole number."),
    ("correction", {"side": "0", "coins": "0x2", "reason": "spent"}, "coins", "Enter a whole number."),
    ("correction", {"side": "0", "coins": "9" * 5000, "reason": "spent"}, "coins", "That number is too large: at most 9 digits."),
])
def test_a_crafted_entry_of_each_kind_is_refused_next_to_its_field_and_stores_nothing(
        user, store, kind, values, field, message):
    if kind == "deal":
        game_id = start(user)
    elif kind == "keep":
        game_id = start(user)
        assert user.submit("/entries", {"bandits-0": "chipo", "bandits-1": "joe", "first_divider": "0"}).status_code == 200
    else:
        game_id = ready(user)
    before = store.load(game_id)["entries"]
    response = user.submit("/entries", values, with_field="reason" if kind == "correction" else None)
    assert response.status_code == 422, user.page
    assert near(user.page, field, message), field
    assert store.load(game_id)["entries"] == before


def test_a_crafted_correction_of_a_turn_is_refused_and_keeps_the_turn(user, store):
    game_id = ready(user)
    user.submit("/entries", TURN)
    turn = store.load(game_id)["entries"][-1]
    user.open(f"/games/{game_id}/entries/{turn['id']}/edit")
    response = user.submit("", {"sides-1-cursed_held": "-"})
    assert response.status_code == 422 and near(user.page, "sides-1-cursed_held", "Enter a whole number.")
    assert store.load(game_id)["entries"][-1] == turn
