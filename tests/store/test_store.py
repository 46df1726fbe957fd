"""The store under crashes, full disks and two processes writing at once."""
from __future__ import annotations

import errno
import json
import multiprocessing
import os
import random
import signal
import time

import pytest

from companion.record.entries import add_entry, new_record
from companion.record.summary import summary
from companion.storage.store import DamagedFile, NoSuchGame, NotSaved, Store
from tests.conftest import small_tmpfs

ZERO_HAND = {"players": [{"gold": 0}, {"gold": 0}, {"gold": 0}], "alchemist": True}  # no gold: the Alchemist


def make_game(folder) -> tuple[Store, str]:
    store = Store(folder, summarize=summary)
    game_id = store.create(new_record("beutelschneider", ["A", "B", "C"], {"limit": 10000}))
    return store, game_id


def append(store: Store, game_id: str) -> int:
    record = store.update(game_id, lambda r: add_entry(r, "hand", ZERO_HAND))
    return len(record["entries"])


def _writer(folder, game_id, acks) -> None:
    store = Store(folder, summarize=summary)
    while True:
        acks.put(append(store, game_id))


def test_a_writer_killed_mid_write_never_leaves_a_broken_file_or_loses_an_acknowledged_entry(tmp_path):
    ctx = multiprocessing.get_context("fork")
    store, game_id = make_game(tmp_path)
    rng = random.Random(7)
    for _ in range(50):
        acks = ctx.Queue()
        writer = ctx.Process(target=_writer, args=(tmp_path, game_id, acks))
        writer.start()
        time.sleep(rng.uniform(0.005, 0.04))
        os.kill(writer.pid, signal.SIGKILL)
        writer.join()
        acknowledged = 0
        while not acks.empty():
            acknowledged = max(acknowledged, acks.get())
        record = store.load(game_id)  # always opens
        assert len(record["entries"]) >= acknowledged
        # Leftover temporary files from a killed write are never mistaken for games.
        assert store.game_ids() == [game_id]
    assert len(store.load(game_id)["entries"]) > 0


def _many(folder, game_id, n) -> None:
    store = Store(folder, summarize=summary)
    for _ in range(n):
        append(store, game_id)


def test_two_processes_adding_a_hundred_entries_each_keep_all_two_hundred(tmp_path):
    ctx = multiprocessing.get_context("fork")
    store, game_id = make_game(tmp_path)
    writers = [ctx.Process(target=_many, args=(tmp_path, game_id, 100)) for _ in range(2)]
    for w in writers:
        w.start()
    for w in writers:
        w.join()
        assert w.exitcode == 0
    entries = store.load(game_id)["entries"]
    assert len(entries) == 200
    assert len({e["id"] for e in entries}) == 200  # none doubled


def test_a_failed_write_on_a_full_disk_leaves_the_original_intact(tmp_path, monkeypatch):
    store, game_id = make_game(tmp_path)
    append(store, game_id)
    before = (tmp_path / "games" / f"{game_id}.json").read_bytes()

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(NotSaved) as error:
        append(store, game_id)
    assert error.value.disk_full
    monkeypatch.undo()
    assert (tmp_path / "games" / f"{game_id}.json").read_bytes() == before
    assert [p.name for p in (tmp_path / "games").iterdir()] == [f"{game_id}.json"]
    assert len(store.load(game_id)["entries"]) == 1


@pytest.fixture
def small_disk(tmp_path):
    yield from small_tmpfs(tmp_path, "48k")


def test_filling_a_real_small_disk_keeps_the_last_good_record(small_disk):
    store, game_id = make_game(small_disk)
    path = small_disk / "games" / f"{game_id}.json"
    acknowledged, good = 0, path.read_bytes()
    with pytest.raises(NotSaved) as error:
        while True:
            acknowledged = append(store, game_id)
            good = path.read_bytes()
    assert error.value.errno == errno.ENOSPC
    assert acknowledged > 10
    assert path.read_bytes() == good
    assert len(store.load(game_id)["entries"]) == acknowledged


def test_a_damaged_file_is_reported_and_never_overwritten(tmp_path):
    store, game_id = make_game(tmp_path)
    path = tmp_path / "games" / f"{game_id}.json"
    path.write_text('{"record": {"1": {"sche')
    with pytest.raises(DamagedFile) as error:
        store.load(game_id)
    assert error.value.path == path
    with pytest.raises(DamagedFile):
        append(store, game_id)
    assert path.read_text() == '{"record": {"1": {"sche'


def test_a_file_of_an_unknown_schema_is_refused(tmp_path):
    store, game_id = make_game(tmp_path)
    path = tmp_path / "games" / f"{game_id}.json"
    data = json.loads(path.read_text())
    data["record"]["1"]["schema"] = 99
    path.write_text(json.dumps(data))
    with pytest.raises(DamagedFile, match="schema"):
        store.load(game_id)


def test_an_ordinary_entry_does_not_rewrite_the_index(tmp_path):
    store, game_id = make_game(tmp_path)
    index = tmp_path / "index.json"
    before = index.stat().st_mtime_ns
    time.sleep(0.01)
    append(store, game_id)
    assert index.stat().st_mtime_ns == before


def test_the_index_is_rebuilt_from_the_game_files(tmp_path):
    store, game_id = make_game(tmp_path)
    (tmp_path / "index.json").unlink()
    assert store.index.games() == {}
    assert store.index.rebuild() == []
    assert store.index.games()[game_id]["status"] == "playing"


@pytest.mark.parametrize("bad", ["../etc/passwd", "", "a/b", "x.json"])
def test_ids_that_are_not_ours_are_no_game(tmp_path, bad):
    store, _ = make_game(tmp_path)
    with pytest.raises(NoSuchGame):
        store.load(bad)


def test_a_rebuild_reports_a_game_file_it_cannot_summarise_and_indexes_the_rest(tmp_path):
    store, game_id = make_game(tmp_path)
    _, other = store, store.create(new_record("beutelschneider", ["D", "E", "F"], {}))
    path = tmp_path / "games" / f"{game_id}.json"
    data = json.loads(path.read_text())
    data["record"]["1"]["entries"] = [{"kind": "hand"}]
    path.write_text(json.dumps(data))
    damaged = store.index.rebuild()
    assert [d.path for d in damaged] == [path]
    assert other in store.index.games() and game_id not in store.index.games()


def test_a_record_of_an_older_schema_is_migrated_when_read(tmp_path, monkeypatch):
    from companion.record.entries import new_record
    from companion.record.summary import summary
    from companion.storage import store as store_module
    monkeypatch.setattr(store_module, "SCHEMA", 2)
    monkeypatch.setitem(store_module.MIGRATIONS, 1, lambda r: {**r, "schema": 2, "migrated": True})
    store = store_module.Store(tmp_path, summarize=summary)
    game_id = store.create(new_record("beutelschneider", ["A", "B", "C"], {}))
    path = tmp_path / "games" / f"{game_id}.json"
    data = json.loads(path.read_text())
    data["record"]["1"]["schema"] = 1
    path.write_text(json.dumps(data))
    record = store.load(game_id)
    assert record["schema"] == 2 and record["migrated"] is True
