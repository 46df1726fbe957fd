"""What the Loot and Scoot pages refuse: a message next to the field, nothing stored."""
from __future__ import annotations

import pytest

from tests.games.scoot.test_game import TWO_PLAYER_GAME
from tests.games.scoot.web.test_pages import alerts, entries, errors, seed, tap

SET_UP = [("first_player", {"seat": 0}), ("pick", {"classes": ["squire", "wizard"]}),
          ("pick", {"classes": ["priest", "thief"]})]
BEG = ("action", {"action": "beg"})
FLED = ("leave", {"dungeon": 1, "levels": [], "how": "fled"})


def act(action, **fields):
    return ("action", {"action": action, **fields})


# Each case: the entries before (Adam and Beth, Adam first), the tap, the message, the field.
CASES = {
    "gold a player does not have": (
        [], ("recruit", ("class", "wizard"), {}), "Adam has 5 gp, not the 6 gp this costs."),
    "gold for an Upgrade": (
        [], ("build", ("upgrade", "priest"), {}), "Adam has 5 gp, not the 10 gp this costs."),
    "paying more than one has": (
        [], ("trade", None, {"with": "1", "pay": "9"}), "Adam has only 5 gp."),
    "a third Adventurer of a class": (
        [BEG, BEG, act("recruit", **{"class": "wizard"})], ("recruit", ("class", "wizard"), {}),
        "No player can have three characters of the same class."),
    "a seventh character": (
        [BEG, BEG, act("recruit", **{"class": "thief"}), act("recruit", **{"class": "priest"}), BEG],
        ("recruit", ("class", "squire"), {}), "A party holds at most six characters, Hirelings included."),
    "a second Upgrade of one type": (
        [BEG, BEG, BEG, BEG, BEG, BEG, act("build", upgrade="wizard")], ("build", ("upgrade", "wizard"), {}),
        "A player cannot have two Upgrades of the same type."),
    "a third Upgrade": (
        [BEG, BEG] * 5 + [act("build", upgrade="wizard"), act("build", upgrade="priest"), BEG],
        ("build", ("upgrade", "thief"), {}), "A player can have at most two Upgrades."),
    "training with no matching Upgrade": (
        [], ("train", None, {"class": "wizard", "owner": "0"}),
        "Training needs the matching Upgrade: build it, or use another player&#39;s."),
    "training with another's Upgrade they do not have": (
        [], ("train", None, {"class": "squire", "owner": "1", "fee": "2"}), "Beth has no Upgrade of this class."),
    "a level above 6": (
        [act("recruit", **{"class": "thief"})], ("leave", None, {"dungeon": "1", "levels": ["7"], "how": "fled"}),
        "Room levels run from 1 to 6 (the Boss)."),
    "a level below 1": (
        [act("recruit", **{"class": "thief"})], ("leave", None, {"dungeon": "1", "levels": ["0"], "how": "fled"}),
        "Room levels run from 1 to 6 (the Boss)."),
    "looting one's own Dungeon": (
        [act("recruit", **{"class": "thief"})], ("leave", None, {"dungeon": "0", "levels": ["1"], "how": "peaceful"}),
        "You cannot loot your own Dungeon. Ever."),
}


@pytest.mark.parametrize("before, tapped, message", CASES.values(), ids=CASES.keys())
def test_a_refused_action_shows_why_next_to_its_field_and_stores_nothing(user, store, before, tapped, message):
    game_id = seed(store, ["Adam", "Beth"], SET_UP + before)
    user.open(f"/games/{game_id}")
    stored = entries(store, game_id)
    action, button, values = tapped
    response = tap(user, action, button, **values)
    assert response.status_code == 422
    assert message in errors(user), (errors(user), alerts(user))
    assert entries(store, game_id) == stored
    assert f'id="act-{action}"' in user.page   # the form is there to try again


def raw_post(user, kind, **fields):
    """What an old tab or another phone might send: a turn form the page no longer shows."""
    form = user.form("/note")
    data = {k: v for k, v in form["fields"] if k in ("csrf_token", "version", "submission")}
    data.update(kind=kind, **fields)
    game_id = user.url.rsplit("/", 1)[-1]
    response = user.client.post(f"/games/{game_id}/entries", data=data)
    user.page = response.get_data(as_text=True)
    return response


def test_a_second_boss_kill_is_refused(user, store):
    game_id = seed(store, ["Adam", "Beth"], TWO_PLAYER_GAME[:-3])
    user.open(f"/games/{game_id}")
    assert "This is The End" in user.page
    stored = entries(store, game_id)
    response = raw_post(user, "leave", action="leave", dungeon="0", levels=["6"], how="peaceful")
    assert response.status_code == 422
    assert "A Boss has already been killed; the game is over." in alerts(user)
    assert entries(store, game_id) == stored


def test_scoring_before_the_game_has_ended_is_refused(user, store):
    game_id = seed(store, ["Adam", "Beth"], SET_UP)
    user.open(f"/games/{game_id}")
    stored = entries(store, game_id)
    response = raw_post(user, "final", **{"players-0-unclaimed": "3", "players-1-unclaimed": "3"})
    assert response.status_code == 422
    assert "Scoring comes after a Boss is killed." in alerts(user)
    assert entries(store, game_id) == stored


def test_a_refused_final_scoring_names_the_field(user, store):
    game_id = seed(store, ["Adam", "Beth"], TWO_PLAYER_GAME[:-3])
    user.open(f"/games/{game_id}")
    response = user.submit("/entries", {"players-0-loot-0": "", "players-1-unclaimed": "40"})
    assert response.status_code == 422
    assert "Enter a whole number." in errors(user) and "Must be at most 10." in errors(user)
    assert entries(store, game_id)[-1]["kind"] == "leave"
