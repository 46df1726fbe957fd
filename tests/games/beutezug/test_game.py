"""Beutezug played through: seven rounds, ties for a place, the final tie-breaks, the coin flip."""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from companion.games.base import RulesError
from companion.games.beutezug.rules import GAME
from companion.record.entries import add_entry, new_record

from .test_rules import PLAYERS, J, K, V, failed, refused, round_entry, seized

# A whole game of the rulebook's three thieves. Vincenzo completes the four colours with a
# 0-card in round 4 and takes the 6 loot chip: 3 + 5 + 5 + 6 + 1 + 13 + 5 = 38 ("End of the
# Game" example). Kate and Johnny tie for place 2 after round 3 and end on 40 each with a 14 as
# their highest card; Kate's 10 beats Johnny's 9.
FULL_GAME = [
    ("placement", {"order": [K, V, J]}),
    round_entry(s0=seized(2, 3, "orange"), s1=seized(2, 2, "pink"), s2=failed()),
    round_entry(s0=seized(3, 5, "green"), s1=failed("reroll_one"), s2=seized(2, 4)),
    round_entry(s0=seized(3, 5, "black"), s1=seized(3, 6), s2=seized(2, 3)),
    ("placement_tie", {"order": [V, J, K]}),
    round_entry(s0=failed("pink"), s1=seized(5, 14), s2=seized(4, 9)),
    round_entry(s0=seized(2, 1), s1=seized(4, 10), s2=seized(5, 14)),
    round_entry(s0=seized(5, 13), s1=seized(3, 4), s2=seized(3, 4)),
    round_entry(s0=seized(3, 5), s1=seized(3, 4), s2=seized(3, 5)),
]


def test_vincenzo_makes_38_loot_points():
    state = GAME.replay(PLAYERS, {}, FULL_GAME)
    assert state.points[V] == 38
    assert [c.loot for c in state.cards(V)] == [3, 5, 5, 0, 1, 13, 5]
    assert state.loot_chip(V) == 6
    vincenzo = next(s for s in GAME.standings(state) if s.seat == V)
    assert vincenzo.parts == (("Loot cards", 32), ("Loot chip", 6))


def test_running_totals_per_round():
    state = GAME.replay(PLAYERS, {}, FULL_GAME)
    assert GAME.totals_by_round(state) == [
        [3, 2, 1], [8, 2, 5], [13, 8, 8], [19, 22, 17], [20, 32, 31], [33, 36, 35], [38, 40, 40]]


def test_placements_round_by_round():
    state = GAME.replay(PLAYERS, {}, FULL_GAME)
    assert state.placements == (
        (K, V, J), (V, K, J), (V, J, K), (V, J, K), (K, V, J), (K, J, V), (K, J, V))


def test_the_tie_for_a_place_after_round_3_waits_for_the_draw():
    before = GAME.replay(PLAYERS, {}, FULL_GAME[:4])
    assert GAME.expect(before).kind == "placement_tie"
    after = GAME.replay(PLAYERS, {}, FULL_GAME[:5])
    assert after.reroll_chip_holder == K
    assert after.placement_changes == ((V, 1, 1), (J, 2, 2), (K, 3, 3))


def test_the_final_tie_is_decided_by_the_second_highest_loot_card():
    state = GAME.replay(PLAYERS, {}, FULL_GAME)
    assert GAME.expect(state) is None
    outcome = GAME.outcome(state)
    assert outcome.winners == (K,)
    assert outcome.words.text == "Tie broken by the second-highest loot card."
    standings = GAME.standings(state)
    assert [(s.seat, s.rank, s.score) for s in standings] == [(K, 1, 40), (J, 2, 40), (V, 3, 38)]
    assert standings[0].note.text == "Tie broken by the second-highest loot card."
    assert standings[1].note is None and standings[2].note is None


def test_refuses_entries_after_round_7():
    state = GAME.replay(PLAYERS, {}, FULL_GAME)
    kind, data = FULL_GAME[-1]
    assert "" in refused(state, kind, data)
    assert "" in refused(state, "coin", {"winner": K})


def test_no_outcome_before_round_7():
    assert GAME.outcome(GAME.replay(PLAYERS, {}, FULL_GAME[:-1])) is None


def auto_play(players, cards, rng, settings=None):
    """Play a game where seat s keeps cards[s][r] in round r: (loot, bonus) or a loot value.

    Stacks are spread so no stack runs out; a 0 is a 0-card with a bonus. Every draw the rules
    ask for (placement chips, ties for a place, the coin) is drawn with ``rng``.
    """
    state = GAME.start(players, settings or {})
    entries = []
    rounds = iter(range(7))
    while (expected := GAME.expect(state)) is not None:
        if expected.draw:
            entry = (expected.kind, GAME.draw(state, rng))
        else:
            r = next(rounds)
            outcomes = {}
            for seat, seat_cards in enumerate(cards):
                card = seat_cards[r]
                loot, bonus = card if isinstance(card, tuple) else (card, "reroll_one" if card == 0 else "none")
                stack = 0 if loot == 0 else 2 + (r + seat) % 4
                outcomes[f"s{seat}"] = {"stack": stack, "loot": loot, "bonus": bonus}
            entry = round_entry(**outcomes)
        entries.append(entry)
        state = GAME.apply(state, *entry)
    return state, entries


