"""The index heals itself: a process killed at each step of a write, a disk with room for
the game file but not for the index, game files no row lists, temporary files left behind.

The crashes are real: a child process (tests/store/crash.py) runs the write and is killed
with SIGKILL at the chosen step; then a new app starts on the same data folder.
"""
from __future__ import annotations

import ast
import json
import multiprocessing
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion import create_app
from companion.record.entries import add_entry, new_record
from companion.record.summary import summary
from companion.storage.store import Store
from tests.history.conftest import finished_game

ROOT = Path(__file__).resolve().parents[2]
STEPS = ["marker", "file", "index-temp"]


def crash(step: str, action: str, instance: Path, *args: str) -> None:
    done = subprocess.run([sys.executable, "-m", "tests.store.crash", step, action, str(instance), *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == -signal.SIGKILL, done.stderr[-2000:]


def raw_index(instance: Path) -> dict[str, dict]:
    """The games list as it is on disk, read without starting the app."""
    data = json.loads((instance / "index.json").read_text())
    return {doc["id"]: doc for doc in data["games"].values()}


def played_to_the_last_hand(instance: Path) -> str:
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(instance)})
    store = app.extensions["store"]
    game_id = store.create(new_record("beutelschneider", ["Anna", "Ben", "Cem"], {"limit": 50}))
    store.update(game_id, lambda r: add_entry(r, "hand", {"players": [{"gold": 20}, {"gold": 30},
                                                                      {"gold": 30}]}))
    (instance / "game-id").write_text(game_id)
    return game_id


@pytest.mark.parametrize("step", STEPS)
def test_a_server_killed_during_the_finishing_entry_lists_the_game_right_after_a_restart(tmp_path, step):
    instance = tmp_path / "instance"
    game_id = played_to_the_last_hand(instance)
    crash(step, "finish", instance)
    entries = len(json.loads((instance / "games" / f"{game_id}.json").read_text())
                  ["record"]["1"]["entries"])
    if step != "marker":  # the game file was written: the index is behind it
        assert entries == 2 and raw_index(instance)[game_id]["status"] == "playing"
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(instance)})  # the restart
    store = app.extensions["store"]
    row = store.index.games()[game_id]
    assert row["status"] == ("playing" if step == "marker" else "finished")
    record = store.load(game_id)
    assert {k: v for k, v in row.items() if k != "v"} == {"id": game_id, **summary(record)}
    assert row["v"] >= record["summary_version"]
    assert os.listdir(instance / "pending") == []
    assert not list(instance.glob(".*.tmp")) or step == "index-temp"  # young: see below
    client = app.test_client()
    if step != "marker":
        history = client.get("/history").get_data(as_text=True)
        assert f"/games/{game_id}" in history
        # The phone resends the same form (it never got an answer): nothing is doubled.
        fields = ast.literal_eval((instance / "form.txt").read_text())
        data: dict[str, list[str]] = {}
        for name, value in fields:
            data.setdefault(name, []).append(value)
        data.update({"players-0-gold": ["60"], "players-1-gold": ["20"], "players-2-gold": ["0"]})
        assert client.post(f"/games/{game_id}/entries", data=data).status_code == 303
        assert len(store.load(game_id)["entries"]) == 2


def test_the_temporary_file_of_an_interrupted_write_is_removed_at_start_up(tmp_path):
    instance = tmp_path / "instance"
    played_to_the_last_hand(instance)
    crash("index-temp", "finish", instance)
    (left,) = instance.glob(".index.json.*.tmp")
    young = create_app({"TESTING": True, "INSTANCE_PATH": str(instance)})
    assert left.exists()  # it may belong to a write going on in another process right now
    old = time.time() - 3600
    os.utime(left, (old, old))
    create_app({"TESTING": True, "INSTANCE_PATH": str(instance)})
    assert not left.exists()
    assert young.extensions["store"].game_ids() == [(instance / "game-id").read_text()]


def exported(tmp_path: Path) -> tuple[Path, str]:
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "source")})
    store = app.extensions["store"]
    game_id = finished_game(store, (50, 30, 0))
    body = app.test_client().get(f"/games/{game_id}/record.json").data
    path = tmp_path / "record.json"
    path.write_bytes(body)
    return path, game_id


