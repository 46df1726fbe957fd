"""The record's group, read in one place (companion/record.py)."""
from __future__ import annotations

from companion.record import DEFAULT_GROUP, group_of
from companion.records import new_record


def test_a_new_record_is_of_the_group_it_was_made_in():
    assert group_of(new_record("beutezug", ["Ann", "Bob", "Cem"], {}, group="g1")) == "g1"


def test_a_record_from_before_groups_is_the_households():
    record = new_record("beutezug", ["Ann", "Bob", "Cem"], {})
    del record["group"]
    assert group_of(record) == DEFAULT_GROUP == "household"


def test_a_group_that_is_no_name_reads_as_the_households():
    # A share link made from such a record stored its group as null.
    assert group_of({"group": None}) == DEFAULT_GROUP
