"""The test tables of beutelschneider: what the shared tests (printables, docs) ask of this game through
tests/games/tables.py, kept here so that a game is one place in the tests too."""
from __future__ import annotations

import random
from typing import Any

from companion.games.beutelschneider.rules import CARDS_DEALT
from tests.games.tables import result_values

# The blank score sheet's pages (tests/printables/test_blank_sheets.py).
SHEET_PAGES = 1

# What the blank sheet must say, by language: rule facts the table looks up.
SHEET_FACTS = {'en': ['Limit: 100 points', '−20 per cutpurse', 'Dealer', 'adds up to 80'],
               'de': ['Grenze: 100 Punkte', '−20 je Beutelschneider', 'Geber']}

# The rules reference's facts, on paper and on the rules page (tests/printables/test_rules_references.py):
# special points come "in general" with the trick won, the Guard's cancellation whoever wins it (the
# Bard's points trick or not are our reading, tests/printables/test_paper_ii_readings.py).
REFERENCE_FACTS = {'en': ['A trick-taking game for 3 to 5 players.',
                          'Court Physician, Chancellor, Bishop',
                          'Night Watchman',
                          'Guard',
                          'Hypnotist',
                          'costs 20',
                          '100 points',
                          'In general, only if their player also wins the trick:',
                          'The Bard (10)',
                          'lose their penalty and are set aside, whoever wins the trick'],
                   'de': ['Ein Stichspiel für 3 bis 5 Spieler.',
                          'Hofarzt, Kanzler, Bischof',
                          'Nachtwächter',
                          'Gardist',
                          'kostet 20',
                          '100 Punkte',
                          'Grundsätzlich nur, wenn ihr Spieler den Stich auch gewinnt:',
                          'Der Barde (10)',
                          'verlieren ihren Abzug und werden beiseitegelegt, egal wer den Stich gewinnt']}

# The German slips of issue 24: what the fixed reference must no longer say.
REFERENCE_NEVER = {'en': ['for 3 to 5.'], 'de': ['für 3 bis 5.']}

# House readings: each after the words that mark it as ours, never stated as a rule fact.
REFERENCE_OURS = {'en': ('Our readings',
                         ['another hand or to share the win',
                          'The deal passes to the left',
                          '4 cutpurses']),
                  'de': ('Unsere Lesarten',
                         ['ob noch ein Spiel folgt', 'Der Geber wechselt', '4 Beutelschneider'])}

# Enough entries to turn a page of the full log and the filled sheet (tests/printables/test_layout.py).
LOG_ENTRIES = 16

# The characters and cards no code outside this game's folders names (tests/test_one_place.py).
OWN_NAMES = ("Night Watchman", "Court Physician", "Hypnotist", "Alchemist")

# Played to 1000, so that the layouts' long games do not end early.
PLAY_SETTINGS = {"limit": 1000}


def check_sheet(text: str, players: int, lang: str) -> None:
    assert (f"{CARDS_DEALT[players]} cards each" if lang == "en" else f"je {CARDS_DEALT[players]} Karten") in text


def check_reference(text: str, lang: str) -> None:
    for dealt in CARDS_DEALT.values():   # 14, 11, 9
        assert f" {dealt} " in text
    # The Bard is not among the trumps that score only with the trick.
    only_if = text.index(REFERENCE_FACTS[lang][-3])
    assert ("Bard" if lang == "en" else "Barde") not in text[only_if:text.index(REFERENCE_FACTS[lang][-2])]


def play(state: Any, expect: Any, rng: random.Random, n: int, game: Any) -> list[tuple[str, dict]]:
    """A plausible hand: 80 gold in tens, one cutpurse kept in turn."""
    golds = [0] * n
    for _ in range(8):
        golds[rng.randrange(n)] += 10
    return [("hand", {"players": [{"gold": g, "cutpurses": 1 if s == len(state.hands) % n else 0}
                                  for s, g in enumerate(golds)]})]

# A result from paper (tests/result/): the form's values, the winner's name, the words that decided it.
RESULT_FORM = ({**result_values(("Anna", "Ben", "Cem"), (80, 130, -20), {1}), "limit": "120"},
               "Ben", "Highest total with 120 points or more.")
