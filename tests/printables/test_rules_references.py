"""Rules references: one sheet per game, language and paper, readable across the table.

Read off the real PDF: the facts the rule texts give (and the ones we once got wrong), the
house readings under a heading that says they are ours, the body type size (pdfplumber's
chars), every column's last line not a heading, and each page used rather than left empty.
"""
from __future__ import annotations

import io
from collections import defaultdict
from itertools import pairwise

import pdfplumber
import pytest

from companion import create_app
from companion.games import GAMES
from tests.conftest import TESTING
from tests.games.tables import tables
from tests.printables.conftest import Pdf, save_png

MM = 72 / 25.4

CASES = [(slug, lang) for slug in GAMES for lang in ("en", "de")]


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """Each reference's PDF as the Printables page serves it, made once for this module
    (a render on a busy machine may take longer than a request waits by default)."""
    app = create_app({**TESTING,
                      "INSTANCE_PATH": str(tmp_path_factory.mktemp("refs") / "instance")})
    client, made = app.test_client(), {}

    def get(slug: str, lang: str, paper: str = "a4") -> bytes:
        if (slug, lang, paper) not in made:
            response = client.get(f"/printables/{slug}/rules.pdf", query_string={"lang": lang, "paper": paper})
            assert response.status_code == 200 and response.mimetype == "application/pdf"
            made[(slug, lang, paper)] = response.data
        return made[(slug, lang, paper)]
    return get


def lines_by_column(page):
    """The page's text lines above the footer, per column: (top, size of its largest char)."""
    columns: dict[int, dict[float, float]] = defaultdict(dict)
    for char in page.chars:
        if char["top"] > page.height - 11 * MM or not char["text"].strip():
            continue
        column = 0 if char["x0"] < page.width / 2 else 1
        top = round(char["top"])
        columns[column][top] = max(columns[column].get(top, 0), char["size"])
    return {column: sorted(lines.items()) for column, lines in columns.items()}


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("slug", "lang"), CASES)
def test_each_reference_is_one_full_sheet_in_type_read_across_the_table(reference, slug, lang, paper):
    data = reference(slug, lang, paper)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        body = [c for c in page.chars if c["top"] < page.height - 11 * MM and c["text"].strip()]
        sizes = defaultdict(int)
        for char in body:
            sizes[round(char["size"], 1)] += 1
        assert 10 <= max(sizes, key=sizes.__getitem__) <= 11, sizes
        assert min(sizes) >= 10, f"text below 10 pt: {sorted(sizes.items())}"
        usable = page.height - 20 * MM
        for column, lines in lines_by_column(page).items():
            last_top, last_size = lines[-1]
            # A heading (12 pt) never ends a column: it stays with what it heads.
            assert last_size < 11.5, f"column {column} ends on a heading"
            assert (last_top - 9 * MM) / usable > 0.75, f"column {column} is a quarter empty"
        # No paragraph line broken after a word or two (WeasyPrint did, before a bold name).
        for column in (0, 1):
            lines: dict[int, list] = defaultdict(list)
            for word in page.extract_words():
                if (word["x0"] < page.width / 2) == (column == 0) and word["top"] < page.height - 11 * MM:
                    lines[round(word["top"])].append(word)
            for top, below in pairwise(sorted(lines)):
                line, after = lines[top], lines[below]
                short = max(w["x1"] for w in line) - min(w["x0"] for w in line) < 60
                if short and below - top < 16 and abs(line[0]["x0"] - after[0]["x0"]) < 2:
                    assert not after[0]["text"][:1].islower(), " ".join(w["text"] for w in line)
        # A game's own check of its page (the Black Market's runs of numbers never wrapped).
        if hasattr(own := tables(slug), "check_reference_page"):
            own.check_reference_page(page)


@pytest.mark.parametrize(("slug", "lang"), CASES)
def test_each_reference_holds_the_rule_facts_and_marks_our_readings(reference, slug, lang):
    # Each game's facts, slips and readings: tests/games/<pkg>/tables.py.
    own = tables(slug)
    document = Pdf(reference(slug, lang))
    for fact in own.REFERENCE_FACTS[lang]:
        assert fact in document.text, fact
    for slip in getattr(own, "REFERENCE_NEVER", {}).get(lang, []):
        assert slip not in document.text, slip
    marker, readings = own.REFERENCE_OURS[lang]
    for reading in readings:
        assert reading in document.text, reading
        assert document.text.index(marker) < document.text.index(reading), reading
    if hasattr(own, "check_reference"):
        own.check_reference(document.text, lang)
    save_png(document.data, f"rules-{slug}-{lang}")


def test_a_german_sheet_says_finished_once(client, logged):
    game_id = logged("give-me-the-treasure")
    text = Pdf(client.get(f"/games/{game_id}/sheet.pdf?lang=de").data).text
    assert text.count("beendet") == 1  # "Begonnen … · beendet …", not "beendet … · beendet"


def test_a_rules_reference_on_letter_paper(reference):
    document = Pdf(reference("beutezug", "en", "letter"))
    assert [round(v) for v in document.size_pt()] == [612, 792]
