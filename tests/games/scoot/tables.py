"""The test tables of loot-and-scoot: what the shared tests (printables, docs) ask of this game through
tests/games/tables.py, kept here so that a game is one place in the tests too."""
from __future__ import annotations

import random
from typing import Any

from tests.games.tables import result_values

# The blank score sheet's pages (tests/printables/test_blank_sheets.py).
SHEET_PAGES = 2

# What the blank sheet must say, by language: rule facts the table looks up.
SHEET_FACTS = {'en': ['3 gp the first of a class, 6 gp the second',
                      '10 gp, then 15 gp',
                      '+5 gp',
                      'Gold (1 VP per 5 gp)',
                      'Tied: the most money.',
                      'dwarf'],
               'de': ['3 GS für den ersten einer Klasse, 6 GS für den zweiten',
                      '10 GS, dann 15 GS',
                      'Siegpunkte',
                      'Zwerg']}

# The rules reference's facts, on paper and on the rules page (tests/printables/test_rules_references.py).
REFERENCE_FACTS = {'en': ['3 gp for the first of a class, 6 gp for the second',
                          '12 gp leaving peacefully, 9 gp running',
                          '4 Hirelings',
                          '3 VP per tile',
                          '1 VP per 5 gp',
                          'dwarf',
                          'Beating a Boss ends the game: the party loots the Boss room, then leaves the '
                          'Dungeon'],
                   'de': ['12 GS beim friedlichen Gehen, 9 GS bei Flucht',
                          '1 SP je 5 GS',
                          'Zwerg',
                          'oder eine Aktion und ein Plünderzug',
                          'Die Gruppe plündert den Bossraum, verlässt den Dungeon und bekommt das Gold']}

# The German slips of issue 24: what the fixed reference must no longer say.
REFERENCE_NEVER = {'en': ['ends the game at once'], 'de': ['Beutezug', 'beendet sofort']}

# House readings: each after the words that mark it as ours, never stated as a rule fact.
REFERENCE_OURS = {'en': ('our reading', ['as leaving peacefully']),
                  'de': ('unsere Lesart', ['wie beim friedlichen Gehen'])}

# Enough entries to turn a page of the full log and the filled sheet (tests/printables/test_layout.py).
LOG_ENTRIES = 60

# The characters and cards no code outside this game's folders names (tests/test_one_place.py).
OWN_NAMES = ("Divine Pity", "a-Lootin'", "Hireling")

# A turn: two Inn actions, begging, or an action and a trip a-Lootin' (with what happened in
# the Dungeon). Each player takes each kind in turn, about 2 entries a turn.
TURNS = (
    lambda s, o: [("action", {"seat": s, "action": "trade", "with": o, "pay": 1}),
                  ("action", {"seat": s, "action": "trade", "with": o, "receive": 1})],
    lambda s, o: [("action", {"seat": s, "action": "beg"})],
    lambda s, o: [("action", {"seat": s, "action": "trade", "with": o, "pay": 1}),
                  ("action", {"seat": s, "action": "wounds", "hirelings": 1}),
                  ("leave", {"seat": s, "dungeon": o, "levels": [], "how": "lost"})],
    lambda s, o: [("action", {"seat": s, "action": "hire", "count": 1}),
                  ("leave", {"seat": s, "dungeon": o, "levels": [], "how": "fled"})],
)
PICKS = [["squire", "priest"], ["wizard", "thief"], ["squire", "wizard"], ["priest", "thief"]]


def play(state: Any, expect: Any, rng: random.Random, n: int, game: Any) -> list[tuple[str, dict]]:
    if expect.kind == "pick":
        return [("pick", {"classes": PICKS[len(state.picks)]})]
    return TURNS[(state.turn // n) % len(TURNS)](state.current, (state.current + 1) % n)

# A result from paper (tests/result/): the form's values, the winner's name, the words that decided it.
RESULT_FORM = (result_values(("Adam", "Beth"), (27, 27), {0}, gold=(12, 9)),
               "Adam", "Tied on victory points: the player with the most money wins.")

# A tie at the top whose tie-break is given although the result says it went unrecorded:
# the tied seats 0 and 1 on 40 victory points, each's value for the tie-break (its field),
# and the seat the game's tie-break makes the winner (Ben has more money).
UNRECORDED_TIE_BROKEN = ("gold", 3, 9, 1)
