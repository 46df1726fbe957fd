"""Loot and Scoot explains itself: over seeded random games played by the rules, every
number's parts add up to it and are the number the page shows, every place and the winner
name a rule, and the tie chain and the "now" strip say what the rulebook says."""
from __future__ import annotations

import random

import pytest

from companion.games.base import Making, RulesError, Why
from companion.games.scoot.explained import entries
from companion.games.scoot.rules import GAME
from companion.games.scoot.score import final_scores
from companion.games.scoot.state import CLASSES, TOKENS
from tests.games.scoot.test_game import FINAL_THREE, THREE_PLAYER_GAME, TWO_PLAYER_GAME
from tests.games.scoot.test_setup import PLAYERS

SECTIONS = {"setup", "your-turn", "a-lootin", "battles", "leaving", "the-end", "ties"}


def _turn(state, rng):
    """A few candidate entries for this moment of a turn, most plausible first, shuffled a bit."""
    seat, n = state.current, len(state.players)
    others = [s for s in range(n) if s != seat]
    cls = rng.choice(CLASSES)
    late = state.turn > rng.randint(12, 40)
    levels = sorted(rng.sample([1, 2, 3, 4, 5], rng.randint(0, 3))) + ([6] if late else [])
    how = "peaceful" if 6 in levels else rng.choice(["peaceful", "fled", "lost"])
    loot = rng.randint(0, len(levels))
    dungeon = rng.choice(others)
    if state.taken[dungeon] + state.turn_tiles + len(levels) > state.setup.dungeon_rooms - 4:
        levels, how, loot = [], "fled", 0    # room left for the Boss, wherever it hides
    leave = ("leave", {"dungeon": dungeon, "levels": levels, "how": how, "loot": loot})
    if state.turn > 50:   # long enough: the Boss falls in the emptiest Dungeon
        emptiest = min(others, key=lambda s: state.taken[s])
        boss = ("leave", {"dungeon": emptiest, "levels": [6], "how": "peaceful", "loot": rng.randint(0, 1)})
        first = [("action", {"action": "hire", "count": 1}), ("action", {"action": "trade", "with": others[0],
                                                                         "pay": 1, "receive": 1})]
        first += [("action", {"action": "recruit", "class": c}) for c in CLASSES]
        return [boss, *first, ("action", {"action": "beg"})]
    if state.looting:
        out = [("action", {"action": "treasure", "dice": [rng.randint(1, 6), rng.randint(1, 6)]}),
               ("action", {"action": "poison", "saved": rng.random() < .5}),
               ("action", {"action": "wounds", "hirelings": 1}),
               ("action", {"action": "wounds", "flipped": [cls]}),
               ("action", {"action": "wounds", "sacrificed": rng.choice(list(TOKENS))})]
        rng.shuffle(out)
        return [leave, *out] if rng.random() < .6 else [*out, leave]
    out = [("action", {"action": "recruit", "class": cls}),
           ("action", {"action": "hire", "count": rng.randint(1, 2)}),
           ("action", {"action": "build", "upgrade": cls, "train": rng.random() < .7}),
           ("action", {"action": "train", "class": cls, "count": 1}),
           ("action", {"action": "train", "class": cls, "owner": rng.choice(others), "fee": rng.randint(0, 3)}),
           ("action", {"action": "trade", "with": rng.choice(others), "pay": rng.randint(0, 2),
                       "receive": rng.randint(0, 2), "give": [rng.choice([*TOKENS, "hireling"])]}),
           ("action", {"action": "beg"})]
    rng.shuffle(out)
    if state.actions == 1:
        out.insert(0, ("action", {"action": "treasure", "dice": [rng.randint(1, 6), rng.randint(1, 6)]}))
        out.insert(rng.randint(0, 2), ("action", {"action": "poison", "saved": rng.random() < .5}))
        out.insert(rng.randint(0, 4), leave)
        out.append(("leave", {"dungeon": others[0], "levels": [], "how": "fled"}))
    return out


def _final(state, rng):
    rows, treasure_left = [], state.pool.treasure
    for seat, party in enumerate(state.parties):
        left = state.setup.dungeon_rooms - state.taken[seat]
        unclaimed = rng.randint(0, left)
        treasure = rng.randint(0, min(unclaimed, treasure_left))
        treasure_left -= treasure
        rows.append({"loot": [rng.randint(-3, 5) for _ in range(party.loot)], "unclaimed": unclaimed,
                     "treasure": treasure})
    return {"players": rows}


