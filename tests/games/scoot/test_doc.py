"""Loot and Scoot: the example record in docs/games/loot-and-scoot.md replays as described."""
from __future__ import annotations

import json
import re
from pathlib import Path

from companion.games import get_game

DOC = Path(__file__).resolve().parents[3] / "docs" / "games" / "loot-and-scoot.md"


def example_record() -> dict:
    block = re.search(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert block, "the doc has a JSON example record"
    return json.loads(block.group(1))


def test_the_documented_example_record_replays_to_the_documented_result():
    record = example_record()
    game = get_game(record["game"])
    settings = game.setup(record["players"], record["settings"])
    state = game.replay(record["players"], settings,
                        [(e["kind"], e["data"]) for e in record["entries"]])
    assert [p.gold for p in state.parties] == [22, 5]   # Beth's unrevealed Treasure adds 8 gp
    assert [(s.seat, s.score) for s in game.standings(state)] == [(0, 27), (1, 17)]
    assert game.outcome(state).winners == (0,)
    assert game.expect(state) is None


def test_every_entry_kind_and_action_is_documented():
    text = DOC.read_text(encoding="utf-8")
    for kind in ("first_player", "pick", "action", "leave", "final", "treasure_roll", "dwarf"):
        assert f"### `{kind}`" in text
    for action in ("recruit", "hire", "beg", "build", "train", "trade", "treasure", "poison", "wounds"):
        assert f"| `{action}` |" in text
