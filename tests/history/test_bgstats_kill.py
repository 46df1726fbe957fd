"""A BG Stats import through a real server killed with SIGKILL: once the progress page says
the games are added they are there after a restart, every one; killed midway, the next start
lists every whole game file it left, none is damaged, and the same file again adds the rest.

Nothing is mocked: the server is `flask --app app serve` in its own process, the phone talks
to it over a socket, and the kill is the kernel's."""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from companion import create_app
from tests.bgstats_files import PEOPLE, export, game, play, score
from tests.conftest import free_port
from tests.store.served import ROOT, Phone

PLAYS = 1200  # three of the import's chunks of game files


def big_export() -> bytes:
    plays = []
    for n in range(PLAYS):
        points = [30 + (n * 7 + seat * 13) % 40 for seat in range(3)]
        best = max(points)
        plays.append(play(n + 1, 1 + n % 2, [
            score(1 + (n + seat) % 5, str(p), winner=p == best) for seat, p in enumerate(points)],
            date=f"{2015 + n % 10}-{1 + n % 12:02d}-{1 + n % 28:02d} 20:00:00"))
    return json.dumps(export(PEOPLE, [game(1, "Skat"), game(2, "Hearts")], plays)).encode()


def server(instance: Path, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    with log.open("ab") as out:
        process = subprocess.Popen([sys.executable, "-m", "flask", "--app", "app", "serve", "--port", str(port)],
                                   cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
                                   env={**os.environ, "COMPANION_INSTANCE_PATH": str(instance)})
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            Phone(base).open("/")
            return process, base
        except OSError:
            assert process.poll() is None and time.monotonic() < deadline, log.read_text()[-3000:]
            time.sleep(0.2)


def tap_import(base: str, raw: bytes) -> tuple[Phone, str]:
    """The restore form with the file, then the summary's tap: the progress page's path."""
    phone = Phone(base)
    assert phone.open("/groups/household") == 200
    status, summary, _ = phone.post("/groups/household/restore", phone.form_fields("/restore"),
                                    {"file": ("BGStatsExport.json", raw)})
    assert status == 200 and f"{PLAYS} plays" in summary, summary[-2000:]
    phone.page, phone.path = summary, "/groups/household/restore"
    status, _, where = phone.post("/groups/household/bgstats/import", phone.form_fields("/bgstats/import"))
    assert status == 303 and where, status
    return phone, where.removeprefix(base)


def restarted(instance: Path):
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(instance)})
    store = app.extensions["store"]
    files = sorted(p.stem for p in (instance / "games").glob("*.json"))
    for game_id in files:  # every file the import left is whole
        store.load(game_id)
    return app, store, files


def test_an_import_the_page_says_is_done_is_there_after_a_kill(tmp_path):
    instance = tmp_path / "instance"
    process, base = server(instance, tmp_path / "server.log")
    try:
        phone, progress = tap_import(base, big_export())
        deadline = time.monotonic() + 300
        while phone.open(progress) == 200 and "games added" not in phone.page:
            assert time.monotonic() < deadline, phone.page[-2000:]
            time.sleep(0.05)
        assert f"{PLAYS} games added" in phone.page
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(30)
    _, store, files = restarted(instance)
    assert len(files) == PLAYS and sorted(store.index.games()) == files
    assert all(row["status"] == "finished" for row in store.index.games().values())


def test_an_import_killed_midway_keeps_whole_games_and_the_same_file_adds_the_rest(tmp_path):
    instance = tmp_path / "instance"
    raw = big_export()
    process, base = server(instance, tmp_path / "server.log")
    try:
        phone, progress = tap_import(base, raw)
        deadline = time.monotonic() + 300
        while True:  # killed once the first chunk is stored, the import still going on
            assert phone.open(progress) == 200 and time.monotonic() < deadline, phone.page[-2000:]
            done = re.search(r"(\d+) of (\d+)", phone.page)
            if done and int(done[1]) > 0:
                break
            assert "games added" not in phone.page, "done before it could be killed: more plays"
            time.sleep(0.01)
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(30)
    app, store, files = restarted(instance)
    assert 0 < len(files) < PLAYS
    assert sorted(store.index.games()) == files  # the start listed the files no row listed
    path = tmp_path / "BGStatsExport.json"
    path.write_bytes(raw)
    result = app.test_cli_runner().invoke(args=["restore", str(path)])
    assert f"{PLAYS - len(files)} games added, {len(files)} already here" in result.output, result.output
    assert len(store.index.games()) == PLAYS == len(list((instance / "games").glob("*.json")))
