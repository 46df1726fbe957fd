"""A correction that makes later entries no longer fit, on the phone: the page says which
entries and why, shows the game as it would be, and one tap stores it."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import answered, on_the_table, shot, waiting
from tests.formpage import Browserless
from tests.games.beutelschneider.web import test_pages as beutelschneider
from tests.games.beutezug.web.test_pages import JOHNNY
from tests.games.treasure.web.test_pages import ready as treasure_ready
from tests.views.test_mending import beutelschneider_tied_and_played_on, tied_after_round_3


@on_the_table
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_tie_that_a_correction_removes_is_dropped_in_one_tap(page, server_url, live_app, lang):
    store = live_app.extensions["store"]
    game_id = tied_after_round_3(Browserless(live_app.test_client()))
    page.goto(f"{server_url}/games/{game_id}")
    if lang == "de":
        page.locator(".lang").get_by_role("button", name="DE").tap()
        expect(page.locator("html")).to_have_attribute("lang", "de")
    page.goto(f"{server_url}/games/{game_id}/entries/4/edit")
    johnny = page.locator(f"fieldset.bz-row:has(input[name$='-seat'][value='{JOHNNY}'])")
    johnny.locator("input[name$='-loot']").fill("4")
    with answered(page):
        page.locator("form.entry-form button.primary").tap()
    box = page.locator("main .refusal.mend")
    expect(box).to_be_visible()
    if lang == "en":
        expect(box).to_contain_text("Entry 5")
        expect(box).to_contain_text("is no longer called for")
        expect(box).to_contain_text("Round 4 of 7")
    else:
        expect(box).to_contain_text("Eintrag 5")
        expect(box).to_contain_text("wird nicht mehr gebraucht")
    expect(box.locator("table.standings")).to_be_visible()
    assert len(store.load(game_id)["entries"]) == 6  # shown, not stored
    assert waiting(page) == 0
    expect(page.locator("form.entry-form input[name$='-loot']").nth(0)).to_be_visible()  # the form keeps what was typed
    assert johnny.locator("input[name$='-loot']").input_value() == "4"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, f"mend-proposed-{lang}", full_page=False)
    page.emulate_media(color_scheme="dark")
    shot(page, f"mend-proposed-{lang}-dark", full_page=False)
    page.emulate_media(color_scheme="light")

    confirm = box.get_by_role("button")
    with answered(page):
        confirm.tap()
    expect(page.locator("#next .notice")).to_contain_text(
        "the later entries were changed as shown" if lang == "en" else "wie gezeigt geändert")
    kinds = [e["kind"] for e in store.load(game_id)["entries"]]
    assert kinds == ["placement", "round", "round", "round", "round"]
    expect(page.locator("ol.log")).not_to_contain_text("Placement chips after a tie" if lang == "en" else "Gleichstand")
    shot(page, f"mend-stored-{lang}", full_page=False)


@on_the_table
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_beutelschneider_tie_a_correction_removes_is_mended_in_one_tap(page, server_url, live_app, lang):
    """Issue 33's dead end: a tie past 100, "Play another hand", that hand played; hand 2
    corrected so the tie is gone. The page says what goes and one tap stores it."""
    store = live_app.extensions["store"]
    game_id = beutelschneider_tied_and_played_on(Browserless(live_app.test_client()))
    page.goto(f"{server_url}/games/{game_id}")
    if lang == "de":
        page.locator(".lang").get_by_role("button", name="DE").tap()
        expect(page.locator("html")).to_have_attribute("lang", "de")
    page.goto(f"{server_url}/games/{game_id}/entries/2/edit")
    for seat, gold in enumerate((35, 25, 20)):
        page.locator(f"input[name='players-{seat}-gold']").fill(str(gold))
    with answered(page):
        page.locator("form.entry-form button.primary").tap()
    box = page.locator("main .refusal.mend")
    expect(box).to_be_visible()
    expect(box).to_contain_text("Entry 6" if lang == "en" else "Eintrag 6")
    expect(box).to_contain_text("comes after the end of the game now" if lang == "en"
                                else "kommt jetzt nach dem Ende des Spiels")
    expect(box.locator("table.standings")).to_be_visible()
    assert len(store.load(game_id)["entries"]) == 6  # shown, not stored
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    box.scroll_into_view_if_needed()
    shot(page, f"mend-beutelschneider-proposed-{lang}", full_page=False)
    page.emulate_media(color_scheme="dark")
    shot(page, f"mend-beutelschneider-proposed-{lang}-dark", full_page=False)
    page.emulate_media(color_scheme="light")
    with answered(page):
        box.get_by_role("button").tap()
    expect(page.locator("#next .notice")).to_contain_text(
        "the later entries were changed as shown" if lang == "en" else "wie gezeigt geändert")
    record = store.load(game_id)
    assert [e["kind"] for e in record["entries"]] == ["hand"] * 4
    assert [e["kind"] for e in record["undone"]] == ["tie_choice", "hand"]
    expect(page.locator("#next")).to_contain_text("Anna")
    shot(page, f"mend-beutelschneider-stored-{lang}", full_page=False)


@pytest.mark.parametrize("origin", ["lan-http"], indirect=True)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_new_tie_at_the_top_is_answered_in_one_tap(page, server_url, live_app, lang, origin):
    """Hand 4 corrected into a tie past 100 where the table had played on: the page asks
    the tie's question, each answer saying what it keeps and drops; "Share the win" stores."""
    store = live_app.extensions["store"]
    user = Browserless(live_app.test_client())
    game_id = beutelschneider.start(user)
    for golds in ((40, 40, 0), (30, 30, 20), (20, 20, 40), (5, 5, 10), (30, 10, 40)):
        user.submit("/entries", beutelschneider.hand_values(*golds, **({"alchemist": "y"} if sum(golds) < 80 else {})))
    page.goto(f"{server_url}/games/{game_id}")
    if lang == "de":
        page.locator(".lang").get_by_role("button", name="DE").tap()
        expect(page.locator("html")).to_have_attribute("lang", "de")
    page.goto(f"{server_url}/games/{game_id}/entries/4/edit")
    for seat, gold in enumerate((10, 10, 10)):
        page.locator(f"input[name='players-{seat}-gold']").fill(str(gold))
    with answered(page):
        page.locator("form.entry-form button.primary").tap()
    answers = page.locator("main .refusal.mend form.mend-answer")
    expect(answers).to_have_count(2)
    share = answers.nth(1)
    expect(share).to_contain_text("Share the win" if lang == "en" else "Sieg teilen")
    assert len(store.load(game_id)["entries"]) == 5
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    answers.nth(0).scroll_into_view_if_needed()
    shot(page, f"mend-question-{lang}", full_page=False)
    with answered(page):
        share.get_by_role("button").tap()
    record = store.load(game_id)
    assert [e["kind"] for e in record["entries"]] == ["hand"] * 4 + ["tie_choice"]
    expect(page.locator("#next")).to_contain_text("Anna")
    shot(page, f"mend-question-stored-{lang}", full_page=False)