@pytest.mark.parametrize("step", STEPS)
def test_an_import_killed_midway_is_listed_after_a_restart_and_not_imported_twice(tmp_path, step):
    path, _ = exported(tmp_path)
    instance = tmp_path / "instance"
    create_app({"TESTING": True, "INSTANCE_PATH": str(instance)})
    crash(step, "import", instance, str(path))
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(instance)})
    store = app.extensions["store"]
    assert sorted(store.index.games()) == store.game_ids()
    assert len(store.game_ids()) == (0 if step == "marker" else 1)
    result = app.test_cli_runner().invoke(args=["import-record", str(path)])
    assert result.exit_code == 0, result.output
    assert len(store.game_ids()) == 1 and sorted(store.index.games()) == store.game_ids()
    assert store.index.games()[store.game_ids()[0]]["status"] == "finished"


@pytest.mark.parametrize("step", STEPS)
def test_a_restore_killed_midway_shows_every_game_after_a_restart_and_again_adds_the_rest(tmp_path, step):
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "source")})
    source = app.extensions["store"]
    ids = [finished_game(source, golds, day=i + 1) for i, golds in
           enumerate([(50, 30, 0), (30, 50, 0), (0, 30, 50), (50, 0, 30), (45, 35, 0)])]
    backup = tmp_path / "backup.json"
    assert app.test_cli_runner().invoke(args=["backup", str(backup)]).exit_code == 0
    instance = tmp_path / "instance"
    create_app({"TESTING": True, "INSTANCE_PATH": str(instance)})
    crash(step, "restore", instance, str(backup))
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(instance)})
    store = app.extensions["store"]
    kept = 2 if step == "marker" else 3
    assert sorted(store.index.games()) == store.game_ids() and len(store.game_ids()) == kept
    history = app.test_client().get("/history").get_data(as_text=True)
    assert all(f"/games/{g}" in history for g in store.game_ids())
    result = app.test_cli_runner().invoke(args=["restore", str(backup)])
    assert f"{5 - kept} games added, {kept} already here" in result.output
    assert sorted(store.index.games()) == sorted(ids)


def test_a_game_file_no_row_lists_is_adopted_at_start_up_and_a_row_without_a_file_goes(tmp_path):
    instance = tmp_path / "instance"
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(instance)})
    store = app.extensions["store"]
    kept, gone = finished_game(store, (50, 30, 0)), finished_game(store, (30, 50, 0), day=2)
    (instance / "games" / f"{gone}.json").unlink()
    copied = instance / "games" / "copied0001.json"
    data = json.loads((instance / "games" / f"{kept}.json").read_text())
    data["record"]["1"]["id"] = "copied0001"
    copied.write_text(json.dumps(data))
    store = create_app({"TESTING": True, "INSTANCE_PATH": str(instance)}).extensions["store"]
    assert sorted(store.index.games()) == sorted([kept, "copied0001"])
    assert store.index.games()["copied0001"]["status"] == "finished"


def test_reading_a_game_whose_row_is_behind_its_file_brings_the_row_up_to_date(tmp_path):
    store = Store(tmp_path, summarize=summary)
    game_id = store.create(new_record("beutelschneider", ["A", "B", "C"], {"limit": 10}))
    index_before = (tmp_path / "index.json").read_bytes()
    store.update(game_id, lambda r: add_entry(r, "hand", {"players": [{"gold": 60}, {"gold": 20},
                                                                      {"gold": 0}]}))
    (tmp_path / "index.json").write_bytes(index_before)  # as if the index write was lost
    assert os.listdir(tmp_path / "pending") == []  # and its marker with it: only the versions tell
    other = Store(tmp_path, summarize=summary)
    assert other.index.games()[game_id]["status"] == "playing"
    other.load(game_id)
    assert other.index.games()[game_id]["status"] == "finished"


def test_any_later_write_settles_a_row_left_pending(tmp_path):
    store = Store(tmp_path, summarize=summary)
    game_id = store.create(new_record("beutelschneider", ["A", "B", "C"], {"limit": 10}))
    other = store.create(new_record("beutelschneider", ["D", "E", "F"], {"limit": 10000}))
    index_before = (tmp_path / "index.json").read_bytes()
    store.update(game_id, lambda r: add_entry(r, "hand", {"players": [{"gold": 60}, {"gold": 20},
                                                                      {"gold": 0}]}))
    (tmp_path / "index.json").write_bytes(index_before)
    (tmp_path / "pending" / game_id).touch()  # the marker of the lost index write
    store = Store(tmp_path, summarize=summary)
    on_disk = {d["id"]: d for d in json.loads((tmp_path / "index.json").read_text())["games"].values()}
    assert on_disk[game_id]["status"] == "playing"  # the row is behind ...
    assert store.index.games()[game_id]["status"] == "finished"  # ... the list is read from the file
    index_time = (tmp_path / "index.json").stat().st_mtime_ns
    store.update(other, lambda r: add_entry(r, "hand", {"players": [{"gold": 0}] * 3, "alchemist": True}))  # ordinary
    assert store.index.games()[game_id]["status"] == "finished"
    assert (tmp_path / "index.json").stat().st_mtime_ns != index_time
    assert os.listdir(tmp_path / "pending") == []