def random_game(seed: int, stop: int | None = None):
    """A game played by the rules from ``seed``: (players, [(kind, data, source)], state)."""
    rng = random.Random(seed)
    players = PLAYERS[:rng.randint(2, 4)]
    state, made = GAME.start(players, {}), []
    while (expect := GAME.expect(state)) is not None and (stop is None or len(made) < stop):
        if expect.draw:
            options = [(expect.kind, GAME.draw(state, rng), "app")]
        elif expect.kind == "pick":
            options = [("pick", {"classes": rng.sample(CLASSES, 2)}, "table") for _ in range(30)]
        elif expect.kind == "final":
            options = [("final", _final(state, rng), "table")]
        elif expect.kind == "dwarf":
            options = [("dwarf", {"seat": rng.choice(GAME._dwarf_choices(state))}, "table")]
        else:
            options = [(k, d, "table") for k, d in _turn(state, rng)]
        for kind, data, source in options:
            try:
                state = GAME.apply(state, kind, data)
            except RulesError:
                continue
            made.append((kind, data, source))
            break
        else:
            raise AssertionError(f"no entry fits at {len(made)}: {expect.kind}")
    return players, made, state


def shown_numbers(state):
    """Every number the state section and the standings show, by the key that explains it."""
    out = {}
    for s in GAME.standings(state):
        out[f"score/{s.seat}"] = s.score
        for i, (_label, value) in enumerate(s.parts if state.final else ()):
            out[f"vp/{s.seat}/{i}"] = value
    for seat, p in enumerate(state.parties):
        out |= {f"gold/{seat}": p.gold, f"hirelings/{seat}": p.hirelings, f"characters/{seat}": p.characters,
                f"pity/{seat}": p.pity, f"poison/{seat}": p.poison, f"looted/{seat}": len(p.rooms),
                f"loot/{seat}": p.loot, f"levels/{seat}": p.adventurer_levels}
        out |= {f"roster/{seat}/{title}": n for title, n in p.roster().items() if title != "hireling"}
    out |= {f"pool/{c}": state.pool.adventurers[i] for i, c in enumerate(CLASSES)}
    out |= {"pool/hirelings": state.pool.hirelings, "pool/pity": state.pool.pity, "pool/loot": state.pool.loot,
            "pool/treasure": state.pool.treasure, "pool/poison": state.pool.poison}
    if state.final is not None:
        out |= {f"money/{s.seat}": s.gold for s in final_scores(state)}
    return out


def check(state, count):
    found = GAME.explanations(state)
    for key, value in shown_numbers(state).items():
        making = found[key]
        assert isinstance(making, Making), key
        assert making.value == value, key
        assert sum(p.value for p in making.parts) == value, (key, making.parts)
        assert making.rule.text and making.section in SECTIONS, key
        assert all(p.entry is None or 0 <= p.entry < count for p in making.parts), key
    for s in GAME.standings(state):
        place = found[f"place/{s.seat}"]
        assert isinstance(place, Why) and place.rule.text and place.section in SECTIONS
    outcome = GAME.outcome(state)
    if outcome is not None:
        winner = found["winner"]
        assert isinstance(winner, Why) and winner.rule.text and winner.step == outcome.words
    if state.first_player is not None:
        assert isinstance(found["first"], Why) and found["first"].draw is not None
    return found


