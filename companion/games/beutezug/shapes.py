"""The shape of Beutezug's entries and settings (docs/games/beutezug.md); see ..schema."""
from __future__ import annotations

from typing import Any

from ..schema import Choice
from .cards import BONUSES

BONUS = Choice(BONUSES)
ORDER = {"order": [int]}

ENTRIES: dict[str, Any] = {
    "placement": ORDER,
    "placement_tie": ORDER,
    "round": {"outcomes": [{"seat?": int, "stack": int, "loot?": int, "bonus?": BONUS}]},
    "coin": {"winner": int},
    # A game played on paper: its final points, the first and only entry (..result).
    "result": {"players": [{"score": int, "loot?": [int]}], "winners": [int]},
}
SETTINGS: dict[str, Any] = {"loot_chips?": [int], "placement_chip_bonuses?": [BONUS]}
