"""Benchmarks that print figures, one a line: `name: value unit`.

    python bench/run.py            # the full run (10,000 games of history)
    python bench/run.py --games 500
    python bench/run.py --sheets 31  # only the filled sheets by length, 31 runs each

Goals are judged from these figures by a person (see the README), never asserted in tests.
"""
from __future__ import annotations

import argparse
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from flask import Flask, render_template_string

from companion import create_app
from companion.records import add_entry, new_record, now_iso
from companion.store import SCHEMA

PLAYERS = ["Anna", "Ben", "Cem", "Dora"]


def hand(golds: list[int]) -> dict:
    return {"players": [{"gold": g, "cutpurses": 0} for g in golds]}


def finished_record(i: int) -> dict:
    """A finished four-player Beutelschneider game of five hands, varied by ``i``."""
    record = new_record("beutelschneider", PLAYERS, {"first_dealer": i % 4})
    for h in range(5):
        golds = [20, 20, 20, 20]
        golds[(i + h) % 4] += 10
        golds[(i + h + 1) % 4] -= 10
        record = add_entry(record, "hand", hand(golds))
    return record


def build_history(store, n: int) -> None:
    """Write ``n`` finished games straight into the store's folder, then index them once."""
    template = finished_record(0)
    for i in range(n):
        created = now_iso()
        record = {**template, "id": f"bench{i:05d}", "schema": SCHEMA, "created": created,
                  "played_on": created}
        store._write(store._path(record["id"]), record)
    store.rebuild_index()


