"""Beutelschneider rules, checked against the rule text (beutelschneider.en.txt)."""
from __future__ import annotations

import pytest

from companion.games import get_game
from companion.games.base import ReplayError, RulesError
from companion.games.beutelschneider.rules import CARDS_DEALT, TRUMPS_LEFT_OUT, hand_score
from companion.record.entries import add_entry, correct, new_record, replay

GAME = get_game("beutelschneider")
THREE = ["Anna", "Ben", "Cem"]


def row(gold, cutpurses=0, other=0, **events):
    return {"gold": gold, "cutpurses": cutpurses, "other": other, "events": events}


def hand(*rows, **extra):
    return ("hand", {"players": list(rows), **extra})


def play(entries, players=THREE, **settings):
    return GAME.replay(players, settings, entries)


@pytest.mark.parametrize("gold, cutpurses, special, score", [
    (30, 0, 0, 30),
    (30, 1, 0, 10),
    (10, 2, 0, -30),     # "Negative points can therefore also be scored."
    (0, 0, 20, 20),
    (80, 4, 10, 10),
])
def test_a_hand_scores_gold_minus_twenty_per_cutpurse_plus_special_points(gold, cutpurses, special, score):
    assert hand_score(gold, cutpurses, special) == score


@pytest.mark.parametrize("n, cards, left_out", [
    (3, 14, ("Court Physician", "Chancellor", "Bishop")),
    (4, 11, ("Court Physician",)),
    (5, 9, ()),
])
def test_setup_deals_and_leaves_out_trumps_by_player_count(n, cards, left_out):
    assert CARDS_DEALT[n] == cards
    assert TRUMPS_LEFT_OUT[n] == left_out


@pytest.mark.parametrize("events, special", [
    ({"night_watchman": 1}, 10),
    ({"guard": 2}, 20),
    ({"assassin": 1}, 10),
    ({"seduction": 1}, 10),
    ({"bard": 1}, 10),
    ({"muscleman": 3}, 30),
    ({"guard": 1, "night_watchman": 1}, 20),
])
def test_special_point_events_count_ten_each(events, special):
    state = play([hand(row(40, **events), row(30), row(10))])
    assert state.hands[0].special[0] == special
    assert state.hands[0].scores[0] == 40 + special


def test_the_rulebooks_trump_combination_cancels_the_cutpurse_and_scores_nobody_special_points():
    # P1 leads a Beutelschneider, P2 plays the Guard (the -20 is cancelled: the cutpurse is
    # set aside), P3 the Chancellor, P4 the Assassin murders him, P5's Countess takes the
    # trick. The Guard's and the Assassin's players did not win the trick: no special points.
    # Over the hand P5 took 30 gold and that trick; had the cutpurse counted it would be 10.
    players = ["P1", "P2", "P3", "P4", "P5"]
    state = play([hand(row(10), row(20), row(10), row(10), row(30), set_aside=1)], players)
    assert state.hands[0].scores == (10, 20, 10, 10, 30)
    assert state.hands[0].special == (0, 0, 0, 0, 0)
    # The cutpurse in P5's trick, entered as kept instead of set aside, costs P5 20 points:
    kept = play([hand(row(10), row(20), row(10), row(10), row(30, 1))], players)
    assert kept.hands[0].scores[4] == 10
    # The set-aside cutpurse still counts against the four in the deck:
    with pytest.raises(ReplayError) as error:
        play([hand(row(0, 2), row(0, 2), row(0), row(0), row(0), set_aside=1)], players)
    assert "cutpurses" in error.value.error.errors


def test_the_dealer_rotates_and_the_player_left_of_the_dealer_leads():
    state = play([], first_dealer=2)
    assert (state.dealer, state.leader) == (2, 0)
    state = GAME.apply(state, *hand(row(30), row(30), row(20)))
    assert (state.dealer, state.leader) == (0, 1)
    lines = [str(line) for line in GAME.expect(state).lines]
    assert lines == ["Anna deals.", "Ben leads the first trick."]


