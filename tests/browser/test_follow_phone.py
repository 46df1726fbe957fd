"""Three phones at one table, on the table's own address (http and https): the game page
follows on each of them while one saves, and what another is typing stays as it is
(issue 38.1)."""
from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import bs_save, on_the_table, shot, until


@pytest.fixture
def phones(browser, browser_context_args, server_url, bs_game):
    """Two more phones of the same group, with the game page open; the first is ``page``."""
    contexts = [browser.new_context(**browser_context_args) for _ in range(2)]
    pages = [c.new_page() for c in contexts]
    for p in pages:
        p.goto(f"{server_url}/games/{bs_game}")
    yield pages
    for c in contexts:
        c.close()


def heading(page) -> str:
    return page.locator("#next .now h2").inner_text()


@on_the_table
def test_a_save_on_one_phone_shows_on_the_others_and_spares_what_they_type(page, phones, server_url, bs_game):
    page.goto(f"{server_url}/games/{bs_game}")
    second, third = phones
    assert heading(page) == heading(second) == heading(third) == "Hand 3"
    # The third phone is typing its hand when the first saves.
    gold = third.locator("form.entry-form input[name='players-0-gold']")
    gold.fill("20")
    gold.focus()
    saved = time.monotonic()
    bs_save(page)
    expect(page.locator("#next .now h2")).to_have_text("Hand 4")
    until(second, lambda: heading(second) == "Hand 4")
    print(f"\nanother phone's save shown after {time.monotonic() - saved:.1f} s")
    expect(second.locator("#log ol.log li")).to_have_count(3)
    expect(second.locator("#standings")).to_contain_text("65")  # Anna: 30 + 10 + 25
    # The typing phone: its standings and log follow, its form and its focus stay.
    until(third, lambda: heading(third) == "Hand 4")
    expect(third.locator("#log ol.log li")).to_have_count(3)
    expect(gold).to_have_value("20")
    assert third.evaluate("document.activeElement.name") == "players-0-gold"
    expect(third.locator("#next .meanwhile")).to_contain_text("Hand 3")
    shot(third, "follow-typing-kept")
    # Its save, told so, is the next hand: one tap.
    for seat, value in ((1, 20), (2, 20)):
        third.locator(f"form.entry-form input[name='players-{seat}-gold']").fill(str(value))
    third.get_by_role("button", name="Save the hand").tap()
    # The fourth hand was the last (each player deals once): the end shows on every phone.
    for phone in (third, page, second):
        expect(phone.locator("#outcome")).to_be_visible()
        expect(phone.locator("#log ol.log li")).to_have_count(4)


@on_the_table
def test_two_phones_saving_the_same_hand_at_once_store_it_once(page, phones, server_url, bs_game, live_app):
    page.goto(f"{server_url}/games/{bs_game}")
    second = phones[0]
    # Both type the same hand and tap Save at the same moment. (Typed first: a form nobody is
    # typing in follows the game, and a hand typed after the first was stored is the next one.)
    forms = [phone.locator("form.entry-form") for phone in (page, second)]
    for form in forms:
        for seat, gold in enumerate((25, 25, 15)):
            form.locator(f"input[name='players-{seat}-gold']").fill(str(gold))

    def posted(r):
        return r.url.endswith("/entries") and r.request.method == "POST"
    with page.expect_response(posted, timeout=30000) as one, second.expect_response(posted, timeout=30000) as two:
        for form in forms:
            form.get_by_role("button", name="Save the hand").tap()
    # One is stored, the other refused as meeting the same hand: never doubled, never lost.
    assert sorted([one.value.status, two.value.status]) in ([200, 409], [303, 409]), (one.value.status, two.value.status, live_app.extensions["store"].load(bs_game)["entries"][2:], one.value.request.post_data, two.value.request.post_data)
    entries = live_app.extensions["store"].load(bs_game)["entries"]
    assert len(entries) == 3
    assert [p["gold"] for p in entries[-1]["data"]["players"]] == [25, 25, 15, 15]


def test_a_page_left_alone_asks_with_its_tag_and_gets_304s(page, server_url, bs_game):
    answers: list[int] = []
    page.on("response", lambda r: answers.append(r.status) if r.url.endswith("/live") else None)
    page.goto(f"{server_url}/games/{bs_game}")
    until(page, lambda: len(answers) >= 3)
    assert set(answers) == {304}
