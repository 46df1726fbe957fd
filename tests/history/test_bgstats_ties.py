"""A tie at the top in Beutezug or Loot and Scoot from BG Stats: its export has no loot cards
and no money for the game's tie-break, so the play is taken as entered, the winners BG Stats
marks are the winners (a shared win where it marks them all, or none), never refused."""
from __future__ import annotations

import json

import pytest

from companion.games import GAMES
from companion.games.base import RulesError
from tests.bgstats_files import PEOPLE, export, game, play, score
from tests.games.tables import table
from tests.history.test_bgstats_import import body, finished, tap, upload

TIED = [{"score": 40}, {"score": 40}, {"score": 30}]


@pytest.mark.parametrize("slug", ["beutezug", "loot-and-scoot"])
def test_the_rules_take_an_unrecorded_tie_break_as_the_table_named_it(slug):
    rules = GAMES[slug]
    start = rules.start(["Anna", "Ben", "Cem"], {})
    one = rules.apply(start, "result", {"players": TIED, "winners": [1], "tie_unrecorded": True})
    assert rules.outcome(one).winners == (1,) and rules.outcome(one).decided_by == "unrecorded"
    assert [(s.seat, s.rank) for s in rules.standings(one)] == [(1, 1), (0, 2), (2, 3)]
    shared = rules.apply(start, "result", {"players": TIED, "winners": [], "tie_unrecorded": True})
    assert rules.outcome(shared).winners == (0, 1)
    with pytest.raises(RulesError) as caught:  # a winner not tied at the top is still refused
        rules.apply(start, "result", {"players": TIED, "winners": [2], "tie_unrecorded": True})
    assert str(caught.value.errors["winners"]).startswith("By these scores Anna and Ben won.")
    with pytest.raises(RulesError):  # without the mark, the tie-break's values are asked for
        rules.apply(start, "result", {"players": TIED, "winners": [1]})


@pytest.mark.parametrize(("slug", "broken"), table("UNRECORDED_TIE_BROKEN").items())
def test_a_tie_whose_break_is_given_is_decided_by_it_even_when_marked_unrecorded(slug, broken):
    rules = GAMES[slug]
    field, anna, ben, winner = broken
    start = rules.start(["Anna", "Ben", "Cem"], {})
    rows = [{"score": 40, field: anna}, {"score": 40, field: ben}, {"score": 30}]
    given = rules.apply(start, "result", {"players": rows, "winners": [], "tie_unrecorded": True})
    assert rules.outcome(given).winners == (winner,) and rules.outcome(given).decided_by != "unrecorded"


def tie_file() -> dict:
    games = [game(1, "Beutezug"), game(2, "Loot & Scoot")]
    return export(PEOPLE, games, [
        play(40, 1, [score(1, "40", winner=True), score(2, "40"), score(3, "30")], date="2025-02-01 19:00:00"),
        play(41, 1, [score(1, "40", winner=True), score(2, "40", winner=True), score(3, "30")],
             date="2025-02-02 19:00:00"),
        play(42, 2, [score(1, "25", rank=0), score(2, "25", rank=0), score(3, "12")], date="2025-02-03 19:00:00"),
        play(43, 2, [score(1, "25"), score(2, "25", winner=True), score(3, "12")], date="2025-02-04 19:00:00"),
    ])


def test_an_export_with_ties_at_the_top_comes_in_whole(client, store):
    client.get("/")
    summary = upload(client, body(tie_file())).get_data(as_text=True)
    assert "4 plays to import" in summary and "will not be imported" not in summary
    assert "4 games added" in tap(client, summary)
    got = [(g["game"], g["winners"]) for g in finished(store)]
    assert got == [("beutezug", [0]), ("beutezug", [0, 1]), ("loot-and-scoot", [0, 1]), ("loot-and-scoot", [1])]
    first = finished(store)[0]
    page = client.get(f"/games/{first['id']}").get_data(as_text=True)
    assert "Equal at the top: the table decided, the tie-break was not recorded." in page
    page = client.get(f"/games/{first['id']}", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Gleichstand an der Spitze: Der Tisch hat entschieden" in page


def test_the_round_trip_keeps_the_winners_and_adds_nothing(client, store):
    client.get("/")
    source = tie_file()
    tap(client, upload(client, body(source)).get_data(as_text=True))
    back = json.loads(client.get("/groups/household/bgstats.json").data)
    marks = {p["uuid"]: [s["winner"] for s in p["playerScores"]] for p in back["plays"]}
    assert marks[source["plays"][0]["uuid"]] == [True, False, False]
    assert marks[source["plays"][2]["uuid"]] == [True, True, False]  # none marked: shared
    again = upload(client, json.dumps(back).encode()).get_data(as_text=True)
    assert "0 games added: every play of this export is here already." in again
