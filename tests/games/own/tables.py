"""The test tables of own-game: what the shared tests (printables, docs) ask of this game through
tests/games/tables.py, kept here so that a game is one place in the tests too."""
from __future__ import annotations

import random
from typing import Any

# The blank score sheet's pages (tests/printables/test_blank_sheets.py).
SHEET_PAGES = 1

# What the blank sheet must say, by language: rule facts the table looks up.
SHEET_FACTS = {'en': ['Game:', 'highest or lowest wins:', 'Total'],
               'de': ['Spiel:', 'höchste oder niedrigste gewinnt:', 'Summe']}

# The rules reference's facts, on paper and on the rules page (tests/printables/test_rules_references.py).
REFERENCE_FACTS = {'en': ['1 to 12 players or teams',
                          'Points by round',
                          '(1, 1, 3)',
                          'End the game with these totals'],
                   'de': ['1 bis 12 Spieler oder Teams',
                          'Punkte nach Runden',
                          '(1, 1, 3)',
                          'Das Spiel mit diesen Summen beenden']}

# House readings: each after the words that mark it as ours, never stated as a rule fact.
REFERENCE_OURS = {'en': ('Our readings', ['as in Hearts']), 'de': ('Unsere Lesarten', ['wie bei Hearts'])}

# Enough entries to turn a page of the full log and the filled sheet (tests/printables/test_layout.py).
LOG_ENTRIES = 30


def play(state: Any, expect: Any, rng: random.Random, n: int, game: Any) -> list[tuple[str, dict]]:
    return [("round", {"players": [{"score": rng.randint(-5, 30)} for _ in range(n)]})]
