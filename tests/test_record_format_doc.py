"""Each game's exported record (docs/games/<slug>.md, as docs/record-format.md describes it) imports,
and its computed fields are what the app computes."""
from __future__ import annotations

import json

import pytest

from companion.games import GAMES
from companion.history.transfer import export_record, import_record
from tests.games.tables import exported_records

EXAMPLES = list(exported_records().values())


def test_there_is_an_example_for_every_game():
    assert sorted(e["game"] for e in EXAMPLES) == sorted(GAMES)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e["game"])
def test_each_example_imports_and_its_results_are_the_apps(example):
    record = import_record(json.dumps(example))
    record["id"] = example["id"]
    exported = export_record(record)
    for field in ("standings", "finished", "awaiting", "winners", "decided_by", "decided_by_code",
                  "entries", "status", "played_on"):
        if field == "entries":
            assert [(e["kind"], e["data"]) for e in exported[field]] == \
                   [(e["kind"], e["data"]) for e in example[field]]
        else:
            assert exported[field] == example[field], field
    assert exported["finished"] is True
