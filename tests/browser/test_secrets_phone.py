"""Give Me The Treasure's hidden cards stay hidden on the one phone handed round: one secret
panel open at a time, and a player's panel closes itself once their cards are chosen."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import answered, shot
from tests.formpage import Browserless
from tests.games.treasure.web.test_pages import start


def test_opening_a_players_cards_closes_the_others_and_choosing_closes_it(page, server_url, live_app):
    user = Browserless(live_app.test_client())
    game_id = start(user, ("Anna", "Ben", "Clara", "Dora"), teams="0,1,0,1")
    user.open(f"/games/{game_id}")
    user.submit("/entries", {"bandits-0": "chipo", "bandits-1": "joe", "bandits-2": "chipo", "bandits-3": "joe",
                             "first_divider": "0"})
    page.goto(f"{server_url}/games/{game_id}")
    with answered(page):
        page.get_by_role("button", name="Let the app draw").tap()
    panels = page.locator("details.secret")
    expect(panels).to_have_count(4)
    opened = page.locator("details.secret[open]")

    def panel(name):
        return page.locator("details.secret", has=page.locator("summary", has_text=f"{name}: tap to choose"))

    # Anna chooses: her panel closes by itself once her cards are chosen.
    anna = panel("Anna")
    anna.locator("summary").tap()
    expect(opened).to_have_count(1)
    keep = int(anna.get_attribute("data-keep"))
    chips = anna.locator(".rchips label.chip")
    for i in range(keep):
        expect(anna).to_have_attribute("open", "")
        chips.nth(i).tap()
    expect(opened).to_have_count(0)
    expect(anna.locator("input:checked")).to_have_count(keep)  # kept, only hidden

    # Ben opens his and leaves it open; Clara takes the phone and opens hers: Ben's closes.
    ben, clara = panel("Ben"), panel("Clara")
    ben.locator("summary").tap()
    expect(ben.locator(".rchips")).to_be_visible()
    clara.locator("summary").tap()
    expect(opened).to_have_count(1)
    expect(clara).to_have_attribute("open", "")
    expect(ben.locator(".rchips")).to_be_hidden()
    expect(anna.locator(".rchips")).to_be_hidden()
    shot(page, "secret-clara-open", full_page=False)

    # Anna's choice is still what is sent.
    for name in ("Ben", "Clara", "Dora"):  # a team's two choose from one hand: different cards
        who = panel(name)
        if who.get_attribute("open") is None:
            who.locator("summary").tap()
        who.locator(".rchips label.chip").nth(0 if name == "Ben" else 1).tap()
    expect(opened).to_have_count(0)
    with answered(page):
        page.get_by_role("button", name="Keep these cards").tap()
    entries = live_app.extensions["store"].load(game_id)["entries"]
    shot(page, "secret-kept", full_page=False)
    assert entries[-1]["kind"] == "keep", page.locator("main").inner_text()[:1500]
