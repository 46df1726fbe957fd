"""A game of the table's own: each scoring mode, the target's end, ties, corrections, refusals."""
from __future__ import annotations

import random

import pytest

from companion.games.base import ReplayError, RulesError
from companion.games.own import GAME
from companion.record.entries import add_entry, correct, new_record

FOUR = ["Anna", "Ben", "Cem", "Dora"]


def scores(*points):
    return {"players": [{"score": p} for p in points]}


def rnd(*points):
    return ("round", scores(*points))


def play(entries, players=FOUR, **settings):
    return GAME.replay(players, settings, entries)


def refusal(state, kind, data):
    with pytest.raises(RulesError) as caught:
        GAME.apply(state, kind, data)
    return {k: str(v) for k, v in caught.value.errors.items()}


# -- settings ------------------------------------------------------------------------------

def test_setup_fills_in_rounds_highest_wins_no_target_shared_ties():
    assert GAME.setup(FOUR, {"name": "Skat"}) == {
        "name": "Skat", "scoring": "rounds", "wins": "high", "target": None, "ties": "share"}


def test_the_game_is_called_by_the_name_its_host_gives_it():
    assert GAME.name({"name": "Doppelkopf"}) == "Doppelkopf"
    assert GAME.name({}) == "Any other game"


@pytest.mark.parametrize("count, ok", [(0, False), (1, True), (12, True), (13, False)])
def test_one_to_twelve_players_or_teams(count, ok):
    players = [f"P{i}" for i in range(count)]
    if ok:
        GAME.setup(players, {})
    else:
        with pytest.raises(RulesError) as caught:
            GAME.setup(players, {})
        assert "players" in caught.value.errors


@pytest.mark.parametrize("settings, field", [
    ({"scoring": "dice"}, "scoring"),
    ({"wins": "most"}, "wins"),
    ({"ties": "coin"}, "ties"),
    ({"target": 0}, "target"),
    ({"target": "100"}, "target"),
    ({"scoring": "final", "target": 100}, "target"),    # a target ends a game of rounds only
    ({"scoring": "places", "target": 100}, "target"),
    ({"name": "x" * 41}, "name"),
    ({"name": 7}, "name"),
])
def test_a_setting_no_form_offers_is_refused_on_its_field(settings, field):
    # Through the record, as every new game is made: the settings' shape first, then the rules.
    with pytest.raises(RulesError) as caught:
        new_record("own-game", FOUR, settings)
    assert set(caught.value.errors) == {field}


# -- scored by rounds ----------------------------------------------------------------------

def test_rounds_run_on_as_totals_until_the_table_ends_the_game():
    state = play([rnd(10, 5, 0, -5), rnd(3, 20, 1, 0)])
    assert GAME.totals_by_round(state) == [[10, 5, 0, -5], [13, 25, 1, -5]]
    assert GAME.outcome(state) is None
    assert GAME.expect(state).kind == "round"
    assert str(GAME.expect(state).title) == "Round 3"
    state = GAME.apply(state, "end", {})
    assert GAME.expect(state) is None
    assert GAME.outcome(state).winners == (1,)
    assert str(GAME.outcome(state).words) == "The highest total wins."
    assert [(s.seat, s.rank, s.score) for s in GAME.standings(state)] == [
        (1, 1, 25), (0, 2, 13), (2, 3, 1), (3, 4, -5)]


def test_lowest_total_wins_when_the_host_says_so():
    state = play([rnd(10, 5, 0, 7), ("end", {})], wins="low")
    assert GAME.outcome(state).winners == (2,)
    assert [s.seat for s in GAME.standings(state)] == [2, 1, 3, 0]
    assert str(GAME.outcome(state).words) == "The lowest total wins."


def test_first_to_the_target_ends_the_game_after_that_round_highest_wins():
    state = play([rnd(60, 40, 0, 0)], target=100)
    assert GAME.outcome(state) is None
    assert [s.to_go for s in GAME.standings(state)] == [40, 60, 100, 100]
    state = GAME.apply(state, "round", scores(30, 70, 0, 0))   # both past 100 in one round
    assert GAME.expect(state) is None
    assert GAME.outcome(state).winners == (1,)
    assert str(GAME.outcome(state).words) == "A total reached 100; the highest total wins."
    assert all(s.to_go is None for s in GAME.standings(state))


