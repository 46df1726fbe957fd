"""A cooperative game of the table's own (BG Stats' "cooperative"): everyone wins together or
nobody wins, entered as its result."""
from __future__ import annotations

import pytest

from companion.games.base import RulesError
from companion.games.own import GAME

THREE = ["Anna", "Ben", "Cem"]


def entered(scores, winners, **settings):
    state = GAME.start(THREE, {"cooperative": True, **settings})
    return GAME.apply(state, "result", {"players": [{"score": s} for s in scores], "winners": winners})


def test_nobody_won_is_an_outcome_with_no_winner():
    state = entered([1, 1, 1], [], scoring="places")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == () and outcome.decided_by == "nobody"
    assert str(outcome.words) == "A cooperative game: nobody won, the game beat the table."
    assert GAME.expect(state) is None  # over: nothing more to enter
    assert [s.rank for s in GAME.standings(state)] == [1, 1, 1]


def test_everyone_won_together():
    outcome = GAME.outcome(entered([1, 1, 1], [0, 1, 2], scoring="places"))
    assert outcome is not None and outcome.winners == (0, 1, 2) and outcome.decided_by == "together"


def test_scores_are_kept_and_name_no_winner():
    state = entered([18, 25, 9], [], scoring="final")
    assert GAME.outcome(state).winners == ()  # the highest score did not win: the game did
    assert [(s.seat, s.score) for s in GAME.standings(state)] == [(1, 25), (0, 18), (2, 9)]


def test_some_but_not_all_winners_is_refused():
    with pytest.raises(RulesError) as caught:
        entered([1, 1, 1], [0], scoring="places")
    assert str(caught.value.errors["winners"]).startswith("In a cooperative game everyone wins or loses together")


@pytest.mark.parametrize("kind, data", [("places", {"players": [{"place": 1}] * 3}),
                                        ("final", {"players": [{"score": 1}] * 3})])
def test_played_entries_are_refused_with_a_clear_message(kind, data):
    state = GAME.start(THREE, {"cooperative": True, "scoring": kind})
    with pytest.raises(RulesError) as caught:
        GAME.apply(state, kind, data)
    assert "entered as its result" in str(caught.value)


def test_the_setting_is_kept_only_where_set():
    assert "cooperative" not in GAME.setup(THREE, {})
    assert GAME.setup(THREE, {"cooperative": True})["cooperative"] is True
