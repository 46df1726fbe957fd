"""Issue 33, items 2 and 3, on the table's real origins (plain http on the Wi-Fi name, trusted
https), in English and German: a game page opened once, the Wi-Fi gone, a hand saved, the page
reloaded, the Wi-Fi back -- the hand is stored once, with no tap. The group's pages opened
before (History, Statistics) open offline as the phone last saw them, never the browser's error
page, and become the real page again when the connection is back. Every waiting entry shows
its values, with Change and Remove, and stands under the standings as not counted yet.

Plain http has no service worker: an offline reload there shows the browser's error page (no
page script can answer a reload; measured: a navigation to a cached page works offline, a reload
never does). The browser asks first, and its error page reloads itself once the connection is
back; the page then sends what waits by itself. These tests show that whole way."""
from __future__ import annotations

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.browser.conftest import on_the_table, shot, until, waiting, worker_ready
from tests.browser.test_own_game_phone import own_save, own_setup
from tests.browser.test_real_phone import HANDS, bs_game, golds
from tests.browser.test_table_loop import GAMES
from tests.formpage import Browserless

__all__ = ["bs_game"]
# The phone's own language, as its browser says it (no tap on the page: a first visit).
languages = pytest.mark.parametrize("lang", [
    pytest.param("en", marks=pytest.mark.browser_context_args(locale="en-GB")),
    pytest.param("de", marks=pytest.mark.browser_context_args(locale="de-DE"))])
WORDS = {"en": {"hand": "Hand", "save": "Save the hand"}, "de": {"hand": "Spiel", "save": "Spiel speichern"}}
BIG = {"standard": 32, "fixed": 26}


def save(page, lang: str, golds) -> None:
    form = page.locator("form.entry-form")
    for seat, gold in enumerate(golds):
        form.locator(f"input[name='players-{seat}-gold']").fill(str(gold))
    form.get_by_role("button", name=WORDS[lang]["save"]).tap()


def looks(page, name: str) -> None:
    """A screenshot as the phone shows it, then at 200 % text in the dark (and back)."""
    shot(page, name, full_page=False)
    cdp = page.context.new_cdp_session(page)
    page.emulate_media(color_scheme="dark")
    cdp.send("Page.setFontSizes", {"fontSizes": BIG})
    try:
        page.wait_for_timeout(100)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, name
        shot(page, f"{name}-200-dark", full_page=False)
    finally:
        cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 16, "fixed": 13}})
        page.emulate_media(color_scheme="light")


def wifi_off(page) -> None:
    """The Wi-Fi gone. Chromium's offline emulation lets a POST begun just after it reach the
    server now and then (the answer lost, which the outbox handles: the hand is resent under
    its submission id); a post cut off as well makes "not stored yet" certain."""
    page.context.set_offline(True)
    page.route("**/*", lambda route: route.abort("internetdisconnected") if route.request.method == "POST"
               else route.continue_())


def wifi_on(page) -> None:
    page.unroute("**/*")
    page.context.set_offline(False)


def kept_by_worker(page, path: str) -> None:
    """https: the service worker took over during the first visit and kept the page open then."""
    worker_ready(page)
    until(page, lambda: page.evaluate("p => caches.open('pages').then(c => c.match(p)).then(Boolean)", path))


@on_the_table
@languages
def test_first_visit_then_offline_reload_then_back_the_hand_is_stored_once_without_a_tap(
        bs_game, page, server_url, live_app, origin, lang):
    store, game_id, words = live_app.extensions["store"], bs_game, WORDS[lang]
    path = f"/games/{game_id}"
    page.goto(server_url + path)  # the first visit of this phone
    expect(page.locator("#next h2")).to_have_text(f"{words['hand']} 3")
    if origin == "https":
        kept_by_worker(page, path)
    shot(page, f"first-visit-{origin}-{lang}-1-opened", full_page=False)

    wifi_off(page)
    save(page, lang, HANDS[0])
    outbox = page.locator("#next .outbox")
    expect(outbox.locator("li")).to_contain_text(f"{words['hand']} 3 · Anna 10 · Ben 50 · Cem 0 · Dora –")
    looks(page, f"first-visit-{origin}-{lang}-2-saved-offline")
    assert waiting(page) == 1  # kept on the phone (whether the post reached the server or not)

    page.on("dialog", lambda d: d.accept())  # plain http asks before a reload while one waits
    if origin == "https":
        page.reload()
        expect(page.locator("main .offline")).to_be_visible()
        expect(outbox.locator("li")).to_contain_text("Anna 10 · Ben 50")
        looks(page, f"first-visit-{origin}-{lang}-3-reloaded-offline")
    else:
        with pytest.raises(PlaywrightError, match="ERR_INTERNET_DISCONNECTED"):
            page.reload()  # the browser's error page (it cannot be shot: it reloads itself)

    wifi_on(page)  # and no tap from here on
    expect(page.locator("#next h2")).to_have_text(f"{words['hand']} 4", timeout=30000)
    until(page, lambda: len(store.load(game_id)["entries"]) == 3)
    expect(outbox).to_be_hidden(timeout=15000)
    expect(page.locator("main .offline")).to_be_hidden()
    assert golds(store.load(game_id))[2:] == [[10, 50, 0, 20]]  # once
    assert waiting(page) == 0
    page.wait_for_timeout(1000)
    assert len(store.load(game_id)["entries"]) == 3
    looks(page, f"first-visit-{origin}-{lang}-4-back-online")


