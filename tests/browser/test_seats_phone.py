"""The seat order before the first entry, tapped on a phone: changed once; the same form
arriving a second time (a double tap on a slow connection) changes nothing more."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import shot
from tests.playing import playing_game

SENT = "f => new URLSearchParams(new FormData(f)).toString()"


def test_the_seat_order_is_changed_once(page, server_url, live_app):
    store = live_app.extensions["store"]
    game_id = playing_game(store, hands=())
    page.goto(f"{server_url}/games/{game_id}")
    page.locator("#seats summary").tap()
    page.locator("#seats select").nth(0).select_option(label="Cem")
    page.locator("#seats select").nth(2).select_option(label="Anna")
    shot(page, "seats-before-save", full_page=False)
    body = page.locator("#seats form").evaluate(SENT)
    assert "csrf_token=" in body and "version=" in body and "submission=" in body
    with page.expect_navigation():
        page.get_by_role("button", name="Save the seat order").tap()
    assert store.load(game_id)["players"] == ["Cem", "Ben", "Anna"]
    version = store.load(game_id)["version"]
    expect(page.locator("#seats select").nth(0)).to_have_value("0")
    shot(page, "seats-saved", full_page=False)

    # The same form once more, as the phone sent it (same submission id): stored already.
    again = page.request.post(f"{server_url}/games/{game_id}/seats", data=body, max_redirects=0,
                              headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert again.status == 303 and again.headers["location"].endswith(f"/games/{game_id}")
    record = store.load(game_id)
    assert record["players"] == ["Cem", "Ben", "Anna"] and record["version"] == version
