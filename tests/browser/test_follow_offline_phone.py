"""A phone that follows the game keeps its offline copy of the page up to date (issue 38):
another phone saves a hand, this phone shows it, then loses the Wi-Fi -- the game page it
opens offline (plain http: the copy in its storage; https: the service worker's) shows that
hand, not the state it was opened with."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import on_the_table, shot, until
from tests.browser.test_offline_first_visit_phone import kept_by_worker
from tests.formpage import Browserless
from tests.games.beutelschneider.web.test_pages import hand_values

COPY = {"lan-http": "p => (localStorage.getItem('loot-ledger-page:' + p) || '').includes('Hand 4')",
        "https": "p => caches.open('pages').then(c => c.match(p)).then(r => r ? r.text() : '').then(t => t.includes('Hand 4'))"}


@on_the_table
def test_offline_after_another_phones_save_the_game_page_shows_that_save(bs_game, page, server_url, live_app, origin):
    path = f"/games/{bs_game}"
    page.goto(f"{server_url}/history")  # opened once: kept
    if origin == "https":
        kept_by_worker(page, "/history")
    page.goto(server_url + path)
    if origin == "https":
        kept_by_worker(page, path)
    expect(page.locator("#next .now h2")).to_have_text("Hand 3")
    other = Browserless(live_app.test_client())
    other.open(path)
    assert other.submit("/entries", hand_values(25, 25, 15, 15)).status_code == 200
    until(page, lambda: page.locator("#next .now h2").inner_text() == "Hand 4")
    until(page, lambda: page.evaluate(COPY[origin], path))  # written as the page changed

    page.context.set_offline(True)
    if origin == "lan-http":
        page.locator("nav.areas a").nth(1).tap()  # History, from the phone's storage
        page.wait_for_url("**/history")
        expect(page.locator("main .offline")).to_be_visible()
        page.go_back()  # the game page, from the phone's storage too
    else:
        page.goto(server_url + path)  # the service worker's copy
    expect(page.locator("main .offline")).to_be_visible()
    expect(page.locator("#next .now h2")).to_have_text("Hand 4")
    expect(page.locator("#next")).to_contain_text("Anna: 25")
    shot(page, f"follow-offline-copy-{origin}", full_page=False)