@pytest.mark.parametrize("cards_a, cards_b, settings, step, winner", [
    ([2, 2, 2, 14, 1, 1, 2], [10, 5, 2, 2, 2, 1, 1], {}, "Most loot points.", 0),
    ([14, 1, 1, 1, 1, 1, 1], [10, 5, 1, 1, 1, 1, 1], {}, "Tie broken by the highest loot card.", 0),
    ([9, 8, 1, 1, 1, 1, 1], [9, 7, 2, 1, 1, 1, 1], {},
     "Tie broken by the second-highest loot card.", 0),
    ([9, 7, 2, 1, 1, 1, 1], [9, 7, 3, 1, 1, 1, 0], {},
     "Tie broken by the third-highest loot card.", 1),
    # Ben's four colour bonuses earn the 2 loot chip: 17 + 2 against 19 on Anna's cards.
    ([5, 4, 3, 3, 2, 1, 1], [5, 4, 3, (3, "black"), (2, "pink"), (0, "orange"), (0, "green")],
     {"loot_chips": [2]}, "Tie broken by the sixth-highest loot card.", 0),
])
def test_final_tie_breaks_step_by_step(cards_a, cards_b, settings, step, winner):
    state, _ = auto_play(["Anna", "Ben"], [cards_a, cards_b], random.Random(1), settings)
    assert (state.points[0] == state.points[1]) == (step != "Most loot points.")
    outcome = GAME.outcome(state)
    assert outcome.winners == (winner,)
    assert outcome.words.text == step


def test_a_full_tie_is_decided_by_a_coin_flip_that_replays_identically():
    same = [3, 0, 5, 2, 9, 1, 4]
    state, entries = auto_play(["Anna", "Ben"], [same, same], random.Random(11))
    kinds = [kind for kind, _ in entries]
    assert kinds.count("placement_tie") == 6 and kinds[-1] == "coin"
    outcome = GAME.outcome(state)
    assert outcome.words.text == "Still tied after comparing every loot card: a coin flip decided."
    assert outcome.winners == (entries[-1][1]["winner"],)
    again, entries_again = auto_play(["Anna", "Ben"], [same, same], random.Random(11))
    assert entries_again == entries and again == state
    assert GAME.replay(["Anna", "Ben"], {}, entries) == state
    standings = GAME.standings(state)
    assert [s.rank for s in standings] == [1, 2]
    assert standings[0].note.text == outcome.words.text


def test_the_table_may_enter_its_own_coin_flip_but_only_among_the_tied():
    same = [3, 0, 5, 2, 9, 1, 4]
    _, entries = auto_play(["Anna", "Ben", "Cleo"], [same, same, [1] * 7], random.Random(2))
    waiting = GAME.replay(["Anna", "Ben", "Cleo"], {}, entries[:-1])
    assert GAME.expect(waiting).kind == "coin" and GAME.outcome(waiting) is None
    assert "winner" in refused(waiting, "coin", {"winner": 2})
    assert "winner" in refused(waiting, "coin", {"winner": 3})
    # Not a seat at all: refused by its shape, before the rules (records.add_entry).
    record = new_record("beutezug", ["Anna", "Ben", "Cleo"], {})
    for entry in entries[:-1]:
        record = add_entry(record, *entry)
    with pytest.raises(RulesError) as caught:
        add_entry(record, "coin", {"winner": "x"})
    assert list(caught.value.errors) == ["winner"]
    assert GAME.outcome(GAME.apply(waiting, "coin", {"winner": 1})).winners == (1,)


def test_the_documented_example_record_replays():
    doc = Path(__file__).parents[3] / "docs" / "games" / "beutezug.md"
    block = re.search(r"```json\n(.*?)```", doc.read_text(encoding="utf-8"), re.S).group(1)
    record = json.loads(block)
    assert record["game"] == GAME.slug
    state = GAME.replay(record["players"], record["settings"],
                        [(e["kind"], e["data"]) for e in record["entries"]])
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (K,)


def test_nothing_to_draw_during_a_round():
    state = GAME.replay(PLAYERS, {}, FULL_GAME[:2])
    with pytest.raises(RulesError):
        GAME.draw(state, random.Random(0))


def test_equal_points_share_a_place_in_the_standings_during_the_game():
    state = GAME.replay(PLAYERS, {}, FULL_GAME[:4])
    assert [(s.seat, s.rank, s.score, s.note) for s in GAME.standings(state)] == [
        (V, 1, 13, None), (K, 2, 8, None), (J, 2, 8, None)]
