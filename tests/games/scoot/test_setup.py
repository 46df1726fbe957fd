"""Loot and Scoot: setup for each player count, the first player and the starting picks.

Also the small helpers the other Loot and Scoot test modules share.
"""
from __future__ import annotations

import copy
import random
from dataclasses import replace
from typing import Any

import pytest

from companion.games import get_game
from companion.games.base import RulesError
from companion.games.scoot.state import CLASSES, State, setup_for

GAME = get_game("loot-and-scoot")
PLAYERS = ["Adam", "Beth", "Charles", "Dora"]
# The rulebook's example picks (Adam Squire/Wizard, Beth Squire/Priest, Charles Squire/Thief).
PICKS = (["squire", "wizard"], ["squire", "priest"], ["squire", "thief"], ["priest", "wizard"])


def setup_entries(n: int = 3, first: int = 0) -> list[tuple[str, dict[str, Any]]]:
    return [("first_player", {"seat": first})] + [
        ("pick", {"classes": PICKS[i]}) for i in range(n)]


def started(n: int = 3, first: int = 0) -> State:
    return GAME.replay(PLAYERS[:n], {}, setup_entries(n, first))


def play(state: State, *entries: tuple[str, dict[str, Any]]) -> State:
    for kind, data in entries:
        state = GAME.apply(state, kind, data)
    return state


def with_party(state: State, seat: int, **changes: Any) -> State:
    """A state as the test needs it (gold, characters), without playing up to it."""
    return state.with_party(seat, replace(state.parties[seat], **changes))


def refused(state: State, kind: str, data: dict[str, Any]) -> dict[str, str]:
    """The messages per field, after checking that nothing changed."""
    before = copy.deepcopy(state)
    with pytest.raises(RulesError) as caught:
        GAME.apply(state, kind, data)
    assert state == before
    return {key: str(m) for key, m in caught.value.errors.items()}


@pytest.mark.parametrize(("players", "upgrades", "hirelings", "adventurers", "rooms", "empty"), [
    (4, 0, 0, 0, 10, 2),
    (3, 0, 2, 1, 11, 1),
    (2, 1, 4, 3, 12, 0),
])
def test_the_setup_card_names_what_is_removed_and_the_dungeon_size(
        players, upgrades, hirelings, adventurers, rooms, empty):
    card = setup_for(players)
    assert (card.upgrades_removed_per_type, card.hirelings_removed,
            card.adventurers_removed_per_class, card.dungeon_rooms, card.empty_rooms) == (
        upgrades, hirelings, adventurers, rooms, empty)
    state = GAME.start(PLAYERS[:players], {})
    assert state.setup == card
    assert GAME.expect(state).lines[:len(card.lines())] == card.lines()


@pytest.mark.parametrize(("players", "adventurers_left", "upgrades_left"), [
    (4, 6, 2), (3, 5, 2), (2, 3, 1),
])
def test_every_hireling_starts_in_a_party_so_the_pool_has_none(players, adventurers_left, upgrades_left):
    state = GAME.start(PLAYERS[:players], {})
    assert state.pool.hirelings == 0
    assert state.pool.adventurers == (adventurers_left,) * len(CLASSES)
    assert state.pool.upgrades == (upgrades_left,) * len(CLASSES)
    assert all(p.gold == 5 and p.hirelings == 2 for p in state.parties)


@pytest.mark.parametrize("players", [["Solo"], PLAYERS + ["Eve"]])
def test_refuses_fewer_than_two_or_more_than_four_players(players):
    with pytest.raises(RulesError) as caught:
        GAME.setup(players, {})
    assert "players" in caught.value.errors


def test_the_app_draws_the_first_player_and_a_replay_reads_the_same_seat():
    state = GAME.start(PLAYERS[:3], {})
    assert GAME.expect(state).draw
    data = GAME.draw(state, random.Random(7))
    again = GAME.draw(state, random.Random(7))
    assert data == again and 0 <= data["seat"] < 3
    state = GAME.apply(state, "first_player", data)
    assert state.first_player == data["seat"]
    assert GAME.expect(state).kind == "pick"


def test_the_table_can_enter_the_first_player_and_picks_go_round_from_there():
    state = GAME.replay(PLAYERS[:3], {}, [("first_player", {"seat": 2})])
    assert state.current == 2
    state = play(state, ("pick", {"classes": ["squire", "wizard"]}))
    assert state.parties[2].roster()["squire"] == 1 and state.parties[2].roster()["wizard"] == 1
    assert state.current == 0


def test_refuses_a_second_first_player():
    assert "" in refused(started(), "first_player", {"seat": 1})


def test_refuses_the_same_pair_as_a_previous_player_in_either_order():
    state = play(GAME.start(PLAYERS[:3], {}), ("first_player", {"seat": 0}),
                 ("pick", {"classes": ["squire", "wizard"]}))
    assert "classes" in refused(state, "pick", {"classes": ["wizard", "squire"]})


def test_refuses_two_adventurers_of_the_same_class_at_the_start():
    state = play(GAME.start(PLAYERS[:3], {}), ("first_player", {"seat": 0}))
    assert "classes" in refused(state, "pick", {"classes": ["priest", "priest"]})


def test_refuses_a_pick_out_of_turn():
    state = play(GAME.start(PLAYERS[:3], {}), ("first_player", {"seat": 0}))
    assert refused(state, "pick", {"seat": 1, "classes": ["priest", "thief"]}) == {
        "seat": "It is Adam's turn."}


def test_refuses_actions_before_everyone_has_picked():
    state = play(GAME.start(PLAYERS[:3], {}), ("first_player", {"seat": 0}))
    assert "" in refused(state, "action", {"action": "beg"})
