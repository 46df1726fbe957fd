"""On the phone: tap a Beutelschneider total, read how it was made, go back (issue 26)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import on_the_table, shot
from tests.games.beutelschneider.web.test_why import stored


def wide(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


@on_the_table
def test_a_tapped_total_shows_its_making_and_back_leads_to_the_game(page, server_url, bs_game):
    page.goto(f"{server_url}/games/{bs_game}")
    expect(page.locator("table.standings")).to_contain_text("40 to go")  # Ben: 60 of 100
    page.locator("table.hands a[href$='/why/total/2/1']").tap()
    expect(page.get_by_role("heading", name=re.compile("Ben after hand 2"))).to_be_visible()
    making = page.locator("table.making")
    expect(making).to_contain_text("Hand 1")
    expect(making).to_contain_text("Hand 2")
    expect(making.locator("tfoot")).to_contain_text("60")
    assert wide(page) <= 390
    shot(page, "beutelschneider-why-total", full_page=False)
    page.get_by_role("link", name="Back to the game").tap()
    expect(page).to_have_url(re.compile(rf"/games/{bs_game}#standings$"))
    # The hand's own score, from the table's small number under the total.
    page.locator("table.hands a[href$='/why/hand/2/1']").tap()
    expect(page.locator("table.making")).to_contain_text("Hand 2: gold")
    page.get_by_role("link", name="The rule in the reference").tap()
    expect(page).to_have_url(re.compile(r"/rules/beutelschneider#scoring-a-hand$"))


SHARED = [("hand", {"players": [{"gold": 50}, {"gold": 30}, {"gold": 0}]}),
          ("hand", {"players": [{"gold": 50}, {"gold": 30, "cutpurses": 1, "other": 20,
                                                "events": {"guard": 2, "muscleman": 2}}, {"gold": 0}]}),
          ("tie_choice", {"choice": "share"})]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_making_and_a_tie_explained_at_200_percent_in_the_dark(page, server_url, live_app, lang):
    game_id = stored(live_app.extensions["store"], ["Anna", "Ben", "Cem"], {}, SHARED)
    page.emulate_media(color_scheme="dark")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    page.goto(f"{server_url}/games/{game_id}")
    if lang == "de":
        with page.expect_navigation():
            page.locator(".lang").get_by_role("button", name="DE").tap()
    assert wide(page) <= 390
    shot(page, f"beutelschneider-why-game-{lang}")
    page.locator("table.hands a[href$='/why/hand/2/1']").tap()
    making = page.locator("table.making")
    expect(making).to_contain_text("Muskelmann: 2 Schankmägde" if lang == "de" else "Muscleman: 2 Tavern Maids")
    expect(making.locator("tfoot")).to_contain_text("70")
    assert wide(page) <= 390
    shot(page, f"beutelschneider-why-hand-{lang}")
    page.goto(f"{server_url}/games/{game_id}")
    page.locator("#outcome a.why").tap()
    expect(page.locator(".draw")).to_contain_text("Vom Tisch eingetragen" if lang == "de" else "Entered by the table")
    expect(page.locator("main")).to_contain_text("Anna und Ben" if lang == "de" else "Anna and Ben")
    assert wide(page) <= 390
    shot(page, f"beutelschneider-why-tie-{lang}")
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 16, "fixed": 13}})
