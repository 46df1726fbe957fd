"""Played games with a full table, for the screens at large text: each game with as many
players as it takes (Beutelschneider and Beutezug 5, Give Me The Treasure and Loot and Scoot 4,
an own game 6), entries checked by the rules as they are stored."""
from __future__ import annotations

import copy
from typing import Any

from companion.record.entries import add_entry, new_record
from tests.conftest import EXAMPLES

FIVE = ["Anna", "Ben", "Cem", "Dora", "Emil"]
SIX = [*FIVE, "Fritzi"]


def _stored(store, slug: str, players: list[str], settings: dict[str, Any], entries) -> str:
    record = new_record(slug, players, settings)
    for kind, data in entries:
        record = add_entry(record, kind, data)
    return store.create(record)


def beutelschneider(store, players=FIVE) -> str:
    hands = [(30, 20, 10, 10, 10), (10, 40, 10, 10, 10), (20, 20, 20, 10, 10), (0, 10, 30, 20, 20)]
    return _stored(store, "beutelschneider", list(players), {"limit": 100},
                   [("hand", {"players": [{"gold": g} for g in h]}) for h in hands])


def beutezug(store, players=FIVE) -> str:
    rounds = [[(2, 3, "orange"), (3, 5, "none"), (4, 8, "green"), (5, 11, "none"), (0, None, "none")],
              [(0, None, "pink"), (2, 2, "none"), (3, 6, "none"), (4, 9, "black"), (5, 12, "none")],
              [(5, 13, "none"), (0, None, "none"), (2, 1, "none"), (3, 4, "none"), (4, 10, "none")]]
    entries: list[tuple[str, dict]] = [("placement", {"order": [0, 1, 2, 3, 4]})]
    for outcomes in rounds:
        entries.append(("round", {"outcomes": [
            {"stack": s, "bonus": b, "seat": i, **({} if loot is None else {"loot": loot})}
            for i, (s, loot, b) in enumerate(outcomes)]}))
    return _stored(store, "beutezug", list(players), {}, entries)


def treasure(store, players=FIVE[:4]) -> str:
    """The documented example, played two against two."""
    entries = [(e["kind"], copy.deepcopy(e["data"])) for e in EXAMPLES["give-me-the-treasure"]["entries"]]
    entries[0][1]["bandits"] = ["chipo", "joe", "raoul", "mofette"]
    entries[1] = ("keep", {"reinforcements": [["super_rou_rou"], ["viper"], ["ninja_leo"], ["croc_brothers"]]})
    return _stored(store, "give-me-the-treasure", list(players), {}, entries)


def scoot(store, players=FIVE[:4]) -> str:
    """Four parties to The End: the Boss falls on the first turn."""
    nothing = {"loot": [], "unclaimed": 5, "treasure": 0}
    return _stored(store, "loot-and-scoot", list(players), {}, [
        ("first_player", {"seat": 0}),
        ("pick", {"classes": ["squire", "thief"]}), ("pick", {"classes": ["priest", "wizard"]}),
        ("pick", {"classes": ["squire", "wizard"]}), ("pick", {"classes": ["priest", "thief"]}),
        ("action", {"action": "recruit", "class": "priest"}),
        ("leave", {"dungeon": 1, "levels": [2, 6], "how": "peaceful", "loot": 1}),
        ("final", {"players": [{"loot": [3], "unclaimed": 4, "treasure": 0}, nothing, nothing, nothing]})])


def own_game(store, players=SIX) -> str:
    settings = {"name": "Hearts", "scoring": "rounds", "wins": "low", "target": 100, "ties": "break"}
    return _stored(store, "own-game", list(players), settings,
                   [("round", {"players": [{"score": (seat * 7 + r * 3) % 14} for seat in range(len(players))]})
                    for r in range(6)])


PLAYED = {"beutelschneider": beutelschneider, "beutezug": beutezug, "give-me-the-treasure": treasure,
          "loot-and-scoot": scoot, "own-game": own_game}