@on_the_table
@languages
def test_history_and_statistics_open_offline_and_come_back_by_themselves(
        bs_game, page, server_url, origin, lang):
    page.goto(f"{server_url}/games/{bs_game}")
    if origin == "https":
        kept_by_worker(page, f"/games/{bs_game}")
    areas = page.locator("nav.areas a")
    history, stats = areas.nth(1), areas.nth(2)
    history.tap()
    page.wait_for_url("**/history")
    stats.tap()
    page.wait_for_url("**/stats")
    history.tap()
    page.wait_for_url("**/history")
    heading = {p: page.locator("main h1").first for p in ("history", "stats")}
    history_heading = heading["history"].text_content()

    page.context.set_offline(True)
    stats.tap()
    page.wait_for_url("**/stats")
    expect(page.locator("main .offline")).to_be_visible()  # the last known state, said to be that
    expect(areas.nth(2)).to_have_attribute("aria-current", "page")
    looks(page, f"offline-areas-{origin}-{lang}-1-statistics")
    history.tap()
    page.wait_for_url("**/history")
    expect(page.locator("main h1").first).to_have_text(history_heading)
    expect(page.locator("main .offline")).to_be_visible()
    page.go_back()  # the browser's back button too
    page.wait_for_url("**/stats")
    expect(areas.nth(2)).to_have_attribute("aria-current", "page")
    if origin == "lan-http":
        # (https: the browser's own copy of the page, from its cache through the worker; under
        # Playwright's emulation that page believes it is online, so it is not marked.)
        expect(page.locator("main .offline")).to_be_visible()
    looks(page, f"offline-areas-{origin}-{lang}-2-back")

    # A page never opened here: the app's own page (https) or this one waiting (http), never
    # the browser's error page; it opens as soon as the connection is back.
    areas.nth(3).tap()
    if origin == "https":
        expect(page.locator("main h1[data-retry]")).to_be_visible()
    else:
        expect(page.locator("main .waits")).to_be_visible()
    assert not page.url.startswith("chrome-error")
    looks(page, f"offline-areas-{origin}-{lang}-3-never-opened")
    page.context.set_offline(False)
    page.wait_for_url("**/group**", timeout=30000)
    expect(page.locator("main h1[data-retry]")).to_have_count(0, timeout=15000)
    expect(page.locator("main .offline")).to_be_hidden()


@on_the_table
def test_what_waits_is_sent_from_another_page_of_the_group(bs_game, page, server_url, live_app, origin):
    store, game_id = live_app.extensions["store"], bs_game
    page.goto(f"{server_url}/history")  # opened once: kept
    if origin == "https":
        kept_by_worker(page, "/history")
    page.goto(f"{server_url}/games/{game_id}")
    wifi_off(page)
    save(page, "en", HANDS[0])
    expect(page.locator("#next .outbox li")).to_have_count(1)
    if origin == "https":
        # (A link on the game page waits there for the connection: test_real_phone.py.) The
        # worker's copy of History, opened offline.
        page.goto(f"{server_url}/history")
    else:
        page.locator("nav.areas a").nth(1).tap()  # History, as last seen, in this same page
        page.wait_for_url("**/history")
    expect(page.locator("main .offline")).to_be_visible()
    shot(page, f"sent-elsewhere-{origin}-1-history-offline", full_page=False)
    wifi_on(page)  # no tap: stored from the History page, which becomes the real one
    until(page, lambda: len(store.load(game_id)["entries"]) == 3)
    expect(page.locator("main .offline")).to_be_hidden(timeout=15000)
    assert page.url.endswith("/history")
    until(page, lambda: waiting(page) == 0)
    assert golds(store.load(game_id))[2:] == [[10, 50, 0, 20]]
    shot(page, f"sent-elsewhere-{origin}-2-back-online", full_page=False)


