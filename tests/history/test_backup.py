"""Backup and restore of a group, results as CSV, plays in BG Stats' import format."""
from __future__ import annotations

import csv
import io
import json
import re

import pytest

from companion import create_app
from companion.history import groups
from companion.history.backup import CSV_COLUMNS
from companion.record.entries import add_entry, new_record
from tests.formpage import Browserless
from tests.history.conftest import finished_game


def download(client, name, gid="household"):
    response = client.get(f"/groups/{gid}/{name}")
    assert response.status_code == 200
    assert "attachment" in response.headers["Content-Disposition"]
    return response


def restore(client, body: bytes, gid="household"):
    user = Browserless(client)
    user.open(f"/groups/{gid}")
    form = user.form("/restore")
    data = dict(form["fields"])
    data["file"] = (io.BytesIO(body), "backup.json")
    response = client.post(form["action"], data=data, content_type="multipart/form-data",
                           follow_redirects=True)
    return response, response.get_data(as_text=True)


def summaries(store):
    """The games list as history reads it (``v``, the file version a row was made from, is
    the store's bookkeeping: a restored game starts again at version 0)."""
    return sorted(({k: v for k, v in s.items() if k != "v"} for s in store.index.games().values()),
                  key=lambda s: s["id"])


@pytest.fixture
def saved(client, history, store):
    # A game in progress and a renamed player belong to the backup too.
    game = store.create(new_record("beutelschneider", ["Anna", "Ben", "Cem"], {}))
    store.update(game, lambda r: add_entry(r, "hand", {"players": [{"gold": 30}, {"gold": 30}, {"gold": 20}]}))
    groups.rename(store, "household", "Cem", "Cemal")
    return download(client, "backup.json").data


def fresh(tmp_path, name="other", **config):
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / name), **config})
    return app, app.test_client(), app.extensions["store"]


def test_the_backup_holds_every_record_in_the_documented_format(saved, store):
    data = json.loads(saved)
    assert data["format"] == "loot-ledger-backup" and data["format_version"] == 1
    assert len(data["records"]) == 6
    for record in data["records"]:
        assert record["format"] == "loot-ledger-record" and record["format_version"] == 1
        assert set(record) >= {"id", "game", "players", "settings", "note", "created", "entries",
                               "standings", "finished", "winners", "decided_by"}
    assert data["aliases"][0]["from"] == "Cem" and data["aliases"][0]["to"] == "Cemal"
    assert "code_hash" not in saved.decode()


def test_backup_then_restore_gives_the_identical_history_and_twice_adds_nothing(tmp_path, saved, store, client):
    _, other, other_store = fresh(tmp_path)
    response, page = restore(other, saved)
    assert response.status_code == 200 and "Restored: 6 games added, 0 already here." in page
    assert summaries(other_store) == summaries(store)
    for game_id in store.index.games():
        original, restored = store.load(game_id), other_store.load(game_id)
        for key in ("game", "players", "settings", "note", "created", "group"):
            assert restored[key] == original[key]
        assert [(e["kind"], e["data"], e["at"]) for e in restored["entries"]] == \
               [(e["kind"], e["data"], e["at"]) for e in original["entries"]]
    def main(c):
        return c.get("/history").get_data(as_text=True).split("<main")[1]
    assert main(other) == main(client)
    assert "Cemal" in other.get("/stats").get_data(as_text=True)
    # The same backup again: nothing new.
    files = sorted(p.name for p in other_store.games_dir.glob("*.json"))
    response, page = restore(other, saved)
    assert "Restored: 0 games added, 6 already here." in page
    assert sorted(p.name for p in other_store.games_dir.glob("*.json")) == files
    assert summaries(other_store) == summaries(store)
    assert len(groups.aliases(other_store, "household")) == 1


def test_restoring_into_another_group_of_the_same_install_twice_adds_its_games_once(app, saved, store, club):
    phone = app.test_client()
    from tests.history.conftest import join
    join(phone, "Club", "club-code")
    _, page = restore(phone, saved, gid=club["id"])
    assert "6 games added" in page
    _, page = restore(phone, saved, gid=club["id"])
    assert "0 games added, 6 already here" in page
    assert len(groups.group_games(store, club["id"])) == 6
    assert len(groups.group_games(store, "household")) == 6


