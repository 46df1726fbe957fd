"""A BG Stats export of 5,000 plays imported into a real server (`flask --app app serve`): how
long from the tap to the last game stored, and the game page served meanwhile, against idle."""
from __future__ import annotations

import http.cookiejar
import json
import os
import random
import re
import statistics
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

from bench.common import PLAYERS, ROOT, figure, free_port, hand, serve
from companion import create_app
from companion.record.entries import add_entry, new_record

NAMES = PLAYERS + ["Emil", "Fay", "Gus", "Hana"]
GAMES = ["Beutezug", "Skat", "Azul", "Hearts", "Codenames", "Carcassonne", "Wingspan", "Pandemic"]


def export(plays: int, seed: int = 7) -> dict:
    """An export as a phone writes one after years of play: a hundred games' worth of names."""
    rng = random.Random(seed)
    players = [{"uuid": str(uuid.UUID(int=rng.getrandbits(128))), "id": i + 1, "name": n,
                "isAnonymous": False, "modificationDate": "2025-01-01 10:00:00",
                "metaData": "{}"} for i, n in enumerate(NAMES)]
    games = [{"uuid": str(uuid.UUID(int=rng.getrandbits(128))), "id": i + 1, "name": n,
              "modificationDate": "2025-01-01 10:00:00", "cooperative": n == "Pandemic",
              "highestWins": n != "Hearts", "noPoints": n in ("Codenames", "Pandemic"),
              "usesTeams": n == "Codenames"} for i, n in enumerate(GAMES)]
    out = []
    for p in range(plays):
        game = games[p % len(games)]
        seats = rng.sample(range(1, len(NAMES) + 1), rng.randint(3, 5))
        scores = [rng.randint(30, 60) for _ in seats]
        best = (min if game["name"] == "Hearts" else max)(scores)
        day = f"{2015 + p * 10 // plays}-{1 + p % 12:02d}-{1 + p % 28:02d} 20:00:00"
        rows = [{"playerRefId": ref, "score": "" if game["noPoints"] else str(s),
                 "winner": True if game["cooperative"] else s == best and (game["noPoints"] is False or i == 0),
                 "rank": 0, "startPlayer": i == 0, "seatOrder": i, "newPlayer": False, "role": "",
                 "metaData": json.dumps({"scoreUuid": str(uuid.UUID(int=rng.getrandbits(128)))})}
                for i, (ref, s) in enumerate(zip(seats, scores, strict=True))]
        if game["noPoints"] and not game["cooperative"]:
            for i, row in enumerate(rows):
                row["winner"] = i == 0
        out.append({"uuid": str(uuid.UUID(int=rng.getrandbits(128))), "modificationDate": day,
                    "entryDate": day, "playDate": day, "usesTeams": False, "durationMin": 60,
                    "ignored": False, "manualWinner": False, "rounds": 0, "locationRefId": 1,
                    "gameRefId": game["id"], "board": "", "scoringSetting": 0, "playerScores": rows,
                    "expansionPlays": [], "scoresheet": json.dumps({"scoreType": "bestTotalWins"})})
    return {"players": players, "games": games, "plays": out,
            "locations": [{"uuid": "l", "id": 1, "name": "Küche", "modificationDate": "2025-01-01 10:00:00"}],
            "userInfo": {"meRefId": 1}}


def multipart(fields: dict[str, str], file: bytes) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode()
             for k, v in fields.items()]
    parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="BGStatsExport.json"'
                 '\r\nContent-Type: application/json\r\n\r\n'.encode() + file + b"\r\n")
    return b"".join(parts) + f"--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


