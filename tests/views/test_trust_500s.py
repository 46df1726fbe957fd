"""The 500s of issue 22, each sent the way a phone or a crafted request sends it."""
from __future__ import annotations

import pytest

from tests.formpage import Browserless
from tests.playing import playing_game


def test_a_pending_deleted_flash_does_not_break_the_next_game_page(client, store):
    deleted, other = playing_game(store), playing_game(store)
    user = Browserless(client)
    user.open(f"/games/{deleted}")
    user.submit(f"/games/{deleted}/delete", follow=False)
    # The flash with its Undo button waits for the next page that shows flashes: a game page.
    response = user.open(f"/games/{other}")
    assert response.status_code == 200
    assert "The game is in the trash." in user.page and f"/trash/{deleted}/restore" in user.page
    user.submit(f"/trash/{deleted}/restore")
    assert deleted in store.index.games()


@pytest.mark.parametrize("name", ["Factory", "localtime", "posixrules", "Etc/Unknown"])
def test_a_zone_that_means_no_place_is_neither_offered_nor_accepted(client, store, name):
    user = Browserless(client)
    # The list offers the group's region first and finds the rest by a search (issue 25): a
    # search for the name finds no such zone, one for Berlin finds it.
    user.open(f"/groups/household?zone_q={name}")
    assert f'<option value="{name}"' not in user.page
    user.open("/groups/household?zone_q=Berlin")
    assert 'value="Europe/Berlin"' in user.page
    response = user.submit("/zone", {"zone": name})
    assert response.status_code == 422 and "Choose a time zone from the list." in user.page
    assert "timezone" not in store.index.table("groups").get("household", {})


@pytest.mark.parametrize("name", ["Factory", "localtime"])
def test_a_zone_stored_or_sent_before_is_no_500(client, store, name):
    game_id = playing_game(store)
    client.set_cookie("tz", name)
    assert client.get(f"/games/{game_id}").status_code == 200
    store.index.change_table("groups", lambda t: {**t, "household": {
        **(t.get("household") or {"id": "household", "name": "", "code_hash": None, "gen": 0,
                                   "players": []}), "timezone": name}})
    for page in (f"/games/{game_id}", f"/games/{game_id}/log", "/history", "/"):
        assert client.get(page).status_code == 200, page


def test_a_line_break_in_the_address_survives_the_language_switch(client):
    user = Browserless(client)
    user.open("/history%0Ax")
    assert 'name="next" value="/history%0Ax"' in user.page
    response = user.submit("/lang", {"lang": "de"}, follow=False)
    assert response.status_code == 303 and response.headers["Location"] == "/history%0Ax"


@pytest.mark.parametrize("action", ["abandon", "resume"])
def test_a_line_break_in_next_is_no_500(client, store, action):
    game_id = playing_game(store)
    user = Browserless(client)
    user.open(f"/games/{game_id}")
    if action == "resume":
        user.submit(f"/games/{game_id}/abandon")
    response = user.submit(f"/games/{game_id}/{action}", {"next": "/\r\nSet-Cookie: x=1"}, follow=False)
    assert response.status_code == 303 and response.headers["Location"] == f"/games/{game_id}"
    assert bool(store.load(game_id).get("abandoned")) == (action == "abandon")