def test_with_lowest_winning_the_target_ends_the_game_and_the_lowest_total_wins_as_in_hearts():
    state = play([rnd(13, 4, 4, 5), rnd(90, 4, 2, 20)], wins="low", target=100)
    assert GAME.outcome(state).winners == (2,)
    assert str(GAME.outcome(state).words) == "A total reached 100; the lowest total wins."


def test_a_target_game_can_still_be_ended_by_the_table_before_it():
    state = play([rnd(60, 40, 0, 0), ("end", {})], target=100)
    assert GAME.outcome(state).winners == (0,)


def test_one_player_alone_keeps_score_and_wins():
    state = play([rnd(12), rnd(30), ("end", {})], players=["Solo"])
    assert GAME.outcome(state).winners == (0,)
    assert GAME.totals_by_round(state) == [[12], [42]]


# -- final scores only and places ----------------------------------------------------------

def test_final_scores_only_are_entered_once_and_end_the_game():
    state = play([], scoring="final", wins="low")
    assert GAME.expect(state).kind == "final"
    state = GAME.apply(state, "final", scores(88, 71, 95, 102))
    assert GAME.expect(state) is None
    assert GAME.outcome(state).winners == (1,)
    assert GAME.totals_by_round(state) == []
    assert GAME.score_label(state) == "Points"


def test_places_with_no_points_share_equal_places_and_skip_the_next():
    state = play([], scoring="places")
    assert GAME.expect(state).kind == "places"
    state = GAME.apply(state, "places", {"players": [{"place": 3}, {"place": 1}, {"place": 2}, {"place": 3}]})
    assert GAME.outcome(state).winners == (1,)
    assert str(GAME.outcome(state).words) == "First place."
    assert [(s.seat, s.rank) for s in GAME.standings(state)] == [(1, 1), (2, 2), (0, 3), (3, 3)]
    assert GAME.score_label(state) == "Finishing place"


def test_win_or_loss_is_places_one_and_two():
    state = play([("places", {"players": [{"place": 2}, {"place": 1}, {"place": 2}, {"place": 2}]})],
                 scoring="places")
    assert GAME.outcome(state).winners == (1,)
    assert [s.rank for s in GAME.standings(state)] == [1, 2, 2, 2]


@pytest.mark.parametrize("places, fields, says", [
    ([1, 3, 3, 4], ["players.1.place", "players.2.place"], "1 player is ahead of Ben, so Ben is place 2"),
    ([2, 2, 3, 4], ["players.0.place", "players.1.place"], "0 players are ahead of Anna, so Anna is place 1"),
    ([1, 1, 2, 4], ["players.2.place"], "2 players are ahead of Cem, so Cem is place 3"),
    ([1, 2, 3, 5], ["players.3.place"], "Must be at most 4."),
    ([0, 1, 2, 3], ["players.0.place"], "Must be at least 1."),
])
def test_places_a_table_cannot_come_to_are_refused_on_every_one_that_does_not_fit(places, fields, says):
    state = play([], scoring="places")
    errors = refusal(state, "places", {"players": [{"place": p} for p in places]})
    assert sorted(errors) == fields
    assert errors[fields[0]].startswith(says)


# -- ties ----------------------------------------------------------------------------------

def test_equal_at_the_top_share_the_win_by_default():
    state = play([rnd(10, 10, 3, 0), ("end", {})])
    assert GAME.outcome(state).winners == (0, 1)
    assert str(GAME.outcome(state).words) == "Equal at the top: the win is shared."
    assert [s.rank for s in GAME.standings(state)] == [1, 1, 3, 4]


def test_a_tie_broken_by_the_table_names_the_winner_among_the_tied():
    state = play([rnd(10, 10, 3, 0), ("end", {})], ties="break")
    assert GAME.outcome(state) is None
    expect = GAME.expect(state)
    assert expect.kind == "tie_break" and expect.draw
    assert "Anna and Ben" in str(expect.lines[0])
    state = GAME.apply(state, "tie_break", {"winner": 1})
    assert GAME.outcome(state).winners == (1,)
    assert str(GAME.outcome(state).words) == "Equal at the top: the table named Ben the winner."
    assert [(s.seat, s.rank) for s in GAME.standings(state)] == [(1, 1), (0, 2), (2, 3), (3, 4)]
    assert str(GAME.standings(state)[0].note) == "Won the tie-break."


