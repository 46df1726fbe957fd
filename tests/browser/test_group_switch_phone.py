"""A phone that joins another group keeps no offline copy of the old group's games; one that
joins its own group again (its code changed) keeps them: the service worker's copies (https, or
this machine) and, on the table's plain http, the copies app.js keeps in the page's storage."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from companion.history import groups
from tests.browser.conftest import until, worker_ready

KEPT = "caches.open('pages').then(c => c.keys()).then(ks => ks.map(r => new URL(r.url).pathname))"
# Plain http: each kept page's path and the group it was kept for (static/js/app/kept.js).
KEPT_HERE = """() => Object.keys(localStorage).filter(k => k.startsWith('loot-ledger-page:'))
    .map(k => [k.slice('loot-ledger-page:'.length), JSON.parse(localStorage.getItem(k)).group])"""


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
    worker_ready(page)
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


@pytest.mark.parametrize("origin", ["lan-http"], indirect=True)
def test_on_plain_http_the_pages_kept_on_the_phone_go_with_the_group(bs_game, page, server_url, live_app, origin):
    store = live_app.extensions["store"]
    game_id = bs_game
    groups.create(store, "Tavern", "Kaninchen7")
    page.goto(f"{server_url}/games/{game_id}")
    expect(page.locator("#next h2")).to_have_text("Hand 3")
    page.goto(f"{server_url}/history")
    expect(page.locator("main h1").first).to_be_visible()
    kept = dict(page.evaluate(KEPT_HERE))
    assert {f"/games/{game_id}", "/history"} <= set(kept) and set(kept.values()) == {"household"}

    groups.set_code(store, "household", "Eule-1234")
    join(page, server_url, "Household", "Eule-1234")  # its own group again
    assert f"/games/{game_id}" in dict(page.evaluate(KEPT_HERE))

    join(page, server_url, "Tavern", "Kaninchen7")
    until(page, lambda: f"/games/{game_id}" not in dict(page.evaluate(KEPT_HERE)))
    assert "household" not in set(dict(page.evaluate(KEPT_HERE)).values())
