"""What static/js/app/steppers.js adds to a form on the table's phone (plain http on the
Wi-Fi, 390x844): a stack tapped on a Beutezug row moves on to its loot, so the next thing
typed is the loot; a failed heist (0) has no loot and stays; a counter's − stops at its
least and its + at its most."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.formpage import Browserless
from tests.games.beutelschneider.web import test_pages as beutelschneider
from tests.games.beutezug.web.test_pages import place
from tests.games.beutezug.web.test_pages import start as start_beutezug


@pytest.mark.parametrize("origin", ["lan-http"], indirect=True)
def test_a_tapped_stack_moves_on_to_its_loot(page, server_url, live_app, origin):
    user = Browserless(live_app.test_client())
    game_id = start_beutezug(user)
    place(user, 0, 1, 2)
    page.goto(f"{server_url}/games/{game_id}")
    rows = page.locator("form.entry-form fieldset.bz-row")
    rows.nth(0).locator("input[name$='-stack'][value='3'] + span").tap()
    loot = rows.nth(0).locator("input[name$='-loot']")
    expect(loot).to_be_focused()
    page.keyboard.type("5")
    expect(loot).to_have_value("5")
    # A failed heist has no loot to type: the focus stays on the chip.
    rows.nth(1).locator("input[name$='-stack'][value='0'] + span").tap()
    expect(rows.nth(1).locator("input[name$='-stack'][value='0']")).to_be_focused()


@pytest.mark.parametrize("origin", ["lan-http"], indirect=True)
def test_a_counter_stays_between_its_least_and_its_most(page, server_url, live_app, origin):
    game_id = beutelschneider.start(Browserless(live_app.test_client()), cutpurses_in_deck="2")
    page.goto(f"{server_url}/games/{game_id}")
    field = page.locator("input[name='players-2-cutpurses']")
    fewer = page.get_by_role("button", name="Cutpurses: one fewer").nth(2)
    more = page.get_by_role("button", name="Cutpurses: one more").nth(2)
    # Beside the field, as large as a thumb, not inside its label.
    assert field.evaluate("f => f.parentNode.className") == "step"
    assert page.locator("label[for='players-2-cutpurses'] button").count() == 0
    assert fewer.bounding_box()["height"] >= 44
    fewer.tap()
    expect(field).to_have_value("0")
    for _ in range(3):
        more.tap()
    expect(field).to_have_value("2")
    fewer.tap()
    expect(field).to_have_value("1")
    expect(page.locator("form.entry-form")).to_have_attribute("data-typed", "1")  # typed: kept
