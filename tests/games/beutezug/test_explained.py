"""Beutezug explains itself (issue 26): every number's parts add up to it and name the entry that
gave them, every place names its rule, ties name the step of the chain or the draw."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from companion.games.base import Making, Why
from companion.games.beutezug.cards import BONUSES, STACK_SIZES
from companion.games.beutezug.now import NOW
from companion.games.beutezug.rules import GAME, bonus_inventory

from .test_game import FULL_GAME, auto_play
from .test_rules import PLAYERS, J, K, V

ROOT = Path(__file__).resolve().parents[3]
NAMES = ["Anna", "Ben", "Cem", "Dora", "Emil"]


def random_game(seed: int) -> tuple[list[str], list[tuple[str, dict]]]:
    """A legal game of 2 to 5 players, every draw made by the app: small loot values, so equal
    points (a tie for a place, the final chain) come often; one game in five gives every player
    the same loot each round, so the chain runs to its end and a coin decides."""
    rng = random.Random(seed)
    players = NAMES[:rng.randint(2, 5)]
    same = seed % 5 == 0
    state, entries = GAME.start(players, {}), []
    while (expected := GAME.expect(state)) is not None:
        if expected.draw:
            entry = (expected.kind, GAME.draw(state, rng))
        else:
            taken, rows = state.stack_counts, []
            shared = (rng.randint(1, 4), rng.choice(BONUSES))
            for seat in range(len(players)):
                loot, bonus = shared if same else (rng.randint(0, 4), rng.choice(BONUSES))
                stacks = [s for s in (0, 2, 3, 4, 5) if taken[s] < STACK_SIZES[s] and (s == 0) == (loot == 0)]
                stack = rng.choice(stacks or [s for s in (2, 3, 4, 5) if taken[s] < STACK_SIZES[s]])
                taken[stack] += 1
                rows.append({"seat": seat, "stack": stack, "bonus": bonus,
                             **({"loot": loot or 1} if stack else {})})
            entry = ("round", {"outcomes": rows})
        entries.append(entry)
        state = GAME.apply(state, *entry)
    return players, entries


GAMES = [random_game(seed) for seed in range(30)]


def test_the_random_games_reach_every_kind_of_tie():
    kinds = [k for _, entries in GAMES for k, _ in entries]
    assert kinds.count("placement_tie") > 20 and kinds.count("coin") >= 3
    decided = {str(GAME.outcome(GAME.replay(p, {}, e)).words) for p, e in GAMES}
    assert {"Most loot points.", "Still tied after comparing every loot card: a coin flip decided."} <= decided
    assert any(d.startswith("Tie broken by the") for d in decided)


@pytest.mark.parametrize("players, entries", GAMES)
def test_every_number_adds_up_and_every_place_names_its_rule_at_every_step(players, entries):
    for stop in range(len(entries) + 1):
        done = entries[:stop]
        state = GAME.replay(players, {}, done)
        found = GAME.explanations(state)
        kinds = [k for k, _ in done]
        for key, it in found.items():
            assert str(it.title) and str(it.rule), key
            assert it.section in SECTIONS, key
            if isinstance(it, Making):
                assert sum(p.value for p in it.parts) == it.value, key
                for part in it.parts:
                    assert part.entry is None or 0 <= part.entry < stop, key
            else:
                assert it.draw is None or kinds[it.draw] in ("placement", "placement_tie", "coin"), key

        # The numbers are the ones the page shows, and their parts come from their entries.
        for seat in range(len(players)):
            assert found[f"score/{seat}"].value == state.points[seat]
            for card in state.cards(seat):
                made = found[f"card/{card.round}/{seat}"]
                assert made.value == card.loot
                (part,) = made.parts
                assert kinds[part.entry] == "round" and kinds[:part.entry + 1].count("round") == card.round
            chip = state.loot_chip(seat)
            assert (f"lootchip/{seat}" in found) == (chip is not None)
            if chip is not None:
                assert found[f"lootchip/{seat}"].value == chip
            if state.placement:
                inv = bonus_inventory(state, seat)
                counts = dict(inv.plus) | {"reroll_one": inv.reroll_one, "reroll_all": inv.reroll_all}
                for bonus, count in counts.items():
                    assert found.get(f"bonus/{seat}/{bonus}", Making(None, 0, (), None)).value == count
        assert found["chips-left"].value == len(state.loot_chips_left)
        for stack, count in state.stack_counts.items():
            assert found[f"stack/{stack}"].value == count
        assert ("round" in found) == (state.round_no <= 7)

        # Every placement of every round so far says why, a draw names its entry.
        for i, order in enumerate(state.placements):
            for seat in order:
                why = found[f"placement/{i + 1}/{seat}"]
                assert why.draw is None or kinds[why.draw] == ("placement" if i == 0 else "placement_tie")
            assert found[f"placement/{i + 1}/{order[0]}"].draw is not None or i > 0
            assert players[order[-1]] in str(found[f"reroll/{i + 1}"].title)
            assert f"rolling/{i + 1}" in found

        for standing in GAME.standings(state):
            assert isinstance(found[f"place/{standing.seat}"], Why)
        outcome = GAME.outcome(state)
        assert ("winner" in found) == (outcome is not None)
        if outcome is not None and outcome.words.text.startswith("Still tied"):
            assert kinds[found["winner"].draw] == "coin"


SECTIONS = {"", *(m.group(1) for m in re.finditer(
    r'<section[^>]* id="([^"]+)"', (ROOT / "templates/games/beutezug/print/rules.en.html").read_text()))}


def test_each_section_has_the_same_id_in_english_and_german_made_from_its_english_heading():
    en = (ROOT / "templates/games/beutezug/print/rules.en.html").read_text()
    de = (ROOT / "templates/games/beutezug/print/rules.de.html").read_text()
    found = re.findall(r'<section[^>]* id="([^"]+)">\n<h2>(.*?)</h2>', en)
    assert [i for i, _ in found] == [re.sub(r"[^a-z0-9]+", "-", h.lower()).strip("-") for _, h in found]
    assert re.findall(r'<section[^>]* id="([^"]+)"', de) == [i for i, _ in found]
    assert {"setup", "a-round", "end-of-a-round", "end-of-the-game-and-ties"} <= SECTIONS


def test_the_now_strip_names_the_rule_of_each_step_and_its_section():
    seen = {}
    for players, entries in GAMES[:6]:
        state = GAME.start(players, {})
        for entry in entries:
            expected = GAME.expect(state)
            seen[expected.kind] = expected
            state = GAME.apply(state, *entry)
    assert set(seen) == set(NOW) == {"placement", "round", "placement_tie", "coin"}
    for kind, expected in seen.items():
        assert expected.rule.text == NOW[kind][0] and expected.section in SECTIONS - {""}
    assert "rolling order" in str(seen["round"].rule) and "at random" in str(seen["placement_tie"].rule)


def test_the_rulebook_example_vincenzo_makes_38_loot_points_part_by_part():
    found = GAME.explanations(GAME.replay(PLAYERS, {}, FULL_GAME))
    made = found[f"score/{V}"]
    assert made.value == 38
    # "3 + 5 + 5 + 6 + 1 + 13 + 5 = 38": round 4's 0-card (a bonus, no loot) completes the four
    # colours and brings the 6 loot chip; each part is the entry of its round.
    assert [(str(p.label), p.value, p.entry) for p in made.parts] == [
        ("Round 1: loot card from the 2 stack", 3, 1),
        ("Round 2: loot card from the 3 stack", 5, 2),
        ("Round 3: loot card from the 3 stack", 5, 3),
        ("Round 4: 0-card with a bonus", 0, 5),
        ("Round 4: loot chip", 6, 5),
        ("Round 5: loot card from the 2 stack", 1, 6),
        ("Round 6: loot card from the 5 stack", 13, 7),
        ("Round 7: loot card from the 3 stack", 5, 8),
    ]
    assert str(made.rule) == "Your loot points are the loot on your loot cards plus your loot chip."
    chips = found["chips-left"]
    assert [(p.value, p.entry) for p in chips.parts] == [(5, None), (-1, 5)] and chips.value == 4


def test_the_final_tie_is_explained_step_by_step_down_the_chain():
    found = GAME.explanations(GAME.replay(PLAYERS, {}, FULL_GAME))
    winner = found["winner"]
    assert str(winner.title) == "Winner: Kate" and winner.draw is None
    assert "the highest loot card decides, then the second-highest" in str(winner.rule)
    assert str(winner.step) == (
        "Loot points: Kate 40, Johnny 40, Vincenzo 38. Still tied: Kate and Johnny. "
        "Highest loot card: Kate 14, Johnny 14. Still tied: Kate and Johnny. "
        "Second-highest loot card: Kate 10, Johnny 9. Kate is ahead.")
    assert str(found[f"place/{J}"].step) == str(found[f"place/{K}"].step) == (
        "Loot points: Kate 40, Johnny 40. Still tied: Kate and Johnny. "
        "Highest loot card: Kate 14, Johnny 14. Still tied: Kate and Johnny. "
        "Second-highest loot card: Kate 10, Johnny 9. Kate is ahead.")
    assert str(found[f"place/{V}"].step) == "Loot points: Kate 40, Johnny 40, Vincenzo 38."


def test_a_tie_for_a_place_names_its_draw():
    found = GAME.explanations(GAME.replay(PLAYERS, {}, FULL_GAME))
    # Kate and Johnny are on 8 after round 3; entry 5 (index 4) drew Johnny's chip 2, Kate's 3.
    for seat, chip in ((J, 2), (K, 3)):
        why = found[f"placement/4/{seat}"]
        assert why.draw == 4 and str(why.title) == f"Placement chip {chip} in round 4: {PLAYERS[seat]}"
        assert str(why.step) == ("Loot points after round 3: Vincenzo 13, Johnny 8, Kate 8. Johnny and Kate are "
                                 "tied on 8 points: their placement chips are drawn at random.")
    assert found[f"placement/4/{V}"].draw is None
    assert found["reroll/4"].draw == 4 and "Kate" in str(found["reroll/4"].title)
    assert found[f"placement/1/{K}"].draw == 0 and found[f"placement/1/{K}"].section == "setup"


def test_a_full_tie_names_the_coin_flip_and_who_shares_a_place():
    same = [3, 0, 5, 2, 9, 1, 4]
    state, entries = auto_play(["Anna", "Ben", "Cem"], [same, same, same], random.Random(4))
    assert entries[-1][0] == "coin"
    found = GAME.explanations(state)
    coin = entries[-1][1]["winner"]
    assert found["winner"].draw == len(entries) - 1
    assert str(found["winner"].step).endswith(
        f"Equal on every loot card: the coin flip went to {['Anna', 'Ben', 'Cem'][coin]}.")
    others = [s for s in range(3) if s != coin]
    for seat in others:
        assert str(found[f"place/{seat}"].step).endswith("share the place.")
    assert found[f"place/{coin}"].draw == len(entries) - 1


def test_a_tie_during_the_game_shares_its_place():
    found = GAME.explanations(GAME.replay(PLAYERS, {}, FULL_GAME[:4]))
    assert str(found[f"place/{K}"].step) == (
        "Loot points: Vincenzo 13, Kate 8, Johnny 8. Kate and Johnny share the place on 8 loot points.")
    assert "the tie-break comes after round 7" in str(found[f"place/{K}"].rule)
