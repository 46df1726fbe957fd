"""Beutelschneider explains itself: every number its making, every place its why (issue 26)."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from companion.games import get_game
from companion.games.base import Making, Why

GAME = get_game("beutelschneider")
ROOT = Path(__file__).resolve().parents[3]
SECTIONS = set(re.findall(r'<section id="([^"]+)"', (ROOT / "templates/games/beutelschneider/print/rules.en.html")
                          .read_text(encoding="utf-8")))


def row(gold, cutpurses=0, other=0, **events):
    return {"gold": gold, "cutpurses": cutpurses, "other": other, "events": events}


def hand(*rows, **extra):
    return ("hand", {"players": list(rows), **extra})


def random_game(rng: random.Random):
    """A legal game played to its end: gold shared out, a cutpurse or two, the special point
    events each card allows, and at a tie at the top one of the table's two choices."""
    n = rng.choice([3, 4, 5])
    players = [f"P{i}" for i in range(n)]
    settings = {"limit": rng.choice([40, 100, 150]), "first_dealer": rng.randrange(n)}
    state = GAME.start(players, settings)
    entries = []
    while (expect := GAME.expect(state)) is not None:
        if expect.kind == "tie_choice":
            entry = ("tie_choice", {"choice": rng.choice(["another_hand", "share"])})
        else:
            gold = [0] * n
            for _ in range(16):
                gold[rng.randrange(n)] += 5
            rows = [row(g) for g in gold]
            for _ in range(rng.randrange(3)):
                rows[rng.randrange(n)]["cutpurses"] += 1
            for key, most in (("night_watchman", 1), ("guard", 1), ("assassin", 1), ("seduction", 1),
                              ("bard", 1), ("muscleman", 3)):
                if rng.random() < .3:
                    rows[rng.randrange(n)]["events"][key] = rng.randint(1, most)
            if rng.random() < .2:
                rows[rng.randrange(n)]["other"] = 10 * rng.randint(1, 3)
            entry = ("hand", {"players": rows})
        state = GAME.apply(state, *entry)
        entries.append(entry)
        yield players, state, entries


@pytest.mark.parametrize("seed", range(25))
def test_in_random_games_every_making_adds_up_and_every_place_names_a_rule(seed):
    for _players, state, entries in random_game(random.Random(seed)):
        found = GAME.explanations(state)
        for key, it in found.items():
            assert it.section in SECTIONS, key
            assert str(it.rule) and str(it.title), key
            if isinstance(it, Making):
                assert sum(p.value for p in it.parts) == it.value, key
                assert all(p.entry is None or entries[p.entry][0] == "hand" for p in it.parts), key
        for s in GAME.standings(state):
            assert found[f"score/{s.seat}"].value == s.score
            assert isinstance(found[f"place/{s.seat}"], Why)
        for n, totals in enumerate(GAME.totals_by_round(state), 1):
            for seat, total in enumerate(totals):
                assert found[f"total/{n}/{seat}"].value == total
                assert found[f"hand/{n}/{seat}"].value == state.hands[n - 1].scores[seat]
            assert f"dealer/{n}" in found and f"leader/{n}" in found
        outcome = GAME.outcome(state)
        assert ("winner" in found) == (outcome is not None)
        if outcome is not None:
            assert "limit of" in str(found["winner"].rule) and found["winner"].step is not None
            if len(outcome.winners) > 1:  # a shared win rests on the table's choice
                assert entries[found["winner"].draw] == ("tie_choice", {"choice": "share"})


def test_a_hand_is_made_of_gold_cutpurses_and_each_special_card_that_scored():
    state = GAME.replay(["Anna", "Ben", "Cem"], {}, [
        hand(row(30), row(30), row(20)),
        hand(row(40), row(30), row(10)),
        hand(row(20, 1, other=10, assassin=1, night_watchman=1), row(40), row(20)),
    ])
    it = GAME.explanations(state)["hand/3/0"]
    assert [(str(p.label), p.value, p.entry) for p in it.parts] == [
        ("Hand 3: gold", 20, 2), ("1 cutpurse × −20", -20, 2), ("Night Watchman takes the last trick", 10, 2),
        ("Assassin: 1 authority murdered", 10, 2), ("Other special points", 10, 2)]
    assert it.value == 30 and it.section == "scoring-a-hand"
    total = GAME.explanations(state)["score/0"]
    assert [(str(p.label), p.value) for p in total.parts] == [("Hand 1", 30), ("Hand 2", 40), ("Hand 3", 30)]