@pytest.mark.parametrize("origin", ["lan-http"], indirect=True)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_treasure_turn_set_aside_is_entered_again_and_the_rest_put_back(page, server_url, live_app, lang,
                                                                           origin):
    """The Reinforcements kept corrected: turn 1 called a card no longer kept. It is set aside
    with turn 2, the game asks turn 1 again filled in, and one tap puts turn 2 back."""
    store = live_app.extensions["store"]
    user = Browserless(live_app.test_client())
    game_id = treasure_ready(user)
    user.submit("/entries", {"sides-0-combinations-0": ["red3", "red4", "red5"],
                             "sides-0-reinforcements": ["super_rou_rou"]})
    user.submit("/entries", {"sides-1-combinations-0": ["blue1", "green1"]})
    page.goto(f"{server_url}/games/{game_id}")
    if lang == "de":
        page.locator(".lang").get_by_role("button", name="DE").tap()
        expect(page.locator("html")).to_have_attribute("lang", "de")
    page.goto(f"{server_url}/games/{game_id}/entries/2/edit")
    page.locator("details.secret summary").first.tap()  # Ann's cards, only Ann looks
    page.locator("label:has(input[name='reinforcements-0'][value='super_rou_rou'])").tap()
    page.locator("label:has(input[name='reinforcements-0'][value='pat'])").tap()
    with answered(page):
        page.locator("form.entry-form button.primary").tap()
    box = page.locator("main .refusal.mend")
    expect(box).to_contain_text("Super Rou-Rou")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    box.scroll_into_view_if_needed()
    shot(page, f"mend-treasure-set-aside-{lang}", full_page=False)
    with answered(page):
        box.get_by_role("button").tap()
    assert [e["kind"] for e in store.load(game_id)["entries"]] == ["deal", "keep"]
    expect(page.locator("#next .notice")).to_be_visible()
    shot(page, f"mend-treasure-asked-{lang}", full_page=False)
    with answered(page):
        page.locator("#next form.entry-form button.primary").first.tap()
    back = page.locator("form[action*='/put-back-set-aside'] button")
    expect(back).to_be_visible()
    with answered(page):
        back.tap()
    assert [e["kind"] for e in store.load(game_id)["entries"]] == ["deal", "keep", "turn", "turn"]
    expect(page.locator("#next .notice")).to_contain_text("are back in the log" if lang == "en" else "wieder im Protokoll")
    shot(page, f"mend-treasure-put-back-{lang}", full_page=False)
