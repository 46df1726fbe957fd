"""Issue 36.1: no number of 1,000 or more breaks across lines anywhere on paper.

Long and high-scoring games of the games whose numbers reach four digits (a Beutelschneider
game of 110 hands to 10,000; twelve seats of an own game scoring in thousands, below zero
too), each as its filled sheet (grid, standings, chart and its labels) and its log, on A4
and Letter: every number the HTML says, read off the PDF's words, is there as many times and
whole. "4200" printed as "420" over "0" reads as 420; twelve seats of "47032" did so in the
own game's grid (they now go on in a second table). Beutezug's and Give Me The Treasure's
games end below 100 points and 40 coins; Loot and Scoot's gold stays in three digits even in
a game of 3,000 entries (383 VP), and its ledger's columns are a quarter of the page: none of
their sheets holds a number of four digits to break.
"""
from __future__ import annotations

import io
import random
import re
from collections import Counter

import pdfplumber
import pytest

from companion.printing import pdf as render
from companion.games import get_game
from companion.record.entries import new_record, now_iso
from companion.views import printables
from companion.views.rules import text_of
from tests.printables.layout import NAMES, autoplay

# A number as printed: digits, maybe a minus (either sign) and thousands separators.
NUMBER = re.compile(r"[−-]?\d{1,3}(?:[,.\u202f]\d{3})+|[−-]?\d{4,}")
EDGES = "()[]{}:;,.·→+=/×\u2009\u200a\u00a0"


def own_game_in_thousands(seats: int = 12, rounds: int = 24) -> dict:
    """An own game of twelve seats scoring like Skat's long lists: thousands a round, below
    zero too, totals of five digits."""
    rng = random.Random(36)
    record = new_record("own-game", [f"{NAMES[i % 5][:14]} {i + 1}" for i in range(seats)],
                        {"name": "Skatabend", "scoring": "rounds", "wins": "high"})
    made = [("round", {"players": [{"score": rng.randint(-2400, 4800)} for _ in range(seats)]})
            for _ in range(rounds)]
    record["entries"] = [{"id": i + 1, "kind": k, "data": d, "at": now_iso(), "source": "table", "edits": []}
                         for i, (k, d) in enumerate(made)]
    record["version"] = record["entries_version"] = len(made)
    return record


def games():
    return {
        "beutelschneider": lambda: autoplay("beutelschneider", NAMES[:5], 110, settings={"limit": 10000}),
        "own-game": own_game_in_thousands,
    }


def numbers(text: str) -> Counter[str]:
    return Counter(m.group(0).replace("-", "−") for m in NUMBER.finditer(text))


def pdf_numbers(data: bytes) -> Counter[str]:
    found: Counter[str] = Counter()
    with pdfplumber.open(io.BytesIO(data)) as document:
        for page in document.pages:
            for word in page.extract_words(x_tolerance=1.5, y_tolerance=2, keep_blank_chars=False):
                found.update(numbers(word["text"].strip(EDGES)))
    return found


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    from companion import create_app
    from tests.conftest import TESTING
    app = create_app({**TESTING, "INSTANCE_PATH": str(tmp_path_factory.mktemp("numbers"))})
    store = app.extensions["store"]
    return app, {slug: store.load(store.create(make())) for slug, make in games().items()}


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("what", ["sheet", "log"])
@pytest.mark.parametrize("slug", sorted(games()))
def test_every_number_of_four_digits_and_more_prints_as_one_word(records, slug, what, paper):
    app, saved = records
    record = saved[slug]
    lang = "de" if paper == "a4" else "en"
    with app.test_request_context(headers={"Accept-Language": lang}):
        html = (printables.game_sheet_html(record, lang, paper) if what == "sheet"
                else printables.game_log_html(record, lang))
    said = numbers(text_of(html))
    assert said, "the game holds no number of four digits: it proves nothing"
    landscape = get_game(slug).paper.landscape and what == "sheet"
    printed = pdf_numbers(render.render(html, paper, landscape))
    missing = {n: count - printed[n] for n, count in said.items() if printed[n] < count}
    assert missing == {}, sorted(missing.items())[:20]
