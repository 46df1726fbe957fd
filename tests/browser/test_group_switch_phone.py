"""A phone that joins another group keeps no offline copy of the old group's games; one that
joins its own group again (its code changed) keeps them."""
from __future__ import annotations

from playwright.sync_api import expect

from companion.history import groups
from tests.browser.conftest import until

KEPT = "caches.open('pages').then(c => c.keys()).then(ks => ks.map(r => new URL(r.url).pathname))"


def join(page, server_url, name, code):
    page.goto(f"{server_url}/join")
    page.fill("input[name=name]", name)
    page.fill("input[name=code]", code)
    page.get_by_role("button", name="Join").last.tap()
    expect(page.locator("h1")).to_be_visible()


def test_kept_game_pages_go_with_the_group(bs_game, page, server_url, live_app):
    store = live_app.extensions["store"]
    game_id = bs_game
    groups.create(store, "Tavern", "Kaninchen7")
    page.goto(f"{server_url}/games/{game_id}")
    page.evaluate("navigator.serviceWorker.ready.then(() => 1)")
    page.reload()  # under the service worker: kept for offline
    expect(page.locator("#next h2")).to_have_text("Hand 3")
    assert f"/games/{game_id}" in page.evaluate(KEPT)

    groups.set_code(store, "household", "Eule-1234")
    join(page, server_url, "Household", "Eule-1234")  # its own group again
    assert f"/games/{game_id}" in page.evaluate(KEPT)

    join(page, server_url, "Tavern", "Kaninchen7")
    until(page, lambda: f"/games/{game_id}" not in page.evaluate(KEPT))  # emptied as the page after joining loads
    page.context.set_offline(True)
    page.goto(f"{server_url}/games/{game_id}")
    expect(page.locator("main")).not_to_contain_text("Hand 3")  # the offline page, not the game
    page.context.set_offline(False)
