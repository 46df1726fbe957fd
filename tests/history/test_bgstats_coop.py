"""A cooperative play from BG Stats, everyone lost or everyone won: taken in as an own game
that nobody won (or everyone did), shown so, counted so, and given back to BG Stats so."""
from __future__ import annotations

import json
import re

import pytest

from tests.bgstats_files import PEOPLE, export, game, play, score
from tests.history.test_bgstats_import import body, finished, tap, upload


def coop_file() -> dict:
    return export(PEOPLE, [game(5, "Pandemic", coop=True, no_points=True), game(9, "Hanabi", coop=True)], [
        play(30, 5, [score(1, "", winner=False), score(2, "", winner=False)], date="2025-02-01 19:30:00"),
        play(31, 5, [score(1, "", winner=True), score(2, "", winner=True), score(3, "", winner=True)],
             date="2025-02-02 19:30:00"),
        play(32, 9, [score(1, "18"), score(2, "18")], date="2025-02-03 19:30:00"),
        # some marked winners, some not (a traitor among them): kept as BG Stats marks them
        play(33, 5, [score(1, "", winner=True), score(2, "", winner=False), score(3, "", winner=True)],
             date="2025-02-04 19:30:00"),
    ])


@pytest.fixture
def imported(client, store):
    client.get("/")
    page = tap(client, upload(client, body(coop_file())).get_data(as_text=True))
    assert "4 games added" in page
    return {(g["name"], g["started"][:10]): g for g in finished(store)}


def test_a_cooperative_play_everyone_lost_is_a_game_nobody_won(client, store, imported):
    lost, won, scored = (imported[("Pandemic", "2025-02-01")], imported[("Pandemic", "2025-02-02")],
                         imported[("Hanabi", "2025-02-03")])
    assert lost["winners"] == [] and won["winners"] == [0, 1, 2]
    assert scored["winners"] == [] and scored["scores"] == [18, 18]  # Hanabi's points are kept
    assert imported[("Pandemic", "2025-02-04")]["winners"] == [0, 2]
    record = store.load(lost["id"])
    assert record["settings"]["cooperative"] is True
    page = client.get(f"/games/{lost['id']}").get_data(as_text=True)
    assert re.search(r"<h2>\s*Nobody won\s*</h2>", page)
    assert "A cooperative game: nobody won, the game beat the table." in page
    page = client.get(f"/games/{won['id']}").get_data(as_text=True)
    assert "A cooperative game: everyone won together." in page


def test_history_says_nobody_won_and_statistics_count_a_play_and_a_loss(client, imported):
    history = client.get("/history").get_data(as_text=True)
    assert history.count("nobody won") == 2  # the lost Pandemic and the lost Hanabi
    stats = client.get("/stats").get_data(as_text=True)
    # Anna: 4 games, 2 wins (the Pandemic won together, the one with a traitor).
    row = re.search(r">Anna</a></td><td class=\"n\">(?:<span class=\"who\"[^>]*>[^<]*</span>)?(\d+)</td>"
                    r"<td class=\"n\">(?:<span class=\"who\"[^>]*>[^<]*</span>)?(\d+)</td>", stats)
    assert row and row.groups() == ("4", "2")
    ben = client.get("/players/Ben").get_data(as_text=True)
    # Anna beat Ben once, in the game with a traitor: a game nobody won beats nobody.
    assert re.search(r'Nemesis</dt><dd><a [^>]*>Anna</a><small>won 1 of 4 games together', ben)


def test_the_export_gives_it_back_as_bg_stats_has_it_and_the_round_trip_keeps_it(client, store, imported):
    back = json.loads(client.get("/groups/household/bgstats.json").data)
    source = coop_file()
    by_uuid = {p["uuid"]: p for p in back["plays"]}
    for original in source["plays"]:
        again = by_uuid[original["uuid"]]
        assert [s["winner"] for s in again["playerScores"]] == [s["winner"] for s in original["playerScores"]]
    games = {g["id"]: g for g in back["games"]}
    assert all(games[p["gameRefId"]]["cooperative"] is True for p in back["plays"])
    assert [s["score"] for s in by_uuid[source["plays"][2]["uuid"]]["playerScores"]] == ["18", "18"]
    page = upload(client, json.dumps(back).encode()).get_data(as_text=True)
    assert "0 games added: every play of this export is here already." in page


def test_in_german(client, imported):
    lost = imported[("Pandemic", "2025-02-01")]
    page = client.get(f"/games/{lost['id']}", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert re.search(r"<h2>\s*Niemand hat gewonnen\s*</h2>", page)
    history = client.get("/history", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "niemand hat gewonnen" in history