@languages
@pytest.mark.parametrize("origin", ["lan-http"], indirect=True)
def test_waiting_entries_show_their_values_with_change_and_remove(bs_game, page, server_url, live_app, origin, lang):
    store, game_id, words = live_app.extensions["store"], bs_game, WORDS[lang]
    page.goto(f"{server_url}/games/{game_id}")
    page.context.set_offline(True)
    save(page, lang, HANDS[0])
    save(page, lang, HANDS[1])
    outbox = page.locator("#next .outbox")
    change, remove = outbox.get_attribute("data-change"), outbox.get_attribute("data-remove")
    items = outbox.locator("li")
    expect(items).to_have_count(2)
    for n, (a, b, c) in enumerate(HANDS[:2]):
        item = items.nth(n)
        expect(item).to_contain_text(f"{words['hand']} {3 + n} · Anna {a} · Ben {b} · Cem {c} · Dora –")
        # The first too: it is not on its way while the connection is gone.
        expect(item.get_by_role("button", name=change)).to_be_visible()
        expect(item.get_by_role("button", name=remove)).to_be_visible()
    # The standings count them as they will be, and say which they are.
    pending = page.locator("#standings .pending")
    expect(pending).to_contain_text(page.locator("#standings").get_attribute("data-counted"))
    expect(pending.locator("li")).to_have_count(2)
    expect(pending.locator("li").first).to_contain_text("Anna 10 · Ben 50")
    pending.scroll_into_view_if_needed()
    looks(page, f"waiting-{lang}-1-listed")

    # Change the first: its values, in its place.
    items.first.get_by_role("button", name=change).tap()
    expect(page.locator("input[name='players-0-gold']")).to_have_value("10")
    page.locator("input[name='players-0-gold']").fill("15")
    page.locator("input[name='players-1-gold']").fill("45")
    page.locator("form.entry-form").get_by_role("button", name=words["save"]).tap()
    expect(items.first).to_contain_text("Anna 15 · Ben 45")
    expect(items).to_have_count(2)
    looks(page, f"waiting-{lang}-2-changed")

    # Remove the second.
    page.once("dialog", lambda d: d.accept())
    items.nth(1).get_by_role("button", name=remove).tap()
    expect(items).to_have_count(1)
    looks(page, f"waiting-{lang}-3-removed")

    page.context.set_offline(False)
    expect(outbox).to_be_hidden(timeout=15000)
    expect(pending).to_have_count(0)
    assert golds(store.load(game_id))[2:] == [[15, 45, 0, 20]]
    assert waiting(page) == 0


OWN = type(GAMES[0])("own-game", own_setup, own_save, own_save, "")
# What each game's saved entry shows of its values (test_table_loop's and the own game's saves).
SAID = {"beutelschneider": "Anna 25 · Ben 25 · Cem 15 · Dora –",
        "beutezug": "1. Dora 2, 3, ▲ +1 orange · 2. Johnny 3, 6",
        "give-me-the-treasure": "Ann: red 1, red 2, red 3 → 6 · Bob: nothing resold",
        "loot-and-scoot": "Thief",
        "own-game": "Anna 5 · Ben -10 · Cem 0 · Dora 15"}


@pytest.mark.parametrize("game", [*GAMES, OWN], ids=[g.slug for g in [*GAMES, OWN]])
@pytest.mark.parametrize("origin", ["lan-http"], indirect=True)
def test_every_game_lists_a_waiting_entry_with_its_values(page, server_url, live_app, origin, game):
    game_id = game.setup(Browserless(live_app.test_client()), live_app.extensions["store"])
    page.goto(f"{server_url}/games/{game_id}")
    page.context.set_offline(True)
    game.save(page)
    outbox = page.locator("#next .outbox")
    item = outbox.locator("li").first
    item.scroll_into_view_if_needed()
    expect(item).to_be_visible()
    said = page.evaluate("JSON.parse(localStorage.getItem('loot-ledger-outbox'))[0]")
    assert SAID[game.slug] in said["values"], said["values"]
    expect(item).to_contain_text(said["values"])
    expect(item.get_by_role("button", name=outbox.get_attribute("data-remove"))).to_be_visible()
    if said["entry"]:
        expect(item.get_by_role("button", name=outbox.get_attribute("data-change"))).to_be_visible()
    shot(page, f"waiting-{game.slug}", full_page=False)
    page.context.set_offline(False)
    expect(outbox).to_be_hidden(timeout=15000)
