"""Import and restore, strict and idempotent: the same record twice adds nothing (page and
command alike) unless a copy is asked for; anything the documented format does not allow is
refused with the entry and the field named, and nothing is stored."""
from __future__ import annotations

import copy
import io
import json

import pytest

from companion.history.transfer import ImportError_, import_record
from tests.formpage import Browserless
from tests.games.beutelschneider.web.test_pages import hand_values, start
from tests.history.conftest import finished_game


def exported(client, store) -> dict:
    game_id = finished_game(store, (50, 30, 0))
    return client.get(f"/games/{game_id}/record.json").get_json()


def post(client, data, copy_it: bool = False):
    user = Browserless(client)
    user.open("/import")
    form = dict(user.form("")["fields"])
    body = data if isinstance(data, bytes) else json.dumps(data).encode()
    form["file"] = (io.BytesIO(body), "record.json")
    if copy_it:
        form["copy"] = "y"
    response = client.post("/import", data=form, content_type="multipart/form-data")
    return response, response.get_data(as_text=True)


def test_importing_a_game_that_is_here_adds_nothing_and_links_to_it(client, store):
    data = exported(client, store)
    (game_id,) = store.game_ids()
    response, page = post(client, data)
    assert response.status_code == 200 and "Already here, nothing was added" in page
    assert f'href="/games/{game_id}"' in page
    assert store.game_ids() == [game_id]


def test_an_imported_game_imported_again_adds_nothing_even_after_a_round_trip(client, store, app, tmp_path):
    data = exported(client, store)
    from companion import create_app
    other = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "other")})
    other_client, other_store = other.test_client(), other.extensions["store"]
    assert post(other_client, data)[0].status_code == 303
    assert post(other_client, data)[0].status_code == 200
    assert len(other_store.game_ids()) == 1
    # ... and its export, brought back here, is recognised as the game it came from.
    back = other_client.get(f"/games/{other_store.game_ids()[0]}/record.json").get_json()
    assert back["origin"] == data["id"] and back["id"] != data["id"]
    response, page = post(client, back)
    assert response.status_code == 200 and "Already here" in page
    assert len(store.game_ids()) == 1


def test_a_copy_is_the_tables_explicit_choice(client, store):
    data = exported(client, store)
    response, _ = post(client, data, copy_it=True)
    assert response.status_code == 303 and len(store.game_ids()) == 2


def test_another_version_of_the_same_game_is_not_added_without_asking(user, client, store):
    game_id = start(user)
    user.submit("/entries", hand_values(40, 30, 10))
    data = client.get(f"/games/{game_id}/record.json").get_json()
    user.submit("/entries", hand_values(40, 30, 10))  # the game went on after the export
    response, page = post(client, data)
    assert response.status_code == 409 and "Another version of this game is here already" in page
    assert store.game_ids() == [game_id]


def test_the_import_command_is_idempotent_too(client, store, runner, tmp_path):
    path = tmp_path / "record.json"
    path.write_text(json.dumps(exported(client, store)))
    (game_id,) = store.game_ids()
    result = runner.invoke(args=["import-record", str(path)])
    assert result.exit_code == 0 and f"already here: game {game_id}" in result.output
    assert store.game_ids() == [game_id]
    result = runner.invoke(args=["import-record", "--copy", str(path)])
    assert result.exit_code == 0 and "imported as game" in result.output
    assert len(store.game_ids()) == 2


