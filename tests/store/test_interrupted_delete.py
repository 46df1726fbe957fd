"""A delete cut short at any of its steps is rolled back (its file still in ``games/``) or
finished (the file gone) by whoever looks next: a read of the game, any page, the next
start. Never listed twice, never a delete that answers "in the trash" and does nothing.

Crashes are injected at each step in this process (the write stops there, as it would on
a kill: its locks are let go) and, for the steps a real process can die at, by SIGKILL in
a child process (tests/store/crash.py)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion import create_app
from companion.storage import trash
from companion.storage.index import Index
from companion.storage.store import Store
from tests.formpage import Browserless
from tests.store.test_reconcile import crash, played_to_the_last_hand


class Crash(BaseException):
    """The process dies here: nothing catches it, as nothing survives a kill."""


def stop(monkeypatch, step: str) -> None:
    """Make a delete stop dead at ``step``: after its marker, after the trash's copy, after
    the index forgot the game, or after the game file went (only the marker left)."""
    if step == "marker":
        monkeypatch.setattr(Store, "_write", lambda *a: (_ for _ in ()).throw(Crash()))
    elif step in ("copy", "unlisted"):
        unlist = Index.unlist

        def dying(self, *game_ids):
            if step == "unlisted":
                unlist(self, *game_ids)
            raise Crash()
        monkeypatch.setattr(Index, "unlist", dying)
    elif step == "unlinked":
        real = os.unlink

        def dying_unlink(path, *a, **k):
            real(path, *a, **k)
            if Path(path).parent.name == "pending":
                raise Crash()
        monkeypatch.setattr(os, "unlink", dying_unlink)


def interrupted(store, step, monkeypatch) -> str:
    game_id = next(iter(store.index.games()))
    with monkeypatch.context() as m:
        stop(m, step)
        with pytest.raises(Crash):
            trash.delete(store, game_id)
    return game_id


def listed_on(client, game_id) -> int:
    return client.get("/").get_data(as_text=True).count(f'/games/{game_id}/delete"')


STEPS = ["marker", "copy", "unlisted", "unlinked"]
ROLLED_BACK = {"marker", "copy", "unlisted"}  # the game file was still in games/


@pytest.mark.parametrize("step", STEPS)
@pytest.mark.parametrize("look", ["page", "read", "start"])
def test_a_delete_cut_short_is_settled_at_the_next_look(tmp_path, monkeypatch, step, look):
    instance = tmp_path / "instance"
    played_to_the_last_hand(instance)
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(instance)})
    store = app.extensions["store"]
    game_id = interrupted(store, step, monkeypatch)
    if look == "start":
        app = create_app({"TESTING": True, "INSTANCE_PATH": str(instance)})
        store = app.extensions["store"]
    elif look == "read":
        if step in ROLLED_BACK:
            store.load(game_id)
        else:
            assert trash.find(store, game_id) is not None
    client = app.test_client()
    back = step in ROLLED_BACK
    assert listed_on(client, game_id) == (1 if back else 0)
    assert (game_id in store.index.games()) is back and store.file(game_id).exists() is back
    assert (store.trash_dir / f"{game_id}.json").exists() is not back
    assert os.listdir(instance / "pending") == []
    if back:  # deleting again works at once, with the words of a delete
        user = Browserless(client)
        user.open(f"/games/{game_id}")
        user.submit(f"/games/{game_id}/delete")
        assert "The game is in the trash" in user.page and listed_on(client, game_id) == 0
        assert not store.file(game_id).exists()
    assert [r["id"] for r in trash.listing(store, "household")] == [game_id]


@pytest.mark.parametrize("step", ["marker", "copy", "unlisted"])
def test_a_server_killed_in_a_delete_shows_the_game_once_and_deletes_it_on_the_next_tap(tmp_path, step):
    instance = tmp_path / "instance"
    game_id = played_to_the_last_hand(instance)
    crash(step, "delete", instance)
    assert (instance / "games" / f"{game_id}.json").exists()
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(instance)})
    client = app.test_client()
    assert listed_on(client, game_id) == 1
    user = Browserless(client)
    user.open(f"/games/{game_id}")
    user.submit(f"/games/{game_id}/delete")
    assert "The game is in the trash" in user.page and listed_on(client, game_id) == 0
    assert client.get("/trash").get_data(as_text=True).count(f"/trash/{game_id}/restore") == 1


@pytest.mark.parametrize("looker", ["trash page", "start"])
def test_a_delete_going_on_in_another_process_is_not_taken_for_one_cut_short(tmp_path, looker):
    """Between the trash's copy and the game file's removal a delete holds the game's lock;
    a look at that moment (the Trash page's clearing of leftovers, another server's start)
    must not remove the copy it saw beside the game file: a moment later it is the game."""
    import threading
    import time

    from filelock import FileLock
    instance = tmp_path / "instance"
    game_id = played_to_the_last_hand(instance)
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(instance)})
    store = app.extensions["store"]
    record = store.load(game_id)  # before the lock: a load under it waits out LOCK_TIMEOUT (10 s)
    lock = FileLock(store.locks_dir / f"{game_id}.lock")  # the other process's delete
    lock.acquire()
    store.index.mark(game_id)
    store.trash_dir.mkdir(exist_ok=True)
    store._write(store.trash_dir / f"{game_id}.json", {**record, "deleted": "2026-12-01T20:00:00+00:00"})
    look = (lambda: trash.purge(store)) if looker == "trash page" else \
        (lambda: create_app({"TESTING": True, "INSTANCE_PATH": str(instance)}))
    looking = threading.Thread(target=look)
    looking.start()
    time.sleep(0.5)
    store.index.unlist(game_id)  # the delete goes on: its game file leaves games/
    store.file(game_id).unlink()
    os.unlink(store.index.pending_dir / game_id)
    lock.release()
    looking.join()
    assert (store.trash_dir / f"{game_id}.json").exists()
    assert [r["id"] for r in trash.listing(store, "household")] == [game_id]
