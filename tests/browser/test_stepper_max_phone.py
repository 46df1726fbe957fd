"""The cutpurse counter's + goes as far as the game's "Cutpurses in the deck" setting."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.formpage import Browserless
from tests.games.beutelschneider.web import test_pages as beutelschneider


def test_the_cutpurse_counter_counts_to_the_cutpurses_in_the_deck(page, server_url, live_app):
    game_id = beutelschneider.start(Browserless(live_app.test_client()), cutpurses_in_deck="6")
    page.goto(f"{server_url}/games/{game_id}")
    field = page.locator("input[name='players-0-cutpurses']")
    more = page.get_by_role("button", name="Cutpurses: one more").first
    for _ in range(7):  # one tap past the deck
        more.tap()
    expect(field).to_have_value("6")
