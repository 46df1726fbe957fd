"""A correction on the phone with JavaScript: what the server refuses is shown on the spot and
kept nowhere, so the correction page opens again with what is stored and a fresh version."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import answered, bs_setup, shot, waiting
from tests.formpage import Browserless
from tests.games.beutelschneider.web import test_pages as beutelschneider


def golds(page) -> list[str]:
    form = page.locator("form.entry-form")
    return [form.locator(f"input[name='players-{seat}-gold']").input_value() for seat in range(4)]


def correct(page, values) -> None:
    form = page.locator("form.entry-form")
    for seat, gold in enumerate(values):
        form.locator(f"input[name='players-{seat}-gold']").fill(str(gold))
    with answered(page):
        form.locator("button[type=submit]").last.tap()


def stored(store, game_id, index=-1) -> list[int]:
    return [p["gold"] for p in store.load(game_id)["entries"][index]["data"]["players"]]


def test_a_refused_correction_is_shown_and_kept_nowhere(bs_game, page, server_url, live_app):
    store = live_app.extensions["store"]
    game_id = bs_game
    entry = store.load(game_id)["entries"][-1]["id"]
    url = f"{server_url}/games/{game_id}/entries/{entry}/edit"
    page.goto(url)
    correct(page, (10, 20, 30, 90))
    refusal = page.locator("main .refusal")
    expect(refusal).to_be_visible()
    expect(refusal).to_contain_text("Not saved")
    shot(page, "correction-refused", full_page=False)
    assert stored(store, game_id) == [10, 40, 10, 20]
    assert waiting(page) == 0
    page.goto(f"{server_url}/games/{game_id}")
    page.goto(url)  # opened again: what is stored, not what was refused
    assert golds(page) == ["10", "40", "10", "20"]


def test_a_stale_correction_is_refused_once_and_the_page_opened_again_saves(page, server_url, live_app):
    store = live_app.extensions["store"]
    other_phone = Browserless(live_app.test_client())
    game_id = bs_setup(other_phone, store)
    entry = store.load(game_id)["entries"][0]["id"]
    url = f"{server_url}/games/{game_id}/entries/{entry}/edit"
    page.goto(url)
    other_phone.submit("/entries", beutelschneider.hand_values(25, 25, 15, 15))  # meanwhile
    correct(page, (31, 19, 20, 10))
    expect(page.locator("main .refusal")).to_be_visible()
    assert stored(store, game_id, 0) == [30, 20, 20, 10]
    page.goto(url)
    assert page.locator("input[name=version]").input_value() == str(store.load(game_id)["entries_version"])
    correct(page, (31, 19, 20, 10))
    assert stored(store, game_id, 0) == [31, 19, 20, 10]
    assert waiting(page) == 0
