"""Beutelschneider on a phone: create, four hands, a double tap, undo, a correction."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.conftest import PAGE_BUDGET, answered, game_id_of, shot, weights


def enter_hand(page, golds, cutpurses=(), double_tap=False):
    form = page.locator("form.entry-form")
    for seat, gold in enumerate(golds):
        field = form.locator(f"input[name='players-{seat}-gold']")
        field.fill("" if gold is None else str(gold))
    for seat, count in enumerate(cutpurses):
        for _ in range(count):
            form.locator(f"input[name='players-{seat}-cutpurses']").locator("xpath=..").get_by_role(
                "button", name="Cutpurses: one more").tap()
    button = form.get_by_role("button", name="Save the hand")
    with answered(page):
        if double_tap:
            button.dblclick()
        else:
            button.tap()


def totals(page):
    rows = page.locator("table.standings tbody tr")
    out = {}
    for i in range(rows.count()):
        cells = rows.nth(i).locator("td")
        # The score's cell also says how far the seat is from the limit ("15 to go"), under it.
        score = cells.nth(2).inner_text().split("\n")[0]
        out[cells.nth(1).inner_text().split("\n")[0]] = int(score.replace(",", ""))
    return out


def test_a_table_plays_four_hands_with_a_double_tap_an_undo_and_a_correction(page, server_url, live_app):
    page.goto(server_url + "/")
    page.get_by_role("link", name="Beutelschneider").tap()
    for i, name in enumerate(["Anna", "Ben", "Cem", "Dora"]):
        page.locator("input[name='player']").nth(i).fill(name)
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_text("Anna deals.")).to_be_visible()
    expect(page.get_by_text("11 cards each")).to_be_visible()

    # Tap targets are large enough for a thumb.
    box = page.get_by_role("button", name="Save the hand").bounding_box()
    assert box["height"] >= 44

    enter_hand(page, [30, 20, 20, None], cutpurses=[0, 1, 0, 0], double_tap=True)
    store = live_app.extensions["store"]
    game_id = game_id_of(page)
    assert len(store.load(game_id)["entries"]) == 1  # the double tap stored one hand
    assert totals(page) == {"Anna": 30, "Ben": 0, "Cem": 20, "Dora": 10}
    expect(page.get_by_text("Ben deals.")).to_be_visible()

    enter_hand(page, [10, 40, 10, 20])
    enter_hand(page, [25, 25, 15, 15])
    enter_hand(page, [20, 20, 20, 20])  # a mistake: Cem kept two cutpurses
    assert len(store.load(game_id)["entries"]) == 4
    with answered(page):
        page.get_by_role("button", name=re.compile("Undo the last entry")).tap()
    assert len(store.load(game_id)["entries"]) == 3
    enter_hand(page, [20, 20, 20, 20], cutpurses=[0, 0, 2, 0])
    assert totals(page) == {"Anna": 85, "Ben": 85, "Dora": 65, "Cem": 25}

    # Correct the first hand: Anna had 40, not 30; Dora 0.
    page.locator("ol.log li").first.get_by_role("link", name="Correct").tap()
    # The game page's next hand has the same fields: fill them on the correction page only.
    page.wait_for_url("**/entries/*/edit")
    page.locator("input[name='players-0-gold']").fill("40")
    page.locator("input[name='players-3-gold']").fill("0")
    with answered(page):
        page.get_by_role("button", name="Save the hand").tap()
    expect(page.locator("ol.log li").first.locator(".was")).to_contain_text("edited")
    assert totals(page) == {"Anna": 95, "Ben": 85, "Dora": 55, "Cem": 25}
    shot(page, "beutelschneider-game")

    # The page stays small on bad Wi-Fi.
    loaded, answer = weights(page)
    assert loaded <= PAGE_BUDGET and answer <= 12 * 1024
