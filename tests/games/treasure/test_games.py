"""Give Me The Treasure: whole games replayed from their record, and the documented example."""
import json
import random
import re
from pathlib import Path

import pytest

from companion.games.treasure.rules import GAME
from tests.games.treasure.test_rules import refused

DOC = Path(__file__).resolve().parents[3] / "docs" / "games" / "give-me-the-treasure.md"

DUEL_DEAL = ("deal", {"bandits": ["chipo", "joe"], "first_divider": 0,
                      "reinforcements": [["super_rou_rou", "viper"], ["ninja_leo", "croc_brothers"]]})


def side(*combos, **more):
    return {"combinations": [c.split() for c in combos], **more}


# Ann (Chipo) and Bob (Joe): both reach 22 in turn 3, an equal score at the target.
DUEL = [
    DUEL_DEAL,
    # Ann: red 1-2-3 (6) + Super Rou-Rou (3). Bob: 5-5 (2).
    ("turn", {"sides": [side("red1 red2 red3", reinforcements=["super_rou_rou"]),
                        side("blue5 green5")]}),
    # Ann: 4-4 (2). Bob: blue 1-2-3-4 (9) + Joe (1).
    ("turn", {"sides": [side("yellow4 red4"), side("blue1 blue2 blue3 blue4")]}),
    # Ann: 2-2 (2) + blue 4-5-6 (6) + Chipo (1). Bob: 3-3-3 (5) + Ninja Leo (3).
    ("turn", {"sides": [side("yellow2 green2", "blue4 blue5 blue6"),
                        side("red3 yellow3 green3", reinforcements=["ninja_leo"])]}),
]
LAST_TURN = ("turn", {"sides": [side("red7 blue7"), side()]})


def test_a_duel_runs_turn_by_turn_to_an_equal_score_at_the_target():
    state = GAME.replay(["Ann", "Bob"], {}, DUEL)
    assert GAME.totals_by_round(state) == [[11, 4], [13, 14], [22, 22]]
    assert GAME.outcome(state) is None                      # equal coins: another turn
    expect = GAME.expect(state)
    assert expect.kind == "turn"
    assert any("another turn" in line.text for line in expect.lines)
    assert [(s.seat, s.rank, s.score) for s in GAME.standings(state)] == [(0, 1, 22), (1, 1, 22)]


def test_the_turn_after_an_equal_score_decides_by_most_coins():
    state = GAME.replay(["Ann", "Bob"], {}, [*DUEL, LAST_TURN])
    outcome = GAME.outcome(state)
    assert outcome.winners == (0,)
    assert outcome.words.args == {"target": 20}
    assert "Both sides" in outcome.words.text
    assert GAME.expect(state) is None
    assert [(s.seat, s.rank, s.score) for s in GAME.standings(state)] == [(0, 1, 24), (1, 2, 22)]
    assert "" in refused(state, "turn", {"sides": [{}, {}]})
    assert "" in refused(state, "correction", {"side": 0, "coins": 1, "reason": "late"})


def test_the_first_side_to_the_target_wins_at_the_inspection():
    entries = [DUEL_DEAL, ("correction", {"side": 1, "coins": 15, "reason": "rules test"}),
               ("turn", {"sides": [side("red3 blue3"), side("red5 blue5")]})]
    state = GAME.replay(["Ann", "Bob"], {}, entries)
    assert state.coins == (4, 19)
    assert GAME.outcome(state) is None                      # 19 is not yet 20
    state = GAME.apply(state, "turn", {"sides": [{}, side("red6 blue6")]})
    outcome = GAME.outcome(state)
    assert outcome.winners == (1,) and "First to" in outcome.words.text


def test_a_correction_to_the_target_waits_for_the_inspection():
    state = GAME.replay(["Ann", "Bob"], {}, [DUEL_DEAL, ("correction", {
        "side": 0, "coins": 20, "reason": "forgot a whole turn"})])
    assert state.coins == (22, 2) and GAME.outcome(state) is None
    state = GAME.apply(state, "turn", {"sides": [{}, {}]})
    assert GAME.outcome(state).winners == (0,)


