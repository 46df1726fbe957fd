"""On a full disk, every game the phone was told is saved is listed, against a real server
process on a real small disk (a tmpfs): the game files fit, the larger index does not; the
games list is read from the files meanwhile, and the index heals by itself at the next write
once there is room, without a restart.

Before: the games saved while the index could not be written had no row, and were missing
from the lists until room was made and the server restarted (5 of 241 saves)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import create_app
from tests.conftest import small_tmpfs
from tests.history.conftest import finished_game
from tests.store.served import Phone, serving
from tests.views.test_not_saved import PAGE, Disk


@pytest.fixture
def disk(tmp_path):
    yield from small_tmpfs(tmp_path, "2m")


def _new_game(phone: Phone, n: int) -> tuple[int, str]:
    """A new Beutelschneider game through the page's form: (status, the game's id or "")."""
    assert phone.open("/new/beutelschneider") == 200
    fields = phone.form_fields("/new/beutelschneider")
    fields["player"] = [f"Anna {n}", "Ben", "Cem", "", ""]
    status, _, where = phone.post("/new/beutelschneider", fields)
    return status, where.rsplit("/games/", 1)[-1].split("#")[0] if status == 303 else ""


def _listed(instance_index: Path) -> set[str]:
    return {row["id"] for row in json.loads(instance_index.read_text())["games"].values()}


def test_every_game_saved_on_a_full_disk_is_listed_and_the_index_heals_without_a_restart(tmp_path, disk):
    instance = tmp_path / "instance"
    store = create_app({"INSTANCE_PATH": str(instance), "DATA_DIR": str(disk)}).extensions["store"]
    for n in range(120):  # an index of many pages, a new game's file of less than one
        finished_game(store, (50, 30, 0), day=n % 28 + 1)
    assert (disk / "index.json").stat().st_size > 8 * PAGE
    full = Disk(disk)
    with serving(instance, tmp_path / "server.log", COMPANION_DATA_DIR=str(disk)) as base:
        phone = Phone(base)
        full.fill(room=6)  # room for a few game files, never for the index
        saved, refused = [], 0
        for n in range(20):
            status, game_id = _new_game(phone, n)
            if status == 303:
                saved.append(game_id)
            else:
                assert status == 507, status
                refused += 1
        assert saved and refused  # some fit, the disk then refused the rest
        unlisted = set(saved) - _listed(disk / "index.json")
        assert unlisted, "the index was written after all: the disk had room for it"
        for page in ("/", f"/games/{saved[-1]}"):
            assert phone.open(page) == 200
        assert phone.open("/") == 200
        for game_id in saved:
            assert f'href="/games/{game_id}"' in phone.page, (game_id, sorted(unlisted))
        full.free()
        # The next write, once there is room, writes their rows: no restart.
        status, last = _new_game(phone, 99)
        assert status == 303
        assert set(saved) | {last} <= _listed(disk / "index.json")
        assert phone.open("/") == 200
        assert all(f'href="/games/{game_id}"' in phone.page for game_id in [*saved, last])
    assert not list((disk / "pending").iterdir())
