"""The mend in every game (issue 33, item 4): each kind of correction that breaks a later entry
is mended -- dropped, drawn anew, asked again or set aside to be asked again -- and stored in
one step, never refused without a way on. Through ``records.correct``, as the correction page
calls it; the pages and the phone have their own tests (tests/views/test_mending.py,
tests/browser/test_mending_phone.py)."""
from __future__ import annotations

import json
import uuid

import pytest

from companion.games.base import RulesError
from companion.record.entries import (
    add_entry,
    correct,
    fitting_set_aside,
    new_record,
    put_back_set_aside,
    replay,
    set_aside,
)
from companion.record.mending import ASKED, DROPPED, OVER, SET_ASIDE, NeedsMending
from tests.games.tables import exported_records

EXAMPLES = exported_records()  # each game's, in docs/games/<slug>.md
KEY = b"secret"


def played(slug, players, settings, entries):
    record = new_record(slug, players, settings)
    record["id"] = uuid.uuid4().hex  # replays are kept by id and version
    for kind, data in entries:
        record = add_entry(record, kind, data)
    return record


def shown(record, number, data, answers=()):
    """The mend a correction of entry ``number`` (from 1) would make, as the page shows it."""
    entry_id = record["entries"][number - 1]["id"]
    with pytest.raises(NeedsMending) as needed:
        correct(record, entry_id, data, key=KEY, answers=answers)
    return needed.value.mending


def stored(record, number, data, answers=()):
    return correct(record, record["entries"][number - 1]["id"], data, mend=True, key=KEY, answers=answers)


def kinds(record):
    return [e["kind"] for e in record["entries"]]


# -- Beutelschneider: a tie at the top, gone or new --------------------------------------------

def hand(*golds):
    """Under the deck's 80 gold, the Alchemist turned the rest to lead (the rules refuse less without him)."""
    return ("hand", {"players": [{"gold": g} for g in golds], **({"alchemist": True} if sum(golds) < 80 else {})})


def hand_data(*golds):
    return hand(*golds)[1]


TIED_AT_110 = [hand(40, 40, 0), hand(30, 30, 20), hand(20, 20, 40), hand(20, 20, 40),
               ("tie_choice", {"choice": "another_hand"}), hand(30, 20, 30)]


def test_beutelschneider_a_correction_that_removes_the_tie_past_the_limit_drops_the_choice_and_what_came_after():
    """The dead end of issue 33: Anna and Ben tied on 110 after hand 4, the table played
    another hand; hand 2 corrected, Anna leads alone past 100 after hand 4: the game ended there."""
    record = played("beutelschneider", ["Anna", "Ben", "Cem"], {}, TIED_AT_110)
    mending = shown(record, 2, hand_data(35, 25, 20))
    assert [(m.number, m.how) for m in mending.mends] == [(5, OVER), (6, OVER)]
    after = stored(record, 2, hand_data(35, 25, 20))
    assert kinds(after) == ["hand"] * 4
    assert replay(after).outcome.winners == (0,)
    assert [e["kind"] for e in after["undone"]] == ["tie_choice", "hand"]
    assert all(e["dropped"] == record["entries"][1]["id"] for e in after["undone"])


def test_beutelschneider_a_tie_below_the_limit_now_drops_the_choice_and_keeps_the_hand_after_it():
    record = played("beutelschneider", ["Anna", "Ben", "Cem"], {}, TIED_AT_110)
    mending = shown(record, 4, hand_data(5, 5, 20))  # 95, 95, 80: nobody at 100
    assert [(m.number, m.how) for m in mending.mends] == [(5, DROPPED)]
    assert str(mending.mends[0].expected) == "Hand 5"
    after = stored(record, 4, hand_data(5, 5, 20))
    assert kinds(after) == ["hand"] * 5
    assert replay(after).outcome.winners == (0,)


NO_TIE = [hand(40, 40, 0), hand(30, 30, 20), hand(20, 20, 40), hand(5, 5, 10), hand(30, 10, 40)]


