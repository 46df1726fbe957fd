"""A long game's sheet: the Loot and Scoot ledger as lines of text in columns, checked in
the PDF itself (pdfplumber): every word in its player's column, the columns lined up
under the head, a turn too long for its column going on under itself; and the chart's
lines with only the points they need."""
from __future__ import annotations

import io
import re
from itertools import pairwise

import pdfplumber
import pytest

from companion.pages.chart import _kept, totals_chart
from tests.conftest import TESTING
from tests.printables.layout import NAMES, autoplay

MM = 72 / 25.4


# -- the ledger, as the PDF prints it -------------------------------------------------------

@pytest.fixture(scope="module")
def ledger_pages(client_module):
    """A long German game of four 40-character names: its ledger's head and lines, page by
    page, as pdfplumber reads them."""
    client, store = client_module
    record = autoplay("loot-and-scoot", NAMES[:4], 400)
    game_id = store.create(record)
    data = client.get(f"/games/{game_id}/sheet.pdf?lang=de&paper=letter").data
    pages = []
    with pdfplumber.open(io.BytesIO(data)) as document:
        for page in document.pages:
            words = page.extract_words(x_tolerance=1.5, y_tolerance=2)
            # "Runde" heads the ledger, and the chart's axis and the rows left blank to carry
            # on in: the ledger's is the one in a table with the ledger's background.
            for head in (w for w in words if w["text"] == "Runde"):
                # The head's rules: the table's sides and the heavy rule before each player.
                cuts = [e for e in page.edges if e["orientation"] == "v" and e["object_type"] == "line"
                        and e["top"] <= head["top"] <= e["bottom"]]
                rules = sorted({round(e["x0"], 1) for e in cuts})
                edges = [x for i, x in enumerate(rules) if not i or x - rules[i - 1] > 2]
                # The body: under the head, down to the end of the table's background (its rules).
                ends = [r["bottom"] for r in page.rects if edges and r["top"] <= head["top"] <= r["bottom"]
                        and abs(r["x0"] - edges[0]) < 1 and abs(r["x1"] - edges[-1]) < 1]
                if cuts and ends:
                    top = max(e["bottom"] for e in cuts)
                    pages.append((edges, [w for w in words if top < w["top"] < max(ends)]))
                    break
    assert len(pages) >= 2, "a ledger that turns a page"
    return pages


@pytest.fixture(scope="module")
def client_module(tmp_path_factory):
    from companion import create_app
    app = create_app({**TESTING, "INSTANCE_PATH": str(tmp_path_factory.mktemp("long"))})
    return app.test_client(), app.extensions["store"]


def test_every_word_of_the_ledger_stays_inside_its_players_column(ledger_pages):
    for edges, words in ledger_pages:
        assert len(edges) == 6                       # the round column and four players
        for w in words:
            left = max(x for x in edges if x <= w["x0"])
            right = min(x for x in edges if x > w["x0"])
            assert w["x0"] >= left + 0.5 * MM and w["x1"] <= right - 0.3 * MM, (w["text"], left, right)


def test_each_players_cell_starts_where_the_head_says_its_column_starts(ledger_pages):
    starts: dict[float, list[float]] = {}
    for edges, words in ledger_pages:
        lines: dict[int, list[dict]] = {}
        for w in words:
            lines.setdefault(round(w["top"]), []).append(w)
        for line in lines.values():
            for left, right in pairwise(edges[1:]):
                cell = [w for w in line if left < w["x0"] < right]
                if cell:
                    starts.setdefault(left, []).append(min(w["x0"] for w in cell))
    for left, xs in starts.items():
        # Clear of the head's rule (1.6 pt wide) by about a cell's padding, and lined up
        # with each other to a hair space.
        assert all(0.5 * MM < x - left < 1.6 * MM for x in xs), (left, min(xs), max(xs))
        assert max(xs) - min(xs) <= 0.3 * MM, (left, min(xs), max(xs))
    assert len(starts) == 4 and min(map(len, starts.values())) > 60


def test_a_turn_too_long_for_its_column_goes_on_under_itself_and_the_round_is_said_once(ledger_pages):
    # "Tauschen · Wunden · verloren → 14" does not fit a quarter of a Letter page at 8 pt.
    numbered = going_on = 0
    for edges, words in ledger_pages:
        lines: dict[int, list[dict]] = {}
        for w in words:
            lines.setdefault(round(w["top"]), []).append(w)
        rounds = []
        for line in lines.values():
            number = [w["text"] for w in line if w["x1"] < edges[1]]
            if number:
                rounds.append(int(number[0]))
                numbered += 1
            else:
                going_on += 1
                assert {w["text"] for w in line} & {"verloren", "geflohen"}, line
        assert rounds == sorted(set(rounds)) and rounds == list(range(rounds[0], rounds[-1] + 1))
    assert numbered > 40 and going_on > 10


def test_the_sheet_replays_a_game_once_and_still_says_what_each_treasure_rolled(app, logged, monkeypatch):
    # The lines before play and after the Boss fell show what each entry did to the gold:
    # read off the ledger's own replay, not a second replay of the whole game for the log.
    from companion.forms.adapter import ADAPTERS
    from companion.views import printables

    def replays_again(record):
        raise AssertionError("a second replay")
    monkeypatch.setattr(ADAPTERS["loot-and-scoot"], "changes", replays_again)
    record = app.extensions["store"].load(logged("loot-and-scoot"))
    with app.test_request_context():
        html = printables.game_sheet_html(record, "en")
    assert re.search(r"Unrevealed Treasure</b> Beth 3\+5\s*<span class=\"tag gp\">Beth \+8&nbsp;gp</span>", html)


# -- the chart ---------------------------------------------------------------------------------

def _distance(point, a, b):
    (x, y), (x0, y0), (x1, y1) = point, a, b
    dx, dy = x1 - x0, y1 - y0
    t = max(0.0, min(1.0, ((x - x0) * dx + (y - y0) * dy) / ((dx * dx + dy * dy) or 1)))
    return ((x - x0 - t * dx) ** 2 + (y - y0 - t * dy) ** 2) ** 0.5


@pytest.mark.parametrize("ys", [
    [5, 5, 5, 9, 9, 9, 9, 12, 12, 3],                          # steps
    [(i * 7) % 11 + i / 3 for i in range(700)],                # a ragged climb of 700 turns
    [0.0] * 50,                                                # nothing happens
])
def test_the_charts_lines_keep_every_point_within_half_a_unit(ys):
    points = [(34 + 418 * i / max(1, len(ys) - 1), float(y)) for i, y in enumerate(ys)]
    kept = _kept(points)
    assert kept[0] == points[0] and kept[-1] == points[-1] and set(kept) <= set(points)
    for point in points:
        assert min(_distance(point, a, b) for a, b in pairwise(kept)) <= 0.5 + 1e-9
    if len(set(ys)) == 1:
        assert len(kept) == 2


def test_a_long_games_chart_draws_a_fraction_of_its_turns():
    # Each player's gold moves on their own turn, one turn in four: flat runs and small steps.
    totals = [[(t + 3 - s) // 4 * (2 + s) - (t % 9 == s) for s in range(4)] for t in range(1, 701)]
    svg = str(totals_chart(["A", "B", "C", "D"], totals, width=460, height=150, label="Totals"))
    counts = [len(points.split()) for points in re.findall(r'points="([^"]*)"', svg)]
    assert len(counts) == 4 and all(count < 350 for count in counts), counts
