"""Seeded random legal games of Give Me The Treasure, for the tests that replay many games.

Each turn both sides resell a few random combinations (some with the Great Treasure), pay
off or discard Cursed Paintings, call the Reinforcements they hold, and now and then the
table corrects its coins; whatever the rules refuse is entered more simply, so every game
is one the app accepts. The app does not track the chests, so no card memory is needed.
"""
from __future__ import annotations

import random
from typing import Any

from companion.games.base import RulesError
from companion.games.treasure.market import COLOURS, CROC_BROTHERS, VIPER
from companion.games.treasure.rules import GAME

NAMES = ("Ann", "Bob", "Cem", "Dora")


def _combination(rng: random.Random, taken: set[str]) -> list[str] | None:
    kind = rng.choice(("same", "run", "colour_run"))
    if kind == "same":
        size, number = rng.choice((2, 2, 2, 3, 3, 4)), rng.randint(1, 7)
        cards = [f"{c}{number}" for c in rng.sample(COLOURS, size)]
    else:
        size = rng.choice((3, 3, 3, 4, 4, 5))
        first = rng.randint(1, 8 - size)
        colour = rng.choice(COLOURS)
        cards = [f"{colour if kind == 'colour_run' else rng.choice(COLOURS)}{first + i}"
                 for i in range(size)]
    if set(cards) & taken:
        return None
    taken.update(cards)
    return cards


def _side(rng: random.Random, state: Any, side: int, taken: set[str], treasure: list[bool]) -> dict[str, Any]:
    combos = [c for _ in range(rng.choice((0, 0, 1, 1, 1, 2))) if (c := _combination(rng, taken))]
    if combos and not treasure and rng.random() < 0.15:
        combos[0][rng.randrange(len(combos[0]))] = "treasure"
        treasure.append(True)
    row: dict[str, Any] = {"combinations": combos}
    for key in ("cursed_paid", "cursed_free", "cursed_held"):
        if rng.random() < 0.15:
            row[key] = 1
    held = [c for seat in state.sides[side] for c in state.unused[seat]]
    calls: list[Any] = []
    for card in held:
        if rng.random() < 0.35:
            if card == VIPER:
                calls.append({"card": card, "cursed": rng.randint(0, 2)})
            elif card == CROC_BROTHERS and state.used:
                calls.append({"card": card, "repeats": rng.choice(state.used)})
            elif card != CROC_BROTHERS:
                calls.append(card)
    if calls:
        row["reinforcements"] = calls
    return row


def _turn(rng: random.Random, state: Any) -> tuple[dict[str, Any], Any]:
    taken: set[str] = set()
    treasure: list[bool] = []
    rows = [_side(rng, state, side, taken, treasure) for side in (0, 1)]
    # What the rules refuse (a Reinforcement's condition unmet, a payment beyond the coins,
    # too many paintings) is dropped, one kind of thing at a time, until the turn is legal.
    for drop in ((), ("reinforcements",), ("cursed_paid", "cursed_free", "cursed_held"), ("combinations",)):
        for row in rows:
            for key in drop:
                row.pop(key, None)
        data = {"sides": rows}
        try:
            return data, GAME.apply(state, "turn", data)
        except RulesError:
            continue
    raise AssertionError("an empty turn is always legal")


def random_game(seed: int, players: int = 2, target: int | None = None,
                max_turns: int = 60) -> tuple[list[str], dict[str, Any], list[tuple[str, dict[str, Any]]]]:
    """(players, settings, entries) of a game played from ``seed``: to its end, or
    ``max_turns`` turns."""
    rng = random.Random(seed)
    names = list(NAMES[:players])
    settings: dict[str, Any] = {"bandit_skills": rng.random() < 0.8,
                                "free_discard": rng.choice(("any", "one_per_combination"))}
    if target is not None:
        settings["target"] = target
    state = GAME.start(names, settings)
    deal = GAME.draw(state, rng)
    entries: list[tuple[str, dict[str, Any]]] = [("deal", deal)]
    state = GAME.apply(state, "deal", deal)
    kept: list[list[str]] = []
    for seat in range(players):
        side = state.teams[seat]
        mine = list(deal["dealt"][side][:2])
        members = state.sides[side]
        kept.append(mine if len(members) == 1 else [mine[members.index(seat)]])
    entries.append(("keep", {"reinforcements": kept}))
    state = GAME.apply(state, "keep", entries[-1][1])
    while GAME.outcome(state) is None and len(state.turns) < max_turns:
        if rng.random() < 0.06:
            side = rng.randrange(2)
            coins = rng.choice((-1, 1, 2, 3))
            if state.coins[side] + coins >= 0:
                data = {"side": side, "coins": coins, "reason": "miscounted"}
                entries.append(("correction", data))
                state = GAME.apply(state, "correction", data)
        data, state = _turn(rng, state)
        entries.append(("turn", data))
    return names, settings, entries