TEAM = ["Ann", "Bob", "Cem", "Dora"]
TEAM_GAME = [
    ("deal", {"bandits": ["raoul", "chipo", "joe", "mofette"], "first_divider": 1,
              "reinforcements": [["super_rou_rou"], ["lucky"], ["ninja_leo"], ["pat"]]}),
    # Ann & Bob: red 1-5 (15) + Lucky (7) + Super Rou-Rou (3) + 1-1 (2); Bob's Chipo is no
    # Leader. Cem & Dora: 5-5-5 (5) + Ninja Leo (3); Dora's Mofette is no Leader.
    ("turn", {"sides": [side("red1 red2 red3 red4 red5", "blue1 green1", cursed_held=2,
                             reinforcements=["lucky", "super_rou_rou"]),
                        side("yellow5 blue5 green5", reinforcements=["ninja_leo"])]}),
    # Ann & Bob: 6-6 (2). Cem & Dora: blue 2-3-4 (6) + Joe, their Leader (1).
    ("turn", {"sides": [side("yellow6 green6", cursed_paid=1), side("blue2 blue3 blue4")]}),
    ("turn", {"sides": [side("yellow3 red3"), side()]}),
]


def test_the_team_variant_plays_to_30():
    state = GAME.replay(TEAM, {}, TEAM_GAME[:3])
    assert state.target == 30
    assert GAME.totals_by_round(state) == [[29, 29, 10, 10], [29, 29, 17, 17]]
    assert GAME.outcome(state) is None
    # The Arrow pointed at Cem & Dora in turn 1, so again in turn 3.
    assert str(GAME.expect(state).rule) == "Cem & Dora divide the 5 Loot cards 2 + 3 or 1 + 4, one face down; Ann & Bob take a share."
    state = GAME.apply(state, "turn", TEAM_GAME[3][1])
    assert GAME.outcome(state).winners == (0, 1)
    assert "First to" in GAME.outcome(state).words.text
    assert [(s.seat, s.rank) for s in GAME.standings(state)] == [(0, 1), (1, 1), (2, 3), (3, 3)]


def test_two_against_one_gives_the_lone_bandit_both_reinforcements():
    state = GAME.replay(["Ann", "Bob", "Cem"], {}, [
        ("deal", {"bandits": ["chipo", "joe", "raoul"], "first_divider": 0,
                  "reinforcements": [["lucky"], ["viper"], ["pat", "doug"]]})])
    assert state.chest_limits == (3, 4, 6)
    assert state.coins == (2, 2)
    state = GAME.apply(state, "turn", {"sides": [side("red2 blue2"), side("red5 green5 blue5")]})
    assert GAME.totals_by_round(state) == [[4, 4, 7]]


@pytest.mark.parametrize("seed", [11, 12])
def test_a_game_with_a_drawn_deal_replays_identically(seed):
    state = GAME.start(["Ann", "Bob"], {})
    data = GAME.draw(state, random.Random(seed))
    kept = [data["dealt"][0][:2], data["dealt"][1][1:]]
    entries = [("deal", data), ("keep", {"reinforcements": kept}),
               ("turn", {"sides": [side("red3 blue3"), side("red5 red6 red7")]})]
    first = GAME.replay(["Ann", "Bob"], {}, entries)
    again = GAME.replay(["Ann", "Bob"], {}, [("deal", GAME.draw(state, random.Random(seed))),
                                            *entries[1:]])
    assert first == again
    assert GAME.expect(first).rule.args["divider"] == ["Ann", "Bob"][1 - data["first_divider"]]


def test_the_documented_example_replays():
    text = DOC.read_text(encoding="utf-8")
    block = re.search(r"```json\n(.*?)```", text, re.S).group(1)
    record = json.loads(block)
    assert record["game"] == GAME.slug
    state = GAME.replay(record["players"], record["settings"],
                        [(e["kind"], e["data"]) for e in record["entries"]])
    assert GAME.outcome(state) is not None


def test_every_setting_and_entry_kind_is_documented():
    text = DOC.read_text(encoding="utf-8")
    for name in GAME.setup(["A", "B"], {}):
        assert f"`{name}`" in text
    for kind in ("deal", "keep", "turn", "correction"):
        assert f"`{kind}`" in text
