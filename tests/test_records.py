"""A record's life: abandoned and resumed, seats reordered before the first entry, a game
entered afterwards, play time without pauses, and what the index keeps of each."""
from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest

from companion.games.base import RulesError
from companion.record.entries import (
    Repeated,
    abandon,
    add_entry,
    correct,
    new_record,
    replay,
    reseat,
    resume,
    undo,
)
from companion.record.summary import entered_afterwards, play_minutes, summary
from tests.playing import hand


def game(*hands, players=("Anna", "Ben", "Cem"), **settings):
    # A fresh id each: replays are remembered by id and version.
    record = {**new_record("beutelschneider", list(players), {"limit": 100, **settings}),
              "id": uuid.uuid4().hex[:12]}
    for golds in hands:
        record = add_entry(record, "hand", hand(*golds))
    return record


def test_playing_abandoned_and_playing_again():
    record = game((20, 10, 0))
    assert summary(record)["status"] == "playing"
    gone = abandon(record, submission="s1")
    assert gone["abandoned"] and gone["version"] == record["version"] + 1
    # Nothing of the game changes: its entries, and a form filled in before stays valid.
    assert gone["entries"] == record["entries"] and gone["entries_version"] == record["entries_version"]
    listed = summary(gone)
    assert listed["status"] == "abandoned"
    # Where it stopped: what it waited for, and the scores by seat.
    assert listed["reached"] == {"text": "Hand %(n)s", "args": {"n": 2}}
    assert (listed["scores"], listed["ranks"], listed["rounds"]) == ([20, 10, 0], [1, 2, 3], 1)
    assert listed["ended"] == listed["last"] == record["entries"][-1]["at"]
    back = resume(gone, submission="s2")
    assert "abandoned" not in back and summary(back)["status"] == "playing"


def test_an_abandoned_game_takes_no_entry_undo_or_correction_until_resumed():
    gone = abandon(game((20, 10, 0)))
    for change in (lambda r: add_entry(r, "hand", hand(0, 0, 30)), lambda r: undo(r),
                   lambda r: correct(r, 1, hand(10, 10, 10))):
        with pytest.raises(RulesError, match="abandoned"):
            change(gone)
    assert add_entry(resume(gone), "hand", hand(0, 0, 30))["entries"][-1]["data"] == hand(0, 0, 30)


def test_refusals_abandon_twice_a_finished_game_resume_a_playing_one_a_repeat():
    record = game((20, 10, 0))
    with pytest.raises(RulesError, match="not abandoned"):
        resume(record)
    gone = abandon(record, submission="tap")
    with pytest.raises(Repeated):
        abandon(gone, submission="tap")
    with pytest.raises(RulesError, match="abandoned already"):
        abandon(gone)
    over = game((60, 20, 0), (50, 0, 0))
    assert replay(over).finished
    with pytest.raises(RulesError, match="cannot be abandoned"):
        abandon(over)


def test_seats_are_reordered_before_the_first_entry_and_the_first_dealer_stays_the_same_person():
    record = game(first_dealer=1)  # Ben deals first
    moved = reseat(record, [2, 0, 1])  # Cem, Anna, Ben
    assert moved["players"] == ["Cem", "Anna", "Ben"]
    assert moved["settings"]["first_dealer"] == 2  # still Ben
    assert replay(moved).expect.lines[0].args["player"] == "Ben"
    with pytest.raises(RulesError, match="exactly one seat"):
        reseat(record, [0, 0, 1])
    with pytest.raises(RulesError, match="exactly one seat"):
        reseat(record, [0, 1])
    with pytest.raises(RulesError, match="Nothing was changed"):
        reseat(record, [0, 1, 2])
    with pytest.raises(RulesError, match="before the first entry"):
        reseat(game((20, 10, 0)), [1, 0, 2])


def test_a_team_stays_together_when_the_seats_move():
    record = {**new_record("give-me-the-treasure", ["Ann", "Bob", "Cy", "Dee"],
                           {"teams": [0, 1, 0, 1], "leaders": [2, 1]}), "id": uuid.uuid4().hex[:12]}
    moved = reseat(record, [1, 0, 3, 2])  # Bob, Ann, Dee, Cy
    teams = dict(zip(moved["players"], moved["settings"]["teams"], strict=True))
    assert teams == {"Ann": 0, "Cy": 0, "Bob": 1, "Dee": 1}
    assert [moved["players"][s] for s in moved["settings"]["leaders"]] == ["Cy", "Bob"]


def at(minutes: int) -> str:
    return (datetime(2026, 2, 1, 19, 0, tzinfo=UTC) + timedelta(minutes=minutes)).isoformat()


def timed(entry_minutes, *, played_on=0, created=0):
    record = game(*[(20, 10, 0)] * len(entry_minutes))
    record["played_on"], record["created"] = at(played_on), at(created)
    for entry, minute in zip(record["entries"], entry_minutes, strict=True):
        entry["at"] = at(minute)
    return record


def test_play_time_counts_from_the_start_through_each_entry_but_not_pauses_over_30_minutes():
    # 10 + 20 + (a 45-minute break: not counted) + 30 (exactly 30 counts) = 60
    assert play_minutes(timed([10, 30, 75, 105])) == 60
    assert play_minutes(timed([])) == 0


def test_a_game_entered_afterwards_is_dated_by_when_it_was_played_and_has_no_play_time():
    # Played at 19:00, typed in an hour later: its entry times are typing times.
    record = timed([61], played_on=0, created=60)
    record = add_entry(record, "hand", hand(80, 0, 0))
    assert entered_afterwards(record) and replay(record).finished
    listed = summary(record)
    assert listed["afterwards"] is True and listed["minutes"] is None
    assert listed["started"] == listed["ended"] == at(0)
    # Started in the app a few minutes after the table began: played live.
    live = timed([10], played_on=0, created=5)
    assert not entered_afterwards(live) and "afterwards" not in summary(live)


def test_a_record_from_before_played_on_reads_as_played_when_created():
    record = game((20, 10, 0))
    del record["played_on"]
    assert not entered_afterwards(record) and summary(record)["status"] == "playing"


def test_an_ordinary_entry_leaves_the_summary_as_it_was():
    record = game((20, 10, 0))
    assert summary(add_entry(record, "hand", hand(0, 10, 20))) == summary(record)
