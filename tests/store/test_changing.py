"""Store.changing: one read of a game under its lock, written only if the block says so."""
from __future__ import annotations

import pytest

from companion.games.base import RulesError
from companion.record.entries import add_entry
from tests.store.test_store import ZERO_HAND, make_game


def test_what_the_block_sets_is_written_and_read_back(tmp_path):
    store, game_id = make_game(tmp_path)
    with store.changing(game_id) as game:
        assert game.record["entries"] == []
        game.new = add_entry(game.record, "hand", ZERO_HAND)
    assert len(store.load(game_id)["entries"]) == 1


def test_a_block_that_raises_or_sets_nothing_writes_nothing_and_lets_the_lock_go(tmp_path):
    store, game_id = make_game(tmp_path)
    path = store.file(game_id)
    before = path.read_bytes()
    with pytest.raises(RulesError), store.changing(game_id) as game:
        game.new = add_entry(game.record, "hand", ZERO_HAND)
        raise RulesError("refused after the change was made")
    with store.changing(game_id) as game:
        pass
    assert path.read_bytes() == before
    with store.lock(game_id, timeout=0):  # let go: taken at once
        pass