def test_the_rulebooks_trump_combination_gives_nobody_special_points_and_the_cutpurse_costs_nothing():
    # P2's Guard cancels P1's cutpurse, P4's Assassin murders P3's Chancellor, P5's Countess takes
    # the trick: the cutpurse is set aside, no special points (rule text, "Example").
    players = ["P1", "P2", "P3", "P4", "P5"]
    state = GAME.replay(players, {}, [hand(row(10), row(20), row(10), row(10), row(30), set_aside=1)])
    it = GAME.explanations(state)["hand/1/4"]
    assert [(str(p.label), p.value) for p in it.parts] == [("Hand 1: gold", 30)]


def test_while_played_the_standings_say_the_points_to_the_limit_and_at_the_end_nothing():
    state = GAME.replay(["Anna", "Ben", "Cem"], {"limit": 60}, [hand(row(50), row(30), row(0))])
    assert {s.seat: s.to_go for s in GAME.standings(state)} == {0: 10, 1: 30, 2: 60}
    state = GAME.apply(state, *hand(row(20), row(30), row(30)))
    assert all(s.to_go is None for s in GAME.standings(state))


def test_several_past_the_limit_in_one_hand_the_chain_says_the_highest_total_won():
    state = GAME.replay(["Anna", "Ben", "Cem"], {}, [
        hand(row(50), row(30), row(0)), hand(row(30), row(50), row(0)), hand(row(30), row(40), row(10))])
    winner = GAME.explanations(state)["winner"]
    assert str(winner.step) == "2 players reached 100 in hand 3; of them Ben has the highest total, 120."
    assert winner.draw is None and winner.section == "end"


def test_a_tie_at_the_top_played_on_names_the_tables_choice_and_its_entry():
    entries = [hand(row(50), row(30), row(0)), hand(row(50), row(30, other=40), row(0)),
               ("tie_choice", {"choice": "another_hand"})]
    state = GAME.replay(["Anna", "Ben", "Cem"], {}, entries)
    found = GAME.explanations(state)
    assert found["place/0"].draw == 2 and "share place 1" in str(found["place/0"].step)
    assert str(found["tie/2"].step) == "The table chose to play another hand."
    state = GAME.apply(state, *hand(row(20), row(30), row(30)))
    winner = GAME.explanations(state)["winner"]
    assert winner.draw == 2
    assert str(winner.step) == ("Equal totals at the top after hand 2: the table chose to play another hand, "
                                "and after hand 3 Ben has the highest total, 130.")


def test_each_step_says_its_rule_and_the_section_that_tells_it():
    state = GAME.replay(["Anna", "Ben", "Cem", "Dora"], {"first_dealer": 3}, [])
    expect = GAME.expect(state)
    assert str(expect.rule) == ("Dora deals 11 cards to each player; Anna, left of the dealer, leads the "
                                "first trick, and whoever takes a trick leads the next.")
    assert expect.section == "playing-a-hand"
    tied = GAME.replay(["Anna", "Ben", "Cem"], {}, [hand(row(50), row(30), row(0)),
                                                     hand(row(50), row(30, other=40), row(0))])
    expect = GAME.expect(tied)
    assert expect.kind == "tie_choice" and expect.section == "our-readings" and "100 each" in str(expect.rule)


def test_the_german_reference_has_the_same_sections():
    german = (ROOT / "templates/games/beutelschneider/print/rules.de.html").read_text(encoding="utf-8")
    assert set(re.findall(r'<section id="([^"]+)"', german)) == SECTIONS
    assert {"playing-a-hand", "scoring-a-hand", "end", "our-readings"} <= SECTIONS


def test_a_shared_win_names_the_limit_and_the_tables_choice():
    state = GAME.replay(["Anna", "Ben", "Cem"], {}, [
        hand(row(50), row(30), row(0)), hand(row(50), row(30, other=40), row(0)), ("tie_choice", {"choice": "share"})])
    found = GAME.explanations(state)
    for key in ("winner", "place/0", "place/1"):
        assert found[key].draw == 2 and "limit of 100" in str(found[key].rule)
        assert str(found[key].step) == ("Equal totals at the top, 100 points each: the table chose to share "
                                        "the win between Anna and Ben.")
    assert found["place/2"].draw is None


def test_after_playing_on_from_a_tie_a_third_player_crossing_the_limit_does_not_make_it_a_first_to_reach():
    entries = [hand(row(40), row(20), row(20)), hand(row(40, other=20), row(40, other=40), row(0)),
               ("tie_choice", {"choice": "another_hand"}), hand(row(0, other=100), row(0), row(80))]
    state = GAME.replay(["Anna", "Ben", "Cem"], {}, entries)
    assert state.totals == (200, 100, 100)
    assert str(GAME.outcome(state).words) == "Highest total after playing on from a tie."
    winner = GAME.explanations(state)["winner"]
    assert winner.draw == 2 and str(winner.step).startswith("Equal totals at the top after hand 2")
