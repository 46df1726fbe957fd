"""Three phones, a row each (issue 38.2), on the table's own address: a Beutelschneider hand
entered row by row and stored once; one phone offline while the others go on, its row sent
when it is back."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import on_the_table, shot, until


@pytest.fixture
def table(browser, browser_context_args, server_url, bs_game):
    """Three phones of the group with the game open, each holding its player's seat."""
    contexts = [browser.new_context(**browser_context_args) for _ in range(3)]
    pages = [c.new_page() for c in contexts]
    for seat, p in enumerate(pages):
        p.goto(f"{server_url}/games/{bs_game}/phone")
        p.get_by_label(("Anna", "Ben", "Cem")[seat], exact=True).check()
        p.get_by_role("button", name="Save", exact=True).tap()
        expect(p.locator("#next .now h2")).to_have_text("Hand 3")
    yield contexts, pages
    for c in contexts:
        c.close()


def send_row(page, seat: int, gold: int) -> None:
    form = page.locator("form.entry-form")
    form.locator(f"input[name='players-{seat}-gold']").fill(str(gold))
    form.get_by_role("button", name=f"Send my row ({('Anna', 'Ben', 'Cem')[seat]})").tap()


@on_the_table
def test_a_hand_entered_row_by_row_on_three_phones_is_stored_once(table, live_app, bs_game):
    _, (anna, ben, cem) = table
    send_row(anna, 0, 30)
    until(cem, lambda: "1 of 4 in (Anna)" in cem.locator("#next").inner_text())
    send_row(ben, 1, 20)
    until(anna, lambda: "2 of 4 in (Anna, Ben)" in anna.locator("#next").inner_text())
    shot(anna, "rows-two-of-four")
    # Cem sends his row and saves the rest: Dora's gold is 80 minus the rest, as on one phone.
    cem.locator("form.entry-form input[name='players-2-gold']").fill("10")
    cem.get_by_role("button", name="Save the hand").tap()
    for phone in (cem, anna, ben):
        until(phone, lambda phone=phone: phone.locator("#next .now h2").inner_text() == "Hand 4")
    entries = live_app.extensions["store"].load(bs_game)["entries"]
    assert len(entries) == 3 and [p["gold"] for p in entries[-1]["data"]["players"]] == [30, 20, 10, 20]


@on_the_table
def test_a_row_typed_offline_is_sent_when_the_phone_is_back(table, live_app, bs_game):
    contexts, (anna, ben, cem) = table
    contexts[2].set_offline(True)
    send_row(cem, 2, 10)  # kept on the phone
    send_row(anna, 0, 30)
    send_row(ben, 1, 20)
    until(anna, lambda: "2 of 4 in" in anna.locator("#next").inner_text())
    assert len(live_app.extensions["store"].load(bs_game)["entries"]) == 2
    contexts[2].set_offline(False)
    cem.evaluate("dispatchEvent(new Event('online'))")
    until(anna, lambda: "3 of 4 in (Anna, Ben, Cem)" in anna.locator("#next").inner_text())
    assert len(live_app.extensions["store"].load(bs_game)["entries"]) == 2  # Dora's row still to come