def _cpu_s(pid: int) -> float:
    """The process's CPU time so far (user and system), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def bgstats_import_once(folder: Path, raw: bytes) -> dict[str, float]:
    """One import of ``raw`` into a new data folder through a real server: the summary's and
    the store's wall and CPU time (the server process's), the games added, and the game page's
    read times idle and during the store."""
    instance = folder
    app = create_app({"INSTANCE_PATH": str(instance)})
    record = new_record("beutelschneider", PLAYERS, {"limit": 10000})
    for h in range(8):
        record = add_entry(record, "hand", hand([30, 20, 20, 10] if h % 2 else [10, 20, 20, 30]))
    game_id = app.extensions["store"].create(record)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))

    def fetch(url: str, data: bytes | None = None, kind: str | None = None) -> tuple[int, str, str]:
        request = urllib.request.Request(url, data=data, headers={"Content-Type": kind} if kind else {})
        try:
            with opener.open(request, timeout=600) as response:
                return response.status, response.read().decode(), response.url
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode(), url

    def read_page() -> float:
        start = time.perf_counter()
        urllib.request.urlopen(f"{base}/games/{game_id}", timeout=60).read()
        return (time.perf_counter() - start) * 1000

    server = serve(ROOT, port, {"COMPANION_INSTANCE_PATH": str(instance)})
    try:
        for _ in range(50):  # warm: the first reads load the templates and the index
            read_page()
        idle = [read_page() for _ in range(300)]
        page = fetch(f"{base}/groups/household")[1]
        csrf = re.search(r'action="/groups/household/restore".*?name="csrf_token" type="hidden" value="([^"]+)"',
                         page, re.S)
        assert csrf, "no restore form"
        start, cpu = time.perf_counter(), _cpu_s(server.pid)
        body, kind = multipart({"csrf_token": csrf.group(1)}, raw)
        status, summary, _ = fetch(f"{base}/groups/household/restore", body, kind)
        summary_s, summary_cpu = time.perf_counter() - start, _cpu_s(server.pid) - cpu
        token = re.search(r'name="token" type="hidden" value="([0-9a-f]+)"', summary)
        csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', summary)
        assert status == 200 and token and csrf, (status, summary[-500:])
        start, cpu = time.perf_counter(), _cpu_s(server.pid)
        status, progress, where = fetch(f"{base}/groups/household/bgstats/import",
                                        f"csrf_token={csrf.group(1)}&token={token.group(1)}".encode(),
                                        "application/x-www-form-urlencoded")
        busy = []
        while 'http-equiv="refresh"' in progress:
            busy.extend(read_page() for _ in range(10))
            progress = fetch(where)[1]
        # The CPU time includes the game pages served meanwhile, as the table's phones ask.
        stored_s, stored_cpu = time.perf_counter() - start, _cpu_s(server.pid) - cpu
        added = re.search(r"(\d+) games added", progress)
    finally:
        server.terminate()
        server.wait(10)
    return {"summary": summary_s, "summary_cpu": summary_cpu, "stored": stored_s,
            "stored_cpu": stored_cpu, "added": int(added.group(1)) if added else 0,
            "idle": statistics.median(idle), "busy": statistics.median(busy) if busy else 0,
            "ratio": statistics.median(busy) / statistics.median(idle) if busy else 0}


def bgstats_import_figures(folder: str, plays: int = 5000, repeat: int = 3) -> None:
    """``bgstats_import_once`` ``repeat`` times, each into a new data folder: the medians,
    and the load average of the machine (shared: its wall times move with it)."""
    raw = json.dumps(export(plays)).encode()
    runs = [bgstats_import_once(Path(folder) / f"bgstats-{run}", raw) for run in range(repeat)]

    def median(key: str) -> float:
        return statistics.median(r[key] for r in runs)
    figure("bgstats_import_load_average_1min", os.getloadavg()[0], "")
    figure(f"bgstats_import_{plays}_plays_summary", median("summary"), "s")
    figure(f"bgstats_import_{plays}_plays_summary_cpu", median("summary_cpu"), "s")
    figure(f"bgstats_import_{plays}_plays_stored", median("stored"), "s")
    figure(f"bgstats_import_{plays}_plays_stored_cpu", median("stored_cpu"), "s")
    figure(f"bgstats_import_{plays}_plays_games_added", min(r["added"] for r in runs), "games")
    figure("bgstats_import_game_page_median_idle_ms", median("idle"), "ms")
    figure("bgstats_import_game_page_median_during_ms", median("busy"), "ms")
    figure("bgstats_import_game_page_median_ratio", median("ratio"), "x")


def bgstats_plan_store_figures(folder: str, plays: int = 5000, repeat: int = 3) -> None:
    """The import's two steps in-process, without a server or a page read meanwhile: the
    plan (each play read and replayed by its rules, as the summary and the tap make it) and
    the store (the games' files and index rows), each a median of ``repeat`` runs into an
    empty data folder."""
    from companion.history import bgstats

    raw = json.dumps(export(plays)).encode()
    # Wall time, and the process's CPU time, which other work on a shared machine moves less.
    planned: list[tuple[float, float]] = []
    stored: list[tuple[float, float]] = []
    for run in range(repeat):
        app = create_app({"TESTING": True, "INSTANCE_PATH": str(Path(folder) / f"plan-{run}")})
        store = app.extensions["store"]
        with app.test_request_context("/"):
            start, cpu = time.perf_counter(), time.process_time()
            plan = bgstats.plan(bgstats.read(raw), "household", bgstats.known_names(store, "household"))
            planned.append((time.perf_counter() - start, time.process_time() - cpu))
            start, cpu = time.perf_counter(), time.process_time()
            bgstats.store_plan(store, "household", plan)
            stored.append((time.perf_counter() - start, time.process_time() - cpu))
        assert plan.added == len(plan.plays), (plan.added, len(plan.plays))
    figure("bgstats_plan_store_load_average_1min", os.getloadavg()[0], "")
    for step, runs in (("plan", planned), ("store", stored)):
        figure(f"bgstats_{step}_{plays}_plays_median", statistics.median(w for w, _ in runs), "s")
        figure(f"bgstats_{step}_{plays}_plays_cpu_median", statistics.median(c for _, c in runs), "s")


if __name__ == "__main__":
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        bgstats_plan_store_figures(folder, int(sys.argv[1]) if len(sys.argv) > 1 else 5000)
        bgstats_import_figures(folder, int(sys.argv[1]) if len(sys.argv) > 1 else 5000)
