"""The test tables of give-me-the-treasure: what the shared tests (printables, docs) ask of this game through
tests/games/tables.py, kept here so that a game is one place in the tests too."""
from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

from companion.games.treasure.market import BLACK_MARKET_ROWS
from tests.games.tables import result_values

# The blank score sheet's pages (tests/printables/test_blank_sheets.py).
# Its turns are as many as fit above its reference, for 2 to 4 (issue 36.2).
SHEET_PAGES = 1

# What the blank sheet must say, by language: rule facts the table looks up.
SHEET_FACTS = {'en': ['Black Market',
                      'Raoul',
                      'Chipo',
                      'Joe',
                      'Mofette',
                      'Team of two: Leader',
                      'pay 2 coins'],
               'de': ['Schwarzmarkt', 'Raoul', 'Zweierteam: Anführer', 'für 2 Münzen']}

# The rules reference's facts, on paper and on the rules page (tests/printables/test_rules_references.py).
REFERENCE_FACTS = {'en': ['1 against 1',
                          '2 against 1',
                          '30 coins',
                          'Pat, the Police Dog',
                          'Leader 3, member 4',
                          'another turn',
                          '7 and 1 do not follow each other.'],
                   'de': ['1 gegen 1',
                          '2 gegen 2',
                          '30 Münzen',
                          'Anführer 3, Mitglied 4',
                          'Die Truhe seiner Seite fasst eine Beutekarte mehr als üblich.']}

# The German slips of issue 24: what the fixed reference must no longer say.
REFERENCE_NEVER = {'de': ['über dem üblichen Limit']}

# House readings: each after the words that mark it as ours, never stated as a rule fact.
REFERENCE_OURS = {'en': ('Our reading:', ["any cards of the row's kind and size"]),
                  'de': ('Unsere Lesart:', ['Alle Karten der Art und Größe einer Zeile'])}

# Enough entries to turn a page of the full log and the filled sheet (tests/printables/test_layout.py).
LOG_ENTRIES = 16

# The characters and cards no code outside this game's folders names (tests/test_one_place.py),
# and those its rules page names as printed on the cards, in both languages.
OWN_NAMES = ("Raoul", "Chipo", "Mofette", "Rou-Rou", "Cursed Painting")
PRINTED_NAMES = ("Raoul", "Chipo", "Mofette", "Rou-Rou")


def check_sheet(text: str, players: int, lang: str) -> None:
    for _kind, size, example, coins in BLACK_MARKET_ROWS:   # the Black Market, row by row
        assert f"{size} {example} {coins}" in text


def check_reference(text: str, lang: str) -> None:
    for _kind, _size, example, coins in BLACK_MARKET_ROWS:
        assert f"{example} {coins}" in text


def check_reference_page(page: Any) -> None:
    """The Black Market's examples are read as one run of numbers: never wrapped."""
    words = page.extract_words()
    head = next(w for w in words if w["text"] in ("e.g.", "z."))
    coins = next(w for w in words if w["text"] in ("Coins", "Münzen") and abs(w["top"] - head["top"]) < 2)
    runs: dict[int, str] = defaultdict(str)
    for word in words:
        if head["x0"] - 1 <= word["x0"] < coins["x0"] and word["top"] > head["bottom"]:
            runs[round(word["top"])] += word["text"]
    assert list(runs.values()).count("12345") == 2, dict(runs)


def play(state: Any, expect: Any, rng: random.Random, n: int, game: Any) -> list[tuple[str, dict]]:
    """Each side keeps 2 of its 3 (one each in a team of two); a turn without combinations."""
    if expect.kind == "keep":
        taken: dict[int, int] = {}
        rows = []
        for seat in range(n):
            side = state.teams[seat]
            count = 2 // len(state.sides[side])
            start = taken.get(side, 0)
            rows.append(list(state.dealt[side][start:start + count]))
            taken[side] = start + count
        return [("keep", {"reinforcements": rows})]
    return [(expect.kind, {"sides": [{"combinations": []}, {"combinations": []}]})]

# A result from paper (tests/result/): the form's values, the winner's name, the words that decided it.
RESULT_FORM = (result_values(("Ann", "Bob", "Cem"), (31, 31, 28), {0, 1}, side=(0, 0, 1)),
               "Ann &amp; Bob", "First to 30 coins at the Inspection.")
