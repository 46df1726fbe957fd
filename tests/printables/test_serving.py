"""With real processes: the server of `flask --app app serve`, ten sheets asked for
at once, and a phone reading its game page meanwhile. No game page waits behind a render."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from companion import create_app
from companion.record.entries import add_entry, new_record
from tests.conftest import free_port

ROOT = Path(__file__).resolve().parents[2]


def fetch(url: str) -> tuple[int, bytes, dict]:
    try:
        with urllib.request.urlopen(url, timeout=120) as response:
            return response.status, response.read(), dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, error.read(), dict(error.headers)


def test_ten_sheets_at_once_do_not_hold_up_the_game_page(tmp_path):
    instance = tmp_path / "instance"
    app = create_app({"INSTANCE_PATH": str(instance)})
    record = new_record("beutelschneider", ["Anna", "Ben", "Cem", "Dora"], {})
    for golds in ([30, 20, 20, 10], [10, 30, 20, 20], [20, 20, 30, 10]):
        record = add_entry(record, "hand", {"players": [{"gold": g} for g in golds]})
    game_id = app.extensions["store"].create(record)

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {**os.environ, "COMPANION_INSTANCE_PATH": str(instance)}
    log = (tmp_path / "server.log").open("wb")
    server = subprocess.Popen([sys.executable, "-m", "flask", "--app", "app", "serve", "--port",
                               str(port), "--threads", "8"], cwd=ROOT, env=env,
                              stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                assert fetch(f"{base}/")[0] == 200
                break
            except (OSError, AssertionError):
                assert time.monotonic() < deadline, (tmp_path / "server.log").read_text()[-3000:]
                time.sleep(0.2)

        sheets: list[tuple[float, float, int, bytes]] = []
        pages: list[tuple[float, float, int]] = []

        def sheet(i: int) -> None:
            # Ten different sheets (the names differ), so nothing is served from a cache.
            url = f"{base}/printables/beutelschneider/sheet.pdf?players=5&names=Guest{i}"
            start = time.monotonic()
            while True:
                status, body, headers = fetch(url)
                if status != 202:
                    break
                time.sleep(float(headers.get("Retry-After", 1)))
            sheets.append((start, time.monotonic(), status, body))

        threads = [threading.Thread(target=sheet, args=(i,)) for i in range(10)]
        for thread in threads:
            thread.start()
        while any(thread.is_alive() for thread in threads):
            start = time.monotonic()
            status = fetch(f"{base}/games/{game_id}")[0]
            pages.append((start, time.monotonic(), status))
            time.sleep(0.05)
        for thread in threads:
            thread.join()
    finally:
        server.terminate()
        server.wait(10)
        log.close()

    assert [s[2] for s in sheets] == [200] * 10, (tmp_path / "server.log").read_text()[-2000:]
    assert all(s[3].startswith(b"%PDF-") for s in sheets)
    assert all(p[2] == 200 for p in pages)
    # While no sheet had been answered yet -- the pool busy with all ten -- the phone kept
    # reading its game page: page after page was answered. A page that waited behind a
    # render would be the only one in that span (its loop asks again only once answered).
    first_sheet = min(end for _, end, _, _ in sheets)
    while_busy = [p for p in pages if p[1] < first_sheet]
    assert len(while_busy) >= 3, (len(while_busy), len(pages))
