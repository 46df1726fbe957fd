"""The rules reference on the phone, tapped through: found from the game, searched as one types
(and without script), read offline once opened on both origins of the table, in German, dark
and at 200 % text."""
from __future__ import annotations

import json
import time

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import on_the_table, shot, worker_ready
from tests.browser.test_table_loop import WIDER
from tests.views.test_rules_page import give_ids


@pytest.fixture
def ids(live_app) -> list[str]:
    """Beutelschneider's references with their sections' ids, as the game engineers give them."""
    return give_ids(live_app)


def in_german(page) -> None:
    with page.expect_navigation():
        page.locator(".lang").get_by_role("button", name="DE").tap()


def shown(page) -> list[str]:
    return page.evaluate("[...document.querySelectorAll('main section')].filter(s => !s.hidden)"
                         ".map(s => s.querySelector('h2').textContent)")


def test_the_rules_are_a_tap_from_the_game_and_searched_as_one_types_in_german(page, server_url, bs_game, ids):
    page.goto(f"{server_url}/games/{bs_game}")
    in_german(page)
    shot(page, "rules-link-game-de", full_page=False)
    with page.expect_navigation():
        page.locator(".to-rules").get_by_role("link", name="Regeln").tap()
    expect(page.locator("h1")).to_contain_text("Regelübersicht")
    assert page.evaluate("document.documentElement.lang") == "de"
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    search = page.get_by_label("Regeln durchsuchen")
    search.fill("gardist")
    expect(page.locator(".found")).to_have_text("Abschnitte, die „gardist“ erwähnen:")
    assert shown(page) and len(shown(page)) < len(ids)
    assert all("gardist" in t.lower() for t in page.evaluate(
        "[...document.querySelectorAll('main section')].filter(s => !s.hidden).map(s => s.textContent)"))
    # The contents list only what is shown.
    visible_links = page.locator(".contents li:not([hidden]) a")
    assert visible_links.count() == len(shown(page))
    shot(page, "rules-search-de")
    search.fill("xyzzy")
    expect(page.locator(".found")).to_have_text("Kein Abschnitt erwähnt „xyzzy“.")
    assert shown(page) == []
    search.press("Enter")  # the address keeps the search; the page was searched already
    expect(page).to_have_url(f"{server_url}/rules/beutelschneider?q=xyzzy")
    search.fill("")
    assert len(shown(page)) == len(ids) + 1
    assert [u for u in asked if "/rules/" in u] == []


def test_the_printables_page_opens_each_reference_on_the_phone(page, server_url):
    page.goto(f"{server_url}/printables")
    link = page.locator("#print-beutezug").get_by_role("link", name="Read the rules on this phone")
    link.scroll_into_view_if_needed()
    shot(page, "rules-link-printables", full_page=False)
    with page.expect_navigation():
        link.tap()
    expect(page).to_have_url(f"{server_url}/rules/beutezug")
    expect(page.locator("h1")).to_contain_text("Beutezug")


def test_a_search_without_script_is_answered_by_the_server_marked(no_script, server_url, ids):
    page = no_script
    page.goto(f"{server_url}/rules/beutelschneider")
    page.get_by_label("Search the rules").fill("Bard")
    with page.expect_navigation():
        page.get_by_role("button", name="Search").tap()
    assert page.url.endswith("/rules/beutelschneider?q=Bard")
    expect(page.locator(".found")).to_contain_text("Sections that mention “Bard”:")
    assert page.locator("main section:visible").count() >= 1
    assert page.locator("main section:visible h2").first.text_content().startswith("The Bard")
    expect(page.locator("main section:visible mark").first).to_have_text("Bard")
    shot(page, "rules-search-no-script")



def until(page, expression: str, seconds: float = 15.0) -> None:
    """Poll `expression` from the test's side: wait_for_function evaluates its predicate with
    the page's own eval, which the page's CSP (no 'unsafe-eval') refuses at times."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"never true: {expression}"
        page.wait_for_timeout(100)


@on_the_table
def test_the_rules_page_reads_offline_once_opened(page, server_url, origin, ids):
    page.goto(f"{server_url}/rules/beutelschneider")
    secure = page.evaluate("window.isSecureContext")
    assert secure == (origin == "https")
    if secure:
        # Kept on its first opening (rules.js), before the service worker took over the page.
        until(page, "caches.open('pages').then(c => c.match(location.pathname)).then(Boolean)")
        # The reload offline is answered by the worker: wait until it runs (its install fetches
        # every script minified, seconds on the first request of a process).
        worker_ready(page)
        until(page, "navigator.serviceWorker.controller !== null")
    page.context.set_offline(True)
    try:
        if secure:
            page.reload()  # the phone's copy, said to be one
            expect(page.locator("main .offline")).to_be_visible()
            expect(page.locator("h1")).to_contain_text("Rules reference")
        # Either way the page open reads whole: its contents and its search need no request.
        page.locator(".contents").get_by_role("link", name="Scoring a hand").tap()
        expect(page).to_have_url(f"{server_url}/rules/beutelschneider#scoring-a-hand")
        expect(page.locator("#scoring-a-hand")).to_be_in_viewport()
        page.get_by_label("Search the rules").fill("cutpurse")
        expect(page.locator(".found")).to_have_text("Sections that mention “cutpurse”:")
        assert "Scoring a hand" in shown(page) and "The Bard (10)" not in shown(page)
        shot(page, f"rules-offline-{origin}", full_page=False)
    finally:
        page.context.set_offline(False)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_german_rules_page_at_200_percent_text_fits_the_phone(page, server_url, ids, scheme):
    page.emulate_media(color_scheme=scheme)
    page.goto(f"{server_url}/rules/beutelschneider")
    in_german(page)
    shot(page, f"rules-de-{scheme}", full_page=False)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    try:
        page.reload()
        assert page.evaluate("getComputedStyle(document.body).fontSize") == "34px"
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, json.dumps(page.evaluate(WIDER))
        shot(page, f"rules-de-{scheme}-200", full_page=False)
        page.locator("#english-german-terms").scroll_into_view_if_needed()
        shot(page, f"rules-de-{scheme}-200-terms", full_page=False)
    finally:
        cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 16, "fixed": 13}})
