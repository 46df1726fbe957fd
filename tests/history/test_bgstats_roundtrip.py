"""BG Stats -> Loot Ledger -> BG Stats: every play, player, score and winner comes back, in
the shape of BG Stats' own files (docs/bgstats.md), and the export read in again adds nothing."""
from __future__ import annotations

import copy
import json
import re
from datetime import datetime

import pytest

from companion.history import bgstats
from companion.record.entries import add_entry, new_record
from tests.bgstats_files import PEOPLE, every_case, game, play, score
from tests.history.test_bgstats_import import body, finished, tap, upload

DATE = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d")


def with_teams() -> dict:
    data = every_case()
    data["games"].append(game(8, "Give Me The Treasure", teams=True))
    data["plays"].append(play(12, 8, [score(1, "31", winner=True, team="A"), score(2, "12", team="B"),
                                      score(3, "31", winner=True, team="A"), score(5, "12", team="B")],
                              teams=True, date="2025-02-03 20:00:00"))
    # Won otherwise than by the points (BG Stats' manual winner): the winner stays, the points too.
    data["plays"].append(play(13, 2, [score(1, "100", winner=True), score(2, "120"), score(3, "90")],
                              manual=True, date="2025-02-04 20:00:00"))
    return data


@pytest.fixture
def exported(client, store):
    client.get("/")
    source = with_teams()
    tap(client, upload(client, body(source)).get_data(as_text=True))
    response = client.get("/groups/household/bgstats.json")
    assert 'filename="BGStatsExport.json"' in response.headers["Content-Disposition"]
    return source, json.loads(response.data)


def meaning(export: dict) -> dict:
    """Each play as who played it, their scores as numbers (blank: none) and who won."""
    players = {p["id"]: p["name"].strip() for p in export["players"]}
    out = {}
    for p in export["plays"]:
        if p.get("ignored"):
            continue
        out[p["uuid"]] = sorted((players[s["playerRefId"]].casefold(), bgstats.score_of(s["score"]),
                                 bool(s["winner"])) for s in p["playerScores"])
    return out


def test_every_play_player_score_and_winner_comes_back(exported):
    source, back = exported
    refused = {source["plays"][8]["uuid"]}  # by the rules, said so
    wanted = {k: v for k, v in meaning(source).items() if k not in refused}
    got = meaning(back)
    assert set(got) == set(wanted)  # BG Stats' own uuids: it finds the plays it has
    for uuid, rows in wanted.items():
        if all(score is None for _, score, _ in rows):  # no points: places as BG Stats ranks
            assert [(n, w) for n, _, w in got[uuid]] == [(n, w) for n, _, w in rows]
        else:
            assert got[uuid] == rows, uuid


def test_the_export_has_the_shape_of_bg_stats_files(exported):
    _, back = exported
    assert "meRefId" not in back["userInfo"]
    for p in back["plays"]:
        assert all(isinstance(s["score"], str) for s in p["playerScores"])
        assert DATE.fullmatch(p["playDate"]) and DATE.fullmatch(p["entryDate"])
        assert p["playDate"] <= p["entryDate"] <= p["modificationDate"]
        # Played on paper and entered afterwards: nobody is named the start player.
        assert not any(s["startPlayer"] for s in p["playerScores"])
    teams = [p for p in back["plays"] if p["usesTeams"]]
    assert len(teams) == 1
    assert [s["team"] for s in teams[0]["playerScores"]] == ["0", "1", "0", "1"]
    games = {g["name"]: g for g in back["games"]}
    assert games["Hearts"]["highestWins"] is False and games["Codenames"]["noPoints"] is True
    assert games["Give Me The Treasure"]["usesTeams"] is True
    locations = {loc["id"]: loc["name"] for loc in back["locations"]}
    skat = next(p for p in back["plays"] if p.get("comments") == "Bockrunden")
    assert locations[skat["locationRefId"]] == "Küche" and skat["durationMin"] == 45


def test_the_export_read_in_again_adds_nothing(client, store, exported):
    _, back = exported
    before = len(finished(store))
    page = upload(client, body(back)).get_data(as_text=True)
    assert "0 games added: every play of this export is here already." in page
    assert len(finished(store)) == before


def test_a_start_player_only_where_one_was_entered(client, store):
    client.get("/")
    record = new_record("loot-and-scoot", ["Anna", "Ben"], {})
    record = add_entry(record, "result", {"players": [{"score": 20}, {"score": 10}], "winners": [0]})
    store.create(record)
    (only,) = client.get("/groups/household/bgstats.json").get_json()["plays"]
    assert not any(s["startPlayer"] for s in only["playerScores"])
    assert only["playDate"] <= only["entryDate"] <= only["modificationDate"]


def test_minimal_file_round_trip(client, store):
    client.get("/")
    data = copy.deepcopy(every_case())
    data = {"games": data["games"], "plays": data["plays"][:2], "players": PEOPLE}
    tap(client, upload(client, body(data)).get_data(as_text=True))
    back = client.get("/groups/household/bgstats.json").get_json()
    assert meaning(back) == meaning(data)


def test_a_result_with_its_day_alone_goes_out_at_bg_stats_time_for_a_day_without_one(client, store):
    client.get("/")
    # as the result form makes it: the day's middle in the group's zone, and the day alone
    record = new_record("loot-and-scoot", ["Anna", "Ben"], {},
                        played_on=datetime(2025, 2, 1, 12, 0).astimezone().isoformat())
    record["played_day"] = "2025-02-01"
    record = add_entry(record, "result", {"players": [{"score": 20}, {"score": 10}], "winners": [0]})
    store.create(record)
    (only,) = client.get("/groups/household/bgstats.json").get_json()["plays"]
    assert only["playDate"] == "2025-02-01 10:00:00"  # was 12:00:00, which BG Stats never writes so
    assert only["playDate"] <= only["entryDate"] <= only["modificationDate"]
