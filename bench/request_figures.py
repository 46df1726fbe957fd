"""One request's cost, as wall time and as this process's CPU time: a save end to end (the game
page's entry form posted, answered with the page as app.js asks or with a redirect as without
JavaScript), an undo, the game page, and the history and statistics pages over a history of
finished games; with the game file reads each save makes.

    python bench/request_figures.py [--repeat 51] [--games 2000]   # from the top of the checkout

The app runs in this process (the test client), so on a machine shared with others' work its
CPU time is inflated far less by the load than its wall time is. It uses only what a checkout
from before the restructure (issue 23) also has -- create_app, the pages' forms read by
tests/formpage.py, the records' new_record and add_entry, the store's load, _path and _write,
its AtomicJSONStorage -- so `bench/compare.py --script bench/request_figures.py` runs this same
file against both.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path.cwd()  # the checkout measured: its companion/ is imported first
sys.path.insert(0, str(ROOT))

from companion import create_app  # noqa: E402
from companion.record.entries import add_entry, new_record, now_iso  # noqa: E402
from companion.storage.store import SCHEMA, AtomicJSONStorage  # noqa: E402
from tests.formpage import BACKGROUND, Browserless  # noqa: E402

PLAYERS = ["Anna", "Ben", "Cem", "Dora"]


def golds(seed: int) -> list[int]:
    values = [30, 20, 20, 10]
    values[seed % 4] += 10
    values[(seed + 1) % 4] -= 10
    return values


def hand(seed: int) -> dict[str, str]:
    return {f"players-{seat}-gold": str(g) for seat, g in enumerate(golds(seed))}


def posted(user: Browserless, action: str, values: dict[str, str]) -> tuple[str, dict[str, list[str]]]:
    """The POST the page's form ``action`` would send with ``values`` filled in."""
    form = user.form(action)
    data: dict[str, list[str]] = {}
    for name, value in form["fields"]:
        data.setdefault(name, []).append(value)
    data.update({k: [v] for k, v in values.items()})
    return form["action"] or user.url, data


def timed(action: Callable[[], object]) -> tuple[float, float]:
    start, start_cpu = time.perf_counter(), time.process_time()
    action()
    return (time.perf_counter() - start) * 1000, (time.process_time() - start_cpu) * 1000


def report(name: str, samples: list[tuple[float, float]]) -> None:
    print(f"{name}_median: {statistics.median(s[0] for s in samples):.2f} ms", flush=True)
    print(f"{name}_cpu_median: {statistics.median(s[1] for s in samples):.2f} ms", flush=True)


def save_figures(app, repeat: int, hands: int) -> None:  # type: ignore[no-untyped-def]
    store = app.extensions["store"]
    user = Browserless(app.test_client())
    user.open("/new/beutelschneider")
    assert user.submit("", {"player": [*PLAYERS, ""], "limit": "10000"}).status_code == 200, user.page
    game_id = user.url.rsplit("/", 1)[-1]
    for h in range(hands):
        assert user.submit("/entries", hand(h)).status_code == 200
    original = store.load(game_id)
    path = store._path(game_id)

    read = AtomicJSONStorage.read
    seen: list[str] = []

    def counted(self):  # type: ignore[no-untyped-def]
        if self.path.parent.name == "games":
            seen.append(self.path.name)
        return read(self)

    for name, action, headers, is_hand in (
            ("save_hand_answered_with_page", "/entries", BACKGROUND, True),
            ("save_hand_answered_with_redirect", "/entries", {}, True),
            ("undo_answered_with_page", "/undo", BACKGROUND, False)):
        samples, reads = [], []
        for i in range(repeat):
            user.open(f"/games/{game_id}")
            target, data = posted(user, action, hand(i) if is_hand else {})
            seen.clear()
            AtomicJSONStorage.read = counted  # type: ignore[method-assign]
            try:
                start, start_cpu = time.perf_counter(), time.process_time()
                answer = user.client.post(target, data=data, headers=headers)
                samples.append(((time.perf_counter() - start) * 1000, (time.process_time() - start_cpu) * 1000))
            finally:
                AtomicJSONStorage.read = read  # type: ignore[method-assign]
            assert answer.status_code == (200 if headers else 303), (name, answer.status_code)
            reads.append(len(seen))
            store._write(path, original)  # every sample saves onto the same game
        assert len(store.load(game_id)["entries"]) == hands
        report(name, samples)
        print(f"{name}_game_file_reads: {statistics.median(reads):.2f} reads", flush=True)
    report("game_page", [timed(lambda: user.client.get(f"/games/{game_id}")) for _ in range(repeat)])


def history_figures(app, repeat: int, n: int) -> None:  # type: ignore[no-untyped-def]
    """The pages bench/run.py times over its history, over ``n`` finished five-hand games
    written straight into the store's folder, as it writes them."""
    store = app.extensions["store"]
    record = new_record("beutelschneider", PLAYERS, {"first_dealer": 0})
    for h in range(5):
        finished = [20, 20, 20, 20]  # bench/run.py's finished game: five hands end it
        finished[h % 4] += 10
        finished[(h + 1) % 4] -= 10
        record = add_entry(record, "hand", {"players": [{"gold": g, "cutpurses": 0} for g in finished]})
    for i in range(n):
        created = now_iso()
        store._write(store._path(f"bench{i:05d}"),
                     {**record, "id": f"bench{i:05d}", "schema": SCHEMA, "created": created, "played_on": created})
    index = store.index
    index.rebuild() if hasattr(index, "rebuild") else store.rebuild_index()  # the Index object is new
    client = app.test_client()
    for name, url in (("history_list", "/history"), ("history_filtered", "/history?player=Ben&from=2000-01-01"),
                      ("player_stats", "/players/Anna"), ("game_stats", "/stats/games/beutelschneider"),
                      ("stats_all_time", "/stats"), ("stats_period", "/stats?period=year"), ("home_page", "/")):
        assert client.get(url).status_code == 200, url
        report(f"{name}_{n}_games", [timed(lambda url=url: client.get(url)) for _ in range(repeat)])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=51)
    parser.add_argument("--hands", type=int, default=8, help="hands in the game before each save")
    parser.add_argument("--games", type=int, default=2000, help="finished games in the history")
    args = parser.parse_args()
    import companion
    assert Path(companion.__file__).resolve().is_relative_to(ROOT.resolve()), companion.__file__
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "INSTANCE_PATH": folder})
        save_figures(app, args.repeat, args.hands)
        history_figures(app, args.repeat, args.games)


if __name__ == "__main__":
    main()