def median_ms(action: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def append_cost(store, repeat: int) -> float:
    """Median cost of appending one hand to a game of eight hands, the game put back after
    each sample (outside the timing) so every sample appends to the same record."""
    game_id = store.create(new_record("beutelschneider", PLAYERS, {"limit": 10000}))
    for _ in range(8):
        store.update(game_id, lambda r: add_entry(r, "hand", hand([20, 20, 20, 20])))
    original = store.load(game_id)
    path = store._path(game_id)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        store.update(game_id, lambda r: add_entry(r, "hand", hand([20, 20, 20, 20])))
        times.append((time.perf_counter() - start) * 1000)
        store._write(path, original)
    return statistics.median(times)


def history_figures(app, store, n: int, repeat: int) -> None:
    """The history list and one player's statistics over the ``n``-game history, read from
    the index only (no game file is opened). "cold" is the first request after the index
    changed (parse the index, build the group's games); the medians are the usual case."""
    client = app.test_client()
    store._index_cache = None
    start = time.perf_counter()
    assert client.get("/history").status_code == 200
    figure(f"history_list_{n}_games_cold", (time.perf_counter() - start) * 1000, "ms")
    figure(f"history_list_{n}_games_median", median_ms(lambda: client.get("/history"), repeat), "ms")
    figure(f"history_filtered_{n}_games_median",
           median_ms(lambda: client.get("/history?player=Ben&from=2000-01-01"), repeat), "ms")
    figure(f"player_stats_{n}_games_median", median_ms(lambda: client.get("/players/Anna"), repeat), "ms")
    figure(f"game_stats_{n}_games_median",
           median_ms(lambda: client.get("/stats/games/beutelschneider"), repeat), "ms")
    # The group's statistics for all time and for this year (every game of the bench history
    # ended this year, so the year's page counts as many games as all time: the worst case).
    all_time = median_ms(lambda: client.get("/stats"), repeat)
    this_year = median_ms(lambda: client.get("/stats?period=year"), repeat)
    figure(f"stats_all_time_{n}_games_median", all_time, "ms")
    figure(f"stats_period_{n}_games_median", this_year, "ms")
    figure("stats_period_vs_all_time_ratio", this_year / all_time, "x")


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def printables_figures(app, store, repeat: int) -> None:
    """The filled sheet of a logged game against WeasyPrint rendering a bare A4 table with as
    many cells; a repeat download of the unchanged game (served from the cache); RSS over 300
    renders (one shared FontConfiguration keeps it flat)."""
    from weasyprint import HTML

    from companion import pdf
    from companion.views import printables

    record = new_record("beutelschneider", PLAYERS, {"limit": 10000})
    for h in range(10):
        golds = [20, 20, 20, 20]
        golds[h % 4] += 10
        golds[(h + 1) % 4] -= 10
        record = add_entry(record, "hand", hand(golds))
    game_id = store.create(record)
    record = store.load(game_id)

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
    figure("sheet_table_cells", cells, "cells")
    figure("filled_sheet_render_median", sheet_ms, "ms")
    figure("bare_a4_table_render_median", bare_ms, "ms")
    figure("filled_sheet_vs_bare_table_ratio", sheet_ms / bare_ms, "x")

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


# A Loot and Scoot turn: two Inn actions, begging, or an action and a trip a-Lootin' (with
# what happened in the Dungeon). Each player takes each kind in turn, about 2 entries a turn.
SCOOT_TURNS = (
    lambda s, o: [("action", {"seat": s, "action": "trade", "with": o, "pay": 1}),
                  ("action", {"seat": s, "action": "trade", "with": o, "receive": 1})],
    lambda s, o: [("action", {"seat": s, "action": "beg"})],
    lambda s, o: [("action", {"seat": s, "action": "trade", "with": o, "pay": 1}),
                  ("action", {"seat": s, "action": "wounds", "hirelings": 1}),
                  ("leave", {"seat": s, "dungeon": o, "levels": [], "how": "lost"})],
    lambda s, o: [("action", {"seat": s, "action": "hire", "count": 1}),
                  ("leave", {"seat": s, "dungeon": o, "levels": [], "how": "fled"})],
)


def scoot_record(n_entries: int) -> dict:
    """A four-player Loot and Scoot game of ``n_entries`` entries, played by the rules."""
    from companion.games import get_game
    record = new_record("loot-and-scoot", PLAYERS, {})
    entries: list[tuple[str, dict]] = [("first_player", {"seat": 0})]
    pairs = [["squire", "priest"], ["wizard", "thief"], ["squire", "wizard"], ["priest", "thief"]]
    entries += [("pick", {"seat": s, "classes": pairs[s]}) for s in range(4)]
    turn = 0
    while len(entries) < n_entries:
        entries += SCOOT_TURNS[(turn // 4) % len(SCOOT_TURNS)](turn % 4, (turn + 1) % 4)
        turn += 1
    entries = entries[:n_entries]
    get_game("loot-and-scoot").replay(record["players"], record["settings"], entries)  # by the rules
    at = now_iso()
    record["entries"] = [{"id": i + 1, "kind": k, "data": d, "at": at, "source": "table", "edits": []}
                         for i, (k, d) in enumerate(entries)]
    record["version"] = record["entries_version"] = len(entries)
    return record


def sheet_length_figures(app, store, repeat: int) -> None:
    """The filled sheet of a game of 30, 300 and 1,500 entries: its cost follows its pages
    (a line per round), not its entries. HTML and render in one process, as a request and
    its worker do them, on the paper the app prints it on (A4, upright). The three sizes take
    turns, so a machine getting busier or quieter weighs on all three alike."""
    from companion import pdf
    from companion.views import printables

    records = {n: store.load(store.create(scoot_record(n))) for n in (30, 300, 1500)}

    def render(record: dict) -> bytes:
        with app.test_request_context():
            return pdf.render(printables.game_sheet_html(record, "en", "a4"), "a4",
                              landscape=record["game"] in printables.LANDSCAPE)

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


def game_page_while_printing_figures(folder: str, reads: int = 300) -> None:
    """The game page's p99 from a real waitress server (`flask --app app serve`), idle and
    while ten different sheets are asked for at once (each following its "being made"
    page until the PDF comes)."""
    import os
    import socket
    import subprocess
    import threading
    import urllib.error
    import urllib.request

    instance = Path(folder) / "serving"
    app = create_app({"INSTANCE_PATH": str(instance)})
    record = new_record("beutelschneider", PLAYERS, {"limit": 10000})
    for h in range(8):
        record = add_entry(record, "hand", hand([30, 20, 20, 10] if h % 2 else [10, 20, 20, 30]))
    game_id = app.extensions["store"].create(record)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    base = f"http://127.0.0.1:{port}"

    def fetch(url: str) -> tuple[int, dict]:
        try:
            with urllib.request.urlopen(url, timeout=300) as response:
                response.read()
                return response.status, dict(response.headers)
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers)

    def p99(samples: list[float]) -> float:
        return sorted(samples)[min(len(samples) - 1, int(len(samples) * 0.99))]

    server = subprocess.Popen(
        [sys.executable, "-m", "flask", "--app", "app", "serve", "--port", str(port)],
        cwd=Path(__file__).resolve().parents[1], stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, env={**os.environ, "COMPANION_INSTANCE_PATH": str(instance)})
    try:
        for _ in range(600):
            try:
                fetch(f"{base}/")
                break
            except OSError:
                time.sleep(0.1)
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
    figure("game_page_p99_idle_ms", p99(idle), "ms")
    figure("game_page_p99_while_10_sheets_ms", p99(busy), "ms")
    figure("game_page_p99_printing_ratio", p99(busy) / p99(idle), "x")


ROOT = Path(__file__).resolve().parents[1]
IMPORT_APP = """
import sys, time
start = time.perf_counter()
from companion import create_app
imported = time.perf_counter()
app = create_app()
created = time.perf_counter()
response = app.test_client().get("/")
assert response.status_code == 200, response.status_code
print((imported - start) * 1000, (created - imported) * 1000, (time.perf_counter() - created) * 1000,
      int("weasyprint" in sys.modules))
"""


def _first_page_after_start(env: dict[str, str]) -> float:
    """Milliseconds from starting `flask --app app serve` (the README's command) until the
    first page has answered, polling every 5 ms."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    start = time.perf_counter()
    server = subprocess.Popen([sys.executable, "-m", "flask", "--app", "app", "serve", "--port", str(port)],
                              cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as response:
                    assert response.status == 200
                return (time.perf_counter() - start) * 1000
            except OSError:
                if server.poll() is not None or time.perf_counter() - start > 60:
                    raise RuntimeError("the server did not answer") from None
                time.sleep(0.005)
    finally:
        server.terminate()
        server.wait()


def start_figures(repeat: int) -> None:
    """What a start costs, each in a fresh process with an instance folder made by an earlier
    start (the usual case): importing the app, create_app(), the first page through the test
    client; and, end to end, starting the server until its first page has answered."""
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "COMPANION_INSTANCE_PATH": folder}
        runs = []
        for _ in range(repeat + 1):  # the first run makes the instance folder
            out = subprocess.run([sys.executable, "-c", IMPORT_APP], cwd=ROOT, env=env, check=True,
                                 capture_output=True, text=True).stdout.split()
            runs.append([float(x) for x in out])
        runs = runs[1:]
        imports, creates, pages, weasyprint = zip(*runs, strict=True)
        figure("import_app_ms", statistics.median(imports), "ms")
        figure("create_app_ms", statistics.median(creates), "ms")
        figure("first_page_in_process_ms", statistics.median(pages), "ms")
        figure("create_app_plus_first_page_ms",
               statistics.median(c + p for c, p in zip(creates, pages, strict=True)), "ms")
        figure("weasyprint_imported_by_start", max(weasyprint), "(1 = yes)")
        figure("first_page_after_start_ms",
               statistics.median(_first_page_after_start(env) for _ in range(repeat)), "ms")


def figure(name: str, value: float, unit: str) -> None:
    print(f"{name}: {value:.2f} {unit}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=101)
    parser.add_argument("--printing", action="store_true", help="only the printing figures")
    parser.add_argument("--start-only", action="store_true", help="only the start-up figures")
    parser.add_argument("--sheets", type=int, nargs="?", const=15, metavar="REPEAT",
                        help="only the filled sheets of 30, 300 and 1,500 entries (15 runs each)")
    args = parser.parse_args()
    if args.sheets:
        with tempfile.TemporaryDirectory() as folder:
            app = create_app({"TESTING": True, "INSTANCE_PATH": folder})
            sheet_length_figures(app, app.extensions["store"], args.sheets)
        return
    if not args.printing:
        start_figures(7)
    if args.start_only:
        return
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "INSTANCE_PATH": folder})
        store = app.extensions["store"]
        if args.printing:
            printables_figures(app, store, 21)
            sheet_length_figures(app, store, 15)
            game_page_while_printing_figures(folder)
            return

        empty = append_cost(store, args.repeat)
        figure("append_entry_at_0_games_median", empty, "ms")
        start = time.perf_counter()
        build_history(store, args.games)
        figure(f"build_history_{args.games}_games", time.perf_counter() - start, "s")
        full = append_cost(store, args.repeat)
        figure(f"append_entry_at_{args.games}_games_median", full, "ms")
        figure("append_entry_ratio", full / empty, "x")
        # What every start adds to find what a crash left (markers, files no row lists, files
        # changed since the index): a directory listing and a stat per game, no file read.
        figure(f"start_reconcile_{args.games}_games_median", median_ms(store.reconcile, 7), "ms")
        history_figures(app, store, args.games, args.repeat)

        # The game page of a game in progress, next to a bare Flask page of the same size.
        client = app.test_client()
        game_id = store.create(new_record("beutelschneider", PLAYERS, {"limit": 10000}))
        for _ in range(8):
            store.update(game_id, lambda r: add_entry(r, "hand", hand([30, 20, 20, 10])))
        page = client.get(f"/games/{game_id}").data
        game_page = median_ms(lambda: client.get(f"/games/{game_id}"), args.repeat)
        # The baseline: a bare Flask app rendering a Jinja loop of small elements to the same
        # number of bytes, so the ratio shows what our layout, forms and replay add.
        bare = Flask("bare")
        row = '<label class="field"><span>{{ i }}</span><input name="f{{ i }}" value="{{ i }}"></label>\n'
        template = "<!doctype html><main>{% for i in range(rows) %}" + row.strip() + "{% endfor %}</main>"
        sizes = {"rows": 100}
        bare.add_url_rule("/", "bare", lambda: render_template_string(template, rows=sizes["rows"]))
        bare_client = bare.test_client()
        # Scale the loop to the game page's size in bytes.
        sizes["rows"] = round(100 * len(page) / len(bare_client.get("/").data))
        bare_page = median_ms(lambda: bare_client.get("/"), args.repeat)
        figure("bare_flask_page_bytes", len(bare_client.get("/").data), "B")
        figure("game_page_bytes", len(page), "B")
        figure("game_page_render_median", game_page, "ms")
        figure("bare_flask_page_median", bare_page, "ms")
        figure("game_page_vs_bare_ratio", game_page / bare_page, "x")
        figure("home_page_median", median_ms(lambda: client.get("/"), 21), "ms")
        printables_figures(app, store, 21)
        sheet_length_figures(app, store, 15)
        game_page_while_printing_figures(folder)


if __name__ == "__main__":
    main()
