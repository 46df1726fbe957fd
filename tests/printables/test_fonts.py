"""Names in any script: a character our bundled font lacks comes from a system font
(fontconfig); one that no font has prints as a visible placeholder, with the name spelled
out in the legend. Which characters those are depends on the machine's fonts, so each
test picks its character from candidates by asking fontconfig first."""
from __future__ import annotations

import unicodedata

import pytest

from companion.printing import glyphs
from tests.printables.conftest import Pdf, save_png

# In DejaVu Serif or DejaVu Sans Mono but not in DejaVu Sans Condensed, and then rarer ones.
SYSTEM_ONLY = ["\u1d15", "\u02ef", "\u2312", "\U0001d5d4"]
# Emoji and CJK that a machine without Noto fonts has no glyph for.
NOWHERE = ["\U0001f996", "\u738b", "\U0001fae8", "\uac00"]


def bundled(char):
    return ord(char) in glyphs._metrics()[0]


def first(candidates, wanted):
    found = [c for c in candidates if wanted(c)]
    if not found:
        pytest.skip("this machine's fonts leave no such character")
    return found[0]


def fonts_of(document):
    return {str(font.get_object()["/BaseFont"]) for page in document.reader.pages
            for font in page["/Resources"]["/Font"].values()}


def test_a_character_our_font_lacks_comes_from_a_system_font(client):
    char = first(SYSTEM_ONLY, lambda c: not bundled(c) and glyphs.printable(c))
    document = Pdf(client.get("/printables/beutezug/sheet.pdf", query_string={
        "players": 2, "names": [f"Ann{char}", "Bo"]}).data)
    assert f"Ann{char}" in document.text and glyphs.PLACEHOLDER not in document.text
    assert any("Ledger-Sans" not in name for name in fonts_of(document))   # the fallback font


def test_a_character_no_font_has_prints_as_a_placeholder_and_is_spelled_out(client, store):
    from companion.record.entries import new_record
    char = first(NOWHERE, lambda c: not glyphs.printable(c))
    name = f"Lu{char}"
    response = client.get("/printables/beutezug/sheet.pdf", query_string={"players": 2, "names": [name, "Bo"]})
    document = Pdf(response.data)
    assert f"Lu{glyphs.PLACEHOLDER}" in document.text
    spelled = unicodedata.name(char, f"U+{ord(char):04X}")
    assert f"= Lu[{spelled}]" in document.text and "No font on this computer" in document.text
    save_png(response.data, "sheet-unprintable-name")
    # The filled sheet and the full log of a game with that name say the same.
    game_id = store.create(new_record("beutelschneider", [name, "Bo", "Cy"], {}))
    for url in (f"/games/{game_id}/sheet.pdf", f"/games/{game_id}/log.pdf"):
        text = Pdf(client.get(url).data).text
        assert f"Lu{glyphs.PLACEHOLDER}" in text and f"Lu[{spelled}]" in text


def test_a_name_is_shortened_to_what_fits_its_cell():
    assert glyphs.fit("Ann", 20, 7) == "Ann"
    short = glyphs.fit("W" * 40, 20, 7)
    assert short.endswith("…") and 1 < len(short) < 40
    assert glyphs.width_mm(short, 7) <= 20
    kept = len(short) - 1
    assert glyphs.width_mm("W" * (kept + 1) + "…", 7) > 20 * 0.95   # as much as fits, no less
