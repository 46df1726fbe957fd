"""The table's real phone (issue 21), on the origins the phones open: the Wi-Fi address on plain
http and the trusted https one. Entries saved with the connection down each wait on the phone,
listed with their values, while the table goes on entering; back online they are stored in
order, once each. One refused on arrival stays on the phone with its reason, to be fixed, and
so do those behind it. The page never leaves for the browser's error page, the screen stays
awake, and plain http says once what it cannot do."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import on_the_table, posts_to, quiet, shot, until, waiting, worker_ready
from tests.browser.test_table_loop import bz_save, bz_setup
from tests.formpage import Browserless
from tests.games.beutelschneider.web import test_pages as beutelschneider

HANDS = ((10, 50, 0), (40, 20, 0), (30, 30, 10))  # Dora's is 80 minus the rest


@pytest.fixture
def bs_game(live_app) -> str:
    """Four players, two hands stored, a limit far enough away for five more hands."""
    user = Browserless(live_app.test_client())
    game_id = beutelschneider.start(user, players=("Anna", "Ben", "Cem", "Dora"), limit=300)
    for hand in ((30, 20, 20, 10), (10, 40, 10, 20)):
        user.submit("/entries", beutelschneider.hand_values(*hand))
    return game_id


def save_hand(page, golds) -> None:
    form = page.locator("form.entry-form")
    for seat, gold in enumerate(golds):
        form.locator(f"input[name='players-{seat}-gold']").fill(str(gold))
    form.get_by_role("button", name="Save the hand").tap()


def golds(record) -> list[list[int]]:
    return [[p["gold"] for p in e["data"]["players"]] for e in record["entries"]]


def opened(page, server_url, game_id, origin):
    page.goto(f"{server_url}/games/{game_id}")
    if origin == "https":  # under the service worker from the next load on
        worker_ready(page)
        page.reload()
    expect(page.locator("#next h2")).to_have_text("Hand 3")


@on_the_table
def test_three_hands_offline_are_stored_in_order_once_each(bs_game, page, server_url, live_app, origin):
    store, game_id = live_app.extensions["store"], bs_game
    opened(page, server_url, game_id, origin)
    page.context.set_offline(True)
    for n, hand in enumerate(HANDS):
        save_hand(page, hand)
        # The next hand is ready on the phone at once: the table goes on.
        expect(page.locator("#next h2")).to_have_text(f"Hand {4 + n}")
        expect(page.locator("input[name='players-0-gold']")).to_have_value("")
        expect(page.locator("input[name='players-0-gold']")).to_be_focused()
    outbox = page.locator("#next .outbox")
    expect(outbox).to_contain_text("Not saved yet — will be sent when the connection is back")
    expect(outbox.locator("li")).to_have_count(3)
    for n, (a, b, c) in enumerate(HANDS):
        expect(outbox.locator("li").nth(n)).to_contain_text(f"Hand {3 + n} · Anna {a} · Ben {b} · Cem {c} · Dora –")
    expect(page.locator("#next .ahead")).to_contain_text("Entered ahead on this phone")
    assert waiting(page) == 3 and len(store.load(game_id)["entries"]) == 2
    shot(page, f"queue-{origin}-offline-three", full_page=False)
    page.emulate_media(color_scheme="dark")
    shot(page, f"queue-{origin}-offline-three-dark", full_page=False)
    page.emulate_media(color_scheme="light")

    page.context.set_offline(False)
    expect(page.locator("#next h2")).to_have_text("Hand 6", timeout=15000)
    expect(outbox).to_be_hidden()
    record = store.load(game_id)
    assert golds(record)[2:] == [[10, 50, 0, 20], [40, 20, 0, 20], [30, 30, 10, 10]]
    assert len(record["entries"]) == 5 and len(set(record["submissions"])) == len(record["submissions"])
    assert waiting(page) == 0
    page.reload()
    quiet(page)  # app.js would send what waits right after the page loads
    assert len(store.load(game_id)["entries"]) == 5


@on_the_table
def test_a_hand_refused_on_arrival_stays_with_the_one_after_it(bs_game, page, server_url, live_app, origin):
    store, game_id = live_app.extensions["store"], bs_game
    sent = posts_to(page, f"/games/{game_id}/entries")
    page.clock.install()  # the page's own timers, as they run, and its retry round at once on demand
    opened(page, server_url, game_id, origin)
    page.context.set_offline(True)
    save_hand(page, HANDS[0])
    save_hand(page, HANDS[1])
    user = Browserless(live_app.test_client())  # another phone enters Hand 3 meanwhile
    user.open(f"/games/{game_id}")
    user.submit("/entries", beutelschneider.hand_values(20, 20, 20, 20))

    page.context.set_offline(False)
    refusal = page.locator(".refusal")
    expect(refusal).to_contain_text("Another phone changed this game meanwhile", timeout=15000)
    outbox = page.locator("#next .outbox")
    expect(outbox).to_contain_text("Not stored: the server refused it")
    first, second = outbox.locator("li").nth(0), outbox.locator("li").nth(1)
    expect(first).to_contain_text("Hand 3 · Anna 10 · Ben 50")  # its reason: in the box beside the form
    expect(first).not_to_contain_text("waits for the entry above")
    expect(second).to_contain_text("waits for the entry above")
    # The refused hand is back in its form, to fix or save as it is.
    expect(page.locator("input[name='players-0-gold']")).to_have_value("10")
    expect(page.locator("input[name='players-1-gold']")).to_have_value("50")
    assert len(store.load(game_id)["entries"]) == 3 and waiting(page) == 2
    shot(page, f"queue-{origin}-refused", full_page=False)
    # app.js's retry round (every 8 s) leaves a refused entry to the person: one round, run at
    # once, sends no entry (counted as app.js calls fetch, before anything leaves).
    page.evaluate("""window.__posts = 0; const send = fetch;
        window.fetch = (...a) => ((a[1] || {}).method === "POST" && window.__posts++, send(...a))""")
    page.clock.run_for(8500)
    assert page.evaluate("window.__posts") == 0
    assert len(store.load(game_id)["entries"]) == 3 and waiting(page) == 2

    # The hand behind it can be changed too, and keeps its place in the line.
    second.get_by_role("button", name="Change").tap()
    expect(page.locator("#next h2")).to_have_text("Hand 4")
    expect(page.locator("input[name='players-0-gold']")).to_have_value("40")
    page.locator("input[name='players-0-gold']").fill("45")
    page.locator("input[name='players-1-gold']").fill("15")
    page.get_by_role("button", name="Save the hand").tap()
    expect(second).to_contain_text("Hand 4 · Anna 45 · Ben 15")
    expect(page.locator("input[name='players-0-gold']")).to_have_value("10")  # the refused one, to fix
    assert waiting(page) == 2 and len(store.load(game_id)["entries"]) == 3

    tries = len(sent)
    page.locator("input[name='players-0-gold']").fill("15")
    page.locator("input[name='players-1-gold']").fill("45")
    page.get_by_role("button", name="Save the hand").tap()
    expect(page.locator("#next h2")).to_have_text("Hand 6")
    expect(outbox).to_be_hidden()
    assert golds(store.load(game_id))[2:] == [[20, 20, 20, 20], [15, 45, 0, 20], [45, 15, 0, 20]]
    assert len(sent) == tries + 2 and waiting(page) == 0


@on_the_table
def test_a_refused_entry_can_be_removed_from_the_phone(bs_game, page, server_url, live_app, origin):
    store, game_id = live_app.extensions["store"], bs_game
    opened(page, server_url, game_id, origin)
    page.context.set_offline(True)
    save_hand(page, HANDS[0])
    save_hand(page, HANDS[1])
    user = Browserless(live_app.test_client())
    user.open(f"/games/{game_id}")
    user.submit("/entries", beutelschneider.hand_values(10, 50, 0, 20))  # the same hand, on another phone
    page.context.set_offline(False)
    outbox = page.locator("#next .outbox")
    expect(outbox).to_contain_text("Not stored: the server refused it", timeout=15000)
    page.once("dialog", lambda d: d.accept())
    outbox.locator("li").nth(0).get_by_role("button", name="Remove").tap()
    # The hand after it goes on: it followed the removed one, whose place the other phone's
    # hand took, so it is stored as the next hand.
    expect(page.locator("#next h2")).to_have_text("Hand 5")
    expect(outbox).to_be_hidden()
    assert golds(store.load(game_id))[2:] == [[10, 50, 0, 20], [40, 20, 0, 20]]
    assert waiting(page) == 0


@on_the_table
def test_a_reload_or_a_link_while_offline_never_loses_the_table(bs_game, page, server_url, live_app, origin):
    store, game_id = live_app.extensions["store"], bs_game
    opened(page, server_url, game_id, origin)
    page.context.set_offline(True)
    save_hand(page, HANDS[0])
    outbox = page.locator("#next .outbox")
    expect(outbox.locator("li")).to_have_count(1)
    if origin == "https":
        # The service worker's copy of the page, said to be that, the hand still waiting and
        # the next one ready.
        page.reload()
        expect(page.locator("main .offline")).to_be_visible()
        expect(outbox.locator("li")).to_contain_text("Hand 3 · Anna 10")
        expect(page.locator("#next h2")).to_have_text("Hand 4")
        shot(page, "queue-https-offline-reloaded", full_page=False)
    else:
        # No service worker on plain http: a reload would show the browser's error page, so
        # the browser asks first, and the page stays as it was.
        asked: list[str] = []
        page.on("dialog", lambda d: (asked.append(d.type), d.dismiss()))
        page.evaluate("window.__same = 1")
        page.evaluate("setTimeout(() => location.reload())")
        until(page, lambda: asked)
        assert asked == ["beforeunload"]
        assert page.evaluate("window.__same") == 1
    # A link waits in the page, says so, and opens once the connection is back.
    page.locator("nav.areas").get_by_role("link", name="History").tap()
    note = page.locator("main .waits")
    expect(note).to_contain_text("No connection: this page opens as soon as it is back.")
    expect(page.locator("#next h2")).to_have_text("Hand 4")
    shot(page, f"queue-{origin}-link-waits", full_page=False)
    page.context.set_offline(False)
    page.wait_for_url("**/history**", timeout=15000)
    assert len(store.load(game_id)["entries"]) == 3  # the hand went first, on the game page


@on_the_table
def test_the_screen_stays_awake(bs_game, page, server_url, origin):
    page.goto(f"{server_url}/games/{bs_game}")
    page.locator("input[name='players-0-gold']").tap()
    awake = page.locator("html")
    if origin == "https":
        expect(awake).to_have_attribute("data-awake-by", "lock")
        expect(page.locator("video.awake")).to_have_count(0)
    else:
        # No Wake Lock on plain http: the muted inline video, started by the first tap.
        expect(awake).to_have_attribute("data-awake-by", "video")
        video = page.locator("video.awake")
        assert video.evaluate("v => v.muted && v.loop && v.playsInline && !v.paused")
        until(page, lambda: video.evaluate("v => v.currentTime > 0 && v.readyState >= 2"))


@on_the_table
def test_plain_http_says_once_what_it_cannot_do(bs_game, page, server_url, origin):
    page.goto(f"{server_url}/games/{bs_game}")
    note = page.locator("#next .plain-http")
    if origin == "https":
        expect(note).to_have_count(0)
        return
    expect(note).to_be_visible()
    expect(note).to_contain_text("cannot show a page again after a reload without a connection")
    assert note.get_by_role("link").get_attribute("href") == "/trust"
    shot(page, "plain-http-note", full_page=False)
    note.get_by_role("button", name="Got it").tap()
    expect(note).to_be_hidden()
    page.reload()
    expect(page.locator("#next .plain-http")).to_have_count(0)


@on_the_table
def test_the_queue_at_double_text_and_in_german(bs_game, page, server_url, origin):
    page.goto(f"{server_url}/games/{bs_game}")
    page.locator(".lang").get_by_role("button", name="DE").tap()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    page.goto(f"{server_url}/games/{bs_game}")
    page.context.set_offline(True)
    form = page.locator("form.entry-form")
    for seat, gold in enumerate(HANDS[0]):
        form.locator(f"input[name='players-{seat}-gold']").fill(str(gold))
    form.get_by_role("button", name="Spiel speichern").tap()
    outbox = page.locator("#next .outbox")
    expect(outbox).to_contain_text("Noch nicht gespeichert")
    expect(outbox.locator("li")).to_contain_text("Spiel 3 · Anna 10")
    expect(page.locator("#next h2")).to_have_text("Spiel 4")
    shot(page, f"queue-{origin}-offline-de", full_page=False)
    page.context.set_offline(False)
    expect(outbox).to_be_hidden(timeout=15000)

    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    try:
        page.reload()
        page.context.set_offline(True)
        for seat, gold in enumerate(HANDS[1]):
            form.locator(f"input[name='players-{seat}-gold']").fill(str(gold))
        form.get_by_role("button", name="Spiel speichern").tap()
        expect(outbox.locator("li")).to_have_count(1)
        expect(page.locator("#next h2")).to_have_text("Spiel 5")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        outbox.scroll_into_view_if_needed()
        shot(page, f"queue-{origin}-offline-200-percent", full_page=False)
    finally:
        cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 16, "fixed": 13}})
        page.context.set_offline(False)


@on_the_table
def test_two_beutezug_rounds_offline_are_stored_in_order(page, server_url, live_app, origin):
    store = live_app.extensions["store"]
    user = Browserless(live_app.test_client())
    game_id = bz_setup(user, store)
    page.goto(f"{server_url}/games/{game_id}")
    expect(page.locator("#next h2")).to_have_text("Round 2 of 7")
    page.context.set_offline(True)
    bz_save(page)
    expect(page.locator("#next h2")).to_have_text("Round 3 of 7")  # ready on the phone
    expect(page.locator("form.entry-form input[name$='-stack']:checked")).to_have_count(0)
    expect(page.locator("form.entry-form input[name='outcomes-0-loot']")).to_have_value("")
    bz_save(page)
    outbox = page.locator("#next .outbox")
    expect(outbox.locator("li")).to_have_count(2)
    expect(outbox.locator("li").first).to_contain_text("Round 2 of 7 · 1. ")
    shot(page, f"queue-{origin}-beutezug-offline", full_page=False)
    page.context.set_offline(False)
    expect(outbox).to_be_hidden(timeout=15000)
    record = store.load(game_id)
    assert [e["kind"] for e in record["entries"]][-3:] == ["round", "round", "round"]
    assert len(record["entries"]) == 4
    assert sorted(o["loot"] for o in record["entries"][-1]["data"]["outcomes"]) == [3, 6, 9, 12]


@on_the_table
def test_a_step_that_needs_the_server_waits_with_what_was_typed(bs_game, page, server_url, live_app, origin):
    store, game_id = live_app.extensions["store"], bs_game
    page.goto(f"{server_url}/games/{game_id}")
    page.locator("input[name='players-0-gold']").fill("35")  # typed, not saved yet
    page.context.set_offline(True)
    page.get_by_role("button", name="Undo the last entry").tap()
    outbox = page.locator("#next .outbox")
    expect(outbox).to_contain_text("The next step needs the connection")
    gold = page.locator("input[name='players-0-gold']")
    expect(gold).to_have_value("35")
    expect(gold).to_be_disabled()  # not sent as the hand after an undo nobody has seen yet
    shot(page, f"queue-{origin}-needs-connection", full_page=False)
    page.context.set_offline(False)
    expect(page.locator("#next .last.undone")).to_contain_text("Taken back", timeout=15000)
    assert len(store.load(game_id)["entries"]) == 1