def test_the_apps_draw_is_an_entry_and_a_replay_reads_the_same_winner():
    entries = [rnd(5, 9, 9, 9), ("end", {})]
    state = play(entries, ties="break")
    drawn = GAME.draw(state, random.Random(7))
    assert drawn["winner"] in (1, 2, 3) and drawn["drawn"] is True
    assert GAME.outcome(GAME.apply(state, "tie_break", drawn)).winners == (drawn["winner"],)
    # The stored entry is what a replay reads, not a second draw.
    again = play(entries + [("tie_break", drawn)], ties="break")
    assert GAME.outcome(again).winners == (drawn["winner"],)
    assert str(GAME.outcome(again).words) == f"Equal at the top: the app drew {FOUR[drawn['winner']]}."
    assert str(GAME.explanations(again)["tie"].step).endswith(f"the app drew {FOUR[drawn['winner']]}.")
    assert GAME.explanations(again)["tie"].draw == 2


def test_the_draw_picks_among_the_tied_only():
    state = play([rnd(5, 9, 9, 1), ("end", {})], ties="break")
    assert {GAME.draw(state, random.Random(seed))["winner"] for seed in range(40)} == {1, 2}


def test_a_tie_in_places_is_broken_too():
    state = play([("places", {"players": [{"place": 1}, {"place": 1}, {"place": 3}, {"place": 4}]})],
                 scoring="places", ties="break")
    assert GAME.expect(state).kind == "tie_break"
    state = GAME.apply(state, "tie_break", {"winner": 0})
    assert GAME.outcome(state).winners == (0,)


def test_a_tie_at_the_target_is_broken_after_the_round_that_reached_it():
    state = play([rnd(100, 100, 3, 0)], target=100, ties="break")
    assert GAME.expect(state).kind == "tie_break"


# -- corrections ---------------------------------------------------------------------------

def test_a_corrected_round_replays_to_new_totals_and_can_reopen_a_finished_game():
    entries = [rnd(60, 40, 0, 0), rnd(50, 10, 0, 0)]
    assert GAME.outcome(play(entries, target=100)).winners == (0,)
    entries[1] = rnd(20, 10, 0, 0)   # the table typed 50 for 20
    state = play(entries, target=100)
    assert GAME.outcome(state) is None
    assert GAME.totals_by_round(state)[-1] == [80, 50, 0, 0]
    assert GAME.expect(state).kind == "round"


def test_a_correction_that_unties_the_top_leaves_the_tie_break_refused_on_replay():
    entries = [rnd(10, 10, 3, 0), ("end", {}), ("tie_break", {"winner": 1, "drawn": True})]
    assert GAME.outcome(play(entries, ties="break")).winners == (1,)
    entries[0] = rnd(11, 10, 3, 0)
    with pytest.raises(ReplayError) as caught:
        play(entries, ties="break")
    assert caught.value.index == 2
    assert str(caught.value.error.errors[""]) == "Nothing is tied at the top to break."


# -- refusals ------------------------------------------------------------------------------

@pytest.mark.parametrize("kind, data, path, settings", [
    ("round", {"players": [{"score": 3}, {}, {"score": 1}, {"score": 0}]}, "players.1.score", {}),  # left out
    ("round", {"players": [{"score": 3}, {"score": None}, {"score": 1}, {"score": 0}]}, "players.1.score", {}),
    ("round", {"players": [{"score": 3}, {"score": ""}, {"score": 1}, {"score": 0}]}, "players.1.score", {}),
    *[("round", {"players": [{"score": 3}, {"score": value}, {"score": 1}, {"score": 0}]}, "players.1.score", {})
      for value in ("10", 2.5, True, [1], {"n": 1})],
    ("round", {}, "players", {}),
    ("round", {"players": "1,2,3,4"}, "players", {}),
    ("final", {"players": [{"score": 3}, {"score": 1}, {"score": 1}, {"points": 0}]}, "players.3.points",
     {"scoring": "final"}),
    ("places", {"players": [{"place": 1}, {"place": "2"}, {"place": 3}, {"place": 4}]}, "players.1.place",
     {"scoring": "places"}),
    ("places", {"players": [{"place": 1}, {"place": 2}, {"place": None}, {"place": 4}]}, "players.2.place",
     {"scoring": "places"}),
])
def test_an_entry_that_is_not_of_its_shape_is_refused_before_the_rules_and_changes_nothing(kind, data, path,
                                                                                           settings):
    """The phone's forms ask for a blank score or place themselves (web: test_pages.py)."""
    record = new_record("own-game", FOUR, {"name": "Skat", **settings})
    with pytest.raises(RulesError) as caught:
        add_entry(record, kind, data)
    assert list(caught.value.errors) == [path] and str(caught.value.errors[path]).startswith(path)
    assert record["entries"] == []


