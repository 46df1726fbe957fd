"""A failed Beutezug heist entered on a phone at the table (issue 39): at 390x844 on the
Wi-Fi address, the round form chooses no bonus in advance, asks for the kept 0-card's bonus or
its point when it is left out, keeps what was typed, and stores the table's choice."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import answered, game_id_of, shot


@pytest.mark.parametrize("origin", ["lan-http"], indirect=True)
def test_a_failed_heist_is_asked_for_its_bonus_or_its_point(page, server_url, live_app):
    assert page.viewport_size == {"width": 390, "height": 844}
    page.goto(server_url + "/")
    assert server_url.startswith("http://spieltisch.lan:") and page.evaluate("window.isSecureContext") is False
    page.get_by_role("link", name="Beutezug").tap()
    for i, name in enumerate(["Vincenzo", "Kate", "Johnny"]):
        page.locator("input[name='player']").nth(i).fill(name)
    with page.expect_navigation():
        page.get_by_role("button", name="Start the game").tap()
    game_id = game_id_of(page)
    store = live_app.extensions["store"]
    with answered(page):
        page.get_by_role("button", name="Let the app draw").tap()

    rows = page.locator("form.entry-form fieldset.bz-row")
    expect(rows).to_have_count(3)
    assert page.locator("form.entry-form input[name$='-bonus']:checked").count() == 0
    # The first row failed its heist: its 0-card's bonus is not tapped; the others seized cards.
    rows.nth(0).locator("input[name$='-stack'][value='0'] + span").tap()
    for i, (stack, loot) in ((1, (2, 4)), (2, (3, 6))):
        rows.nth(i).locator(f"input[name$='-stack'][value='{stack}'] + span").tap()
        rows.nth(i).locator("input[name$='-loot']").fill(str(loot))
    with answered(page):
        page.get_by_role("button", name="Save the round").tap()
    asked = page.locator("fieldset.bz-row").nth(0).get_by_text("A 0-card is kept for its bonus or for 1 loot point")
    expect(asked).to_be_visible()
    assert [e["kind"] for e in store.load(game_id)["entries"]] == ["placement"]
    # What was typed stays; the message is in view of the row it is about.
    assert page.locator("fieldset.bz-row").nth(1).locator("input[name$='-loot']").input_value() == "4"
    asked.scroll_into_view_if_needed()
    box = asked.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    shot(page, "zero-card-asked", full_page=False)

    page.locator("fieldset.bz-row").nth(0).locator("input[name$='-bonus'][value='pink'] + span").tap()
    with answered(page):
        page.get_by_role("button", name="Save the round").tap()
    entries = store.load(game_id)["entries"]
    assert [e["kind"] for e in entries] == ["placement", "round"]
    first = entries[-1]["data"]["outcomes"][0]
    assert (first["stack"], first["bonus"]) == (0, "pink")
    shot(page, "zero-card-saved")
