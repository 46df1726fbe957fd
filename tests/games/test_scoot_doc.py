"""Loot and Scoot: the example record in docs/games/loot-and-scoot.md replays as described."""
from __future__ import annotations

import json
import re
from pathlib import Path

from companion.games import get_game

DOC = Path(__file__).resolve().parents[2] / "docs" / "games" / "loot-and-scoot.md"


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


def test_the_german_catalog_translates_every_message_of_the_scoot_modules():
    from babel.messages.extract import extract_from_file
    from babel.messages.pofile import read_po

    root = DOC.parents[2]
    with open(root / "companion" / "translations" / "de" / "scoot.po", "rb") as fh:
        catalog = read_po(fh)
    assert not catalog.fuzzy
    msgids = {msgid for module in sorted((root / "companion" / "games" / "scoot").glob("*.py"))
              for _, msgid, _, _ in extract_from_file("python", str(module), keywords={"N_": None})}
    assert msgids
    # A sentence with plural forms is found by either of its ids, and has every form.
    plurals = {m.id[1]: m for m in catalog if m.pluralizable}
    untranslated = sorted(m for m in msgids if (catalog.get(m) or plurals.get(m)) is None
                          or not all((catalog.get(m) or plurals[m]).string))
    assert untranslated == []
    for message in catalog:
        if message.id:
            names = sorted(re.findall(r"%\(\w+\)s", message.id if isinstance(message.id, str) else message.id[0]))
            for form in (message.string if message.pluralizable else (message.string,)):
                assert names == sorted(re.findall(r"%\(\w+\)s", form)), message.id
