"""Secrets stay on their phone (issue 38.3), with three phones on the table's own address: a
Give Me The Treasure choice opens only on its player's phone; the shared phone shows who
chooses where; once both are in, the keep is stored once."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import on_the_table, shot, until
from tests.formpage import Browserless
from tests.games.treasure.web.test_pages import start


@on_the_table
def test_a_treasure_choice_is_seen_only_on_its_players_phone(page, browser, browser_context_args, server_url, live_app):
    user = Browserless(live_app.test_client())
    game_id = start(user, ("Ann", "Bob"))
    user.submit("/draw")  # the app deals
    contexts = [browser.new_context(**browser_context_args) for _ in range(2)]
    ann, bob = (c.new_page() for c in contexts)
    try:
        for phone, name in ((ann, "Ann"), (bob, "Bob")):
            phone.goto(f"{server_url}/games/{game_id}/phone")
            phone.get_by_label(name, exact=True).check()
            phone.get_by_role("button", name="Save", exact=True).tap()
            expect(phone.locator("#next")).to_be_visible()
        page.goto(f"{server_url}/games/{game_id}")  # the shared phone
        expect(page.locator("details.secret")).to_have_count(0)
        expect(page.locator("#next")).to_contain_text("Ann chooses on their own phone.")
        for phone, own, other in ((ann, "Ann", "Bob"), (bob, "Bob", "Ann")):
            expect(phone.locator("details.secret")).to_have_count(1)
            expect(phone.locator("details.secret summary")).to_contain_text(f"{own}: tap to choose")
            expect(phone.locator("#next")).to_contain_text(f"{other} chooses on their own phone.")
        shot(ann, "secret-on-anns-phone", full_page=False)
        for phone, name in ((ann, "Ann"), (bob, "Bob")):
            panel = phone.locator("details.secret")
            panel.locator("summary").tap()
            keep = int(panel.get_attribute("data-keep"))
            for i in range(keep):
                panel.locator(".rchips label.chip").nth(i).tap()
            phone.get_by_role("button", name=f"Send my row ({name})").tap()
        until(page, lambda: len(live_app.extensions["store"].load(game_id)["entries"]) == 2)
        entries = live_app.extensions["store"].load(game_id)["entries"]
        assert [e["kind"] for e in entries] == ["deal", "keep"]
        # The cards each side holds: on its own phone, not on the shared one.
        until(page, lambda: "Ann sees their cards on their own phone." in page.locator("main").inner_text())
        expect(page.locator("details.secret", has_text="Cards of")).to_have_count(0)
        ann.reload()
        expect(ann.locator("details.secret", has_text="Cards of")).to_have_count(1)
        expect(ann.locator("details.secret", has_text="Cards of Ann")).to_have_count(1)
    finally:
        for c in contexts:
            c.close()
