"""The printing figures: a filled sheet against bare WeasyPrint, sheets by length, and the
game page's p99 while sheets render."""
from __future__ import annotations

import re
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from bench.common import PLAYERS, ROOT, figure, free_port, hand, median_ms, p99, rss_mb, serve
from companion import create_app
from companion.record.entries import add_entry, new_record


def printables_figures(app, store, repeat: int) -> None:
    """The filled sheet of a logged game against WeasyPrint rendering a bare A4 table with as
    many cells; a repeat download of the unchanged game (served from the cache); RSS over 300
    renders (one shared FontConfiguration keeps it flat)."""
    from weasyprint import HTML

    from companion.printing import pdf
    from companion.views import printables

    def ten_hands(**extra) -> dict:
        record = new_record("beutelschneider", PLAYERS, {"limit": 10000})
        for h in range(10):
            golds = [20, 20, 20, 20]
            golds[h % 4] += 10
            golds[(h + 1) % 4] -= 10
            record = add_entry(record, "hand", {**hand(golds), **extra})
        return store.load(store.create(record))

    def against_bare(record: dict) -> tuple[int, float, float, str, Callable[[], bytes]]:
        """The record's filled sheet and a bare A4 table with as many cells, rendered in turn."""
        def fresh() -> bytes:
            # What a request and its render worker do between them, in one process.
            with app.test_request_context():
                return pdf.render(printables.game_sheet_html(record, "en"), "a4", landscape=True)

        with app.test_request_context():
            html = printables.game_sheet_html(record, "en")
        cells = len(re.findall(r"<t[dh][ >]", html))
        columns = 12
        bare = ("<!doctype html><style>@page { size: A4 } td { border: 1px solid #000 }</style><table>"
                + "".join("<tr>" + "<td>00</td>" * columns + "</tr>" for _ in range(cells // columns + 1))
                + "</table>")
        fresh()   # warm both
        HTML(string=bare).write_pdf()
        sheet_ms = median_ms(fresh, repeat)
        bare_ms = median_ms(lambda: HTML(string=bare).write_pdf(), repeat)
        return cells, sheet_ms, bare_ms, bare, fresh

    # Ten plain hands: the grid shows each in full, so the log by round lists none of them.
    record = ten_hands()
    game_id = record["id"]
    cells, sheet_ms, bare_ms, bare, fresh = against_bare(record)
    figure("sheet_table_cells", cells, "cells")
    figure("filled_sheet_render_median", sheet_ms, "ms")
    figure("bare_a4_table_render_median", bare_ms, "ms")
    figure("filled_sheet_vs_bare_table_ratio", sheet_ms / bare_ms, "x")
    # The same ten hands, each with the Alchemist: the log by round prints a line per hand.
    cells_l, sheet_l, bare_l, _, _ = against_bare(ten_hands(alchemist=True))
    figure("sheet_with_log_table_cells", cells_l, "cells")
    figure("filled_sheet_with_log_render_median", sheet_l, "ms")
    figure("filled_sheet_with_log_vs_bare_table_ratio", sheet_l / bare_l, "x")

    # Like for like: pdf.render pauses the garbage collector for a render (and pays one
    # young collection after it), which spares it the full collections of a big process
    # that the bare render above may run into. The same treatment for the bare table:
    def bare_gc_paused() -> bytes:
        with pdf.collector_paused():
            return HTML(string=bare).write_pdf()
    bare_paused_ms = median_ms(bare_gc_paused, repeat)
    figure("bare_a4_table_gc_paused_render_median", bare_paused_ms, "ms")
    figure("filled_sheet_vs_bare_table_gc_paused_ratio", sheet_ms / bare_paused_ms, "x")
    # The bare table uses WeasyPrint's default (system) font, the sheet our bundled one;
    # the same bare table in the bundled font, to show that this does not tilt the ratio:
    face = ('@font-face { font-family: "Ledger Sans"; src: url("ledger-static:fonts/'
            'DejaVuSansCondensed.ttf") } html { font-family: "Ledger Sans" }')
    bare_font = bare.replace("</style>", face + "</style>")
    figure("bare_a4_table_bundled_font_render_median", median_ms(
        lambda: HTML(string=bare_font, url_fetcher=pdf.FETCHER).write_pdf(font_config=pdf.FONTS),
        repeat), "ms")

    client = app.test_client()
    client.get(f"/games/{game_id}/sheet.pdf")
    figure("repeat_download_unchanged_game_median",
           median_ms(lambda: client.get(f"/games/{game_id}/sheet.pdf"), repeat), "ms")

    for _ in range(20):
        fresh()
    start = rss_mb()
    for i in range(300):
        fresh()
        if i == 49:
            after_50 = rss_mb()
    end = rss_mb()
    figure("rss_before_300_renders", start, "MB")
    figure("rss_after_50_renders", after_50, "MB")
    figure("rss_after_300_renders", end, "MB")
    figure("rss_growth_50_to_300_renders", end - after_50, "MB")


def sheet_length_figures(app, store, repeat: int) -> None:
    """The filled sheet of a game of 30, 300 and 1,500 entries: its cost follows its pages
    (a line per round), not its entries. HTML and render in one process, as a request and
    its worker do them, on the paper the app prints it on (A4, upright). The three sizes take
    turns, so a machine getting busier or quieter weighs on all three alike."""
    from companion.printing import pdf
    from companion.views import printables
    from tests.printables.layout import autoplay  # a game played by the rules, as the layout tests play it

    records = {n: store.load(store.create(autoplay("loot-and-scoot", PLAYERS, n))) for n in (30, 300, 1500)}

    def render(record: dict) -> bytes:
        with app.test_request_context():
            return pdf.render(printables.game_sheet_html(record, "en", "a4"), "a4",
                              landscape=printables.get_game(record["game"]).paper.landscape)

    samples: dict[int, list[float]] = {n: [] for n in records}
    for record in records.values():
        render(record)
    for _ in range(repeat):
        for n, record in records.items():
            start = time.perf_counter()
            render(record)
            samples[n].append((time.perf_counter() - start) * 1000)
    times = {n: statistics.median(values) for n, values in samples.items()}
    for n, ms in times.items():
        figure(f"sheet_{n}_entries_ms", ms, "ms")
    figure("sheet_300_vs_30_ratio", times[300] / times[30], "x")
    figure("sheet_1500_vs_30_ratio", times[1500] / times[30], "x")


def game_page_while_printing_figures(folder: str, reads: int = 1000) -> None:
    """The game page's p99 from a real server (`flask --app app serve`), idle and
    while ten different sheets are asked for at once (each following its "being made"
    page until the PDF comes). A p99 is the read the worst 1 % exceed: 1,000 idle reads
    (about as many as the busy phase makes) so that it is not the third-worst of a few
    hundred, as it was with 300."""
    import threading
    import urllib.error
    import urllib.request

    instance = Path(folder) / "serving"
    app = create_app({"INSTANCE_PATH": str(instance)})
    record = new_record("beutelschneider", PLAYERS, {"limit": 10000})
    for h in range(8):
        record = add_entry(record, "hand", hand([30, 20, 20, 10] if h % 2 else [10, 20, 20, 30]))
    game_id = app.extensions["store"].create(record)
    port = free_port()
    base = f"http://127.0.0.1:{port}"

    def fetch(url: str) -> tuple[int, dict]:
        try:
            with urllib.request.urlopen(url, timeout=300) as response:
                response.read()
                return response.status, dict(response.headers)
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers)

    server = serve(ROOT, port, {"COMPANION_INSTANCE_PATH": str(instance)})
    try:
        # The workers started and warm, as on a server that has printed before.
        fetch(f"{base}/printables/beutezug/sheet.pdf?players=2&names=Warm")
        while fetch(f"{base}/printables/beutezug/sheet.pdf?players=2&names=Warm")[0] == 202:
            time.sleep(0.5)

        def read_page() -> float:
            start = time.perf_counter()
            fetch(f"{base}/games/{game_id}")
            return (time.perf_counter() - start) * 1000

        idle = [read_page() for _ in range(reads)]

        def sheet(i: int) -> None:
            url = f"{base}/printables/beutelschneider/sheet.pdf?players=5&names=Guest{i}"
            while (answer := fetch(url))[0] == 202:
                time.sleep(float(answer[1].get("Retry-After", 1)))

        threads = [threading.Thread(target=sheet, args=(i,)) for i in range(10)]
        for thread in threads:
            thread.start()
        busy = []
        while any(thread.is_alive() for thread in threads):
            busy.append(read_page())
        for thread in threads:
            thread.join()
    finally:
        server.terminate()
        server.wait(10)
    figure("game_page_reads_while_10_sheets", len(busy), "reads")
    figure("game_page_median_idle_ms", statistics.median(idle), "ms")
    figure("game_page_median_while_10_sheets_ms", statistics.median(busy), "ms")
    figure("game_page_p99_idle_ms", p99(idle), "ms")
    figure("game_page_p99_while_10_sheets_ms", p99(busy), "ms")
    figure("game_page_p99_printing_ratio", p99(busy) / p99(idle), "x")
