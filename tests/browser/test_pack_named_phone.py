"""The game-night pack's field for the name of a game of the table's own, on a phone: it
sits under that game's box, a name too long is refused beside it with what was typed kept,
and the page still fits the phone."""
from __future__ import annotations

import pytest

from tests.browser.conftest import shot


def fits(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.parametrize("lang, label, says", [
    ("en", "The game's name (optional)", "A game's name has at most 40 characters."),
    ("de", "Name des Spiels (freiwillig)", "Der Name eines Spiels hat höchstens 40 Zeichen.")])
def test_the_own_games_name_is_typed_under_its_box_and_a_name_too_long_is_refused_there(
        page, server_url, lang, label, says):
    page.set_extra_http_headers({"Accept-Language": lang})
    page.goto(f"{server_url}/printables#print-pack")
    pack = page.locator("#print-pack")
    own = pack.locator('input[value="own-game"]')
    field = pack.get_by_label(label)
    # Right under the own game's box, as wide as the phone allows.
    assert 0 < field.bounding_box()["y"] - own.bounding_box()["y"] < 120
    assert field.bounding_box()["height"] >= 44
    own.check()
    typed = "Doppelkopf " + "x" * 30   # one more than the sheet's 40
    # The field's maxlength stops a phone at 40; a page sent by other means is checked too.
    field.evaluate("(input, typed) => { input.removeAttribute('maxlength'); input.value = typed }", typed)
    fits(page)
    shot(page, f"pack-named-{lang}", full_page=False)
    pack.get_by_role("button").tap()
    error = page.locator("#named-error")
    assert error.inner_text() == says and error.is_visible()
    field = page.locator("#print-pack").get_by_label(label)
    assert field.input_value() == typed and field.get_attribute("aria-invalid") == "true"
    fits(page)
    error.scroll_into_view_if_needed()
    shot(page, f"pack-named-refused-{lang}", full_page=False)
