"""An own game explains each number and place from the replay: the parts add up, and each
part and tie-break points at the entry it came from."""
from __future__ import annotations

import pytest

from companion.games.base import Making, Why
from companion.games.own import GAME

FOUR = ["Anna", "Ben", "Cem", "Dora"]


def rnd(*points):
    return ("round", {"players": [{"score": p} for p in points]})


GAMES = {
    "rounds to a target, a drawn tie-break": ({"target": 50, "ties": "break"}, [
        rnd(20, 30, 1, 0), rnd(30, 20, 2, 0), ("tie_break", {"winner": 1, "drawn": True})]),
    "rounds ended by the table, shared": ({}, [rnd(5, 5, 1, 0), ("end", {})]),
    "final scores, lowest wins": ({"scoring": "final", "wins": "low"}, [
        ("final", {"players": [{"score": s} for s in (88, 71, 95, 102)]})]),
    "places, a table's tie-break": ({"scoring": "places", "ties": "break"}, [
        ("places", {"players": [{"place": p} for p in (1, 1, 3, 4)]}), ("tie_break", {"winner": 0})]),
}


@pytest.mark.parametrize("name", GAMES)
def test_every_making_adds_up_and_points_at_its_entries(name):
    settings, entries = GAMES[name]
    state = GAME.replay(FOUR, settings, entries)
    explained = GAME.explanations(state)
    for seat in range(4):
        assert f"score/{seat}" in explained and f"place/{seat}" in explained
    assert "winner" in explained
    for key, item in explained.items():
        if isinstance(item, Making):
            assert sum(p.value for p in item.parts) == item.value, key
            assert all(entries[p.entry][0] in ("round", "final", "places") for p in item.parts), key
        if isinstance(item, Why) and item.draw is not None:
            assert entries[item.draw][0] == "tie_break", key


def test_a_round_total_is_made_of_the_rounds_up_to_it():
    state = GAME.replay(FOUR, {}, [rnd(20, 30, 1, 0), rnd(-5, 20, 2, 0)])
    total = GAME.explanations(state)["total/2/0"]
    assert total.value == 15
    assert [(str(p.label), p.value, p.entry) for p in total.parts] == [("Round 1", 20, 0), ("Round 2", -5, 1)]


def test_the_winners_place_says_how_the_target_ended_the_game():
    state = GAME.replay(FOUR, {"target": 50}, [rnd(20, 30, 1, 0), rnd(40, 10, 2, 0)])
    why = GAME.explanations(state)["place/0"]
    assert str(why.step) == "A total reached 50 after round 2, which ended the game."


def test_a_shared_place_says_how_many_share_it():
    state = GAME.replay(FOUR, {}, [rnd(9, 5, 5, 0), ("end", {})])
    assert str(GAME.explanations(state)["place/1"].step) == "2 players share place 2."
