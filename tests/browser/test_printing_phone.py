"""Printing from a phone: the Printables page with a logged game's sheet and full log, and
the page a PDF request gets while its render is under way (it reloads itself)."""
from __future__ import annotations

import json

import pytest

from companion import create_app
from companion.history.transfer import import_record
from tests.browser.conftest import shot
from tests.conftest import EXAMPLES


@pytest.fixture
def live_app(tmp_path):
    # A request waits for its PDF a moment only, so the "being made" page shows.
    return create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance"),
                       "PDF_WAIT_SECONDS": 0.01})


def no_sideways_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.parametrize("scheme, lang", [("light", "en"), ("dark", "de")])
def test_the_printables_page_offers_a_logged_games_sheet_and_full_log(page, server_url, live_app, scheme, lang):
    game_id = live_app.extensions["store"].create(import_record(json.dumps(EXAMPLES["beutelschneider"])))
    page.emulate_media(color_scheme=scheme)
    page.set_extra_http_headers({"Accept-Language": lang})
    page.goto(f"{server_url}/printables#print-logged")
    log = page.locator(f'a[href="/games/{game_id}/log.pdf"]')
    assert log.is_visible()
    assert log.inner_text() == ("Full log (PDF)" if lang == "en" else "Vollständiges Protokoll (PDF)")
    assert log.bounding_box()["height"] >= 44      # a tap target
    no_sideways_scroll(page)
    log.scroll_into_view_if_needed()
    shot(page, f"printing-printables-{scheme}-{lang}")


def test_a_pdf_being_made_shows_a_page_that_reloads_itself(page, server_url):
    url = f"{server_url}/printables/beutelschneider/sheet.pdf?players=5&names=Ann&lang=de"
    with page.expect_response(url) as first:
        page.goto(url)
    assert first.value.status == 202
    assert page.locator("h1").inner_text() == "Making your PDF"
    no_sideways_scroll(page)
    shot(page, "printing-wait")
    # The page asks again by itself (meta refresh) until the PDF is there.
    with page.expect_request(url, timeout=15000):
        pass