def _finish_and_undo_forever(folder: Path, game_id: str) -> None:
    store = Store(folder, summarize=summary)
    from companion.record.entries import undo
    while True:
        store.update(game_id, lambda r: add_entry(r, "hand", {"players": [{"gold": 60}, {"gold": 20},
                                                                          {"gold": 0}]}))
        store.update(game_id, lambda r: undo(r))


def test_kills_at_random_moments_of_finishing_and_reopening_a_game_always_heal(tmp_path):
    ctx = multiprocessing.get_context("fork")
    store = Store(tmp_path, summarize=summary)
    game_id = store.create(new_record("beutelschneider", ["A", "B", "C"], {"limit": 10}))
    rng = random.Random(13)
    for _ in range(25):
        writer = ctx.Process(target=_finish_and_undo_forever, args=(tmp_path, game_id))
        writer.start()
        time.sleep(rng.uniform(0.01, 0.08))
        os.kill(writer.pid, signal.SIGKILL)
        writer.join()
        fresh = Store(tmp_path, summarize=summary)
        fresh.index.reconcile()
        record = json.loads((tmp_path / "games" / f"{game_id}.json").read_text())["record"]["1"]
        assert fresh.index.games()[game_id]["status"] == summary(record)["status"]
        assert os.listdir(tmp_path / "pending") == []


def test_the_start_up_check_reads_only_the_files_that_changed_since_the_index(tmp_path, monkeypatch):
    store = Store(tmp_path, summarize=summary)
    ids = [store.create(new_record("beutelschneider", ["A", "B", "C"], {})) for _ in range(5)]
    time.sleep(0.01)
    store.update(ids[0], lambda r: add_entry(r, "hand", {"players": [{"gold": 0}] * 3, "alchemist": True}))
    read: list[str] = []
    original = Store._read

    def counting(self, path):
        read.append(path.stem)
        return original(self, path)
    monkeypatch.setattr(Store, "_read", counting)
    Store(tmp_path, summarize=summary).index.reconcile()
    assert read == [ids[0]]


def test_a_temp_file_an_interrupted_delete_left_in_the_trash_goes_at_the_next_start(tmp_path):
    instance = tmp_path / "instance"
    store = create_app({"TESTING": True, "INSTANCE_PATH": str(instance)}).extensions["store"]
    from companion.storage import trash
    trash.delete(store, finished_game(store, (50, 30, 0)))
    left = store.folder / "trash" / ".abc123.json.killed.tmp"  # as files.write_atomically names them
    left.write_text('{"record": {"1": {"sch')
    old = time.time() - 3600
    os.utime(left, (old, old))
    create_app({"TESTING": True, "INSTANCE_PATH": str(instance)})
    assert not left.exists() and len(list((store.folder / "trash").glob("*.json"))) == 1


def _unreadable(path: Path) -> None:
    """A game file the app cannot read (root reads any file whatever its mode)."""
    path.unlink()
    path.mkdir()


def _not_summarized(path: Path) -> None:
    """A game file that reads, but whose record the games list cannot be made of."""
    data = json.loads(path.read_text())
    record = data["record"]["1"]
    del record["players"]
    record["summary_version"] = record.get("version", 0) + 1  # its row is behind, so it is read
    path.write_text(json.dumps(data))


@pytest.mark.parametrize("spoil", [_unreadable, _not_summarized])
def test_a_marker_of_a_game_file_that_cannot_be_read_does_not_stop_the_pages(tmp_path, spoil):
    """Every request settles the markers first: one game file it cannot read leaves its
    marker for later, and every page still answers, before and after a restart."""
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path)})
    store = app.extensions["store"]
    game_id = store.create(new_record("beutelschneider", ["Anna", "Ben", "Cem"], {"limit": 50}))
    spoil(tmp_path / "games" / f"{game_id}.json")
    (tmp_path / "pending" / game_id).touch()  # a write cut short before its index row
    assert app.test_client().get("/history").status_code == 200
    assert app.test_client().get("/new/beutezug").status_code == 200
    assert os.listdir(tmp_path / "pending") == [game_id]  # tried again later
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path)})
    assert app.test_client().get("/new/beutezug").status_code == 200
    assert os.listdir(tmp_path / "pending") == [game_id]