@pytest.mark.parametrize("data, path", [
    ({"winner": "0"}, "winner"),
    ({}, "winner"),
    ({"winner": 0, "drawn": "yes"}, "drawn"),
])
def test_a_tie_break_that_is_not_of_its_shape_is_refused_and_changes_nothing(data, path):
    record = new_record("own-game", FOUR, {"name": "Skat", "ties": "break"})
    for kind, entry in [rnd(10, 10, 3, 0), ("end", {})]:
        record = add_entry(record, kind, entry)
    with pytest.raises(RulesError) as caught:
        add_entry(record, "tie_break", data)
    assert list(caught.value.errors) == [path]
    assert [e["kind"] for e in record["entries"]] == ["round", "end"]


def test_a_correction_that_is_not_of_its_shape_is_refused_and_keeps_the_round():
    record = add_entry(new_record("own-game", FOUR, {"name": "Skat"}), *rnd(1, 2, 3, 4))
    with pytest.raises(RulesError) as caught:
        correct(record, record["entries"][0]["id"], {"players": [{"score": 1}, {"score": "2"}, {"score": 3},
                                                                 {"score": 4}]})
    assert list(caught.value.errors) == ["players.1.score"]
    assert record["entries"][0]["data"] == scores(1, 2, 3, 4)


def test_a_round_for_a_player_not_seated_is_refused():
    errors = refusal(play([]), "round", scores(1, 2, 3, 4, 5))
    assert errors == {"players.4": "Only 4 players are seated: this row is for no one at the table."}


def test_a_round_without_a_row_for_every_seat_is_refused():
    assert refusal(play([]), "round", scores(1, 2, 3)) == {"players": "Enter a score for each of the 4 players."}


@pytest.mark.parametrize("settings, entries, kind, data", [
    ({"target": 100}, [rnd(100, 0, 0, 0)], "round", scores(1, 2, 3, 4)),
    ({}, [rnd(1, 2, 3, 4), ("end", {})], "round", scores(1, 2, 3, 4)),
    ({}, [rnd(1, 2, 3, 4), ("end", {})], "end", {}),
    ({"scoring": "final"}, [("final", scores(1, 2, 3, 4))], "final", scores(1, 2, 3, 4)),
    ({"scoring": "places"}, [("places", {"players": [{"place": n} for n in (1, 2, 3, 4)]})], "places",
     {"players": [{"place": n} for n in (1, 2, 3, 4)]}),
])
def test_an_entry_after_the_end_is_refused(settings, entries, kind, data):
    assert refusal(play(entries, **settings), kind, data) == {"": "The game is over: nothing more is scored."}


def test_ending_before_any_round_is_refused():
    assert refusal(play([]), "end", {}) == {"": "Score a round before ending the game."}


@pytest.mark.parametrize("scoring, kind, says", [
    ("rounds", "final", "This game is scored round by round."),
    ("final", "round", "This game is scored by final scores only."),
    ("places", "round", "This game is scored by places, with no points."),
])
def test_an_entry_of_another_scoring_mode_is_refused(scoring, kind, says):
    assert refusal(play([], scoring=scoring), kind, scores(1, 2, 3, 4)) == {"": says}


@pytest.mark.parametrize("settings, entries", [
    ({"ties": "break"}, [rnd(10, 9, 3, 0), ("end", {})]),      # nothing tied at the top
    ({"ties": "break"}, [rnd(10, 10, 3, 0)]),                  # tied, but the game goes on
    ({}, [rnd(10, 10, 3, 0), ("end", {})]),                    # tied, and ties are shared
])
def test_a_tie_break_when_nothing_is_tied_to_break_is_refused(settings, entries):
    assert refusal(play(entries, **settings), "tie_break", {"winner": 0}) == {
        "": "Nothing is tied at the top to break."}
    with pytest.raises(RulesError):
        GAME.draw(play(entries, **settings), random.Random(1))


@pytest.mark.parametrize("data, says", [
    ({"winner": 2}, "Only Anna and Ben are tied at the top."),
    ({"winner": 9}, "Must be at most 3."),
])
def test_a_tie_break_for_someone_not_tied_is_refused(data, says):
    state = play([rnd(10, 10, 3, 0), ("end", {})], ties="break")
    assert refusal(state, "tie_break", data) == {"winner": says}


def test_an_unknown_entry_kind_is_refused():
    assert refusal(play([]), "hand", {}) == {"": "Unknown entry kind hand."}
