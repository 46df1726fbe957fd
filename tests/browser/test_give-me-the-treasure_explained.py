"""Give Me The Treasure on a phone explains itself (issue 26): tap a total, see how it was made,
tap back; the tie at the target and the Arrow's toss explained; at 200 % text, dark, EN and DE."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import on_the_table, shot
from tests.games.treasure import test_explained as explained
from tests.games.treasure.web.test_why import stored


def documented(live_app, stop: int | None = None) -> str:
    players, settings, entries = explained.documented()
    return stored(live_app.extensions["store"], players, settings, entries[:stop])


@on_the_table
def test_a_total_taps_open_its_making_and_back_to_the_game(page, server_url, live_app):
    game_id = documented(live_app)
    page.goto(f"{server_url}/games/{game_id}")
    with page.expect_navigation():
        page.locator("#standings a.why[href$='/why/score/1']").tap()
    expect(page.locator("h1")).to_contain_text("Coins of Bob")
    expect(page.locator("table.making tbody tr")).to_have_count(10)
    expect(page.locator("table.making tbody tr").nth(2)).to_contain_text("1 2 3 ★4")
    expect(page.locator("table.making tfoot")).to_contain_text("26")
    with page.expect_navigation():
        page.get_by_role("link", name="Back to the game").tap()
    assert re.search(rf"/games/{game_id}#standings$", page.url)
    # A running total of the turns table: Bob at turn 3's Inspection.
    with page.expect_navigation():
        page.locator(".turns a.why[href$='/why/after/3/1']").tap()
    expect(page.locator("table.making tbody tr").first).to_contain_text("After turn 2")
    expect(page.locator("table.making tfoot")).to_contain_text("24")
    page.go_back()
    expect(page.locator(".turns a.why[href$='/why/after/3/1']")).to_have_text("24")


@pytest.fixture
def large_dark(page):
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    page.emulate_media(color_scheme="dark")
    yield page
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 16, "fixed": 13}})


def fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_making_a_tie_and_a_draw_explained_at_200_percent_dark(large_dark, server_url, live_app, lang):
    page = large_dark
    ended, playing = documented(live_app), documented(live_app, 3)
    page.goto(server_url + "/")
    if lang == "de":
        with page.expect_navigation():
            page.locator(".lang").get_by_role("button", name="DE").tap()
    words = {"en": ("Coins of Bob", "Equal coins at the target after turn 3", "Drawn by the app"),
             "de": ("Münzen von Bob", "Gleich viele Münzen am Ziel nach Zug 3", "Von der App gezogen")}[lang]

    page.goto(f"{server_url}/games/{ended}")
    with page.expect_navigation():
        page.locator("#standings a.why[href$='/why/score/1']").tap()
    expect(page.locator("h1")).to_contain_text(words[0])
    fits(page)
    shot(page, f"treasure-why-making-200-dark-{lang}")

    page.goto(f"{server_url}/games/{ended}")
    with page.expect_navigation():
        page.locator("#outcome a.why[href$='/why/winner']").tap()
    expect(page.locator("main")).to_contain_text(words[1])
    fits(page)
    shot(page, f"treasure-why-tie-200-dark-{lang}")

    page.goto(f"{server_url}/games/{playing}")
    shot(page, f"treasure-why-game-200-dark-{lang}")
    with page.expect_navigation():
        page.locator(".tside a.why[href$='/why/divider']").tap()
    expect(page.locator(".draw")).to_contain_text(words[2])
    fits(page)
    shot(page, f"treasure-why-draw-200-dark-{lang}")
