"""Text on paper that cannot turn around or overprint: names isolated from the numbers
beside them, one minus sign, chart labels apart, a chart that counts what its ledger counts."""
from __future__ import annotations

import re
from itertools import pairwise

from companion.pages.chart import totals_chart
from companion.printing.glyphs import fit, isolated, printed_name, width_mm
from companion.printing.sheets import minus, signed


def test_a_name_with_a_right_to_left_letter_is_isolated_and_kept_on_one_line():
    assert isolated("محمد الأحمد") == "\u200e\u2068محمد\u00a0الأحمد\u2069"
    assert isolated("Lena محمود").startswith("\u200e\u2068")
    # Latin names need nothing; a name's own direction controls (an override) are dropped.
    assert isolated("Anna-Lena Müller") == "Anna-Lena Müller"
    assert isolated("Ann\u202eA") == "AnnA" and printed_name("Bo\u2069b") == "Bob"


def test_the_isolates_take_no_room_and_survive_shortening():
    name = isolated("محمد الأحمد")
    assert width_mm(name, 8) == width_mm("محمد الأحمد", 8)
    short = fit(isolated("محمد الأحمد محمد الأحمد"), 12, 8)
    assert short.startswith("\u200e\u2068") and short.endswith("…\u2069")


def test_numbers_print_with_the_minus_sign():
    assert signed(-3) == "−3" and signed(4) == "+4" and signed(0) == "0"
    assert minus(-38) == "−38" and minus(12) == "12"


def test_chart_labels_near_zero_do_not_overprint():
    # The lowest total just below zero: "0" would sit on "−38" (the labels are 12 units high).
    svg = str(totals_chart(["A", "B"], [[-3, 400], [-38, 900]], width=460, height=150))
    labels = re.findall(r'<text x="30" y="([\d.]+)">([^<]+)</text>', svg)
    assert [text for _, text in labels] == ["−38", "900"]
    ys = sorted(float(y) for y, _ in labels)
    assert all(b - a >= 12 for a, b in pairwise(ys))
    # Far enough from the lowest, 0 is labelled again.
    svg = str(totals_chart(["A"], [[-300], [900]], width=460, height=150))
    assert [t for _, t in re.findall(r'<text x="30" y="([\d.]+)">([^<]+)</text>', svg)] == ["−300", "0", "900"]


def test_the_chart_names_what_its_axis_counts():
    svg = str(totals_chart(["A"], [[1], [2]], width=460, height=162, axis="Round"))
    assert re.search(r'<text x="[\d.]+" y="160">Round</text>', svg)
    assert "Round" not in str(totals_chart(["A"], [[1], [2]], width=460, height=150))


def test_the_loot_and_scoot_chart_counts_the_rounds_of_its_ledger(app, store):
    from companion.record.entries import replay
    from companion.views import printables
    from tests.printables.layout import autoplay
    record = store.load(store.create(autoplay("loot-and-scoot", ["Al", "Bo", "Cy", "Di"], 120)))
    with app.test_request_context():
        html = printables.game_sheet_html(record, "en")
    chart = html[html.index("<svg"):html.index("</svg>")]
    turns = replay(record).state.turn
    steps = [int(n) for n in re.findall(r'<text x="[\d.]+" y="144">(\d+)</text>', chart)]
    assert ">Round</text>" in chart and turns > 40
    assert steps[-1] <= -(-turns // 4) < turns        # the rounds, not the turns