@pytest.mark.parametrize("seed", range(24))
def test_every_number_of_a_random_game_adds_up_and_every_place_names_a_rule(seed):
    players, made, state = random_game(seed)
    assert GAME.expect(state) is None and GAME.outcome(state) is not None
    for stop in sorted({3, len(made) // 3, len(made) // 2, len(made) - 2}):
        check(GAME.replay(players, {}, [(k, d) for k, d, _ in made[:stop]]), stop)
    check(state, len(made))


@pytest.mark.parametrize("seed", range(24))
def test_each_step_the_game_waits_for_says_its_rule_and_section(seed):
    players, made, _ = random_game(seed)
    state = GAME.start(players, {})
    for kind, data, _ in made:
        expect = GAME.expect(state)
        assert expect.rule is not None and expect.rule.text and expect.section in SECTIONS, expect.kind
        state = GAME.apply(state, kind, data)


def test_the_log_holds_the_entries_as_they_were_folded():
    _players, made, state = random_game(3)
    assert entries(state) == [(k, d) for k, d, _ in made]


def test_the_rulebook_example_nathaniel_takes_12_gp_9_of_them_for_level_3():
    state = GAME.replay(PLAYERS[:3], {}, THREE_PLAYER_GAME[:6])   # Adam loots 1, 2, 3 and leaves
    parts = [(str(p.label), p.value, p.entry) for p in GAME.explanations(state)["gold/0"].parts]
    assert parts == [("Starting gold", 5, None),
                     ("Recruit an Adventurer: Priest, the first of its class (3 gp)", -3, 4),
                     ("Left peacefully: 3 gp × level 3, the highest room looted this turn", 9, 5),
                     ("Bonus Loot: 1 gp each for 3 looted rooms and special tiles", 3, 5)]


def test_the_victory_points_are_each_rooms_level_the_markers_the_tiles_and_the_gold():
    state = GAME.replay(PLAYERS[:3], {}, [*THREE_PLAYER_GAME, FINAL_THREE, ("treasure_roll", {"dice": [2, 3]})])
    adam = GAME.explanations(state)["score/0"]
    assert [(str(p.label), p.value) for p in adam.parts] == [
        ("Room tiles looted, levels 1, 2, 3", 6), ("Room tiles looted, levels 4, 6", 10),   # the Boss: 6 VP
        ("Loot marker", 2), ("Loot marker", -1),
        ("3 unclaimed tiles in one's own Dungeon × 3 VP", 9), ("33 gp: 1 VP per 5 gp, rounded down", 6)]
    assert adam.value == 32


def test_a_tie_on_victory_points_broken_by_money_says_so_step_by_step():
    state = GAME.replay(PLAYERS[:3], {}, [*THREE_PLAYER_GAME, FINAL_THREE, ("treasure_roll", {"dice": [2, 3]})])
    found = GAME.explanations(state)
    assert str(found["winner"].step) == "Tied on victory points: the player with the most money wins."
    assert str(found["place/2"].step) == ("Equal on victory points. Behind Adam on money: 14 gp to 33 gp. "
                                         "Ahead of Beth on victory points: 32 to 23.")
    chain = GAME.tie_chain(state)
    assert [(c.result, c.seat) for c in chain] == [("equal", 0), ("decided", 0), ("unneeded", None),
                                                   ("unneeded", None), ("unneeded", None)]
    assert chain[0].values == ((0, 32), (1, 23), (2, 32)) and chain[1].values == ((0, 33), (2, 14))


def test_a_tie_on_everything_broken_by_the_dwarf_names_its_entry():
    entries_ = [*TWO_PLAYER_GAME, ("dwarf", {"seat": 1})]
    state = GAME.replay(PLAYERS[:2], {}, entries_)
    found = GAME.explanations(state)
    assert found["winner"].draw == len(entries_) - 1
    assert str(found["winner"].step) == "Tied on everything: the table picked who most looks like a dwarf."
    assert found["place/0"].draw == len(entries_) - 1
    assert str(found["place/0"].step).endswith("Behind Beth: the table picked who most looks like a dwarf.")
    assert [c.result for c in GAME.tie_chain(state)] == ["equal"] * 4 + ["decided"]
    waiting = GAME.replay(PLAYERS[:2], {}, TWO_PLAYER_GAME)
    assert [c.result for c in GAME.tie_chain(waiting)][-1] == "waiting" and "winner" not in GAME.explanations(waiting)


def test_the_first_player_and_the_turn_order_name_the_draw():
    state = GAME.replay(PLAYERS[:3], {}, [("first_player", {"seat": 2})])
    found = GAME.explanations(state)
    assert str(found["first"].title) == f"First player: {PLAYERS[2]}" and found["first"].draw == 0
    assert str(found["order"].title) == f"Turn order: {PLAYERS[2]}, {PLAYERS[0]}, {PLAYERS[1]}"


def test_a_fee_for_another_players_upgrade_is_in_both_ledgers():
    """Chapter 4: Mary pays Nathaniel 5 gp to use his Temple; all of it goes to the owner."""
    beg = ("action", {"action": "beg"})
    state = GAME.replay(PLAYERS[:2], {}, [
        ("first_player", {"seat": 0}), ("pick", {"classes": ["priest", "thief"]}),
        ("pick", {"classes": ["priest", "squire"]}), beg, beg, beg, beg, beg,
        ("action", {"action": "build", "upgrade": "priest", "train": False}), ("action", {"action": "recruit", "class": "wizard"}),
        ("action", {"action": "train", "class": "priest", "owner": 1, "fee": 5})])
    found = GAME.explanations(state)
    assert [(str(p.label), p.value, p.entry) for p in found["gold/0"].parts[-1:]] == [
        (f"Train at {PLAYERS[1]}'s Upgrade: the fee agreed", -5, 10)]
    assert [(str(p.label), p.value) for p in found["gold/1"].parts[-3:]] == [
        ("Build an Upgrade: Priest, the first Upgrade (10 gp)", -10), ("Recruit an Adventurer: Wizard, the first of its class (3 gp)", -3),
        (f"{PLAYERS[0]} trained at this Upgrade: the fee agreed", 5)]
    assert found["gold/1"].value == 5 + 5 + 5 - 10 - 3 + 5
