"""Give Me The Treasure: Bandit skills, Reinforcements and chest limits."""
import pytest

from companion.games.base import RulesError
from companion.games.treasure.rules import GAME
from companion.record.entries import new_record
from tests.games.treasure.test_rules import PLAYERS, dealt, refused, turn


def deal(ann_bandit="chipo", bob_bandit="joe", ann=("super_rou_rou", "viper"),
         bob=("ninja_leo", "croc_brothers")):
    return {"bandits": [ann_bandit, bob_bandit], "first_divider": 0,
            "reinforcements": [list(ann), list(bob)]}


def coins_gained(state, ann=None, bob=None):
    after = GAME.apply(state, "turn", turn(ann, bob))
    return tuple(a - b for a, b in zip(after.coins, state.coins, strict=True))


# -- Bandit skills ("4 Bandit Tiles") ---------------------------------------------------------

@pytest.mark.parametrize("bandit, ann, bob, market, bonus", [
    ("chipo", {"combinations": [["red3", "blue3"], ["red5", "blue5"]]}, {}, 4, 1),
    ("chipo", {"combinations": [["red3", "blue3"]]}, {}, 2, 0),
    ("joe", {"combinations": [["red3", "red4", "red5"]]}, {}, 6, 1),          # worth 6
    ("joe", {"combinations": [["red3", "blue3", "green3"]]}, {}, 5, 0),       # worth 5
    ("joe", {"combinations": [["red3", "blue3"], ["red4", "blue4"], ["red5", "blue5"]]}, {}, 6, 0),
    ("mofette", {}, {"cursed_held": 2}, 0, 1),
    ("mofette", {}, {"cursed_held": 1}, 0, 0),
    ("mofette", {"cursed_held": 3}, {}, 0, 0),                                # her own don't count
    ("raoul", {"combinations": [["red3", "blue3"], ["red5", "blue5"]]}, {}, 4, 0),
])
def test_a_bandit_skill_adds_its_coin(bandit, ann, bob, market, bonus):
    state = dealt(deal(ann_bandit=bandit, bob_bandit="chipo" if bandit != "chipo" else "joe"))
    after = GAME.apply(state, "turn", turn(ann, bob))
    assert after.turns[0].sides[0].skill == bonus
    assert after.coins[0] == 2 + market + bonus


def test_a_practice_game_plays_without_bandit_skills():
    state = dealt(deal(ann_bandit="chipo"), settings={"bandit_skills": False})
    gained = coins_gained(state, {"combinations": [["red3", "blue3"], ["red5", "blue5"]]})
    assert gained == (4, 0)


def test_in_teams_only_the_leaders_skill_counts():
    players = ["Ann", "Bob", "Cem", "Dora"]
    data = {"bandits": ["joe", "chipo", "raoul", "mofette"], "first_divider": 1,
            "reinforcements": [["pat"], ["lucky"], ["viper"], ["doug"]]}
    state = dealt(data, players)
    # Bob's Chipo is no Leader: two combinations pay nothing extra; Ann's Joe needs 6+.
    assert coins_gained(state, {"combinations": [["red3", "blue3"], ["red5", "blue5"]]},
                        {"cursed_held": 0}) == (4, 0)
    state = dealt({**data, "bandits": ["chipo", "joe", "raoul", "mofette"]}, players)
    assert coins_gained(state, {"combinations": [["red3", "blue3"], ["red5", "blue5"]]}) == (5, 0)
    # Dora's Mofette is no Leader either.
    assert coins_gained(state, {"cursed_held": 2}, {}) == (0, 0)


