"""A BG Stats export brought in through the Group page's restore form and the restore
command: its summary, the one tap, what the games then are (docs/bgstats.md)."""
from __future__ import annotations

import copy
import io
import json
import re
import time

import pytest

from companion.history import bgstats, groups
from companion.record.entries import new_record
from tests.bgstats_files import PEOPLE, every_case, export, game, play, player, score
from tests.formpage import Browserless


def upload(client, body: bytes, gid: str = "household", name: str = "BGStatsExport.json"):
    user = Browserless(client)
    user.open(f"/groups/{gid}")
    form = user.form("/restore")
    data = dict(form["fields"])
    data["file"] = (io.BytesIO(body), name)
    return client.post(form["action"], data=data, content_type="multipart/form-data")


def tap(client, summary_page: str):
    token = re.search(r'name="token" type="hidden" value="([0-9a-f]+)"', summary_page)
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', summary_page)
    assert token and csrf, summary_page
    response = client.post("/groups/household/bgstats/import",
                           data={"token": token.group(1), "csrf_token": csrf.group(1)})
    assert response.status_code == 303
    for _ in range(200):  # the import runs beside the table; its page says when it is done
        page = client.get(response.headers["Location"]).get_data(as_text=True)
        if 'http-equiv="refresh"' not in page:
            return page
        time.sleep(0.05)
    raise AssertionError("the import did not finish")


def finished(store):
    return sorted((g for g in store.index.games().values() if g.get("status") == "finished"),
                  key=lambda g: (g.get("started", ""), g["id"]))


def body(data) -> bytes:
    return json.dumps(data, ensure_ascii=False).encode()


@pytest.fixture
def household(client, store):
    client.get("/")  # the household group is this phone's
    # Anna and Ben play in the group already; Dora is on its list, as typed " dora " is.
    store.create(new_record("beutelschneider", ["Anna", "Ben", "Cem"], {}))
    groups.add_player(store, "household", "Dora")
    return store


def test_the_summary_says_what_will_be_stored_and_stores_nothing_yet(client, household):
    response = upload(client, body(every_case()))
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "8 plays to import" in page
    assert "Beutezug" in page and "Carcassonne" in page and "Hearts" in page
    assert re.search(r'class="matched">Anna, Ben, Cem, Dora<', page)  # " dora " is Dora
    assert re.search(r'class="new-players">Emil<', page)
    assert "1 play marked as ignored in BG Stats is left out" in page
    assert "1 play will not be imported" in page
    assert "Play 9 (Beutelschneider, 2025-02-01)" in page and "limit of 100" in page
    assert "Play 10" not in page  # a cooperative play everyone lost is taken in: nobody won
    assert finished(household) == []


def test_one_tap_stores_every_play_as_bg_stats_has_it(client, household):
    page = tap(client, upload(client, body(every_case())).get_data(as_text=True))
    assert "8 games added, 0 already here" in page
    games = {(g.get("name") or g["game"], tuple(g["players"])): g for g in finished(household)}
    beutezug = games[("beutezug", ("Anna", "Ben", "Cem"))]
    assert beutezug["scores"] == [52, 44, 30] and beutezug["winners"] == [0]  # "40+12" is 52
    assert beutezug["result_only"] and beutezug["started"].startswith("2025-02-01T19:30")
    skat = games[("Skat", ("Anna", "Ben", "Dora"))]
    assert skat["scores"] == [120, 150, 80] and skat["winners"] == [1] and skat["ranks"] == [2, 1, 3]
    hearts = games[("Hearts", ("Anna", "Ben", "Cem"))]
    assert hearts["scores"] == [42, 20, 55] and hearts["winners"] == [1] and hearts["lowest_wins"]
    teams = games[("Codenames", ("Anna", "Ben", "Cem", "Emil"))]
    assert teams["winners"] == [0, 1] and teams["ranks"] == [1, 1, 3, 3]
    coop = games[("Pandemic", ("Anna", "Ben", "Cem"))]
    assert coop["winners"] == [0, 1, 2]
    shared = games[("Carcassonne", ("Anna", "Ben", "Cem"))]
    assert shared["winners"] == [0, 1] and shared["scores"] == [80, 80, 60]
    unscored = games[("Carcassonne", ("Anna", "Cem"))]
    assert unscored["winners"] == [1] and unscored["ranks"] == [2, 1]
    skat_record = household.load(skat["id"])
    assert skat_record["note"] == "@ Küche\n⏱ 45 min\nBockrunden"
    assert "Emil" in groups.players(household, "household")


def test_the_same_file_twice_adds_nothing_and_a_newer_export_only_its_new_plays(client, household):
    data = every_case()
    tap(client, upload(client, body(data)).get_data(as_text=True))
    again = upload(client, body(data)).get_data(as_text=True)
    assert "0 games added: every play of this export is here already." in again
    assert len(finished(household)) == 8
    newer = copy.deepcopy(data)
    newer["plays"].append(play(11, 7, [score(1, "99", winner=True), score(2, "12")], date="2025-03-01 19:00:00"))
    page = tap(client, upload(client, body(newer)).get_data(as_text=True))
    assert "1 game added, 8 already here" in page
    assert len(finished(household)) == 9