def test_running_totals_by_hand():
    state = play([hand(row(30), row(30, 1), row(20)), hand(row(50), row(10), row(20, 1))])
    assert GAME.totals_by_round(state) == [[30, 10, 20], [80, 20, 20]]


def test_the_first_to_reach_the_limit_wins():
    state = play([hand(row(60), row(10), row(10)), hand(row(50), row(20), row(10))])
    outcome = GAME.outcome(state)
    assert outcome.winners == (0,)
    assert "First to reach 100" in str(outcome.words)
    assert GAME.expect(state) is None


def test_two_players_past_the_limit_in_the_same_hand_the_higher_total_wins():
    entries = [hand(row(50), row(30), row(0)), hand(row(30), row(50), row(0)),
               hand(row(30), row(40), row(10))]
    state = play(entries)
    assert state.totals == (110, 120, 10)
    outcome = GAME.outcome(state)
    assert outcome.winners == (1,)
    assert "same hand" in str(outcome.words)


def test_a_lower_limit_ends_the_game_sooner():
    state = play([hand(row(40), row(30), row(10))], limit=40)
    assert GAME.outcome(state).winners == (0,)


class TestTieAtTheTop:
    ENTRIES = (hand(row(50), row(30), row(0)), hand(row(50), row(30, other=40), row(0)))

    def test_the_table_is_asked_to_choose(self):
        state = play(list(self.ENTRIES))
        assert state.totals == (100, 100, 0)
        assert GAME.outcome(state) is None
        assert GAME.expect(state).kind == "tie_choice"
        with pytest.raises(RulesError):
            GAME.apply(state, *hand(row(10), row(10), row(10)))

    def test_sharing_the_win_ends_the_game_with_both_winners(self):
        state = play([*self.ENTRIES, ("tie_choice", {"choice": "share"})])
        assert GAME.outcome(state).winners == (0, 1)

    def test_another_hand_is_played_and_then_the_highest_total_wins(self):
        state = play([*self.ENTRIES, ("tie_choice", {"choice": "another_hand"})])
        assert GAME.expect(state).kind == "hand"
        state = GAME.apply(state, *hand(row(20), row(30), row(30)))
        assert GAME.outcome(state).winners == (1,)
        # Both had reached 100 a hand earlier: this hand did not bring two players over it.
        assert str(GAME.outcome(state).words) == "Highest total after playing on from a tie."

    def test_a_choice_that_is_neither_is_refused_by_its_shape_and_changes_nothing(self):
        record = new_record("beutelschneider", THREE, {})
        for kind, data in self.ENTRIES:
            record = add_entry(record, kind, data)
        with pytest.raises(RulesError) as error:
            add_entry(record, "tie_choice", {"choice": "dice"})
        assert list(error.value.errors) == ["choice"]
        assert len(record["entries"]) == 2 and GAME.expect(replay(record).state).kind == "tie_choice"


