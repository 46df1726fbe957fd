"""The entry that ends a game lands on its end: the ★ winner, the ranking and what decided
it are on the phone's screen after the save, without a scroll -- in each game."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from companion.history.transfer import import_record
from tests.browser.conftest import answered, on_the_table, shot
from tests.conftest import EXAMPLES
from tests.formpage import Browserless


def tie_choice(page):
    page.get_by_text("Share the win", exact=True).tap()
    page.get_by_role("button", name="Record the choice").tap()


def last_round(page):
    page.get_by_role("button", name="Save the round").tap()


def last_turn(page):
    page.get_by_role("button", name="Save the turn").tap()


def treasure_roll(page):
    page.get_by_role("button", name="Let the app draw").tap()


# Each game's documented example, its last entry taken back: the phone enters it again.
ENDS = {"beutelschneider": tie_choice, "beutezug": last_round, "give-me-the-treasure": last_turn,
        "loot-and-scoot": treasure_roll}


def one_entry_from_the_end(live_app, slug) -> str:
    store = live_app.extensions["store"]
    game_id = store.create(import_record(json.dumps(EXAMPLES[slug])))
    user = Browserless(live_app.test_client())
    user.open(f"/games/{game_id}")
    assert user.submit("/undo").status_code == 200
    return game_id


def entirely_on_screen(page, locator):
    box = locator.bounding_box()
    assert box is not None
    height = page.viewport_size["height"]
    assert box["y"] >= 0 and box["y"] + box["height"] <= height, (box, height)


@on_the_table
@pytest.mark.parametrize("slug", list(ENDS))
def test_the_save_that_ends_a_game_shows_its_winner_ranking_and_why(page, server_url, live_app, slug):
    game_id = one_entry_from_the_end(live_app, slug)
    page.goto(f"{server_url}/games/{game_id}#next")
    expect(page.locator("#outcome")).to_have_count(0)
    with answered(page):
        ENDS[slug](page)
    outcome = page.locator("#outcome")
    expect(outcome).to_contain_text("★")
    entirely_on_screen(page, outcome)  # the winner and what decided it
    entirely_on_screen(page, page.locator("table.standings"))  # the ranking
    expect(page.locator("#next .last")).to_contain_text("Last entry")  # Reopen is still there
    shot(page, f"end-{slug}", full_page=False)


def test_the_end_in_view_in_german_dark_and_at_200_percent_text(page, server_url, live_app):
    game_id = one_entry_from_the_end(live_app, "beutezug")
    page.goto(server_url + "/")
    with page.expect_navigation():
        page.locator(".lang").get_by_role("button", name="DE").tap()
    page.emulate_media(color_scheme="dark")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    try:
        page.goto(f"{server_url}/games/{game_id}#next")
        with answered(page):
            page.get_by_role("button", name="Runde speichern").tap()
        outcome = page.locator("#outcome")
        expect(outcome).to_contain_text("★")
        entirely_on_screen(page, outcome)
        # At double text the ranking begins on the screen, under the winner and why.
        winner_row = page.locator("table.standings tr.winner").bounding_box()
        assert 0 <= winner_row["y"] < page.viewport_size["height"] - 40, winner_row
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        shot(page, "end-beutezug-de-dark-200", full_page=False)
    finally:
        cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 16, "fixed": 13}})
        page.emulate_media(color_scheme="light")