def test_a_play_edited_in_bg_stats_since_comes_in_as_a_correction_with_its_trail(client, household):
    data = every_case()
    tap(client, upload(client, body(data)).get_data(as_text=True))
    edited = copy.deepcopy(data)
    edited["plays"][1]["playerScores"][0]["score"] = "170"  # Anna's Skat: 120 -> 170, now she won
    edited["plays"][1]["playerScores"][0]["winner"] = True
    edited["plays"][1]["playerScores"][1]["winner"] = False
    edited["plays"][1]["modificationDate"] = "2025-02-20 10:00:00"
    summary = upload(client, body(edited)).get_data(as_text=True)
    assert "1 changed in BG Stats since: corrected here" in summary
    page = tap(client, summary)
    assert "0 games added, 7 already here, 1 corrected" in page
    skat = next(g for g in finished(household) if g.get("name") == "Skat")
    assert skat["scores"] == [170, 150, 80] and skat["winners"] == [0]
    entry = household.load(skat["id"])["entries"][0]
    assert entry["edits"][0]["data"]["players"][0] == {"score": 120}


def test_a_minimal_file_of_games_plays_and_players_only(client, household):
    data = export([player(1, "Anna"), player(2, "Ben")], [game(1, "Azul")],
                  [play(20, 1, [score(1, "77", winner=True, rank=1), score(2, "60", rank=2)], location=None)],
                  minimal=True)
    page = tap(client, upload(client, body(data)).get_data(as_text=True))
    assert "1 game added" in page
    (azul,) = finished(household)
    assert azul["name"] == "Azul" and azul["winners"] == [0]


@pytest.mark.parametrize("raw, why", [
    (b'{"plays": "many", "games": []}', "This is not a BG Stats export"),
    (b'{"plays": [], "games": [], "players": 7}', "must be a list"),
    (b'{"plays": [1, 2], "games": []', "The file is not JSON"),
])
def test_a_refused_file_says_why_and_stores_nothing(client, household, raw, why):
    response = upload(client, raw)
    assert response.status_code == 422
    assert why in response.get_data(as_text=True)
    assert finished(household) == []


def test_in_german(client, household):
    user = Browserless(client)
    user.open("/")
    user.submit("/lang", button=("lang", "de"))
    page = upload(client, body(every_case())).get_data(as_text=True)
    assert "8 Partien zum Importieren" in page
    assert "Neue Spieler" in page
    done = tap(client, page)
    assert "8 Spiele hinzugefügt" in done


def test_the_restore_command_prints_the_summary_and_stores(runner, household, tmp_path):
    path = tmp_path / "BGStatsExport.json"
    path.write_bytes(body(every_case()))
    dry = runner.invoke(args=["restore", "--dry-run", str(path)])
    assert dry.exit_code == 0, dry.output
    assert "8 plays to import" in dry.output and "new players: Emil" in dry.output
    assert "Play 9 (Beutelschneider, 2025-02-01)" in dry.output
    assert finished(household) == []
    done = runner.invoke(args=["restore", str(path)])
    assert done.exit_code == 0, done.output
    assert "8 games added" in done.output
    assert len(finished(household)) == 8
    again = runner.invoke(args=["restore", str(path)])
    assert "0 games added" in again.output


def test_scores_as_bg_stats_writes_them():
    assert bgstats.score_of("22") == 22
    assert bgstats.score_of(" 20+16+16 ") == 52
    assert bgstats.score_of("66-13-11") == 42
    assert bgstats.score_of("-5") == -5
    assert bgstats.score_of("") is None and bgstats.score_of(None) is None
    assert bgstats.score_of(12) == 12 and bgstats.score_of("2.5+2.5") == 5
    for bad in ("abc", "1.5", True, [], "1e9"):
        with pytest.raises(ValueError):
            bgstats.score_of(bad)


def test_people_fixture_is_the_documented_shape():
    # metaData is a JSON string in real files, as built here
    assert isinstance(PEOPLE[0]["metaData"], str)


def test_a_play_won_otherwise_than_by_points_keeps_its_winner_and_its_points(client, household):
    data = export(PEOPLE, [game(1, "Skat")],
                  [play(21, 1, [score(1, "100", winner=True), score(2, "120"), score(3, "90")], manual=True)])
    tap(client, upload(client, body(data)).get_data(as_text=True))
    (skat,) = finished(household)
    assert skat["winners"] == [0] and skat["ranks"] == [1, 2, 3]
    assert household.load(skat["id"])["note"] == "@ Küche\n⏱ 45 min\nΣ Anna 100 · Ben 120 · Cem 90"