def entry(data, n=0):
    return data["entries"][n]["data"]


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: entry(d)["players"][0].setdefault("events", {}).update(juggler=1),
     "Entry 1 (hand): players.0.events.juggler is not a field this app knows."),
    (lambda d: entry(d)["players"][0].update(gold="10"),
     "Entry 1 (hand): players.0.gold must be a whole number."),
    (lambda d: entry(d)["players"][0].update(gold=10.0),
     "Entry 1 (hand): players.0.gold must be a whole number."),
    (lambda d: entry(d)["players"][0].update(gold=True),
     "Entry 1 (hand): players.0.gold must be a whole number."),
    (lambda d: entry(d)["players"][0].update(events=[1]),
     "Entry 1 (hand): players.0.events must be an object."),
    (lambda d: entry(d)["players"][0].update(events="guard"),
     "Entry 1 (hand): players.0.events must be an object."),
    (lambda d: entry(d)["players"][0].update(events=5),
     "Entry 1 (hand): players.0.events must be an object."),
    (lambda d: entry(d, 1).update(alchemist="yes"),
     "Entry 2 (hand): alchemist must be true or false."),
    (lambda d: entry(d).update(extra=1), "Entry 1 (hand): extra is not a field this app knows."),
    (lambda d: d["entries"][0].update(note="x"), "Entry 1: note is not a field of an entry."),
    (lambda d: d["entries"][0].update(kind="round"), "Entry 1: round is not an entry kind of this game."),
    (lambda d: d["entries"][0].update(source="robot"), "Entry 1: its source must be app or table."),
    (lambda d: d["entries"][0].update(edits=[{"at": "2026-01-01T20:00:00+00:00",
                                               "data": {"players": "x"}}]),
     "Entry 1 (hand): earlier value: players must be a list."),
    (lambda d: d.update(note={"text": "pizza"}), "The note must be a text."),
    (lambda d: d.update(colour="red"), "The record has a field this app does not know: colour."),
    (lambda d: d.update(id="../../etc"), "The record&#39;s id is not a valid game id."),
    (lambda d: d["settings"].update(limit="30"), "Setting limit must be a whole number."),
    (lambda d: d["settings"].update(speed=2), "Setting speed is not a field this app knows."),
    (lambda d: d.update(players=["Anna", "Ben", " \u200b "]), "Player 3 has no name."),
    (lambda d: d.update(created="0001-01-01T00:00:00+14:00"), "start time is not an ISO 8601 time"),
    (lambda d: d.update(created="9999-12-31T23:59:59-14:00"), "start time is not an ISO 8601 time"),
    (lambda d: d["entries"][0].update(at="1900-01-01T00:00:00+00:00"), "Entry 1: its time is before 1970."),
    (lambda d: d["entries"][0].update(at=1767300000), "Entry 1: its time is not an ISO 8601 time"),
    (lambda d: d.update(format_version=True), "Record format version True is not one this app reads."),
])
def test_what_the_format_does_not_allow_is_refused_with_entry_and_field(client, store, change, message):
    data = exported(client, store)
    before = store.game_ids()
    change(data)
    response, page = post(client, data, copy_it=True)
    assert response.status_code == 422, page
    assert message in page
    assert store.game_ids() == before


@pytest.mark.parametrize("body", [
    b"[" * 1000 + b"]" * 1000,
    b'{"format": "loot-ledger-record", "x": ' + b"[" * 900 + b"]" * 900 + b"}",
    b'{"format": "loot-ledger-record", "note": ' + b'{"a":' * 500 + b"1" + b"}" * 500 + b"}",
])
def test_a_file_nested_a_thousand_deep_is_refused_not_a_crash(client, store, body):
    response, page = post(client, body, copy_it=True)
    assert response.status_code == 422
    assert "nested more deeply than a game record is" in page
    assert store.game_ids() == []


def test_text_in_an_import_is_cleaned(client, store):
    data = exported(client, store)
    data["players"] = ["An\u200bna\x00", "\u202eBen", "Cem"]
    data["note"] = "good\x07 game\r\nagain"
    response, _ = post(client, data, copy_it=True)
    assert response.status_code == 303
    record = store.load(response.headers["Location"].rsplit("/", 1)[-1])
    assert record["players"] == ["Anna", "Ben", "Cem"] and record["note"] == "good game\nagain"


def test_every_documented_example_still_imports(client, store):
    # The examples of docs/record-format.md are checked in test_record_format_doc.py; here the
    # app's own exports of every game kind import again (nothing it writes is refused).
    data = exported(client, store)
    again = import_record(copy.deepcopy(data))
    assert again["entries"][0]["data"] == data["entries"][0]["data"]
    with pytest.raises(ImportError_):
        import_record({**data, "entries": [{"kind": "hand", "data": {"players": [{"gold": "1"}]}}]})


def test_a_restore_refuses_a_record_the_format_does_not_allow_and_names_it(client, store, tmp_path):
    finished_game(store, (50, 30, 0))
    backup = client.get("/groups/household/backup.json").get_json()
    backup["records"][0]["entries"][0]["data"]["players"][1]["gold"] = "30"
    user = Browserless(client)
    user.open("/groups/household")
    form = dict(user.form("/restore")["fields"])
    form["file"] = (io.BytesIO(json.dumps(backup).encode()), "b.json")
    response = client.post("/groups/household/restore", data=form, content_type="multipart/form-data")
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "Entry 1 (hand): players.1.gold must be a whole number." in page
    backup = client.get("/groups/household/backup.json").get_json()
    backup["surprise"] = 1
    form = dict(user.form("/restore")["fields"])
    form["file"] = (io.BytesIO(json.dumps(backup).encode()), "b.json")
    page = client.post("/groups/household/restore", data=form,
                       content_type="multipart/form-data").get_data(as_text=True)
    assert "The backup has a field this app does not know: surprise." in page


