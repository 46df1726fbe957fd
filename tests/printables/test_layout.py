"""The layouts hold for any name the app accepts: the most players, 40-character names,
English and German, A4 and Letter, every game, blank and filled, and the rules references.
Asserted from the PDF's own text positions (tests/printables/layout.py)."""
from __future__ import annotations

import pytest

from companion import create_app
from companion.games import GAMES
from companion.printing import PAPERS
from companion.views import printables
from tests.printables.conftest import save_png
from tests.printables.layout import NAMES, autoplay, problems

# Enough entries to turn a page: 16 hands, 7 rounds, 16 turns, some 25 turns a-Lootin'.
ENTRIES = {"beutelschneider": 16, "beutezug": 60, "give-me-the-treasure": 16, "loot-and-scoot": 60}
CASES = [(kind, slug, lang, paper) for kind in ("blank", "filled", "rules") for slug in GAMES
         for lang in ("en", "de") for paper in PAPERS]


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    """Every case, queued at once so that every render worker has work, then collected."""
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path_factory.mktemp("layout"))})
    printing = app.extensions["printing"]
    store = app.extensions["store"]
    jobs = {}
    with app.test_request_context():
        records = {slug: store.load(store.create(autoplay(slug, NAMES[:GAMES[slug].max_players],
                                                          ENTRIES[slug]))) for slug in GAMES}
        for case in CASES:
            kind, slug, lang, paper = case
            names = NAMES[:GAMES[slug].max_players]
            if kind == "blank":
                html = printables.blank_sheet_html(slug, len(names), names, lang)
            elif kind == "filled":
                html = printables.game_sheet_html(records[slug], lang, paper)
            else:
                html = printables.rules_html(slug, lang)
            landscape = slug in printables.LANDSCAPE and kind != "rules"
            jobs[case] = (html, printing.queue(("layout",) + case, lambda html=html: html, paper, landscape))
    return {case: (html, future.result(timeout=600)) for case, (html, future) in jobs.items()}


@pytest.mark.parametrize("case", CASES, ids=["-".join(c) for c in CASES])
def test_nothing_overprints_runs_off_breaks_or_splits(rendered, case):
    html, pdf = rendered[case]
    names = NAMES[:GAMES[case[1]].max_players] if case[0] != "rules" else []
    assert problems(pdf, html, names) == []
    if case[2:] == ("de", "letter"):
        save_png(pdf, "worst-" + "-".join(case))


def test_the_checks_find_a_row_split_across_pages_and_text_over_a_rule(rendered):
    # The control: the same checks on a layout that breaks both rules.
    from companion import pdf as render   # in this process, for the control only
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
