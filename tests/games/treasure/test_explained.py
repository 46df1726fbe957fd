"""Give Me The Treasure explains itself (issue 26): every number's making adds up to it, every
place and order names its rule, every step of the game says what the table does now."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.games.base import Making, Msg, Why
from companion.games.treasure.rules import GAME
from tests.games.treasure.random_game import random_game
from tests.games.treasure.test_games import DUEL, DUEL_DEAL, LAST_TURN, side

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "games" / "give-me-the-treasure.md"


def section_ids(lang: str) -> set[str]:
    text = (ROOT / f"templates/games/give-me-the-treasure/print/rules.{lang}.html").read_text(encoding="utf-8")
    return set(re.findall(r'<section id="([^"]+)"', text))


SECTIONS = section_ids("en")


def documented() -> tuple[list[str], dict, list[tuple[str, dict]]]:
    record = json.loads(re.search(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S).group(1))
    return record["players"], record["settings"], [(e["kind"], e["data"]) for e in record["entries"]]


def states(players, settings, entries):
    """The state after each entry of a game, with how many entries it holds."""
    state = GAME.start(players, settings)
    yield 0, state
    for count, (kind, data) in enumerate(entries, 1):
        state = GAME.apply(state, kind, data)
        yield count, state


def check(state, count: int) -> dict:
    """What every explanation of a state must be; returns them."""
    found = GAME.explanations(state)
    for key, it in found.items():
        assert str(it.title) and str(it.rule), key
        assert it.section in SECTIONS, (key, it.section)
        if isinstance(it, Making):
            assert sum(p.value for p in it.parts) == it.value, key
            for part in it.parts:
                assert str(part.label)
                assert part.entry is None or 0 <= part.entry < count, (key, part)
        else:
            assert isinstance(it, Why)
            assert it.draw is None or 0 <= it.draw < count
    standings = GAME.standings(state)
    outcome = GAME.outcome(state)
    for s in standings:
        assert found[f"score/{s.seat}"].value == s.score
        assert isinstance(found[f"place/{s.seat}"], Why)
        if outcome is None:
            assert s.to_go == max(0, state.target - s.score) >= 0
        else:
            assert s.to_go is None
    for side_ in (0, 1):
        assert found[f"coins/{side_}"].value == state.coins[side_]
    for turn in state.turns:
        for side_ in (0, 1):
            at = f"/{turn.number}/{side_}"
            r = turn.sides[side_]
            assert found["after" + at].value == turn.coins_after[side_]
            assert found["turn" + at].value == r.coins
            assert found["reinforcements" + at].value == r.reinforcement_coins
            assert found["skill" + at].value == r.skill
            assert found["paid" + at].value == -r.paid
            assert [found[f"combo{at}/{j}"].value for j in range(len(r.combinations))] == \
                [c.value for c in r.combinations]
    for seat, limit in enumerate(state.chest_limits):
        assert found[f"chest/{seat}"].value == limit
    assert found["target"].value == state.target
    if outcome is not None:
        assert isinstance(found["winner"], Why)
        if state.turns[-1].pat is None:
            assert found["winner"].rule.args["target"] == state.target
    expect = GAME.expect(state)
    if expect is not None:
        assert isinstance(expect.rule, Msg) and expect.section in SECTIONS
        if expect.kind == "turn":
            assert found["divider"].title.args["turn"] == len(state.turns) + 1
    return found


@pytest.mark.parametrize("seed", range(40))
def test_in_random_games_every_making_adds_up_and_every_place_names_its_rule(seed):
    players, settings, entries = random_game(seed, players=2 + seed % 3)
    for count, state in states(players, settings, entries):
        check(state, count)


def test_a_long_game_explains_every_turn():
    players, settings, entries = random_game(5, target=200, max_turns=60)
    state = GAME.replay(players, settings, entries)
    found = check(state, len(entries))
    assert len(state.turns) > 40
    assert sum(1 for k in found if k.startswith("after/")) == 2 * len(state.turns)


def test_the_documented_game_adds_up_turn_by_turn():
    players, settings, entries = documented()
    state = GAME.replay(players, settings, entries)
    found = check(state, len(entries))
    bob = found["score/1"]
    assert [(str(p.label), p.value, p.entry) for p in bob.parts] == [
        ("Starting coins", 2, None),
        ("Turn 1: Same number 5 5", 2, 2),
        ("Turn 2: Sequence of numbers, same colour 1 2 3 ★4", 9, 3),
        ("Turn 2: Joe's skill", 1, 3),
        ("Turn 2: 1 Cursed Painting paid off", -2, 3),
        ("Correction: forgot a coin", 1, 4),
        ("Turn 3: Same number 3 3 3", 5, 5),
        ("Turn 3: Ninja Leo", 3, 5),
        ("Turn 3: The Croc' Brothers repeat Ninja Leo", 3, 5),
        ("Turn 4: Same number 7 7", 2, 6),
    ]
    assert bob.value == 26
    ann = found["coins/0"]
    assert [str(p.label) for p in ann.parts][-3:] == [
        "Turn 3: Sequence of numbers, same colour 5 6 7", "Turn 3: Viper, 2 Cursed Paintings discarded",
        "Turn 4: Same number 6 6 6"]
    assert ann.value == 29
    # Turn 3's Inspection: Bob from the coins after turn 2, the correction, then the turn.
    after = found["after/3/1"]
    assert [(str(p.label), p.value) for p in after.parts] == [
        ("After turn 2", 12), ("Correction: forgot a coin", 1), ("Turn 3: Same number 3 3 3", 5),
        ("Turn 3: Ninja Leo", 3), ("Turn 3: The Croc' Brothers repeat Ninja Leo", 3)]
    assert after.value == 24


def test_the_black_market_row_names_kind_and_size():
    found = GAME.explanations(GAME.replay(*documented()))
    combo = found["combo/2/1/0"]
    assert combo.value == 9 and combo.section == "black-market"
    assert str(combo.parts[0].label) == "Sequence of numbers, same colour, 4 cards: 1 2 3 ★4"


def test_a_tie_at_the_target_is_broken_by_another_turn_and_the_why_says_so():
    state = GAME.replay(["Ann", "Bob"], {}, DUEL)
    found = check(state, len(DUEL))
    assert [s.rank for s in GAME.standings(state)] == [1, 1]
    assert "share the place" in found["place/0"].step.text
    state = GAME.apply(state, "turn", LAST_TURN[1])
    found = check(state, len(DUEL) + 1)
    winner = found["winner"]
    assert winner.rule.args == {"target": 20, "side": "Ann", "coins": 24, "other_coins": 22}
    assert winner.step.args == {"turn": 3, "coins": 22, "last": 4}
    assert found["place/1"].step == winner.step


def test_both_sides_over_the_target_at_once_are_decided_by_the_most_coins():
    entries = [DUEL_DEAL, ("correction", {"side": 1, "coins": 17, "reason": "rules test"}),
               ("correction", {"side": 0, "coins": 16, "reason": "rules test"}),
               ("turn", {"sides": [side("red3 blue3"), side("red5 blue5")]})]
    state = GAME.replay(["Ann", "Bob"], {}, entries)
    assert state.coins == (20, 21)
    winner = GAME.explanations(state)["winner"]
    assert winner.title.args == {"side": "Bob"}
    assert "Both sides reached the target" in winner.step.text


def test_the_arrow_toss_decides_who_divides_first_and_the_sides_then_swap():
    state = GAME.replay(["Ann", "Bob"], {}, [("correction", {"side": 0, "coins": 1, "reason": "x"}),
                                            DUEL_DEAL, *DUEL[1:3]])
    found = GAME.explanations(state)
    assert found["first"].draw == 1 and found["first"].title.args == {"side": "Ann"}
    assert [found[f"divider/{n}"].title.args["divider"] for n in (1, 2, 3)] == ["Ann", "Bob", "Ann"]
    assert found["divider"] == found["divider/3"] and found["divider"].draw == 1
    assert "divider/4" not in found


def test_pat_wins_whatever_the_coins_and_the_places_say_so():
    entries = [("deal", {"bandits": ["chipo", "joe"], "first_divider": 0,
                         "reinforcements": [["pat", "viper"], ["ninja_leo", "croc_brothers"]]}),
               ("correction", {"side": 1, "coins": 15, "reason": "x"}),
               ("turn", {"sides": [side("red1 blue1 green1 yellow1", reinforcements=["pat"]), side()]})]
    state = GAME.replay(["Ann", "Bob"], {}, entries)
    found = check(state, len(entries))
    assert found["winner"].section == "reinforcements" and "Pat" in found["winner"].rule.text
    assert found["place/0"].rule == found["winner"].rule


def test_team_chests_and_raoul_are_explained_by_part():
    state = GAME.replay(["Ann", "Bob", "Cem"], {}, [
        ("deal", {"bandits": ["chipo", "joe", "raoul"], "first_divider": 0,
                  "reinforcements": [["lucky"], ["viper"], ["pat", "doug"]]})])
    found = GAME.explanations(state)
    assert [(str(p.label), p.value, p.entry) for p in found["chest/2"].parts] == [
        ("One person on a side", 5, None), ("Raoul's skill", 1, 0)]
    assert [(str(p.label), p.value) for p in found["chest/0"].parts] == [("Leader of a team of two", 3)]
    assert found["score/0"] == found["score/1"] == found["coins/0"]


def test_each_step_says_what_the_table_does_now_in_the_rules_words():
    state = GAME.start(["Ann", "Bob"], {})
    assert GAME.expect(state).section == "setup" and "Arrow" in GAME.expect(state).rule.text
    state = GAME.apply(state, "deal", {"bandits": ["chipo", "joe"], "first_divider": 1})
    assert GAME.expect(state).section == "setup" and "keeps 2" in GAME.expect(state).rule.text
    state = GAME.apply(state, "keep", {"reinforcements": [["pat", "viper"], ["doug", "lucky"]]})
    rule = GAME.expect(state).rule
    assert GAME.expect(state).section == "a-turn"
    assert str(rule) == "Bob divides the 5 Loot cards 2 + 3 or 1 + 4, one face down; Ann takes a share."


def test_the_german_and_english_references_have_the_same_sections():
    assert section_ids("de") == SECTIONS == {
        "setup", "a-turn", "loot-cards", "chest-limits", "black-market", "bandits",
        "reinforcements", "end-and-ties"}