def _bad(saved: bytes):
    data = json.loads(saved)

    def edit(change):
        copy = json.loads(json.dumps(data))
        change(copy)
        return json.dumps(copy).encode()

    def break_rules(d):
        d["records"][1]["entries"][1]["data"]["players"][0]["gold"] = 999
    return [
        (b"{torn", "The file is not JSON."),
        (json.dumps(data["records"][0]).encode(), "This is not a Loot Ledger backup."),
        (edit(lambda d: d.update(format_version=2)), "Backup format version 2 is not one this app reads."),
        (edit(break_rules), "Game 2 ("),
        (edit(lambda d: d["records"].append(d["records"][0])), "appears twice."),
        (edit(lambda d: d["records"][0].update(id="../../etc")), "Game 1: its id is missing or not a valid id."),
        (edit(lambda d: d.update(records={"a": 1})), "must be lists"),
        (edit(lambda d: d["aliases"].append({"from": "x", "to": 5, "kind": "merge"})), "Merge or rename 2 is not a valid one."),
        (edit(lambda d: d["records"][0].update(game="chess")), "Unknown game chess."),
        (edit(lambda d: d.update(group={"name": "x", "timezone": "Mars/Olympus"})),
         "The group in the backup is not a valid one (a name and a known time zone)."),
        (edit(lambda d: d.update(group=["x"])), "The group in the backup is not a valid one"),
        (edit(lambda d: d.update(colours={"Anna": "gold"})),
         "The colours in the backup must be player names, each with one of the colours offered."),
        (edit(lambda d: d.update(colours=["Anna"])), "The colours in the backup must be player names"),
    ]


def test_a_malformed_or_hostile_backup_is_refused_with_the_reason_and_changes_nothing(tmp_path, saved):
    _, other, other_store = fresh(tmp_path)
    finished_game(other_store, (80, 0, 0), players=("Xaver", "Yara", "Zoe"))
    before = (summaries(other_store), dict(other_store.index.table("aliases")),
              sorted(p.name for p in other_store.games_dir.glob("*.json")))
    for body, reason in _bad(saved):
        response, page = restore(other, body)
        assert response.status_code == 422, reason
        assert "The backup was not restored" in page and reason in page, reason
        assert (summaries(other_store), dict(other_store.index.table("aliases")),
                sorted(p.name for p in other_store.games_dir.glob("*.json"))) == before


def test_an_oversized_backup_is_refused(tmp_path, saved):
    _, other, other_store = fresh(tmp_path, BACKUP_MAX_BYTES=1000)
    response, page = restore(other, saved)
    assert response.status_code == 422 and "The backup is larger than 1000 bytes." in page
    assert other_store.index.games() == {}
    # Far past the limit: refused before it is read (kept under the test client's 500 kB
    # in-memory spool, whose temporary file it would otherwise leave open).
    response, _ = restore(other, b" " * 100_000)
    assert response.status_code == 413


def test_the_restore_refusals_are_translated(tmp_path):
    _, other, _ = fresh(tmp_path)
    other.post("/lang", data={})  # language comes from the header below
    user = Browserless(other)
    user.client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "de"
    _, page = restore(other, b"{torn")
    assert "Die Sicherung wurde nicht wiederhergestellt" in page and "Die Datei ist kein JSON." in page


# -- CSV -----------------------------------------------------------------------------------

def test_results_as_csv_one_row_per_player_per_game(client, store, history):
    rows = list(csv.DictReader(io.StringIO(download(client, "results.csv").get_data(as_text=True))))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert len(rows) == 15
    assert rows[0] == {"game_id": history[0], "game": "beutelschneider", "game_name": "Beutelschneider",
                       "ended": "2026-01-01T20:00:00+00:00",
                       "player": "Anna", "entered_as": "Anna", "seat": "0", "score": "50", "rank": "1",
                       "winner": "1", "minutes": "30", "rounds": "2",
                       "result_only": "0"}
    assert [r["winner"] for r in rows[3:6]] == ["1", "1", "0"]  # G2: a shared win


def test_a_name_that_looks_like_a_formula_is_defused_in_the_csv(client, store):
    finished_game(store, (80, 0, 0), players=("=HYPERLINK(1)", "Ben", "Cem"))
    text = download(client, "results.csv").get_data(as_text=True)
    assert "'=HYPERLINK(1)" in text and ",=HYPERLINK" not in text


# -- BG Stats ------------------------------------------------------------------------------

