"""The game-night pack from a phone: tick games and players, get the PDF address; a pack
with no game picked is refused next to the boxes, on a page that still fits the phone."""
from __future__ import annotations

import pytest

from companion import create_app
from companion.history.groups import add_player
from tests.browser.conftest import shot

PLAYERS = ("Anna", "Björn", "Chen")


@pytest.fixture
def live_app(tmp_path):
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance"), "PDF_WAIT_SECONDS": 0.01})
    for name in PLAYERS:
        add_player(app.extensions["store"], "household", name)
    return app


def fits(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.parametrize("scheme, lang", [("light", "en"), ("dark", "de")])
def test_a_pack_is_picked_with_taps_and_a_refusal_sits_by_the_boxes(page, server_url, scheme, lang):
    page.emulate_media(color_scheme=scheme)
    page.set_extra_http_headers({"Accept-Language": lang})
    page.goto(f"{server_url}/printables#print-pack")
    pack = page.locator("#print-pack")
    for name in PLAYERS:    # the group's players, ticked already
        assert pack.get_by_label(name).is_checked()
    button = pack.get_by_role("button")
    assert button.bounding_box()["height"] >= 44
    fits(page)
    shot(page, f"pack-{scheme}-{lang}", full_page=False)
    button.tap()   # nothing picked
    error = page.locator("#games-error")
    assert error.inner_text() == ("Pick at least one game." if lang == "en" else "Wähle mindestens ein Spiel.")
    assert error.is_visible()
    fits(page)
    error.scroll_into_view_if_needed()
    shot(page, f"pack-refused-{scheme}-{lang}", full_page=False)
    page.locator("#print-pack").get_by_label("Beutezug").check()
    with page.expect_response(lambda r: "/printables/pack.pdf" in r.url) as answer:
        page.locator("#print-pack").get_by_role("button").tap()
    assert answer.value.status in (200, 202)
    assert "games=beutezug" in answer.value.url and "players=Anna" in answer.value.url


def test_the_pack_form_at_twice_the_text_size(page, server_url):
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    page.goto(f"{server_url}/printables#print-pack")
    fits(page)
    shot(page, "pack-large-text", full_page=False)