@pytest.mark.parametrize("players, bandits, leaders, limits", [
    (PLAYERS, ["chipo", "joe"], None, (5, 5)),
    (PLAYERS, ["raoul", "joe"], None, (6, 5)),
    (["A", "B", "C", "D"], ["chipo", "joe", "raoul", "mofette"], None, (3, 4, 4, 4)),
    (["A", "B", "C", "D"], ["chipo", "joe", "raoul", "mofette"], [1, 3], (4, 3, 4, 3)),
    (["A", "B", "C"], ["chipo", "joe", "raoul"], None, (3, 4, 6)),
    (["A", "B", "C"], ["raoul", "joe", "chipo"], None, (4, 4, 5)),
])
def test_the_inspection_names_each_chest_limit(players, bandits, leaders, limits):
    settings = {"leaders": leaders} if leaders else {}
    state = GAME.start(players, settings)
    state = GAME.apply(state, "deal", {"bandits": bandits, "first_divider": 0})
    assert state.chest_limits == limits


# -- Reinforcements ("9 Reinforcement Cards") -------------------------------------------------

@pytest.mark.parametrize("ann_cards, ann, gained", [
    (("super_rou_rou", "doug"), {"combinations": [["red3", "red4", "red5"]],
                                 "reinforcements": ["Super Rou-Rou"]}, 6 + 3),
    (("ninja_leo", "doug"), {"combinations": [["red3", "blue3", "green3"]],
                             "reinforcements": ["ninja_leo"]}, 5 + 3),
    (("lucky", "doug"), {"combinations": [["blue1", "blue2", "treasure", "blue4", "blue5"]],
                         "reinforcements": ["lucky"]}, 15 + 7),
    (("viper", "doug"), {"reinforcements": [{"card": "viper", "cursed": 3}]}, 3),
    (("doug", "grobill"), {"reinforcements": ["doug", "grobill"]}, 0),
    (("black_wings", "doug"), {"reinforcements": ["black_wings"]}, 0),
])
def test_a_reinforcement_brings_its_coins(ann_cards, ann, gained):
    state = dealt(deal(ann_bandit="raoul", bob_bandit="joe", ann=ann_cards, bob=("pat", "croc_brothers")))
    after = GAME.apply(state, "turn", turn(ann))
    assert after.coins[0] - state.coins[0] == gained
    used = {r if isinstance(r, str) else r["card"] for r in ann["reinforcements"]}
    assert len(after.unused[0]) == 2 - len(used)             # turned over for good


@pytest.mark.parametrize("card, combos", [
    ("ninja_leo", [["red3", "blue3"]]),                        # needs 3 of a number
    ("lucky", [["red3", "red4", "red5", "red6"]]),             # needs 5 of one colour
    ("super_rou_rou", [["red3", "blue3", "green3"]]),          # same number is not one colour
    ("pat", [["red1", "blue1", "green1"]]),                    # needs all four 1s
])
def test_refuses_a_reinforcement_whose_condition_is_not_met(card, combos):
    state = dealt(deal(ann=(card, "doug"), bob=("grobill", "black_wings")))
    errors = refused(state, "turn", turn({"combinations": combos, "reinforcements": [card]}))
    assert "sides.0.reinforcements.0" in errors


def test_pat_wins_the_game_at_once():
    state = dealt(deal(ann=("pat", "doug")))
    state = GAME.apply(state, "turn", turn({"combinations": [["red1", "blue1", "green1", "yellow1"]],
                                            "reinforcements": ["pat"]},
                                           {"combinations": [["red3", "red4", "red5"]]}))
    assert state.coins == (2 + 10, 2 + 6 + 1)          # Bob is Joe
    outcome = GAME.outcome(state)
    assert outcome.winners == (0,) and "Pat" in outcome.words.text
    assert GAME.expect(state) is None
    assert [s.seat for s in GAME.standings(state)] == [0, 1]
    assert GAME.standings(state)[0].note is not None
    assert "" in refused(state, "turn", turn())