DATE = re.compile(r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$")
UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
# The fields BG Stats reads from an imported file, and their types.
PLAYER = {"uuid": str, "id": int, "name": str, "isAnonymous": bool, "modificationDate": str}
LOCATION = {"uuid": str, "id": int, "name": str, "modificationDate": str}
GAME = {"uuid": str, "id": int, "name": str, "modificationDate": str, "cooperative": bool,
        "highestWins": bool, "noPoints": bool, "usesTeams": bool}
PLAY = {"uuid": str, "modificationDate": str, "entryDate": str, "playDate": str, "usesTeams": bool,
        "durationMin": int, "ignored": bool, "manualWinner": bool, "rounds": int, "locationRefId": int,
        "gameRefId": int, "board": str, "scoringSetting": int, "playerScores": list, "expansionPlays": list}
SCORE = {"playerRefId": int, "score": str, "winner": bool, "rank": int, "startPlayer": bool,
         "seatOrder": int, "newPlayer": bool, "role": str}


def shaped(item, fields):
    for name, kind in fields.items():
        assert name in item, name
        assert type(item[name]) is kind, (name, item[name])  # bool is not an int here
    for name in ("uuid",):
        if name in fields:
            assert UUID.match(item[name])
    for name in ("modificationDate", "entryDate", "playDate"):
        if name in fields:
            assert DATE.match(item[name]), item[name]


def test_plays_export_in_the_fields_bg_stats_reads(client, history):
    data = json.loads(download(client, "bgstats.json").data)
    assert {"about", "players", "locations", "games", "plays", "userInfo"} <= set(data)
    for p in data["players"]:
        shaped(p, PLAYER)
    for loc in data["locations"]:
        shaped(loc, LOCATION)
    for g in data["games"]:
        shaped(g, GAME)
    players = {p["id"]: p["name"] for p in data["players"]}
    locations = {loc["id"] for loc in data["locations"]}
    games = {g["id"]: g["name"] for g in data["games"]}
    assert "meRefId" not in data["userInfo"]  # no owner guessed: BG Stats asks whose phone it is
    assert len(data["plays"]) == 5 and games == {1: "Beutelschneider"}
    for play in data["plays"]:
        shaped(play, PLAY)
        assert play["locationRefId"] in locations and play["gameRefId"] in games
        for s in play["playerScores"]:
            shaped(s, SCORE)
            assert s["playerRefId"] in players
    first = data["plays"][0]
    by_name = {players[s["playerRefId"]]: s for s in first["playerScores"]}
    assert by_name["Anna"] == {"playerRefId": by_name["Anna"]["playerRefId"], "score": "50", "winner": True,
                               "rank": 1, "startPlayer": False, "seatOrder": 0, "newPlayer": True, "role": ""}
    assert by_name["Ben"]["startPlayer"] is True  # left of the first dealer (Anna) leads
    assert (first["durationMin"], first["rounds"]) == (30, 2)
    shared = data["plays"][1]["playerScores"]
    assert [s["winner"] for s in shared] == [True, True, False] and [s["rank"] for s in shared] == [1, 1, 3]
    assert all(not s["newPlayer"] for s in shared)
    # Exporting again gives the same uuids, so BG Stats recognises the plays it has.
    again = json.loads(download(client, "bgstats.json").data)
    assert [p["uuid"] for p in again["plays"]] == [p["uuid"] for p in data["plays"]]


def test_backup_and_restore_commands(tmp_path, runner, history, store):
    target = tmp_path / "household.json"
    result = runner.invoke(args=["backup", str(target)])
    assert result.exit_code == 0 and "5 games written" in result.output
    other_app, _, other_store = fresh(tmp_path)
    other = other_app.test_cli_runner()
    assert "5 games added, 0 already here" in other.invoke(args=["restore", str(target)]).output
    assert "0 games added, 5 already here" in other.invoke(args=["restore", str(target)]).output
    assert summaries(other_store) == summaries(store)
    (tmp_path / "bad.json").write_text('{"format": "loot-ledger-backup", "format_version": 9}')
    result = other.invoke(args=["restore", str(tmp_path / "bad.json")])
    assert result.exit_code != 0 and "version 9" in result.output
    assert "no group called" in other.invoke(args=["restore", "--group", "Nope", str(target)]).output


def test_the_backup_carries_the_players_colours_and_the_groups_time_zone(tmp_path, client, store, history):
    from companion.history import colours
    colours.choose(store, "household", "Ben", "olive")
    groups.rename(store, "household", "Ben", "Benjamin")  # the colour goes with the name
    store.index.change_table("groups", lambda t: {**t, "household": {**t["household"], "timezone": "Asia/Tokyo"}})
    saved = download(client, "backup.json").data
    data = json.loads(saved)
    assert data["colours"] == {"benjamin": "olive"} and data["group"]["timezone"] == "Asia/Tokyo"
    _, other, other_store = fresh(tmp_path)
    restore(other, saved)
    assert colours.chosen(other_store, "household") == {"benjamin": "olive"}
    assert groups.get(other_store, "household")["timezone"] == "Asia/Tokyo"
    assert colours.seat_colours(other_store, "household", ["Anna", "Ben"])[1] == "olive"
    # Restored into a group with choices of its own: those stay.
    _, third, third_store = fresh(tmp_path, "third")
    groups.add_player(third_store, "household", "Benjamin")
    colours.choose(third_store, "household", "Benjamin", "pink")
    third_store.index.change_table("groups", lambda t: {**t, "household": {**t["household"], "timezone": "UTC"}})
    restore(third, saved)
    assert colours.chosen(third_store, "household") == {"benjamin": "pink"}
    assert groups.get(third_store, "household")["timezone"] == "UTC"
