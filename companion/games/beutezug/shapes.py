"""The shape of Beutezug's entries and settings (docs/games/beutezug.md); see ..schema."""
from __future__ import annotations

from ..schema import Choice, Shape
from .cards import BONUSES

BONUS = Choice(BONUSES)
ORDER: Shape = {"order": [int]}
OUTCOME: Shape = {"seat?": int, "stack": int, "loot?": int, "bonus?": BONUS}  # one heist

ENTRIES: dict[str, Shape] = {
    "placement": ORDER,
    "placement_tie": ORDER,
    "round": {"outcomes": [OUTCOME]},
    "coin": {"winner": int},
    # A game played on paper: its final points, the first and only entry (..result).
    "result": {"players": [{"score": int, "loot?": [int]}], "winners": [int], "tie_unrecorded?": bool},
}
SETTINGS: dict[str, Shape] = {"loot_chips?": [int], "placement_chip_bonuses?": [BONUS]}
