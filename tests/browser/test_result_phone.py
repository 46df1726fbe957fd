"""At phone size: a game played on paper entered as its result, from the new-game page, with a
refusal (a winner the scores contradict) and its fix; looked at in English and German, in dark
mode and at 200 % text."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import shot


def fill(page, rows):
    for seat, (name, score) in enumerate(rows):
        page.locator(f"input[name='players-{seat}-name']").fill(name)
        page.locator(f"input[name='players-{seat}-score']").fill(str(score))


def test_a_result_played_on_paper_with_a_refusal_and_its_fix(page, server_url, live_app):
    store = live_app.extensions["store"]
    page.goto(server_url + "/new/beutelschneider")
    with page.expect_navigation():
        page.get_by_role("link", name="Played on paper? Enter the result").tap()
    expect(page.locator("h1")).to_contain_text("a result played on paper")
    fill(page, [("Anna", 105), ("Ben", 60), ("Cem", -20)])
    page.locator("input[name='players-1-won']").check()  # Ben, whom the scores contradict
    shot(page, "result-form")
    with page.expect_navigation():
        page.get_by_role("button", name="Save the result").tap()
    message = "By these scores Anna won. Highest total with 100 points or more. Check the scores or who won."
    expect(page.locator("#winners-error")).to_have_text(message)
    expect(page.locator("#refusal")).to_contain_text("Not saved")
    assert store.index.games() == {}
    # What was typed stays; nothing is wider than the phone.
    expect(page.locator("input[name='players-0-score']")).to_have_value("105")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.locator("#winners-error").scroll_into_view_if_needed()
    shot(page, "result-refused", full_page=False)

    page.locator("input[name='players-1-won']").uncheck()
    page.locator("input[name='players-0-won']").check()
    with page.expect_navigation():
        page.get_by_role("button", name="Save the result").tap()
    expect(page.locator(".outcome h2")).to_have_text("★ Anna")
    expect(page.locator(".result-only .tag")).to_have_text("result only")
    expect(page.locator("table.standings tbody tr").first).to_contain_text("105")
    assert len(store.index.games()) == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "result-saved")
    page.emulate_media(color_scheme="dark")
    shot(page, "result-saved-dark")
    page.emulate_media(color_scheme="light")

    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    page.goto(server_url + "/new/loot-and-scoot/result")
    fill(page, [("Adam", 27), ("Beth", 27)])
    page.locator("input[name='players-0-won']").check()
    with page.expect_navigation():
        page.get_by_role("button", name="Save the result").tap()
    expect(page.locator("#players-0-gold-error")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.locator("#players-0-gold-error").scroll_into_view_if_needed()
    shot(page, "result-refused-large-text", full_page=False)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 16, "fixed": 13}})

    with page.expect_navigation():
        page.locator("form.lang button[lang='de']").tap()
    expect(page.locator("#players-0-gold-error")).to_have_count(0)
    page.goto(server_url + "/new/give-me-the-treasure/result")
    expect(page.locator("h1")).to_contain_text("ein Ergebnis vom Papier")
    fill(page, [("Ann", 19), ("Bob", 12)])
    page.locator("input[name='players-0-won']").check()
    with page.expect_navigation():
        page.get_by_role("button", name="Ergebnis speichern").tap()
    expect(page.locator("#players-0-score-error")).to_have_text(
        "Die Partie endet bei der Inspektion, bei der eine Seite 20 Münzen hat; die meisten hier sind 19.")
    shot(page, "result-refused-de")
    page.locator("input[name='players-0-score']").fill("23")
    with page.expect_navigation():
        page.get_by_role("button", name="Ergebnis speichern").tap()
    expect(page.locator(".result-only .tag")).to_have_text("nur Ergebnis")
    shot(page, "result-saved-de")
    page.goto(server_url + "/history")
    expect(page.locator("ul.games")).to_contain_text("nur Ergebnis")
    shot(page, "result-history-de")
