"""Beutezug explains itself on a phone at 390×844: tap a total, read its making, tap back; a tie
explained; in German, dark and at 200 % text (issue 26)."""
from __future__ import annotations

import json
from contextlib import contextmanager

from playwright.sync_api import expect

from companion.history.transfer import import_record
from companion.record.entries import add_entry, new_record
from tests.browser.conftest import on_the_table, shot
from tests.conftest import EXAMPLES
from tests.games.beutezug.test_game import FULL_GAME


def in_play(live_app) -> str:
    """The rulebook's three thieves before round 5: Vincenzo holds the 6 loot chip."""
    store = live_app.extensions["store"]
    game_id = store.create(new_record("beutezug", ["Vincenzo", "Kate", "Johnny"], {}))
    for kind, data in FULL_GAME[:6]:
        store.update(game_id, lambda r, kind=kind, data=data: add_entry(r, kind, data))
    return game_id


def ended(live_app) -> str:
    """The documented example: Kate beats Johnny on 40 by her second-highest loot card."""
    return live_app.extensions["store"].create(import_record(json.dumps(EXAMPLES["beutezug"])))


@contextmanager
def german_dark_large(page, server_url):
    page.goto(server_url + "/")
    with page.expect_navigation():
        page.locator(".lang").get_by_role("button", name="DE").tap()
    page.emulate_media(color_scheme="dark")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    try:
        yield
    finally:
        cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 16, "fixed": 13}})
        page.emulate_media(color_scheme="light")


@on_the_table
def test_tap_a_total_see_its_making_and_tap_back(page, server_url, live_app):
    game_id = in_play(live_app)
    page.goto(f"{server_url}/games/{game_id}")
    vincenzo = page.locator(".bz-players li").filter(has_text="Vincenzo")
    total = vincenzo.locator(".bz-pts a.why")
    expect(total).to_have_text("19 pts")
    shot(page, "beutezug-why-links")
    with page.expect_navigation():
        total.tap()
    expect(page.get_by_role("heading", name="Loot points of Vincenzo")).to_be_visible()
    making = page.locator("table.making")
    expect(making.locator("tbody tr")).to_have_count(5)
    expect(making.locator("tbody tr").nth(4)).to_contain_text("Round 4: loot chip")
    expect(making.locator("tbody tr").nth(4)).to_contain_text("+6")
    expect(making.locator("tfoot")).to_contain_text("19")
    expect(page.get_by_text("Your loot points are the loot on your loot cards plus your loot chip.")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "beutezug-why-making")
    with page.expect_navigation():
        page.get_by_role("link", name="Back to the game").tap()
    assert page.url.endswith(f"/games/{game_id}#standings")
    expect(page.locator(".bz-players")).to_be_visible()

    # A card and the placement chip open theirs the same way.
    with page.expect_navigation():
        vincenzo.locator(".bz-cards a.why").first.tap()
    expect(page.get_by_role("heading", name="Loot card of Vincenzo, round 1")).to_be_visible()


def test_a_derivation_and_a_tie_in_german_dark_at_200_percent_text(page, server_url, live_app):
    playing, done = in_play(live_app), ended(live_app)
    with german_dark_large(page, server_url):
        page.goto(f"{server_url}/games/{playing}")
        with page.expect_navigation():
            page.locator(".bz-players li").filter(has_text="Vincenzo").locator(".bz-pts a.why").tap()
        expect(page.get_by_role("heading", name="Beutepunkte von Vincenzo")).to_be_visible()
        expect(page.locator("table.making tbody tr").nth(4)).to_contain_text("Runde 4: Beutechip")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        shot(page, "beutezug-why-making-de-dark-200")

        page.goto(f"{server_url}/games/{done}")
        with page.expect_navigation():
            page.locator("#outcome a.why").tap()
        expect(page.get_by_role("heading", name="Sieg: Kate")).to_be_visible()
        expect(page.get_by_text("Zweithöchste Beutekarte: Kate 10, Johnny 9. Kate liegt vorn.")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        shot(page, "beutezug-why-tie-de-dark-200")

        # A tie for a place, broken by the table's draw: the draw and who made it.
        page.goto(f"{server_url}/games/{done}/why/placement/4/1")
        expect(page.locator("p.draw")).to_contain_text("Vom Tisch eingetragen")
        shot(page, "beutezug-why-draw-de-dark-200")


def test_a_tie_explained_in_english_dark_at_200_percent_text(page, server_url, live_app):
    done = ended(live_app)
    page.emulate_media(color_scheme="dark")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    page.goto(f"{server_url}/games/{done}")
    with page.expect_navigation():
        page.locator("table.standings").get_by_role("link", name="2", exact=True).tap()
    expect(page.get_by_role("heading", name="Place 2: Johnny")).to_be_visible()
    expect(page.get_by_text("Second-highest loot card: Kate 10, Johnny 9. Kate is ahead.")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "beutezug-why-tie-en-dark-200")
    page.goto(f"{server_url}/games/{done}/why/score/0")
    shot(page, "beutezug-why-making-en-dark-200")
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 16, "fixed": 13}})
