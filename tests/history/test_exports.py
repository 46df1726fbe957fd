"""What leaves the app: the record gains status and played_on (an import keeps both, an
old file still imports); the backup carries abandoned games and leaves deleted ones out;
CSV and BG Stats leave both out."""
from __future__ import annotations

import csv
import io
import json

import pytest

from companion.history.transfer import FORMAT_VERSION, ImportError_, export_record, import_record
from companion.record.entries import abandon
from companion.record.summary import entered_afterwards
from companion.storage import trash
from tests.history.test_backup import download, fresh, restore
from tests.playing import playing_game


def test_the_exported_record_says_its_status_and_when_it_was_played(store, history):
    finished = export_record(store.load(history[0]))
    assert finished["status"] == "finished" and finished["format_version"] == FORMAT_VERSION == 1
    assert finished["played_on"] == finished["created"] == "2026-01-01T19:30:00+00:00"
    game_id = playing_game(store)
    assert export_record(store.load(game_id))["status"] == "playing"
    store.update(game_id, abandon)
    assert export_record(store.load(game_id))["status"] == "abandoned"


def test_an_import_keeps_status_and_played_on(store, history):
    game_id = playing_game(store)
    store.update(game_id, abandon)
    back = import_record(json.dumps(export_record(store.load(game_id))))
    assert back["abandoned"] == back["entries"][-1]["at"]  # it stopped with its last entry
    paper = {**export_record(store.load(history[0])), "played_on": "2025-12-24T18:00:00+01:00"}
    kept = import_record(json.dumps(paper))
    assert kept["played_on"] == "2025-12-24T17:00:00+00:00" and entered_afterwards(kept)
    # A finished game is never abandoned, whatever a file says.
    claims = {**export_record(store.load(history[0])), "status": "abandoned"}
    assert "abandoned" not in import_record(json.dumps(claims))


def test_an_old_file_without_the_new_fields_still_imports_as_before(store, history):
    old = export_record(store.load(history[0]))
    del old["status"], old["played_on"]
    record = import_record(json.dumps(old))
    assert record["played_on"] == record["created"] and not entered_afterwards(record)
    assert "abandoned" not in record


def test_a_played_on_that_is_not_a_time_is_refused_with_the_reason(store, history):
    bad = {**export_record(store.load(history[0])), "played_on": "last Tuesday"}
    with pytest.raises(ImportError_, match="played_on is not an ISO 8601 time"):
        import_record(json.dumps(bad))


def test_backup_carries_abandoned_games_and_leaves_deleted_ones_out(tmp_path, client, store, history):
    set_aside = playing_game(store)
    store.update(set_aside, abandon)
    trash.delete(store, history[1])
    data = json.loads(download(client, "backup.json").data)
    ids = {r["id"]: r for r in data["records"]}
    assert history[1] not in ids and len(ids) == 5
    assert ids[set_aside]["status"] == "abandoned"
    # Restored elsewhere, the abandoned game is abandoned there too.
    _, other, other_store = fresh(tmp_path)
    restore(other, download(client, "backup.json").data)
    assert other_store.index.games()[set_aside]["status"] == "abandoned"
    assert history[1] not in other_store.index.games()


def test_the_backup_command_leaves_deleted_games_out(tmp_path, runner, store, history):
    trash.delete(store, history[0])
    target = tmp_path / "b.json"
    assert runner.invoke(args=["backup", str(target)]).exit_code == 0
    assert history[0] not in {r["id"] for r in json.loads(target.read_text())["records"]}


def test_csv_and_bg_stats_leave_abandoned_and_deleted_games_out(client, store, history):
    set_aside = playing_game(store, hands=((60, 20, 0),))
    store.update(set_aside, abandon)
    trash.delete(store, history[4])
    rows = list(csv.DictReader(io.StringIO(download(client, "results.csv").get_data(as_text=True))))
    assert {r["game_id"] for r in rows} == set(history[:4])
    plays = json.loads(download(client, "bgstats.json").data)["plays"]
    assert len(plays) == 4
