"""The index's own tables (groups, aliases, shares) survive a rebuild from the game files."""
from __future__ import annotations

import pytest

from companion.history import groups
from companion.record.entries import new_record
from companion.storage.store import StoreError


def test_a_rebuild_of_the_index_keeps_groups_merges_and_share_links(store, history, club):
    groups.rename(store, "household", "Cem", "Cemal")
    store.index.change_table("shares", lambda t: {**t, "tok": {"id": "tok", "game": history[0], "group": "household"}})
    before = {name: store.index.table(name) for name in ("groups", "aliases", "shares")}
    assert store.index.rebuild() == []
    assert {name: store.index.table(name) for name in ("groups", "aliases", "shares")} == before
    assert len(store.index.games()) == 5


def test_a_game_is_never_created_over_an_existing_one(store, history):
    with pytest.raises(StoreError):
        store.create(new_record("beutelschneider", ["A", "B", "C"], {}), game_id=history[0])
    assert store.load(history[0])["players"] == ["Anna", "Ben", "Cem"]


def test_a_refused_table_change_writes_nothing(store, history):
    key = store.index.key()

    def refuse(table):
        raise groups.GroupError(groups.msg("no"))
    with pytest.raises(groups.GroupError):
        store.index.change_table("aliases", refuse)
    assert store.index.key() == key
