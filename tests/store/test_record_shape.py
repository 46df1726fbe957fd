"""The record's group, read in one place (companion/record/shape.py)."""
from __future__ import annotations

import re
from pathlib import Path

from companion.record.entries import new_record
from companion.record.shape import DEFAULT_GROUP, group_of


def test_a_new_record_is_of_the_group_it_was_made_in():
    assert group_of(new_record("beutezug", ["Ann", "Bob", "Cem"], {}, group="g1")) == "g1"


def test_a_record_from_before_groups_is_the_households():
    record = new_record("beutezug", ["Ann", "Bob", "Cem"], {})
    del record["group"]
    assert group_of(record) == DEFAULT_GROUP == "household"


def test_a_group_that_is_no_name_reads_as_the_households():
    # A share link made from such a record stored its group as null.
    assert group_of({"group": None}) == DEFAULT_GROUP


def test_the_group_is_read_through_group_of_only():
    # A default written beside a read (``.get("group", "household")``) is how fifteen copies of
    # the household's name came about.
    root = Path(__file__).resolve().parents[2] / "companion"
    found = [f"{path.relative_to(root)}:{n}" for path in sorted(root.rglob("*.py")) if path.name != "shape.py"
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r'\.get\("group", (DEFAULT|groups\.)|"household"', line)]
    assert found == []