def test_beutelschneider_a_new_tie_at_the_top_is_asked_and_each_answer_says_what_it_does():
    record = played("beutelschneider", ["Anna", "Ben", "Cem"], {}, NO_TIE)
    mending = shown(record, 4, hand_data(10, 10, 10))  # 100, 100, 70 after hand 4
    question = mending.question
    assert question is not None and question.number == 5 and question.kind == "tie_choice"
    assert [a["choice"] for a in question.answers] == ["another_hand", "share"]
    on, share = question.outcomes
    assert [(m.number, m.how) for m in on.mends] == [(5, ASKED)] and on.question is None
    assert [(m.number, m.how) for m in share.mends] == [(5, ASKED), (5, OVER)]
    with pytest.raises(NeedsMending):  # "mend" without an answer stores nothing
        stored(record, 4, hand_data(10, 10, 10))
    played_on = stored(record, 4, hand_data(10, 10, 10), answers=[0])
    assert kinds(played_on) == ["hand"] * 4 + ["tie_choice", "hand"]
    assert replay(played_on).outcome.decided_by == "played-on"
    shared = stored(record, 4, hand_data(10, 10, 10), answers=[1])
    assert kinds(shared) == ["hand"] * 4 + ["tie_choice"]
    assert replay(shared).outcome.winners == (0, 1)
    assert [e["kind"] for e in shared["undone"]] == ["hand"]


def test_beutelschneider_a_hand_that_ends_the_game_sooner_drops_the_hands_after_it():
    record = played("beutelschneider", ["Anna", "Ben", "Cem", "Dora"], {},
                    [hand(30, 20, 20, 10), hand(10, 40, 10, 20), hand(20, 20, 20, 20)])
    after = stored(record, 1, hand_data(10, 60, 5, 5))
    assert kinds(after) == ["hand", "hand"] and replay(after).outcome.winners == (1,)


# -- Beutezug: draws (tests/views/test_mending.py: the tie gone, the tie moved) ----------------

def test_a_correction_that_changes_nothing_says_the_way_on():
    example = EXAMPLES["beutezug"]
    record = played("beutezug", example["players"], example["settings"],
                    [(e["kind"], e["data"]) for e in example["entries"]])
    with pytest.raises(RulesError, match=r"Nothing was changed\. Change a value, or go back to the game\."):
        correct(record, record["entries"][1]["id"], record["entries"][1]["data"], key=KEY)


# -- the table's own game: the target reached sooner -------------------------------------------

def test_own_game_a_round_that_reaches_the_target_sooner_drops_the_rounds_and_the_end_after_it():
    rounds = [("round", {"players": [{"score": a}, {"score": b}]}) for a, b in ((10, 20), (20, 10), (5, 5))]
    record = played("own-game", ["Anna", "Ben"], {"name": "Skat", "target": 50}, [*rounds, ("end", {})])
    mending = shown(record, 1, {"players": [{"score": 60}, {"score": 20}]})
    assert [(m.number, m.how) for m in mending.mends] == [(2, OVER), (3, OVER), (4, OVER)]
    after = stored(record, 1, {"players": [{"score": 60}, {"score": 20}]})
    assert kinds(after) == ["round"] and replay(after).outcome.winners == (0,)


# -- Give Me The Treasure: Reinforcements kept, and the end sooner -----------------------------

TREASURE_SETUP = [("deal", {"bandits": ["chipo", "joe"], "first_divider": 0}),
                  ("keep", {"reinforcements": [["super_rou_rou", "viper"], ["ninja_leo", "croc_brothers"]]})]
RUN = ["red3", "red4", "red5"]  # a same-colour run: Super Rou-Rou's condition, 6 coins


def turn(ann=(), bob=(), ann_calls=()):
    return ("turn", {"sides": [{"combinations": [list(c) for c in ann], "reinforcements": list(ann_calls)},
                               {"combinations": [list(c) for c in bob]}]})


