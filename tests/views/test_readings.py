"""The rules readings of issue 13 on the pages: the Cursed Painting's free discard as a table
setting, and the Loot and Scoot end screen saying which money and which rooms it means."""
from __future__ import annotations

import re

from tests.games.scoot.test_game import TWO_PLAYER_GAME
from tests.games.scoot.web.test_pages import entries, seed


def test_the_free_discard_reading_is_chosen_when_the_game_starts_and_defaults_to_the_rule(user, store):
    user.open("/new/give-me-the-treasure")
    assert re.search(r'value="any"[^>]*checked|checked[^>]*value="any"', user.page)
    assert "one Cursed Painting per such combination (house reading)" in user.page
    user.submit("", {"player": ["Ann", "Bob", "", ""], "free_discard": "one_per_combination"})
    (game_id,) = store.game_ids()
    assert store.load(game_id)["settings"]["free_discard"] == "one_per_combination"
    user.open("/new/give-me-the-treasure")
    user.submit("", {"player": ["Cat", "Dan", "", ""]})
    other = next(g for g in store.game_ids() if g != game_id)
    assert store.load(other)["settings"]["free_discard"] == "any"


def test_a_bogus_free_discard_reading_is_refused(user, store):
    user.open("/new/give-me-the-treasure")
    response = user.submit("", {"player": ["Ann", "Bob", "", ""], "free_discard": "always"})
    assert response.status_code == 422 and "Not a valid choice." in user.page
    assert store.game_ids() == []


def test_the_end_screen_says_which_money_and_which_rooms(user, store):
    game_id = seed(store, ["Adam", "Beth"], TWO_PLAYER_GAME[:-2])
    user.open(f"/games/{game_id}")
    user.submit("/entries", {"dice-0": "3", "dice-1": "3"})   # Beth's first Treasure: 6 gp
    user.submit("/entries", {"dice-0": "6", "dice-1": "6"})   # and her second: 12 gp
    assert entries(store, game_id)[-1]["kind"] == "treasure_roll"
    beth = re.search(r"<h3>Beth <span class=\"gp\">(\d+) gp</span></h3>\s*<p[^>]*>([^<]*)</p>", user.page)
    total = int(beth.group(1)) + 18
    assert beth and beth.group(2) == f"+ 18 gp of unrevealed Treasure: {total} gp in all"
    money = re.search(r"Money with the unrevealed Treasure \(gp\)</td>(.*?)</tr>", user.page, re.S)
    assert money and str(total) in money.group(1)
    assert "Looted rooms (VP: their levels)" in user.page and "Looted rooms (count)" in user.page
    assert "<td>Looted rooms</td>" not in user.page