@pytest.mark.parametrize("who", ["pat's side", "the other side"])
def test_pats_immediate_win_pays_no_end_of_resale_coin_to_mofette(who):
    # "At the end of the Resale step ... you collect 1 coin": Pat's win ends the turn first.
    pat_side = who == "pat's side"
    state = dealt(deal(ann_bandit="mofette" if pat_side else "chipo",
                       bob_bandit="joe" if pat_side else "mofette", ann=("pat", "doug")))
    four_ones = {"combinations": [["red1", "blue1", "green1", "yellow1"]], "reinforcements": ["pat"]}
    if pat_side:
        after = GAME.apply(state, "turn", turn(four_ones, {"cursed_held": 2}))
        assert after.turns[0].sides[0].skill == 0 and after.coins[0] == 2 + 10
    else:
        after = GAME.apply(state, "turn", turn({**four_ones, "cursed_held": 2}, {}))
        assert after.turns[0].sides[1].skill == 0 and after.coins[1] == 2
    assert GAME.outcome(after).winners == (0,)
    # Without Pat, the same Mofette collects her coin.
    plain = GAME.apply(state, "turn", turn({"cursed_held": 2} if not pat_side else {},
                                           {"cursed_held": 2} if pat_side else {}))
    assert plain.turns[0].sides[0 if pat_side else 1].skill == 1


def test_pat_wins_even_with_fewer_coins():
    state = dealt(deal(ann=("pat", "doug")))
    state = GAME.apply(state, "correction", {"side": 1, "coins": 30, "reason": "test"})
    state = GAME.apply(state, "turn", turn({"combinations": [["red1", "blue1", "green1", "treasure"]],
                                            "reinforcements": ["pat"]}))
    assert GAME.outcome(state).winners == (0,)
    assert [(s.seat, s.rank) for s in GAME.standings(state)] == [(0, 1), (1, 2)]


def test_the_croc_brothers_repeat_a_card_turned_in_an_earlier_turn():
    state = dealt(deal(), turns=[turn({"combinations": [["red3", "red4", "red5"]],
                                       "reinforcements": ["super_rou_rou"]})])
    croc = {"card": "croc_brothers", "repeats": "super_rou_rou"}
    assert coins_gained(state, {}, {"combinations": [["blue1", "blue2", "blue3"]],
                                    "reinforcements": [croc]}) == (0, 6 + 3 + 1)  # Joe too


def test_the_croc_brothers_repeat_the_opponents_card_turned_this_turn():
    state = dealt(deal())
    croc = {"card": "croc_brothers", "repeats": "viper", "cursed": 2}
    assert coins_gained(state, {"reinforcements": [{"card": "viper", "cursed": 1}]},
                        {"reinforcements": [croc]}) == (1, 2)


@pytest.mark.parametrize("croc, field", [
    ({"card": "croc_brothers", "repeats": "lucky"}, "sides.1.reinforcements.0.repeats"),   # face down
    ({"card": "croc_brothers"}, "sides.1.reinforcements.0.repeats"),
    ({"card": "croc_brothers", "repeats": "croc_brothers"}, "sides.1.reinforcements.0.repeats"),
    ({"card": "croc_brothers", "repeats": "super_rou_rou"}, "sides.1.reinforcements.0"),  # no run
])
def test_refuses_the_croc_brothers_without_a_card_to_repeat(croc, field):
    state = dealt(deal(), turns=[turn({"combinations": [["red3", "red4", "red5"]],
                                       "reinforcements": ["super_rou_rou"]})])
    assert field in refused(state, "turn", turn({}, {"reinforcements": [croc]}))


def test_in_a_practice_game_raoul_keeps_no_extra_card():
    state = GAME.start(PLAYERS, {"bandit_skills": False})
    state = GAME.apply(state, "deal", {"bandits": ["raoul", "joe"], "first_divider": 0})
    assert state.chest_limits == (5, 5)


def test_bandit_skills_as_text_are_refused_by_the_settings_shape_before_the_rules():
    with pytest.raises(RulesError) as refused:
        new_record("give-me-the-treasure", PLAYERS, {"bandit_skills": "false"})
    assert {k: str(m) for k, m in refused.value.errors.items()} == {
        "bandit_skills": "bandit_skills must be true or false."}
