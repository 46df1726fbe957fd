"""What app.js does while a form is on its way, on the phone's plain-http Wi-Fi origin: the
entry is on the phone before it leaves (a reload meanwhile loses nothing; what is saved during
the flight waits behind it, in the order of the taps); a note in the line does not make the
entries after it stale; an entry changed while it was being sent is sent as changed; and what is
typed into the form made ready ahead stays when the line changes."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import posts_to, quiet, shot, until, waiting
from tests.browser.test_real_phone import HANDS, bs_game, golds, opened, save_hand
from tests.formpage import Browserless
from tests.games.beutelschneider.web import test_pages as beutelschneider

__all__ = ["bs_game"]
lan = pytest.mark.parametrize("origin", ["lan-http"], indirect=True)


def held_posts(page, path: str) -> list:
    """POSTs to ``path`` held unanswered until the test lets each go (continue_ or abort)."""
    held: list = []
    page.route(f"**{path}", lambda route: held.append(route) if route.request.method == "POST" else route.continue_())
    return held


def line(page) -> list[str]:
    """What the phone's outbox holds, in order: the address each item is sent to."""
    return page.evaluate("JSON.parse(localStorage.getItem('loot-ledger-outbox') || '[]').map(i => i.url.split('#')[0])")


@lan
def test_a_reload_while_the_entry_is_sent_loses_nothing(bs_game, page, server_url, live_app, origin):
    store, game_id = live_app.extensions["store"], bs_game
    opened(page, server_url, game_id, origin)
    held = held_posts(page, "/entries")
    save_hand(page, HANDS[0])
    until(page, lambda: len(held) == 1)
    assert waiting(page) == 1  # on the phone while it is on its way
    expect(page.locator("#next .outbox")).to_have_text("Sending…")  # said as sending, not as waiting
    shot(page, "outbox-in-flight", full_page=False)
    page.unroute("**/entries")
    page.on("dialog", lambda d: d.accept())  # plain http asks before leaving while one waits
    page.reload()
    expect(page.locator("#next h2")).to_have_text("Hand 4", timeout=15000)
    assert golds(store.load(game_id))[2:] == [[10, 50, 0, 20]]
    until(page, lambda: waiting(page) == 0)


@lan
def test_what_is_saved_during_a_flight_waits_behind_it(bs_game, page, server_url, live_app, origin):
    store, game_id = live_app.extensions["store"], bs_game
    opened(page, server_url, game_id, origin)
    page.on("dialog", lambda d: d.accept())
    held = held_posts(page, "/entries")
    save_hand(page, HANDS[0])
    until(page, lambda: len(held) == 1)
    page.fill("#note", "Birthday")
    page.get_by_role("button", name="Save the note").tap()
    until(page, lambda: len(line(page)) == 2)
    held[0].abort()  # the hand got no answer: it stays first, the note behind it
    until(page, lambda: page.evaluate("document.querySelector('form.entry-form').classList.contains('busy')") is False)
    path = f"/games/{game_id}"
    assert line(page) == [f"{server_url}{path}/entries", f"{server_url}{path}/note"]
    page.unroute("**/entries")
    page.reload()  # back: the hand, then the note
    expect(page.locator("#next h2")).to_have_text("Hand 4", timeout=15000)
    until(page, lambda: store.load(game_id).get("note") == "Birthday")
    assert golds(store.load(game_id))[2:] == [[10, 50, 0, 20]]
    until(page, lambda: waiting(page) == 0)


@lan
def test_a_hand_behind_a_note_follows_the_version_the_note_left_as_it_was(
        bs_game, page, server_url, live_app, origin):
    store, game_id = live_app.extensions["store"], bs_game
    opened(page, server_url, game_id, origin)
    save_hand(page, HANDS[0])
    expect(page.locator("#next h2")).to_have_text("Hand 4")
    held = held_posts(page, "/note")
    page.fill("#note", "Birthday, Ben won")
    page.get_by_role("button", name="Save the note").tap()
    until(page, lambda: len(held) == 1)
    save_hand(page, HANDS[1])  # during the note's flight: in the line behind it
    expect(page.locator("#next h2")).to_have_text("Hand 5")
    held[0].continue_()
    until(page, lambda: len(store.load(game_id)["entries"]) == 4)
    record = store.load(game_id)
    assert record["note"] == "Birthday, Ben won"
    assert golds(record)[2:] == [[10, 50, 0, 20], [40, 20, 0, 20]]
    expect(page.locator(".refusal")).to_have_count(0)
    until(page, lambda: waiting(page) == 0)


