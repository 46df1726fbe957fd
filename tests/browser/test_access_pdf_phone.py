"""The "Making your PDF" page reloads itself every 2 s while the PDF is made, and can be stopped
(issue 40, WCAG 2.2.1): no page reloads by itself without a way to stop it."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from companion import create_app
from companion.games import GAMES
from tests.browser.test_table_loop import axe_clean


@pytest.fixture
def live_app(tmp_path):
    # A request waits for its PDF a moment only, so the "being made" page shows.
    return create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance"),
                       "PDF_WAIT_SECONDS": 0.01})


def test_the_making_your_pdf_page_stops_reloading_on_request(page, server_url):
    # The whole pack, uncached: seconds to make, so it is still being made when "Stop
    # reloading" is tapped (a single sheet was ready by then at times, and the tap opened it).
    games = "&".join(f"games={slug}" for slug in sorted(GAMES))
    url = f"{server_url}/printables/pack.pdf?{games}&lang=de&paper=a4"
    with page.expect_response(url) as first:
        page.goto(url)
    assert first.value.status == 202
    # A 202 page reloads itself every 2 s (meta refresh) -- with a way to stop it.
    stop = page.get_by_role("link", name="Stop reloading")
    with page.expect_navigation():
        stop.click()
    assert page.url == url + "&still=1"
    assert page.locator("meta[http-equiv=refresh]").count() == 0
    loads: list[str] = []
    page.on("framenavigated", lambda frame: loads.append(frame.url))
    page.wait_for_timeout(3000)
    assert loads == []  # no reload by itself
    expect(page.locator("main")).to_contain_text("no longer reloads by itself")
    # "Check again" asks once more and stays stopped (or is the PDF, once it is there: asked
    # here without the browser, whose PDF viewer is no part of the app).
    check = page.get_by_role("link", name="Check again")
    assert check.get_attribute("href").endswith("&still=1")
    again = page.request.get(server_url + check.get_attribute("href"))
    assert again.status in (200, 202)
    if again.status == 202:
        assert "http-equiv" not in again.text() and "Reload by itself again" in again.text()
    assert page.get_by_role("link", name="Reload by itself again").get_attribute("href").endswith("paper=a4")
    axe_clean(page, "pdf-wait")
