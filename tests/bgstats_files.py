"""BG Stats exports built as real ones are (docs/bgstats.md): strings where they have strings,
``metaData``/``scoresheet`` as JSON-encoded strings, scores as text, blank or typed sums."""
from __future__ import annotations

import json
import uuid
from typing import Any

STAMP = "2025-03-01 20:00:00"


def player(pid: int, name: str) -> dict[str, Any]:
    return {"uuid": str(uuid.uuid5(uuid.NAMESPACE_URL, f"p{pid}{name}")), "id": pid, "name": name,
            "isAnonymous": False, "modificationDate": STAMP,
            "metaData": json.dumps({"someKey": "x"})}


def game(gid: int, name: str, *, highest: bool = True, no_points: bool = False, coop: bool = False,
         teams: bool = False, bgg: int = 0) -> dict[str, Any]:
    return {"uuid": str(uuid.uuid5(uuid.NAMESPACE_URL, f"g{gid}{name}")), "id": gid, "name": name,
            "modificationDate": STAMP, "cooperative": coop, "highestWins": highest,
            "noPoints": no_points, "usesTeams": teams, "bggId": bgg, "bggName": name, "bggYear": 2020,
            "minPlayerCount": 1, "maxPlayerCount": 8, "minPlayTime": 30, "maxPlayTime": 60,
            "designers": "Someone", "urlThumb": ""}


def score(ref: int, value: Any, *, winner: bool = False, rank: int = 0, start: bool = False,
          seat: int = 0, team: str | None = None, **more: Any) -> dict[str, Any]:
    out = {"playerRefId": ref, "score": value, "winner": winner, "rank": rank, "startPlayer": start,
           "seatOrder": seat, "newPlayer": False, "role": "",
           "metaData": json.dumps({"scoreUuid": str(uuid.uuid4())})}
    if team is not None:
        out.update({"team": team, "teamRole": "", "startPosition": ""})
    out.update(more)
    return out


def play(n: int, game_ref: int, scores: list[dict[str, Any]], *, date: str = "2025-02-01 19:30:00",
         modified: str | None = None, teams: bool = False, ignored: bool = False,
         minutes: int = 45, comments: str = "", location: int | None = 1,
         manual: bool = False, uid: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "uuid": uid or str(uuid.uuid5(uuid.NAMESPACE_URL, f"play{n}")),
        "modificationDate": modified or date, "entryDate": date, "playDate": date,
        "usesTeams": teams, "durationMin": minutes, "ignored": ignored, "manualWinner": manual,
        "rounds": 0, "gameRefId": game_ref, "board": "", "scoringSetting": 0,
        "playerScores": scores, "expansionPlays": [], "playImages": "[]",
        "metaData": json.dumps({"MetaDataImportSourceType": "manual"}),
        "scoresheet": json.dumps({"scoreType": "bestTotalWins", "langCode": "en", "rounds": []}),
    }
    if location is not None:
        out["locationRefId"] = location
    if comments:
        out["comments"] = comments
    return out


def export(players: list[dict[str, Any]], games: list[dict[str, Any]], plays: list[dict[str, Any]],
           *, minimal: bool = False) -> dict[str, Any]:
    if minimal:
        return {"games": games, "plays": plays, "players": players}
    return {"about": "BG Stats export", "players": players,
            "locations": [{"uuid": "loc-1", "id": 1, "name": "Küche", "modificationDate": STAMP}],
            "games": games, "plays": plays, "tags": [], "groups": [], "challenges": [],
            "deletedObjects": [],
            "userInfo": {"meRefId": 1, "bggUsername": "", "appVersion": "7.4", "device": "iPhone",
                         "exportDate": "2025-03-01 21:00:00"}}


PEOPLE = [player(1, "Anna"), player(2, "Ben"), player(3, "Cem"), player(4, " dora "), player(5, "Emil")]


def every_case() -> dict[str, Any]:
    """One file with every case the importer reads: the issue's list, play by play."""
    games = [game(1, "Beutezug"), game(2, "Skat"), game(3, "Hearts", highest=False),
             game(4, "Codenames", no_points=True, teams=True), game(5, "Pandemic", coop=True, no_points=True),
             game(6, "Beutelschneider"), game(7, "Carcassonne")]
    plays = [
        # 1 Beutezug with scores as text and a typed sum, a start player
        play(1, 1, [score(1, "40+12", winner=True, start=True), score(2, "44"), score(3, "30")]),
        # 2 Skat: scores, rank 1..n
        play(2, 2, [score(1, "120", rank=2), score(2, "150", winner=True, rank=1), score(4, "80", rank=3)],
             comments="Bockrunden"),
        # 3 Hearts: lowest wins, an expression with minus
        play(3, 3, [score(1, "66-13-11", rank=0), score(2, "20", winner=True), score(3, "55")]),
        # 4 Codenames: teams, no points
        play(4, 4, [score(1, "", winner=True, team="0"), score(2, "", winner=True, team="0"),
                    score(3, None, team="1"), score(5, None, team="1")], teams=True),
        # 5 Pandemic: everyone won together
        play(5, 5, [score(1, "", winner=True), score(2, "", winner=True), score(3, "", winner=True)]),
        # 6 a tie shared at the top
        play(6, 7, [score(1, "80", winner=True), score(2, "80", winner=True), score(3, "60")]),
        # 7 no scores at all: the winner as BG Stats has it
        play(7, 7, [score(1, None), score(3, None, winner=True)]),
        # 8 ignored in BG Stats: left out
        play(8, 7, [score(1, "1", winner=True), score(2, "0")], ignored=True),
        # 9 Beutelschneider below the limit: refused by its rules
        play(9, 6, [score(1, "50", winner=True), score(2, "40"), score(3, "30")]),
        # 10 a cooperative play everyone lost: nobody won
        play(10, 5, [score(1, "", winner=False), score(2, "", winner=False)]),
    ]
    return export(PEOPLE, games, plays)
