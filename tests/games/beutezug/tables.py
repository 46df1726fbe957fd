"""The test tables of beutezug: what the shared tests (printables, docs) ask of this game through
tests/games/tables.py, kept here so that a game is one place in the tests too."""
from __future__ import annotations

import random
from typing import Any

from tests.games.tables import result_values

# The blank score sheet's pages (tests/printables/test_blank_sheets.py).
SHEET_PAGES = 1

# What the blank sheet must say, by language: rule facts the table looks up.
SHEET_FACTS = {'en': ['7 rounds',
                      'Re-roll chip',
                      'Loot chips: 6 · 5 · 4 · 3 · 2',
                      'the highest loot card wins, then the second-highest',
                      '+1 orange die'],
               'de': ['7 Runden',
                      'Neuwurf-Chip',
                      'Beutechips: 6 · 5 · 4 · 3 · 2',
                      'die höchste Beutekarte gewinnt, dann die zweithöchste']}

# The rules reference's facts, on paper and on the rules page (tests/printables/test_rules_references.py).
REFERENCE_FACTS = {'en': ['19 × stack 0',
                          '9 × stack 5',
                          'reverse order',
                          'flip a coin',
                          're-roll chip',
                          'highest loot chip still in the supply'],
                   'de': ['19 × 0er',
                          'umgekehrter Reihenfolge',
                          'Münze',
                          'Neuwurf-Chip',
                          'Wer die meisten Punkte hat, bekommt Platzierungschip 1',
                          '+1 auf orange Würfel',
                          '+1 auf pinke Würfel']}

# The German slips of issue 24: what the fixed reference must no longer say.
REFERENCE_NEVER = {'de': ['orangen', 'Die meisten Punkte bekommen']}

# House readings: each after the words that mark it as ours, never stated as a rule fact.
REFERENCE_OURS = {'en': ('Our readings',
                         ['Loot chips worth 6, 5, 4, 3, 2',
                          'Seized cards show 1–14 loot',
                          'either its bonus or 1 loot point',
                          'no +1 bonus for blue']),
                  'de': ('Unsere Lesarten',
                         ['Beutechips im Wert von 6, 5, 4, 3, 2',
                          'Erbeutete Karten zeigen 1–14 Beute',
                          'entweder ihren Vorteil oder 1 Beutepunkt'])}

# Enough entries to turn a page of the full log and the filled sheet (tests/printables/test_layout.py).
LOG_ENTRIES = 60

# The characters and cards no code outside this game's folders names (tests/test_one_place.py).
OWN_NAMES = ("loot chip",)


def check_reference(text: str, lang: str) -> None:
    # Stated as facts nowhere but among our readings.
    assert text.count("1–14") == 1 and text.count("6, 5, 4, 3, 2") == 1


def play(state: Any, expect: Any, rng: random.Random, n: int, game: Any) -> list[tuple[str, dict]]:
    """A round the rules accept, drawn at random."""
    for _ in range(500):
        outcomes = [{"seat": s, "stack": (stack := rng.choice([0, 2, 3, 4, 5])),
                     "bonus": rng.choice(["none", "orange", "green", "reroll_one"]),
                     **({"loot": rng.randint(2, 14)} if stack else {})} for s in range(n)]
        try:
            game.apply(state, "round", {"outcomes": outcomes})
            return [("round", {"outcomes": outcomes})]
        except ValueError:
            continue
    raise AssertionError("no valid round found")

# A result from paper (tests/result/): the form's values, the winner's name, the words that decided it.
RESULT_FORM = (result_values(("Vincenzo", "Kate", "Johnny"), (38, 40, 40), {1},
                             loot=(None, "14 10 4 4 4 2 2", "14 9 5 4 3 1 0")),
               "Kate", "Tie broken by the second-highest loot card.")

# A tie at the top whose tie-break is given although the result says it went unrecorded:
# the tied seats 0 and 1 on 40 points, each's value for the tie-break (its field), and the
# seat the game's tie-break makes the winner (Anna's highest loot card beats Ben's).
UNRECORDED_TIE_BROKEN = ("loot", [14, 6, 5, 5, 4, 3, 3], [13, 6, 6, 5, 5, 3, 2], 0)
