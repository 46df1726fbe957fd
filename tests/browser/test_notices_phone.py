"""Without JavaScript, a notice is said once, where the save landed: a note saved, a form sent
a second time, a game abandoned (a phone with scripts off, 390×844)."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import shot
from tests.formpage import Browserless
from tests.games.beutelschneider.web import test_pages as beutelschneider


def test_each_notice_shows_once_without_javascript(no_script, server_url, live_app):
    page = no_script
    store = live_app.extensions["store"]
    game_id = beutelschneider.start(Browserless(live_app.test_client()))
    page.goto(f"{server_url}/games/{game_id}")

    page.fill("#note", "Birthday")
    with page.expect_navigation():
        page.get_by_role("button", name="Save the note").tap()
    assert page.url.endswith("#about")
    expect(page.get_by_text("Note saved.")).to_have_count(1)
    expect(page.locator("#about").get_by_text("Note saved.")).to_be_visible()
    shot(page, "notice-no-script-note", full_page=False)

    form = page.locator("form.entry-form")
    for seat, gold in enumerate((40, 20, 20)):
        form.locator(f"input[name='players-{seat}-gold']").fill(str(gold))
    # The same form reaches the server first by another way (a double tap whose answer was
    # lost): this tap is the second sending of its submission id.
    sent = {name: form.locator(f"input[name='{name}']").input_value()
            for name in ("csrf_token", "version", "kind", "submission", "players-0-gold",
                         "players-1-gold", "players-2-gold")}
    assert page.request.post(f"{server_url}/games/{game_id}/entries", form=sent,
                             max_redirects=0).status == 303
    with page.expect_navigation():
        form.get_by_role("button", name="Save the hand").tap()
    expect(page.get_by_text("This form was sent before")).to_have_count(1)
    shot(page, "notice-no-script-sent-before", full_page=False)
    assert len(store.load(game_id)["entries"]) == 1

    with page.expect_navigation():
        page.get_by_role("button", name="Abandon the game").tap()
    expect(page.get_by_text("The game is abandoned.")).to_have_count(1)
