"""At phone size: a new phone joins the group with its code and browses a player's statistics."""
from __future__ import annotations

from playwright.sync_api import expect

from companion.history import groups
from tests.browser.conftest import shot
from tests.history.conftest import FIXTURE, finished_game


def test_a_phone_joins_the_group_and_browses_a_players_statistics(page, server_url, live_app):
    store = live_app.extensions["store"]
    for i, (golds, minutes) in enumerate(FIXTURE):
        finished_game(store, golds, day=i + 1, minutes=minutes)
    groups.set_code(store, "household", "tavern-42")

    page.goto(server_url + "/stats")
    expect(page.get_by_role("heading", name="Join a group")).to_be_visible()
    page.get_by_label("Group").fill("Household")
    page.get_by_label("Access code").fill("wrong")
    with page.expect_navigation():
        page.get_by_role("button", name="Join").tap()
    expect(page.get_by_role("alert")).to_have_text("Wrong group name or access code.")
    page.get_by_label("Group").fill("Household")
    page.get_by_label("Access code").fill("tavern-42")
    shot(page, "history-join")
    with page.expect_navigation():
        page.get_by_role("button", name="Join").tap()
    # Back where it wanted to go: the statistics, with the group's navigation.
    expect(page.get_by_role("heading", name="Statistics")).to_be_visible()
    expect(page.locator("nav.areas a[aria-current]")).to_have_text("Statistics")
    with page.expect_navigation():
        page.locator("table.stats").get_by_role("link", name="Anna").tap()
    figures = {page.locator(".figures dt").nth(i).inner_text(): page.locator(".figures dd").nth(i).inner_text()
               for i in range(page.locator(".figures dt").count())}
    assert figures["Games"] == "5" and figures["Wins"] == "3" and figures["Win rate"] == "60%"
    assert figures["Longest winning streak"] == "2"
    page.get_by_label("Against").select_option("Ben")
    with page.expect_navigation():
        page.get_by_role("button", name="Compare").tap()
    expect(page.locator("table.duel")).to_contain_text("Finished ahead")
    # Nothing is wider than the phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "history-player-stats")
    page.emulate_media(color_scheme="dark")
    shot(page, "history-player-stats-dark")
    with page.expect_navigation():
        page.get_by_role("link", name="Beutelschneider").first.tap()
    expect(page.locator("table.stats tbody tr").first).to_contain_text("Anna")
    shot(page, "history-game-stats")
    with page.expect_navigation():
        page.locator("nav.areas").get_by_role("link", name="History").tap()
    expect(page.locator("h1")).to_contain_text("5 finished games")
    shot(page, "history-list")
    with page.expect_navigation():
        page.locator("nav.areas").get_by_role("link", name="Group").tap()
    expect(page.locator(".qrbox svg")).to_be_visible()
    shot(page, "history-group")
