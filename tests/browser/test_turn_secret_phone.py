"""A Give Me The Treasure turn at a table with a phone for Ann (issue 38.3): her side's Resale,
with the panel of the Reinforcements she holds, opens on her phone alone; the shared phone
enters Bob's side and its Save waits for Ann's row; Ann's row, typed while her phone was
offline, is sent when it is back, and the turn is stored once with the rules' checks."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import on_the_table, shot, until
from tests.browser.test_offline_first_visit_phone import looks
from tests.browser.test_table_loop import axe_clean
from tests.browser.test_treasure_phone import tap_cards
from tests.formpage import Browserless
from tests.games.treasure.web.test_pages import ready


@on_the_table
def test_a_sides_reinforcements_are_typed_on_its_phone_only_and_the_turn_waits(page, browser, browser_context_args,
                                                                               server_url, live_app):
    store = live_app.extensions["store"]
    game_id = ready(Browserless(live_app.test_client()))  # Ann keeps Super Rou-Rou and Viper
    context = browser.new_context(**browser_context_args)
    ann = context.new_page()
    try:
        ann.goto(f"{server_url}/games/{game_id}/phone")
        ann.get_by_label("Ann", exact=True).check()
        ann.get_by_role("button", name="Save", exact=True).tap()
        expect(ann.locator("#next")).to_be_visible()
        page.goto(f"{server_url}/games/{game_id}")  # the shared phone
        side = page.locator("fieldset.side-resale").first
        expect(side).to_contain_text("Ann enters this on their own phone.")
        expect(page.locator("details.secret", has_text="Reinforcements called by Ann")).to_have_count(0)
        expect(page.locator("input[name='sides-0-reinforcements']")).to_have_count(0)
        expect(ann.locator("details.secret", has_text="Reinforcements called by Ann")).to_have_count(1)

        # Ann's phone drops off the Wi-Fi while she enters her side: it waits on the phone.
        context.set_offline(True)
        tap_cards(ann, "sides-0-combinations-0", ["red1", "red2", "red3"])
        ann.locator("summary", has_text="Reinforcements called by Ann").tap()
        ann.locator("label.chip:has(input[name='sides-0-reinforcements'][value='super_rou_rou'])").tap()
        ann.get_by_role("button", name="Send my row (Ann)").tap()
        expect(ann.locator("body")).to_contain_text("Not saved yet")

        # The shared phone enters Bob's side; its Save keeps it and the turn waits for Ann's.
        tap_cards(page, "sides-1-combinations-0", ["red5", "blue5"])
        page.get_by_role("button", name="Save the turn").tap()
        expect(page.locator("#next")).to_contain_text("the turn is stored as soon as the part of Ann is in")
        expect(page.locator("#next p.draft")).to_contain_text("1 of 2 in (Bob)")
        shot(page, "turn-waits-for-anns-row")
        axe_clean(page, "a turn waiting for a side's row")
        assert [e["kind"] for e in store.load(game_id)["entries"]] == ["deal", "keep"]

        context.set_offline(False)
        ann.evaluate("dispatchEvent(new Event('online'))")
        until(page, lambda: len(store.load(game_id)["entries"]) == 3)
        turn = store.load(game_id)["entries"][-1]
        assert turn["kind"] == "turn" and turn["data"]["sides"][0]["reinforcements"] == ["super_rou_rou"]
        assert turn["data"]["sides"][1]["combinations"] == [["red5", "blue5"]]
        for phone in (page, ann):
            until(phone, lambda phone=phone: "11 of 20 coins" in phone.locator("main").inner_text())
        expect(page.locator("main")).to_contain_text("4 of 20 coins")
        shot(ann, "turn-stored-on-anns-phone")
    finally:
        context.close()


@on_the_table
@pytest.mark.browser_context_args(locale="de-DE")
def test_a_turn_the_rules_refuse_once_the_last_row_is_in_keeps_every_row(page, browser, browser_context_args,
                                                                          server_url, live_app, origin):
    """In German, in the dark and at 200 % text too: the shared phone's part is kept, Ann's row
    completes a turn the rules refuse (Bob's two cards are no combination), her phone shows why
    next to the field with everything kept, and nothing is stored."""
    store = live_app.extensions["store"]
    game_id = ready(Browserless(live_app.test_client()))
    context = browser.new_context(**{**browser_context_args, "locale": "de-DE"})
    ann = context.new_page()
    try:
        ann.goto(f"{server_url}/games/{game_id}/phone")
        ann.get_by_label("Ann", exact=True).check()
        ann.get_by_role("button", name="Speichern", exact=True).tap()
        expect(ann.locator("#next")).to_be_visible()
        page.goto(f"{server_url}/games/{game_id}")
        expect(page.locator("fieldset.side-resale").first).to_contain_text("Ann gibt das auf dem eigenen Handy ein.")
        tap_cards(page, "sides-1-combinations-0", ["red1", "blue5"])
        page.get_by_role("button", name="Zug speichern").tap()
        expect(page.locator("#next")).to_contain_text("sobald der Teil von Ann da ist")
        looks(page, f"turn-waits-de-{origin}")
        until(ann, lambda: "1 von 2" in ann.locator("#next p.draft").inner_text())
        tap_cards(ann, "sides-0-combinations-0", ["red1", "red2", "red3"])
        ann.get_by_role("button", name="Meine Zeile senden (Ann)").tap()
        expect(ann.locator("#refusal")).to_be_visible()
        looks(ann, f"turn-refused-on-anns-phone-de-{origin}")
        assert [e["kind"] for e in store.load(game_id)["entries"]] == ["deal", "keep"]
        assert len(store.read_state(f"draft-{game_id}")["rows"]) == 2
        # Bob has no phone: the row the shared phone kept for him is still its to change there.
        until(page, lambda: "2 von 2" in page.locator("#next p.draft").inner_text())
        bob = "input[name='sides-1-combinations-0']"
        expect(page.locator(f"{bob}[value='red1']")).to_be_checked()
        expect(page.locator(f"{bob}[value='red1']")).to_be_enabled()
        page.locator(f"label.tc:has({bob}[value='red1'])").tap()
        tap_cards(page, "sides-1-combinations-0", ["red5"])
        page.get_by_role("button", name="Zug speichern").tap()
        until(page, lambda: len(store.load(game_id)["entries"]) == 3)
        turn = store.load(game_id)["entries"][-1]["data"]["sides"]
        assert turn[0]["combinations"] == [["red1", "red2", "red3"]] and turn[1]["combinations"] == [["red5", "blue5"]]
    finally:
        context.close()
