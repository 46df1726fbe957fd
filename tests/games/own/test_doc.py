"""docs/games/own.md: its example record replays as it says, and every setting, entry kind and
field the game accepts is documented there."""
from __future__ import annotations

import json
import re
from pathlib import Path

from companion.games.own import GAME
from companion.games.own import shapes as own_shapes
from companion.games.schema import problem
from tests.test_games_documented import accepted_kinds, section
from tests.test_shapes_doc import fields

DOC = Path(__file__).resolve().parents[3] / "docs" / "games" / "own-game.md"


def text() -> str:
    return DOC.read_text(encoding="utf-8")


def example() -> dict:
    block = re.search(r"```json\n(.*?)```", text(), re.S)
    assert block, "the doc has a JSON example record"
    return json.loads(block.group(1))


def test_the_example_replays_to_the_documented_totals_and_the_drawn_winner():
    record = example()
    entries = [(e["kind"], e["data"]) for e in record["entries"]]
    before_draw = GAME.replay(record["players"], record["settings"], entries[:-1])
    assert GAME.expect(before_draw).kind == "tie_break"
    state = GAME.replay(record["players"], record["settings"], entries)
    assert GAME.totals_by_round(state) == [[13, 4, 4, 5], [23, 12, 6, 11], [32, 12, 16, 18],
                                           [38, 16, 19, 31], [52, 20, 20, 38]]
    assert GAME.outcome(state).winners == (2,)
    assert str(GAME.outcome(state).words) == "Equal at the top: the app drew Cem."


def test_every_entry_kind_and_setting_is_documented_and_nothing_else():
    documented = set(re.findall(r"^### `(\w+)`", text(), re.M))
    assert documented == accepted_kinds(GAME) == set(own_shapes.ENTRIES)
    rows = set(re.findall(r"^\| `(\w+)` \|", section(text(), "Settings"), re.M))
    # ``cooperative`` is kept only where set (older records stay as they are)
    assert rows == set(GAME.setup(["P0"], {"cooperative": True})) == set(GAME.setup(["P0"], {})) | {"cooperative"}


def test_every_field_of_the_shapes_is_named_in_the_doc():
    names = set(own_shapes.ENTRIES) | fields(own_shapes.SETTINGS) | \
        {f for shape in own_shapes.ENTRIES.values() for f in fields(shape)}
    assert sorted(n for n in names if not re.search(rf'[`."]{re.escape(n)}[`"]', text())) == []


def test_the_example_has_the_documented_shape_and_a_score_as_text_does_not():
    record = example()
    assert problem(record["settings"], own_shapes.SETTINGS) is None
    for entry in record["entries"]:
        assert problem(entry["data"], own_shapes.ENTRIES[entry["kind"]]) is None
    assert problem({"players": [{"score": "10"}]}, own_shapes.ENTRIES["round"]) == (
        "players.0.score", problem("10", int)[1])


def test_an_own_game_is_exported_and_imported_back_the_same(store):
    from companion.history.transfer import export_record, import_record
    from companion.record.entries import add_entry, new_record
    record = example()
    made = new_record(record["game"], record["players"], record["settings"])
    for entry in record["entries"]:
        made = add_entry(made, entry["kind"], entry["data"])
    again = import_record(export_record(store.load(store.create(made))), group="household")
    assert again["settings"]["name"] == "Hearts"
    assert [(e["kind"], e["data"]) for e in again["entries"]] == [(e["kind"], e["data"]) for e in record["entries"]]
