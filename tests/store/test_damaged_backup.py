"""One damaged game file does not block the group's backup: against a real server process,
``backup.json`` answers 200 with every readable game and names the damaged one (its reason
and its file's bytes, base64); the Group page and the `backup` command say which; restoring
that backup brings back the readable games and says which it could not.

Before: one damaged game file made ``backup.json`` answer 500."""
from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from companion import create_app
from companion.history import backup
from companion.record.shape import DEFAULT_GROUP
from tests.history.conftest import finished_game
from tests.store.served import Phone, serving

SPOILED = b'{"record": {"1": {"schema": 1, "game": "beutelsch'  # a write cut off mid-file


@pytest.fixture
def spoiled(tmp_path: Path) -> tuple[Path, list[str], str]:
    """An instance with three games, the middle one's file damaged on disk."""
    instance = tmp_path / "instance"
    store = create_app({"INSTANCE_PATH": str(instance)}).extensions["store"]
    games = [finished_game(store, points, day=day)
             for day, points in enumerate(((50, 30, 0), (10, 40, 20), (0, 0, 60)), 1)]
    store.file(games[1]).write_bytes(SPOILED)
    return instance, [games[0], games[2]], games[1]


def test_a_damaged_game_file_leaves_the_groups_backup_whole_and_named(tmp_path, spoiled):
    instance, readable, damaged = spoiled
    with serving(instance, tmp_path / "server.log") as base:
        phone = Phone(base)
        assert phone.open(f"/groups/{DEFAULT_GROUP}/backup.json") == 200
        saved = json.loads(phone.page)
        assert phone.open(f"/groups/{DEFAULT_GROUP}") == 200
        group_page = phone.page
        assert phone.open(f"/games/{damaged}") == 500  # its own pages say it is damaged, as ever
        # The BG Stats export, too, holds every readable game (a damaged one is named above).
        assert phone.open(f"/groups/{DEFAULT_GROUP}/bgstats.json") == 200
        assert len(json.loads(phone.page)["plays"]) == len(readable)
    assert [r["id"] for r in saved["records"]] == readable
    assert [d["id"] for d in saved["damaged"]] == [damaged]
    assert base64.b64decode(saved["damaged"][0]["file"]) == SPOILED
    assert "not valid JSON" in saved["damaged"][0]["reason"]
    assert 'id="damaged-games"' in group_page and f"Game {damaged}: not valid JSON" in group_page

    # Restored into another table: the readable games come back; the damaged one is named.
    elsewhere = tmp_path / "elsewhere"
    create_app({"INSTANCE_PATH": str(elsewhere)})
    with serving(elsewhere, tmp_path / "elsewhere.log") as base:
        phone = Phone(base)
        assert phone.open(f"/groups/{DEFAULT_GROUP}") == 200
        form = phone.form_fields(f"/groups/{DEFAULT_GROUP}/restore")
        status, _, _ = phone.post(f"/groups/{DEFAULT_GROUP}/restore", form,
                                  {"file": ("backup.json", json.dumps(saved).encode())})
        assert status == 303
        assert phone.open(f"/groups/{DEFAULT_GROUP}") == 200
        assert "2 games added" in phone.page
        assert (f"1 game of the backup was damaged when the backup was made and could not be "
                f"restored: {damaged}.") in phone.page
        assert 'id="damaged-games"' not in phone.page
    assert sorted(p.stem for p in (elsewhere / "games").glob("*.json")) == sorted(readable)


def test_the_backup_command_names_the_damaged_game_and_restore_says_it_could_not(tmp_path, spoiled):
    instance, _, damaged = spoiled
    app = create_app({"INSTANCE_PATH": str(instance)})
    out = tmp_path / "backup.json"
    done = app.test_cli_runner().invoke(args=["backup", str(out)])
    assert done.exit_code == 0, done.output
    assert "2 games written" in done.output and "1 damaged game named in it" in done.output
    assert f"game {damaged} (not valid JSON" in done.output
    elsewhere = create_app({"INSTANCE_PATH": str(tmp_path / "elsewhere")})
    done = elsewhere.test_cli_runner().invoke(args=["restore", str(out)])
    assert done.exit_code == 0, done.output
    assert "2 games added" in done.output
    assert f"not restored, damaged when the backup was made: {damaged}" in done.output
    # Restoring it again adds nothing and still names it.
    assert backup.restore(elsewhere.extensions["store"], DEFAULT_GROUP, out.read_bytes()) == (0, 2, 0)


@pytest.mark.parametrize("damaged", [
    "not a list", [{"id": "abc"}, {"id": "abc"}], [{"id": "../x"}], [{"id": "abc", "file": "%%%"}],
    [{"id": "abc", "extra": 1}]])
def test_a_backup_whose_damaged_games_are_not_as_the_app_names_them_is_refused(store, damaged):
    finished_game(store, (50, 30, 0))
    saved = {**backup.backup(store, DEFAULT_GROUP), "damaged": damaged}
    with pytest.raises(backup.BackupError):
        backup.check(json.dumps(saved), DEFAULT_GROUP)
