"""Benchmarks that print figures, one a line: `name: value unit`.

    python bench/run.py            # the full run (10,000 games of history)
    python bench/run.py --games 500
    python bench/run.py --sheets 31  # only the filled sheets by length, 31 runs each
    python bench/run.py --server [--root ../main]  # only the server under a flood, and a big upload
    python bench/run.py --follow   # only six phones following one game while it is played

Goals are judged from these figures by a person (see the README), never asserted in tests.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from flask import Flask, render_template_string

from bench.common import PLAYERS, figure, hand, median_ms
from bench.follow_figures import follow_figures
from bench.printing_figures import game_page_while_printing_figures, printables_figures, sheet_length_figures
from bench.server_figures import server_figures
from bench.start_figures import start_figures
from companion import create_app
from companion.record.entries import add_entry, new_record, now_iso
from companion.storage.store import SCHEMA


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
    store.index.rebuild()


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


def save_reads_figures() -> None:
    """How often one save reads the game file: a hand saved from the phone (answered with
    the page, as app.js asks), the same without JavaScript (answered with a redirect), an
    undo. Counted where every game file read goes, the store's TinyDB storage."""
    from companion.storage import files
    from tests.formpage import Browserless
    from tests.games.beutelschneider.web.test_pages import hand_values, start

    seen: list[str] = []
    read = files.AtomicJSONStorage.read

    def counted(self: files.AtomicJSONStorage) -> dict | None:
        if self.path.parent.name == "games":
            seen.append(self.path.name)
        return read(self)

    folder = tempfile.TemporaryDirectory()
    user = Browserless(create_app({"TESTING": True, "INSTANCE_PATH": folder.name}).test_client())
    start(user)
    files.AtomicJSONStorage.read = counted  # type: ignore[method-assign]
    try:
        for name, action, values, headers in (
                ("save_entry_answered_with_page", "/entries", hand_values(60, 10, 10), {"X-Requested-With": "fetch"}),
                ("save_entry_answered_with_redirect", "/entries", hand_values(60, 10, 10), {}),
                ("save_undo_answered_with_page", "/undo", {}, {"X-Requested-With": "fetch"})):
            user.open(user.url)
            form = user.form(action)
            data: dict[str, list[str]] = {}
            for field, value in form["fields"]:
                data.setdefault(field, []).append(value)
            data.update({k: [str(v)] for k, v in values.items()})
            seen.clear()
            user.client.post(form["action"] or user.url, data=data, headers=headers)
            figure(f"{name}_game_file_reads", len(seen), "reads")
    finally:
        files.AtomicJSONStorage.read = read  # type: ignore[method-assign]
        folder.cleanup()


def history_figures(app, store, n: int, repeat: int) -> None:
    """The history list and one player's statistics over the ``n``-game history, read from
    the index only (no game file is opened). "cold" is the first request after the index
    changed (parse the index, build the group's games); the medians are the usual case."""
    client = app.test_client()
    store.index.forget()
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


def bare_page_ms(size: int, repeat: int) -> float:
    """A bare Flask app rendering a Jinja loop of small elements to ``size`` bytes."""
    bare = Flask("bare")
    row = '<label class="field"><span>{{ i }}</span><input name="f{{ i }}" value="{{ i }}"></label>'
    template = "<!doctype html><main>{% for i in range(rows) %}" + row + "{% endfor %}</main>"
    rows = {"n": 100}
    bare.add_url_rule("/", "bare", lambda: render_template_string(template, rows=rows["n"]))
    client = bare.test_client()
    rows["n"] = round(100 * size / len(client.get("/").data))
    return median_ms(lambda: client.get("/"), repeat)


def own_game_page_figures(client, store, repeat: int) -> None:
    """A game of the table's own (six players, eight rounds, a target ahead) beside a bare
    Flask page of its size: the generic game in the same bounds as the four."""
    game_id = store.create(new_record("own-game", PLAYERS + ["Emil", "Fay"],
                                      {"name": "Skat", "target": 10000}))
    for n in range(8):
        store.update(game_id, lambda r, n=n: add_entry(r, "round", {"players": [{"score": (n * 7 + s) % 40}
                                                                           for s in range(6)]}))
    size = len(client.get(f"/games/{game_id}").data)
    page = median_ms(lambda: client.get(f"/games/{game_id}"), repeat)
    bare = bare_page_ms(size, repeat)
    figure("own_game_page_bytes", size, "B")
    figure("own_game_page_render_median", page, "ms")
    figure("own_game_page_vs_bare_ratio", page / bare, "x")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=101)
    parser.add_argument("--printing", action="store_true", help="only the printing figures")
    parser.add_argument("--start-only", action="store_true", help="only the start-up figures")
    parser.add_argument("--server", action="store_true",
                        help="only the server under 200 held connections and a 100 MiB upload")
    parser.add_argument("--root", type=Path, default=None,
                        help="with --server: serve this checkout instead (main, for the before)")
    parser.add_argument("--sheets", type=int, nargs="?", const=15, metavar="REPEAT",
                        help="only the filled sheets of 30, 300 and 1,500 entries (15 runs each)")
    parser.add_argument("--follow", action="store_true",
                        help="only six phones following one game while it is played (issue 38)")
    args = parser.parse_args()
    if args.follow:
        follow_figures()
        return
    if args.server:
        server_figures(args.root.resolve() if args.root else Path(__file__).resolve().parents[1])
        return
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

        save_reads_figures()
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
        figure(f"start_reconcile_{args.games}_games_median", median_ms(store.index.reconcile, 7), "ms")
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
        own_game_page_figures(client, store, args.repeat)
        printables_figures(app, store, 21)
        sheet_length_figures(app, store, 15)
        game_page_while_printing_figures(folder)
    server_figures()
    follow_figures()


if __name__ == "__main__":
    main()


# BG Stats (issue 35): a 5,000-play export imported through a real server, timed from the tap
# to the last game stored, and the game page served meanwhile as a ratio to idle
# (bench/bgstats_figures.py; `python bench/bgstats_figures.py [PLAYS]` runs it alone). Only in
# the full run: after main()'s figures, not with --server, --sheets, --printing or --start-only.
if __name__ == "__main__" and not {"--server", "--sheets", "--printing", "--start-only", "--follow"} & set(sys.argv):
    from bench.bgstats_figures import bgstats_import_figures, bgstats_plan_store_figures

    with tempfile.TemporaryDirectory() as bgstats_folder:
        # The plan and the store in-process, each a printed median of three runs.
        bgstats_plan_store_figures(bgstats_folder, 5000)
        bgstats_import_figures(bgstats_folder, 5000)
