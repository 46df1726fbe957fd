"""The shape of an own game's entries and settings (docs/games/own.md); see ..schema."""
from __future__ import annotations

from ..schema import Choice, Either, Shape
from .state import SCORINGS

ENTRIES: dict[str, Shape] = {
    "round": {"players": [{"score": int}]},
    "end": {},
    "final": {"players": [{"score": int}]},
    "places": {"players": [{"place": int}]},
    "tie_break": {"winner": int, "drawn?": bool},
    # A game played on paper: its final totals or places, the first and only entry (..result).
    "result": {"players": [{"score": int}], "winners": [int]},
}
SETTINGS: dict[str, Shape] = {
    "name?": str, "scoring?": Choice(SCORINGS), "wins?": Choice(("high", "low")),
    "target?": Either(int, type(None)), "ties?": Choice(("share", "break")),
    "cooperative?": bool,
}
