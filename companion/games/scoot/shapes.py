"""The shape of Loot and Scoot's entries (docs/games/loot-and-scoot.md); see ..schema."""
from __future__ import annotations

from ..schema import Choice, Shape, Tagged
from .state import CLASSES, HIRELING, TOKENS

CLASS = Choice(CLASSES)
CHARACTER = Choice((*TOKENS, HIRELING))
ROLL: dict[str, Shape] = {"dice?": [int], "total?": int}

ACTION = Tagged("action", {"seat?": int}, {
    "recruit": {"class": CLASS},
    "hire": {"count?": int},
    "beg": {},
    "build": {"upgrade": CLASS, "train?": bool},
    "train": {"class": CLASS, "count?": int, "owner?": int, "fee?": int},
    "trade": {"with": int, "give?": [CHARACTER], "take?": [CHARACTER], "pay?": int, "receive?": int},
    "treasure": ROLL,
    "poison": {"saved": bool},
    "wounds": {"hirelings?": int, "flipped?": [CLASS], "sacrificed?": CHARACTER},
})

ENTRIES: dict[str, Shape] = {
    "first_player": {"seat": int},
    "pick": {"seat?": int, "classes": [CLASS]},
    "action": ACTION,
    "leave": {"seat?": int, "dungeon": int, "levels": [int], "how": Choice(("peaceful", "fled", "lost")),
              "loot?": int},
    "final": {"players": [{"loot?": [int], "unclaimed?": int, "treasure?": int}]},
    "treasure_roll": {"seat?": int, **ROLL},
    "dwarf": {"seat": int},
    # A game played on paper: its final victory points and the tie chain's values, the first
    # and only entry (..result).
    "result": {"players": [{"score": int, "gold?": int, "levels?": int, "rooms?": int}],
               "winners": [int], "tie_unrecorded?": bool},
}
SETTINGS: dict[str, Shape] = {}