class TestRefusals:
    def refused(self, entry, players=THREE, **settings):
        state = play([], players, **settings)
        with pytest.raises(RulesError) as error:
            GAME.apply(state, *entry)
        assert state.hands == ()  # nothing changed
        return error.value.errors

    def test_gold_over_eighty_in_one_hand(self):
        assert "gold" in self.refused(hand(row(40), row(30), row(20)))

    def test_negative_gold(self):
        assert "players.0.gold" in self.refused(hand(row(-5), row(30), row(20)))

    def test_negative_cutpurses(self):
        assert "players.1.cutpurses" in self.refused(hand(row(40), row(30, -1), row(10)))

    def test_special_points_not_in_tens(self):
        assert "players.2.other" in self.refused(hand(row(40), row(30), row(10, other=15)))

    def test_more_cutpurses_than_the_deck_holds(self):
        assert "cutpurses" in self.refused(hand(row(40, 2), row(30, 2), row(10, guard=1)))

    def test_more_cutpurses_than_a_larger_deck_setting_allows_only_above_it(self):
        state = play([hand(row(40, 3), row(30, 2), row(10))], cutpurses_in_deck=5)
        assert state.hands[0].cutpurses == (3, 2, 0)

    def test_a_hand_missing_a_player(self):
        assert "players" in self.refused(hand(row(40), row(40)))

    def test_negative_special_points(self):
        assert "players.0.other" in self.refused(hand(row(40, other=-30), row(30), row(10)))

    @pytest.mark.parametrize("event", ["guard", "assassin", "muscleman"])
    def test_a_one_of_a_kind_card_scored_by_two_players(self, event):
        players = ["A", "B", "C", "D", "E"]
        errors = self.refused(hand(row(20, **{event: 1}), row(20, **{event: 1}), row(20), row(20), row(0)),
                              players)
        # Next to both players' fields: either of them may have typed it wrongly.
        assert {f"players.0.{event}", f"players.1.{event}"} <= set(errors)

    def test_two_night_watchmen_in_one_hand(self):
        errors = self.refused(hand(row(40, night_watchman=1), row(30, night_watchman=1), row(10)))
        assert {"players.0.night_watchman", "players.1.night_watchman"} <= set(errors)

    def test_more_murdered_authorities_than_are_in_a_three_player_deck(self):
        assert set(self.refused(hand(row(40, assassin=2), row(30), row(10)))) == {"players.0.assassin"}

    def test_an_unknown_entry_kind(self):
        assert "" in self.refused(("round", {}))


class TestShape:
    """What the shape refuses before the rules read a hand (docs/games/beutelschneider.md):
    stored, imported or sent by hand, a hand has it or changes nothing. The phone's form asks
    for a blank gold itself (web/test_pages.py, tests/views/test_crafted.py)."""

    @pytest.mark.parametrize("rows, path", [
        ([row(40), {"cutpurses": 0}, row(10)], "players.1.gold"),   # a player without gold
        ([row(70), row(20), {"gold": None}], "players.2.gold"),     # left blank
        ([row("lots"), row(30), row(10)], "players.0.gold"),
        ([row(40), row(30, "1"), row(10)], "players.1.cutpurses"),
        ([row(40), row(30), row(10, guard=True)], "players.2.events.guard"),
        ([row(40), row(30), row(10, juggler=1)], "players.2.events.juggler"),
    ])
    def test_an_ill_typed_hand_is_refused_where_it_is_wrong_and_changes_nothing(self, rows, path):
        record = new_record("beutelschneider", THREE, {})
        with pytest.raises(RulesError) as error:
            add_entry(record, *hand(*rows))
        assert list(error.value.errors) == [path]
        assert str(error.value.errors[path]).startswith(path)
        assert record["entries"] == []

    def test_a_correction_to_an_ill_typed_hand_is_refused_and_keeps_the_hand(self):
        record = add_entry(new_record("beutelschneider", THREE, {}), *hand(row(40), row(30), row(10)))
        entry = record["entries"][0]
        with pytest.raises(RulesError) as error:
            correct(record, entry["id"], hand(row(40), row(None), row(10))[1])
        assert list(error.value.errors) == ["players.1.gold"]
        assert record["entries"][0]["data"]["players"][1]["gold"] == 30


@pytest.mark.parametrize("players, settings, field", [
    (["A", "B"], {}, "players"),
    (["A", "B", "C", "D", "E", "F"], {}, "players"),
    (THREE, {"limit": 5}, "limit"),
    (THREE, {"limit": "abc"}, "limit"),
    (THREE, {"first_dealer": 3}, "first_dealer"),
])
def test_setup_refuses(players, settings, field):
    with pytest.raises(RulesError) as error:
        GAME.setup(players, settings)
    assert field in error.value.errors


def test_a_replay_names_the_entry_the_rules_refuse():
    with pytest.raises(ReplayError) as error:
        play([hand(row(40), row(30), row(10)), hand(row(90), row(0), row(0))])
    assert error.value.index == 1


def test_apply_does_not_change_the_state_it_was_given():
    state = play([hand(row(40), row(30), row(10))])
    GAME.apply(state, *hand(row(40), row(30), row(10)))
    assert len(state.hands) == 1
