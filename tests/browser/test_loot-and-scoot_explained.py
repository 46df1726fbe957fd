"""Loot and Scoot explains itself on a phone (390×844): tap a total, see how the rules made it,
go back; the tie chain at the end; in English and German, dark, at 200 % text."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from companion.record.entries import add_entry, new_record
from tests.browser.conftest import on_the_table, shot
from tests.games.scoot.test_game import FINAL_THREE, THREE_PLAYER_GAME


def stored(live_app, items):
    record = new_record("loot-and-scoot", ["Adam", "Beth", "Carl"], {})
    for kind, data in items:
        record = add_entry(record, kind, data)
    return live_app.extensions["store"].create(record)


@on_the_table
def test_a_tap_on_a_total_opens_its_making_and_back_returns_to_the_game(page, server_url, live_app):
    game_id = stored(live_app, THREE_PLAYER_GAME[:6])   # Adam loots levels 1, 2 and 3 and leaves
    page.goto(f"{server_url}/games/{game_id}")
    adam = page.locator("table.standings tr", has_text="Adam")
    expect(adam.get_by_role("link", name="14")).to_be_visible()
    with page.expect_navigation():
        adam.get_by_role("link", name="14").tap()
    expect(page.get_by_role("heading", name="Gold of Adam")).to_be_visible()
    making = page.locator("table.making")
    expect(making).to_contain_text("3 gp × level 3, the highest room looted this turn")
    expect(making.locator("tfoot")).to_contain_text("14")
    making.get_by_role("link", name="Entry 6").first.wait_for()
    with page.expect_navigation():
        page.get_by_role("link", name="Back to the game").tap()
    expect(page.locator("table.standings")).to_be_visible()
    assert f"/games/{game_id}" in page.url


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_making_and_a_tie_explained_in_dark_at_200_percent_text(page, server_url, live_app, lang):
    game_id = stored(live_app, [*THREE_PLAYER_GAME, FINAL_THREE, ("treasure_roll", {"dice": [2, 3]})])
    page.goto(server_url + "/")
    if lang == "de":
        with page.expect_navigation():
            page.locator(".lang").get_by_role("button", name="DE").tap()
    page.emulate_media(color_scheme="dark")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    try:
        page.goto(f"{server_url}/games/{game_id}")
        chain = page.locator("ol.scoot-chain")
        expect(chain).to_contain_text("Adam 33, Carl 14")
        chain.scroll_into_view_if_needed()
        shot(page, f"scoot-tie-chain-{lang}-dark-200", full_page=False)
        with page.expect_navigation():
            page.locator("table.standings tr", has_text="Adam").get_by_role("link", name="32").tap()
        expect(page.locator("table.making tfoot")).to_contain_text("32")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        shot(page, f"scoot-making-vp-{lang}-dark-200")
        page.goto(f"{server_url}/games/{game_id}/why/winner")
        expect(page.locator("p.rule").last).to_contain_text("money" if lang == "en" else "Geld")
        shot(page, f"scoot-why-winner-{lang}-dark-200")
        page.goto(f"{server_url}/games/{game_id}/why/place/2")
        expect(page.locator("p.rule").last).to_contain_text("14")
        shot(page, f"scoot-why-place-{lang}-dark-200")
    finally:
        cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 16, "fixed": 13}})
        page.emulate_media(color_scheme="light")
