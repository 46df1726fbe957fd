"""A game's life on a phone: abandon it from "In progress", find it in the history, resume
it; delete it, find it in the trash, restore it -- light, dark, German and large text."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import shot
from tests.playing import playing_game


def fits(page, selector: str = "html") -> bool:
    """Whether ``selector``'s elements and everything shown in them stay within the phone's
    width (a closed <details> keeps a layout for its hidden content: not counted)."""
    return page.evaluate("""s => [...document.querySelectorAll(s)].every(el =>
        [el, ...el.querySelectorAll('*')].every(e => !e.checkVisibility()
                                                || e.getBoundingClientRect().right <= 390))""", selector)


def test_abandon_find_in_history_resume_then_delete_find_in_trash_restore(page, server_url, live_app):
    store = live_app.extensions["store"]
    game_id = playing_game(store, hands=((20, 10, 0), (0, 30, 10)))
    playing_game(store, players=("Dora", "Eli", "Finn", "Gus"), hands=())

    page.goto(server_url + "/")
    playing = page.locator("ul.playing > li")
    expect(playing).to_have_count(2)
    mine = playing.filter(has_text="Anna, Ben, Cem")
    expect(mine).to_contain_text("Hand 3 · Ben leads with 40")
    expect(mine).to_contain_text("last entry just now")
    box = mine.get_by_role("button", name="Abandon").bounding_box()
    assert box["height"] >= 44 and fits(page)
    shot(page, "lifecycle-in-progress")
    page.emulate_media(color_scheme="dark")
    shot(page, "lifecycle-in-progress-dark")
    page.emulate_media(color_scheme="light")

    with page.expect_navigation():
        mine.get_by_role("button", name="Abandon").tap()
    expect(page.locator("main").get_by_role("status")).to_contain_text("The game is abandoned.")
    expect(page.locator("ul.playing > li")).to_have_count(1)
    shot(page, "lifecycle-after-abandon")

    with page.expect_navigation():
        page.locator("nav.areas").get_by_role("link", name="History").tap()
    entry = page.locator("li.abandoned")
    expect(entry).to_contain_text("abandoned")
    expect(entry).to_contain_text("Hand 3")
    expect(entry).to_contain_text("Anna 20 · Ben 40 · Cem 10")
    assert fits(page)
    shot(page, "lifecycle-history-abandoned")
    # Its page says where it stands and takes no entry.
    with page.expect_navigation():
        entry.get_by_role("link").tap()
    expect(page.locator("#abandoned")).to_contain_text("It counts in no statistic")
    expect(page.locator("form.entry-form")).to_have_count(0)
    shot(page, "lifecycle-game-abandoned")
    with page.expect_navigation():
        page.go_back()
    with page.expect_navigation():
        entry.get_by_role("button", name="Resume").tap()
    expect(page.locator("main").get_by_role("status")).to_contain_text("The game is resumed.")
    expect(page.locator("form.entry-form")).to_be_visible()
    assert store.index.games()[game_id]["status"] == "playing"
    page.locator("#about").scroll_into_view_if_needed()
    shot(page, "lifecycle-game-resumed")

    # Delete from the game page, find it in the trash, bring it back.
    delete = page.get_by_role("button", name="Delete the game")
    delete.scroll_into_view_if_needed()
    with page.expect_navigation():
        delete.tap()
    expect(page.locator("main").get_by_role("status")).to_contain_text("The game is in the trash.")
    shot(page, "lifecycle-after-delete")
    with page.expect_navigation():
        page.locator("main").get_by_role("status").get_by_role("link", name="Trash").tap()
    item = page.locator("ul.trash > li")
    expect(item).to_have_count(1)
    expect(item).to_contain_text("Anna, Ben, Cem")
    expect(item).to_contain_text("removed for good on")
    assert fits(page)
    shot(page, "lifecycle-trash")
    page.emulate_media(color_scheme="dark")
    shot(page, "lifecycle-trash-dark")
    page.emulate_media(color_scheme="light")
    with page.expect_navigation():
        item.get_by_role("button", name="Restore").tap()
    expect(page.locator("main").get_by_role("status")).to_contain_text("The game is back.")
    expect(page.get_by_text("The trash is empty.")).to_be_visible()
    with page.expect_navigation():
        page.locator("nav.areas").get_by_role("link", name="Games").tap()
    expect(page.locator("ul.playing > li")).to_have_count(2)


def test_in_progress_in_german_and_at_large_text(page, server_url, live_app):
    store = live_app.extensions["store"]
    playing_game(store, hands=((20, 10, 0),))
    page.goto(server_url + "/")
    with page.expect_navigation():
        page.get_by_role("button", name="DE", exact=True).tap()
    mine = page.locator("ul.playing > li")
    expect(mine).to_contain_text("Spiel 2 · Anna führt mit 20")
    expect(mine.get_by_role("button", name="Abbrechen")).to_be_visible()
    shot(page, "lifecycle-in-progress-de")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    page.reload()
    shot(page, "lifecycle-in-progress-large-text")
    # (The header and the new-game buttons are wider than the phone at this size before
    # this work too; what is ours fits.)
    assert fits(page, "ul.playing")
    with page.expect_navigation():
        page.locator("nav.areas").get_by_role("link", name="Statistik").tap()
    assert fits(page, ".periods")
    page.get_by_text("Von – bis").tap()
    assert fits(page, "details.filter")
    shot(page, "lifecycle-stats-period-large-text")
    shot(page, "lifecycle-stats-large-text")
