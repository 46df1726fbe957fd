"""The table's own screen: a tablet lying in the middle of the table or a laptop at its end
(>= 900 px) shows the standings beside the next step in larger type; the share view is the
scoreboard everyone reads from their chair."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import bs_setup, shot
from tests.browser.test_table_loop import share
from tests.formpage import Browserless

TABLET = {"viewport": {"width": 1280, "height": 800}, "device_scale_factor": 1, "has_touch": True}


@pytest.fixture
def tablet(browser):
    context = browser.new_context(**TABLET)
    yield context.new_page()
    context.close()


def box(page, selector):
    return page.locator(selector).first.bounding_box()


def root_px(page) -> float:
    return page.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)")


def test_the_standings_sit_beside_the_next_form_in_larger_type(tablet, page, server_url, live_app):
    game_id = bs_setup(Browserless(live_app.test_client()), live_app.extensions["store"])
    page.goto(f"{server_url}/games/{game_id}")
    phone = root_px(page)
    tablet.goto(f"{server_url}/games/{game_id}")
    standings, form = box(tablet, "#standings"), box(tablet, "#next")
    assert standings["x"] + standings["width"] <= form["x"]  # side by side ...
    assert abs(standings["y"] - form["y"]) < 40  # ... from the same height down
    assert root_px(tablet) > phone  # read from across the table
    assert box(tablet, "main")["width"] > 1000  # the screen used, not a 600 px column
    # The form still saves from there.
    form_ = tablet.locator("form.entry-form")
    for seat, gold in enumerate((25, 25, 15)):
        form_.locator(f"input[name='players-{seat}-gold']").fill(str(gold))
    form_.get_by_role("button", name="Save the hand").click()
    expect(tablet.locator(".now h2")).to_have_text("Hand 4")
    standings, form = box(tablet, "#standings"), box(tablet, "#next")
    assert standings["x"] + standings["width"] <= form["x"]
    shot(tablet, "table-screen-game", full_page=False)


def test_a_phone_keeps_one_column(page, server_url, live_app):
    game_id = bs_setup(Browserless(live_app.test_client()), live_app.extensions["store"])
    page.goto(f"{server_url}/games/{game_id}")
    standings, form = box(page, "#standings"), box(page, "#next")
    assert form["y"] >= standings["y"] + standings["height"]


def test_the_share_view_is_a_scoreboard_on_a_big_screen(tablet, page, server_url, live_app):
    user = Browserless(live_app.test_client())
    game_id = bs_setup(user, live_app.extensions["store"])
    link = share(user, game_id)
    page.goto(server_url + link)
    small = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.standings')).fontSize)")
    tablet.goto(server_url + link)
    big = tablet.evaluate("parseFloat(getComputedStyle(document.querySelector('.standings')).fontSize)")
    assert big >= 1.5 * small
    standings, now = box(tablet, ".standings"), box(tablet, ".now")
    assert standings["x"] + standings["width"] <= now["x"]
    tablet.emulate_media(color_scheme="dark")
    shot(tablet, "table-screen-share-dark", full_page=False)
