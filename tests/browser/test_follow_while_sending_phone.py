"""A phone whose form is on its way is not followed meanwhile: follow.js asks app.js
(``window.lootLedger.sending``, static/js/app/shared.js) and waits, so another phone's save
never swaps the page under the "Sending…" box; the answer brings it, with that save in it."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import bs_save, until


@pytest.mark.parametrize("origin", ["lan-http"], indirect=True)
def test_a_phone_sending_is_not_followed_until_its_answer(page, browser, browser_context_args, server_url,
                                                          bs_game, live_app, origin):
    other = browser.new_context(**browser_context_args).new_page()
    game = f"{server_url}/games/{bs_game}"
    page.goto(game)
    other.goto(game)
    held: list = []
    page.route("**/note", lambda route: held.append(route) if route.request.method == "POST" else route.continue_())
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if r.url.endswith("/live") else None)
    polls: list[str] = []
    other.on("request", lambda r: polls.append(r.url) if r.url.endswith("/live") else None)

    page.fill("#note", "Birthday")
    page.get_by_role("button", name="Save the note").tap()
    until(page, lambda: len(held) == 1)
    asked.clear()
    bs_save(other)  # the other phone saves the third hand meanwhile
    expect(other.locator("#next .now h2")).to_have_text("Hand 4")
    # Three more rounds of the other phone's following: this one asked nothing meanwhile.
    seen = len(polls)
    until(other, lambda: len(polls) >= seen + 3)
    assert asked == []
    expect(page.locator("#next .now h2")).to_have_text("Hand 3")

    held[0].continue_()
    expect(page.locator("#next .now h2")).to_have_text("Hand 4")  # the answer, with the other's hand
    until(page, lambda: live_app.extensions["store"].load(bs_game).get("note") == "Birthday")
    other.context.close()