@lan
def test_an_entry_changed_while_it_is_sent_is_sent_as_changed(bs_game, page, server_url, live_app, origin):
    store, game_id = live_app.extensions["store"], bs_game
    opened(page, server_url, game_id, origin)
    page.context.set_offline(True)
    for hand in HANDS:
        save_hand(page, hand)
    outbox = page.locator("#next .outbox")
    expect(outbox.locator("li")).to_have_count(3)
    held = held_posts(page, "/entries")
    page.context.set_offline(False)
    page.evaluate("dispatchEvent(new Event('online'))")
    until(page, lambda: len(held) == 1)  # Hand 3 on its way
    outbox.locator("li").nth(1).get_by_role("button", name="Change").tap()
    expect(page.locator("#next h2")).to_have_text("Hand 4")
    held[0].continue_()
    until(page, lambda: len(held) == 2)  # Hand 4 on its way, while it is being changed
    page.locator("input[name='players-0-gold']").fill("45")
    page.locator("input[name='players-1-gold']").fill("15")
    page.get_by_role("button", name="Save the hand").tap()
    until(page, lambda: page.evaluate(
        "JSON.parse(localStorage.getItem('loot-ledger-outbox')).some(i => i.values.includes('Anna 45'))"))
    held[1].abort()  # no answer: the changed copy is the one that waits, and is sent
    page.unroute("**/entries")
    page.on("dialog", lambda d: d.accept())
    page.reload()
    until(page, lambda: len(store.load(game_id)["entries"]) == 5)
    assert golds(store.load(game_id))[2:] == [[10, 50, 0, 20], [45, 15, 0, 20], [30, 30, 10, 10]]
    until(page, lambda: waiting(page) == 0)


@lan
def test_what_is_typed_ahead_stays_when_one_before_it_is_removed(bs_game, page, server_url, live_app, origin):
    opened(page, server_url, bs_game, origin)
    page.context.set_offline(True)
    save_hand(page, HANDS[0])
    save_hand(page, HANDS[1])
    expect(page.locator("#next h2")).to_have_text("Hand 5")
    page.locator("input[name='players-0-gold']").fill("35")
    page.on("dialog", lambda d: d.accept())
    page.locator("#next .outbox li").nth(1).get_by_role("button", name="Remove").tap()
    expect(page.locator("#next .outbox li")).to_have_count(1)
    expect(page.locator("#next h2")).to_have_text("Hand 4")
    expect(page.locator("input[name='players-0-gold']")).to_have_value("35")
    assert page.locator("form.entry-form input[name='version']").input_value() == str(
        int(page.locator("#next").get_attribute("data-version")) + 1)


@lan
def test_behind_a_refused_entry_one_form_is_sent_at_a_time(bs_game, page, server_url, live_app, origin):
    store, game_id = live_app.extensions["store"], bs_game
    opened(page, server_url, game_id, origin)
    page.context.set_offline(True)
    save_hand(page, HANDS[0])
    save_hand(page, HANDS[1])
    user = Browserless(live_app.test_client())  # another phone enters Hand 3 meanwhile
    user.open(f"/games/{game_id}")
    user.submit("/entries", beutelschneider.hand_values(20, 20, 20, 20))
    page.context.set_offline(False)
    expect(page.locator(".refusal")).to_contain_text("Another phone changed this game meanwhile", timeout=15000)
    held = held_posts(page, "/note")
    undos = posts_to(page, "/undo")
    page.fill("#note", "Birthday")
    page.get_by_role("button", name="Save the note").tap()
    until(page, lambda: len(held) == 1)
    page.get_by_role("button", name="Undo the last entry").tap()
    until(page, lambda: len(line(page)) == 4)  # waits in the line, not sent beside the note
    held[0].continue_()
    until(page, lambda: store.load(game_id).get("note") == "Birthday")
    quiet(page)
    assert undos == [] and len(store.load(game_id)["entries"]) == 3
    assert line(page)[-1].endswith("/undo")
