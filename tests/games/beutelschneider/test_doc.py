"""Beutelschneider: the example record in docs/games/beutelschneider.md replays as described, and
its export says when the table owes a choice."""
from __future__ import annotations

import json
import re
from pathlib import Path

from companion.games.beutelschneider.rules import GAME
from companion.history.transfer import export_record, import_record

DOC = Path(__file__).resolve().parents[3] / "docs" / "games" / "beutelschneider.md"


def example_record() -> dict:
    block = re.search(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert block, "the doc has a JSON example record"
    return json.loads(block.group(1))


def replay(record: dict, entries: int | None = None):
    return GAME.replay(record["players"], record["settings"],
                       [(e["kind"], e["data"]) for e in record["entries"][:entries]])


def test_the_documented_example_replays_to_the_documented_totals_and_winner():
    record = example_record()
    state = replay(record)
    assert GAME.totals_by_round(state) == [[30, 10, 30, -20, 20], [60, 40, 30, -10, 40],
                                           [100, 100, 50, -10, 40], [90, 130, 60, 0, 50]]
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (1,)
    assert str(outcome.words) == "Highest total after playing on from a tie."
    # After hand 3 Anna and Ben share the top at the limit: the table must choose.
    tied = replay(record, 3)
    assert GAME.outcome(tied) is None and GAME.expect(tied).kind == "tie_choice"


def test_the_rulebooks_trump_trick_costs_nobody_a_cutpurse_and_scores_no_special_points():
    # Hand 1 of the example: the trick's cutpurse is set aside; only Dora's own kept one costs.
    first = replay(example_record(), 1).hands[0]
    assert first.cutpurses == (0, 0, 0, 1, 0) and first.special == (10, 0, 0, 0, 0)
    assert first.scores == (30, 10, 30, -20, 20)


def exported(entries: int | None = None) -> dict:
    example = example_record()
    record = import_record({**example, "format": "loot-ledger-record", "format_version": 1,
                            "entries": example["entries"][:entries]})
    record["id"] = "example"
    return export_record(record)


def test_the_export_says_what_the_game_waits_for():
    tied = exported(3)
    assert tied["awaiting"] == "tie_choice"
    assert tied["finished"] is False and tied["winners"] == [] and tied["decided_by"] is None
    assert exported(1)["awaiting"] == "hand"
    assert exported()["awaiting"] is None