def test_treasure_a_turn_that_calls_a_card_no_longer_kept_is_set_aside_asked_again_and_the_rest_put_back():
    entries = [*TREASURE_SETUP, turn([RUN], ann_calls=["super_rou_rou"]), turn(bob=[["blue1", "green1"]]),
               turn([["yellow2", "red2"]])]
    record = played("give-me-the-treasure", ["Ann", "Bob"], {}, entries)
    kept = {"reinforcements": [["pat", "viper"], ["ninja_leo", "croc_brothers"]]}
    mending = shown(record, 2, kept)
    (only,) = mending.mends
    assert (only.number, only.how, only.after) == (3, SET_ASIDE, 2)
    assert str(only.why) == "Ann does not hold Super Rou-Rou."
    assert str(only.expected) == "Turn 1"
    after = stored(record, 2, kept)
    assert kinds(after) == ["deal", "keep"]
    assert [e["kind"] for e in set_aside(after)] == ["turn"] * 3
    assert fitting_set_aside(after, replay(after).state) == []  # turn 1 first, entered anew
    again = add_entry(after, "turn", turn([RUN])[1])  # turn 1 again, without the card
    assert [e["data"] for e in fitting_set_aside(again, replay(again).state)] == [entries[3][1], entries[4][1]]
    back = put_back_set_aside(again)
    assert kinds(back) == ["deal", "keep", "turn", "turn", "turn"]
    assert set_aside(back) == [] and replay(back).state.coins == (2 + 6 + 2, 2 + 2)
    assert len({e["id"] for e in back["entries"]}) == 5


def test_treasure_a_turn_that_reaches_the_target_sooner_drops_the_turns_after_it():
    entries = [*TREASURE_SETUP, turn([RUN]), turn(bob=[["blue1", "green1"]]), turn([["yellow2", "red2"]])]
    record = played("give-me-the-treasure", ["Ann", "Bob"], {"target": 10}, entries)
    bigger = turn([["red1", "red2", "red3", "red4", "red5"]])[1]  # 15 coins: 17 at the Inspection
    mending = shown(record, 3, bigger)
    assert [(m.number, m.how) for m in mending.mends] == [(4, OVER), (5, OVER)]
    assert kinds(stored(record, 3, bigger)) == ["deal", "keep", "turn"]


# -- Loot and Scoot: an action changed, the end, the dwarf -------------------------------------

def scoot():
    example = EXAMPLES["loot-and-scoot"]
    return played("loot-and-scoot", example["players"], example["settings"],
                  [(e["kind"], e["data"]) for e in example["entries"]])


def test_scoot_an_action_changed_into_begging_sets_aside_the_turn_that_no_longer_follows():
    """Beth's build (entry 11) becomes begging, which takes both actions: her training
    (entry 12) can no longer follow, and the game asks for Adam's turn."""
    record = scoot()
    mending = shown(record, 11, {"seat": 1, "action": "beg"})
    (only,) = mending.mends
    assert (only.number, only.how, only.after) == (12, SET_ASIDE, 4)
    assert str(only.why) == "It is Adam's turn."
    after = stored(record, 11, {"seat": 1, "action": "beg"})
    assert len(after["entries"]) == 11 and len(set_aside(after)) == 5
    assert replay(after).expect.kind == "action"


def test_scoot_a_final_scoring_without_the_treasure_drops_its_roll():
    record = scoot()
    final = record["entries"][-2]
    data = json.loads(json.dumps(final["data"]))
    data["players"][1]["treasure"] = 0
    mending = shown(record, len(record["entries"]) - 1, data)
    assert [m.how for m in mending.mends] == [OVER]


def test_own_game_a_tie_break_the_table_named_is_asked_again_when_others_are_tied():
    """Ben named the winner of Anna and Ben's tie; corrected, Anna ties Cem: the table names
    again, among those two (an app's draw would be drawn anew, tests/games/own/test_pages.py)."""
    def scored(*points):
        return {"players": [{"score": p} for p in points]}

    record = played("own-game", ["Anna", "Ben", "Cem"], {"name": "Skat", "target": 10, "ties": "break"},
                    [("round", scored(10, 10, 1)), ("tie_break", {"winner": 1})])
    mending = shown(record, 1, scored(10, 5, 10))
    question = mending.question
    assert question.number == 2 and [a["winner"] for a in question.answers] == [0, 2]
    after = stored(record, 1, scored(10, 5, 10), answers=[1])
    assert kinds(after) == ["round", "tie_break"] and after["entries"][1]["data"] == {"winner": 2}
    assert after["entries"][1]["edits"][-1]["data"] == {"winner": 1}
    assert replay(after).outcome.winners == (2,)


def test_an_answer_that_is_none_of_the_offered_asks_again_and_stores_nothing():
    record = played("beutelschneider", ["Anna", "Ben", "Cem"], {}, NO_TIE)
    for answer in (2, 99):
        mending = shown(record, 4, hand_data(10, 10, 10), answers=[answer])
        assert mending.question is not None and mending.answers == ()
