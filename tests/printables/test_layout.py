"""The layouts hold for any name the app accepts: the most players, 40-character names (five
of them without a break), right-to-left and mixed-direction names, English and German, A4 and
Letter, every game, every kind of PDF: blank sheets, filled sheets, full logs, rules references.
Asserted from the PDF's own text positions (tests/printables/layout.py): nothing overprints,
runs off the page or over a rule, breaks a word or a row, reads in the wrong direction, or is
left alone on a page. Each case is rendered once and shared by the checks."""
from __future__ import annotations

import io
import re
from itertools import pairwise

import pdfplumber
import pytest

from companion import create_app
from companion.games import GAMES
from companion.printing.papers import PAPERS
from companion.views import printables
from tests.conftest import TESTING
from tests.games.tables import table
from tests.printables.conftest import save_png
from tests.printables.layout import MIXED, NAMES, UNBROKEN, autoplay, problems

MM = 72 / 25.4
# Enough entries to turn a page, each game's own count (tests/games/<pkg>/tables.py).
ENTRIES = table("LOG_ENTRIES")
# The names each kind is checked with: the filled sheet with five unbroken names (its heads,
# its final scoring), its twin ("mixed") with right-to-left ones, the log with words.
KIND_NAMES = {"blank": NAMES, "filled": UNBROKEN, "mixed": MIXED, "log": NAMES, "rules": []}
CASES = [(kind, slug, lang, paper) for kind in KIND_NAMES for slug in GAMES
         for lang in ("en", "de") for paper in PAPERS]


def names_of(kind: str, slug: str) -> list[str]:
    return KIND_NAMES[kind][:GAMES[slug].max_players]


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    """Every case, queued at once so that every render worker has work, then collected."""
    app = create_app({**TESTING, "INSTANCE_PATH": str(tmp_path_factory.mktemp("layout"))})
    printing = app.extensions["printing"]
    store = app.extensions["store"]
    jobs = {}
    with app.test_request_context():
        records = {(kind, slug): store.load(store.create(autoplay(slug, names_of(kind, slug), ENTRIES[slug])))
                   for kind in ("filled", "mixed", "log") for slug in GAMES}
        for case in CASES:
            kind, slug, lang, paper = case
            if kind == "blank":
                html = printables.blank_sheet_html(slug, GAMES[slug].max_players, names_of(kind, slug), lang)
            elif kind in ("filled", "mixed"):
                html = printables.game_sheet_html(records[kind, slug], lang, paper)
            elif kind == "log":
                html = printables.game_log_html(records[kind, slug], lang)
            else:
                html = printables.rules_html(slug, lang)
            landscape = printables.get_game(slug).paper.landscape and kind in ("blank", "filled", "mixed")
            jobs[case] = (html, printing.queue(("layout",) + case, lambda html=html: html, paper, landscape))
    return {case: (html, future.result(timeout=900)) for case, (html, future) in jobs.items()}


@pytest.mark.parametrize("case", CASES, ids=["-".join(c) for c in CASES])
def test_nothing_overprints_runs_off_breaks_or_splits(rendered, case):
    html, pdf = rendered[case]
    assert problems(pdf, html, names_of(case[0], case[1])) == []
    if case[2:] == ("de", "letter"):
        save_png(pdf, "worst-" + "-".join(case))


def test_the_checks_find_a_row_split_across_pages_and_text_over_a_rule(rendered):
    # The control: the same checks on a layout that breaks both rules.
    from companion.printing import pdf as render  # in this process, for the control only
    rows = "".join(f"<tr><td>{i}</td><td>{'word ' * 60}</td></tr>" for i in range(30))
    html = (f"<style>tr {{ break-inside: auto }} td {{ border: 1pt solid }}</style><table>{rows}</table>"
            "<table style='table-layout: fixed; width: 30mm'><tr><td style='white-space: nowrap'>"
            "Unbreakable-and-far-too-long-for-this-cell</td><td>x</td></tr></table>")
    found = problems(render.render(html), html, [])
    assert any("cut off at the page's end" in p for p in found)
    assert any("runs over a rule" in p or "overprints" in p for p in found)


def test_a_blank_beutelschneider_sheet_for_five_keeps_its_twenty_hands_and_key_on_one_page(rendered):
    import io

    import pdfplumber
    for paper in PAPERS:
        with pdfplumber.open(io.BytesIO(rendered[("blank", "beutelschneider", "en", paper)][1])) as doc:
            pages = [page.extract_text() for page in doc.pages]
        assert len(pages) == 1, paper
        assert "20" in pages[0].split() and "running total" in pages[0] and "Winner" in pages[0]


def test_the_checks_find_numbers_turned_by_a_name_and_a_page_of_leftovers():
    # The controls: a right-to-left name not isolated, and a last page of one line.
    from companion.printing import pdf as render  # in this process, for the control only
    html = "<p>محمد الأحمد: 5→13</p>"
    assert any("wrong direction" in p for p in problems(render.render(html), html, ["محمد الأحمد"]))
    isolated = "<p>\u2068محمد الأحمد\u2069: 5→13</p>"
    assert problems(render.render(isolated), isolated, ["محمد الأحمد"]) == []
    html = "<p style='height: 270mm'>Full page</p><p>The closing line.</p>"
    assert any("leftovers" in p for p in problems(render.render(html), html, []))


@pytest.mark.parametrize("paper", list(PAPERS))
def test_the_logs_columns_give_the_entries_the_width(rendered, paper):
    # "#" and "When" take what their words need; the entry takes the rest (they were thirds).
    with pdfplumber.open(io.BytesIO(rendered[("log", "loot-and-scoot", "de", paper)][1])) as doc:
        page = doc.pages[0]
        head = next(w for w in page.extract_words() if w["text"] == "#")
        rules = sorted({round(e["x0"], 1) for e in page.edges if e["orientation"] == "v"
                        and e["top"] <= head["top"] <= e["bottom"]})
    edges = [x for i, x in enumerate(rules) if not i or x - rules[i - 1] > 2]
    assert len(edges) == 4, edges
    number, entry, when = (b - a for a, b in pairwise(edges))
    assert number < 12 * MM and when < 30 * MM and entry > 0.7 * (edges[-1] - edges[0])


def test_a_right_to_left_name_keeps_the_numbers_after_it_in_order(rendered):
    # Beutezug's log by round, "محمد الأحمد: 4→3" (the die, then the loot): what follows the
    # name on paper is what follows it in the source, line after line. (pdfplumber gives the
    # Arabic letters in visual order: the name reads "دمحلأا دمحم".)
    html, pdf = rendered[("mixed", "beutezug", "en", "a4")]
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        text = "\n".join(page.extract_text() for page in doc.pages)
    source = re.findall("محمد\u00a0الأحمد\u2069: ([^\\s<\u200b]+)", html)
    printed = re.findall("دمحلأا دمحم: (\\S+)", text)
    assert len(source) >= 7 and printed == source, (source, printed)
