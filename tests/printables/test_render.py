"""How a PDF is rendered: the collector paused and given back, the bundled fonts only, a lean chart."""
from __future__ import annotations

import gc
import re

from companion.printing import pdf
from companion.pages.chart import label_step, totals_chart
from tests.printables.conftest import Pdf


def test_a_render_gives_the_collector_back_as_it_found_it():
    assert gc.isenabled()
    pdf.render("<p>on</p>")
    assert gc.isenabled()
    gc.disable()
    try:
        pdf.render("<p>off</p>")
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_failed_render_gives_the_collector_back_too(monkeypatch):
    def broken(*args):
        raise RuntimeError("broken")
    monkeypatch.setattr(pdf, "_write_pdf", broken)
    try:
        pdf.render("<p>x</p>")
    except RuntimeError:
        pass
    assert gc.isenabled()


def test_a_filled_sheet_uses_the_bundled_fonts_only(client, logged):
    # The chart's labels too: WeasyPrint's SVG text would otherwise fall back to a system font.
    document = Pdf(client.get(f"/games/{logged('beutelschneider')}/sheet.pdf?lang=en").data)
    fonts = {str(font.get_object()["/BaseFont"]) for page in document.reader.pages
             for font in page["/Resources"]["/Font"].values()}
    assert fonts and all("Ledger-Sans" in name for name in fonts), fonts


def test_the_chart_draws_a_player_with_a_line_and_one_path_of_markers():
    # WeasyPrint draws every SVG element on its own: ten rounds do not make ten markers each.
    totals = [[10 * r, 5 * r, 0, -r, 2 * r] for r in range(1, 11)]
    svg = str(totals_chart(["A", "B", "C", "D", "E"], totals, label="Totals"))
    assert svg.count("<polyline") == 5 and svg.count("<title>") == 5
    # grid, a line and a path per player, labels for -10, 0 and 100, and rounds 0 to 10
    assert len(re.findall(r"<(?:path|polyline|line|circle|rect|text)\b", svg)) == 1 + 5 * 2 + 3 + 11
    assert "font-family" not in svg    # the web page's font is inherited
    assert 'font-family="Ledger Sans"' in str(totals_chart(["A"], [[1]], font_family="Ledger Sans"))


def test_the_chart_thins_its_round_labels_and_markers_to_what_fits():
    totals = [[r, 2 * r] for r in range(1, 301)]
    svg = str(totals_chart(["A", "B"], totals, width=460, height=150, label="Totals"))
    rounds = [int(v) for v in re.findall(r'<text x="[\d.]+" y="144">(\d+)</text>', svg)]
    assert rounds == list(range(0, 301, 20))            # 16 labels, not 301 run together
    assert svg.count("a3 3 0") == 300 // 20 * 2          # A's circles: one per labelled round
    assert label_step(10, 418, 2) == 1 and label_step(30, 418, 2) == 2
