"""The shape of Beutelschneider's entries and settings (README, docs/record-format.md); see
..schema."""
from __future__ import annotations

from ..schema import Choice, Shape
from .rules import EVENT_KEYS

ENTRIES: dict[str, Shape] = {
    "hand": {
        "players": [{"gold": int, "cutpurses?": int, "other?": int,
                     "events?": {f"{key}?": int for key in EVENT_KEYS}}],
        "set_aside?": int, "alchemist?": bool,
    },
    "tie_choice": {"choice": Choice(("another_hand", "share"))},
    # A game played on paper: its final totals, the first and only entry (..result).
    "result": {"players": [{"score": int}], "winners": [int]},
}
SETTINGS: dict[str, Shape] = {"limit?": int, "first_dealer?": int, "cutpurses_in_deck?": int}
