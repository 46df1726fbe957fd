"""The end screen's "Send to BG Stats": the link BG Stats' "push plays" takes one finished play
by, its data checked against the documented shape (docs/bgstats.md)."""
from __future__ import annotations

import html
import json
import re
from urllib.parse import unquote

from companion.record.entries import add_entry, new_record
from tests.history.conftest import finished_game
from tests.playing import playing_game

LINK = re.compile(r'id="send-bgstats" href="([^"]+)"')
TIME = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d")
# The shape BG Stats documents for a pushed play, as the fields this app sends.
PLAY = {"sourceName": str, "sourcePlayId": str, "playDate": str, "game": dict, "players": list}
GAME = {"name": str, "sourceGameId": str, "highestWins": bool, "noPoints": bool}
PLAYER = {"name": str, "sourcePlayerId": str, "rank": int, "winner": bool, "startPlayer": bool}


def pushed(client, game_id):
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    found = LINK.search(page)
    assert found, "no Send to BG Stats on the end screen"
    url = html.unescape(found.group(1))
    assert url.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    data = json.loads(unquote(url.split("?data=", 1)[1]))
    for fields, item in ((PLAY, data), (GAME, data["game"]), *((PLAYER, p) for p in data["players"])):
        for name, kind in fields.items():
            assert type(item[name]) is kind, (name, item)
    assert TIME.fullmatch(data["playDate"])
    return data


def test_a_finished_game_offers_its_play_with_players_scores_winner_and_length(client, store):
    client.get("/")
    game_id = finished_game(store, (50, 30, 0), minutes=40)
    data = pushed(client, game_id)
    assert data["sourceName"] == "Loot Ledger" and data["sourcePlayId"] == game_id
    assert data["game"] == {"name": "Beutelschneider", "sourceGameId": "beutelschneider:beutelschneider",
                            "highestWins": True, "noPoints": False}
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in data["players"]] == [
        ("Anna", 50, 1, True), ("Ben", 30, 2, False), ("Cem", 0, 3, False)]
    assert [p["startPlayer"] for p in data["players"]] == [False, True, False]  # left of the dealer
    assert data["durationMin"] == 40


def test_a_game_without_points_sends_places_and_no_scores(client, store):
    client.get("/")
    record = new_record("own-game", ["Anna", "Ben"], {"name": "Codenames", "scoring": "places"})
    record = add_entry(record, "result", {"players": [{"score": 2}, {"score": 1}], "winners": [1]})
    data = pushed(client, store.create(record))
    assert data["game"]["noPoints"] is True and "durationMin" not in data  # entered afterwards
    assert [("score" in p, p["rank"], p["winner"], p["startPlayer"]) for p in data["players"]] == [
        (False, 2, False, False), (False, 1, True, False)]


def test_a_game_in_play_has_no_link(client, store):
    client.get("/")
    game_id = playing_game(store)
    assert 'id="send-bgstats"' not in client.get(f"/games/{game_id}").get_data(as_text=True)


def test_in_german(client, store):
    client.get("/")
    game_id = finished_game(store, (50, 30, 0))
    client.post("/lang", data={"lang": "de"})
    page = client.get(f"/games/{game_id}", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "An BG Stats senden" in page
