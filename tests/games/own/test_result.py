"""An own game played on paper, entered as its result: the first and only entry, checked
against what the settings fix."""
from __future__ import annotations

import pytest

from companion.games.base import RulesError
from companion.games.own import GAME

FOUR = ["Anna", "Ben", "Cem", "Dora"]


def result(values, winners, field="score"):
    return {"players": [{field: v} for v in values], "winners": winners}


def entered(data, **settings):
    return GAME.apply(GAME.start(FOUR, settings), "result", data)


def refused(data, **settings):
    with pytest.raises(RulesError) as caught:
        entered(data, **settings)
    return {k: str(v) for k, v in caught.value.errors.items()}


def test_a_result_ends_the_game_with_its_places_and_winner():
    state = entered(result([30, 52, 18, 40], [1]))
    assert GAME.expect(state) is None
    assert GAME.outcome(state).winners == (1,)
    assert [(s.seat, s.rank, s.score) for s in GAME.standings(state)] == [
        (1, 1, 52), (3, 2, 40), (0, 3, 30), (2, 4, 18)]
    assert GAME.totals_by_round(state) == []


def test_lowest_wins_reads_the_result_the_other_way():
    assert GAME.outcome(entered(result([30, 52, 18, 40], [2]), wins="low")).winners == (2,)


def test_a_result_by_places():
    state = entered(result([2, 1, 3, 3], [1]), scoring="places")
    assert GAME.outcome(state).winners == (1,)
    assert [s.rank for s in GAME.standings(state)] == [1, 2, 3, 3]
    assert GAME.score_label(state) == "Finishing place"


def test_shared_ties_make_every_tied_seat_a_winner():
    assert GAME.outcome(entered(result([40, 40, 18, 3], [0, 1]))).winners == (0, 1)
    errors = refused(result([40, 40, 18, 3], [0]))
    assert errors["winners"].startswith("By these scores Anna and Ben won")


def test_a_broken_tie_names_one_of_the_tied():
    state = entered(result([40, 40, 18, 3], [1]), ties="break")
    assert GAME.outcome(state).winners == (1,)
    assert [(s.seat, s.rank) for s in GAME.standings(state)] == [(1, 1), (0, 2), (2, 3), (3, 4)]
    assert str(GAME.outcome(state).words) == "Equal at the top: the table named Ben the winner."
    for winners in ([2], [0, 1]):
        assert refused(result([40, 40, 18, 3], winners), ties="break") == {"winners": (
            "Anna and Ben are equal at the top and this game breaks a tie: tick the one who won the tie-break.")}


def test_with_a_target_no_total_need_reach_it_as_the_table_may_end_the_game_before():
    # Issue 39: round, round, "end" before the target is a game the app itself accepts.
    played = GAME.start(FOUR, GAME.setup(FOUR, {"target": 100}))
    played = GAME.apply(GAME.apply(played, "round", {"players": [{"score": s} for s in (30, 52, 18, 40)]}), "end", {})
    assert GAME.outcome(played).winners == (1,)
    assert GAME.outcome(entered(result([30, 52, 18, 40], []), target=100)).winners == (1,)
    assert GAME.outcome(entered(result([30, 102, 18, 40], [2]), target=100, wins="low")).winners == (2,)


def test_a_winner_the_scores_contradict_is_refused_naming_whom_they_make_the_winner():
    assert refused(result([30, 52, 18, 40], [0])) == {"winners": (
        "By these scores Ben won. The highest total wins. Check the scores or who won.")}


@pytest.mark.parametrize("data, field", [
    (result([30, "52", 18, 40], [1]), "players.1.score"),
    (result([30, 52, 18], [1]), "players"),
    ({"players": [{"score": s} for s in (30, 52, 18, 40)], "winners": "Ben"}, "winners"),
])
def test_a_result_with_a_bad_value_is_refused_on_its_field(data, field):
    assert field in refused(data)


def test_places_in_a_result_are_counted_as_the_table_counts_them():
    assert sorted(refused(result([1, 3, 3, 4], [0]), scoring="places")) == ["players.1.score", "players.2.score"]


def test_a_result_only_as_the_first_and_only_entry():
    state = GAME.apply(GAME.start(FOUR, {}), "round", {"players": [{"score": 1}] * 4})
    with pytest.raises(RulesError, match="first and only entry"):
        GAME.apply(state, "result", result([30, 52, 18, 40], [1]))
    with pytest.raises(RulesError, match="nothing comes after it"):
        GAME.apply(entered(result([30, 52, 18, 40], [1])), "round", {"players": [{"score": 1}] * 4})