def test_a_game_in_the_trash_is_not_imported_again_but_restored(client, store, user, runner, tmp_path):
    data = exported(client, store)
    (game_id,) = store.game_ids()
    user.open(f"/games/{game_id}")
    user.submit(f"/games/{game_id}/delete")
    response, page = post(client, data)
    assert response.status_code == 409
    assert "This game was deleted and is in the Trash, so nothing was added: restore it there." in page
    assert 'href="/trash"' in page and store.game_ids() == [] and store.index.games() == {}
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(args=["import-record", str(path)])
    assert result.exit_code == 1 and "it is in the Trash" in result.output and store.game_ids() == []
    # Asked for as a copy it is added; then the original cannot come back beside it.
    assert post(client, data, copy_it=True)[0].status_code == 303
    (copied,) = store.game_ids()
    user.open("/trash")
    response = user.submit(f"/trash/{game_id}/restore")
    assert response.status_code == 409 and "so it is in the list already and was not brought back" in user.page
    assert store.game_ids() == [copied] and game_id in user.page  # still in the Trash


def test_the_trash_message_on_import_is_translated(client, store, user):
    data = exported(client, store)
    (game_id,) = store.game_ids()
    user.open(f"/games/{game_id}")
    user.submit(f"/games/{game_id}/delete")
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "de"
    _, page = post(client, data)
    assert "Diese Partie wurde gelöscht und liegt im Papierkorb" in page


class TestRecordExportImport:
    def test_export_carries_entries_standings_and_winner(self, user, client):
        game_id = start(user)
        user.submit("/entries", hand_values(60, 10, 10))
        user.submit("/entries", hand_values(50, 20, 10))
        data = client.get(f"/games/{game_id}/record.json").get_json()
        assert data["format"] == "loot-ledger-record"
        assert data["winners"] == ["Anna"]
        assert data["standings"][0] == {"rank": 1, "player": "Anna", "seat": 0, "score": 110,
                                        "tie_break": None}
        assert len(data["entries"]) == 2

    def test_an_exported_record_imports_as_the_same_game(self, user, client, store):
        game_id = start(user)
        user.submit("/entries", hand_values(60, 10, 10))
        raw = client.get(f"/games/{game_id}/record.json").data
        user.open("/import")
        form = user.form("")
        data = dict(form["fields"])
        from io import BytesIO
        data["file"] = (BytesIO(raw), "record.json")
        data["copy"] = "y"  # the game is here: a second one is the table's explicit choice
        response = client.post("/import", data=data, content_type="multipart/form-data")
        assert response.status_code == 303
        new_id = response.headers["Location"].rsplit("/", 1)[-1]
        assert new_id != game_id
        assert store.load(new_id)["entries"][0]["data"] == store.load(game_id)["entries"][0]["data"]

    @pytest.mark.parametrize("change, message", [
        (lambda d: d.update(format="other"), "not a Loot Ledger game record"),
        (lambda d: d.update(format_version=99), "version 99"),
        (lambda d: d.update(game="chess"), "Unknown game"),
        (lambda d: d["entries"][0]["data"]["players"][0].update(gold=75), "Entry 1 (hand) breaks the rules"),
        (lambda d: d["entries"].append({"kind": "hand"}), "Entry 2: needs a kind"),
        (lambda d: d["entries"][0].update(at="garbage"), "Entry 1: its time is not an ISO 8601"),
        (lambda d: d["entries"][0].update(at="2026-11-28T19:00:00"), "Entry 1: its time is not"),
        (lambda d: d["entries"][0].update(edits=[{"at": "x", "data": {}}]), "Entry 1: its time"),
        (lambda d: d["entries"][0].update(edits=["old"]), "Entry 1: its earlier values"),
        (lambda d: d.update(created="yesterday"), "start time is not an ISO 8601"),
    ])
    def test_a_broken_record_is_refused_with_the_reason(self, user, client, store, change, message):
        game_id = start(user)
        user.submit("/entries", hand_values(60, 10, 10))
        data = client.get(f"/games/{game_id}/record.json").get_json()
        change(data)
        before = set(store.game_ids())
        user.open("/import")
        form = dict(user.form("")["fields"])
        from io import BytesIO
        form["file"] = (BytesIO(json.dumps(data).encode()), "record.json")
        response = client.post("/import", data=form, content_type="multipart/form-data")
        assert response.status_code == 422
        assert message in response.get_data(as_text=True)
        assert set(store.game_ids()) == before

    def test_the_import_command_refuses_and_accepts(self, user, client, runner, tmp_path, store):
        game_id = start(user)
        user.submit("/entries", hand_values(60, 10, 10))
        good = tmp_path / "good.json"
        good.write_bytes(client.get(f"/games/{game_id}/record.json").data)
        result = runner.invoke(args=["import-record", "--copy", str(good)])
        assert result.exit_code == 0 and "imported as game" in result.output
        bad = tmp_path / "bad.json"
        bad.write_text("{not json")
        result = runner.invoke(args=["import-record", str(bad)])
        assert result.exit_code != 0 and "not JSON" in result.output
