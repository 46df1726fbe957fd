"""Loot and Scoot's terms in English and German, for its rules page: the German rule text read
beside an English player."""

# (English, German), in the order a player meets them.
TERMS: tuple[tuple[str, str], ...] = (
    ("turn", "Zug"),
    ("gold pieces (gp), coins", "Goldstücke (GS), Münzen"),
    ("victory points (VP)", "Siegpunkte (SP)"),
    ("Divine Pity", "Göttliches Erbarmen"),
    ("a-Lootin'", "Plünderzug"),
    ("battle", "Kampf"),
    ("leaving the dungeon", "den Dungeon verlassen"),
)
# The classes, rooms and Bosses have German names in the app: nothing stays as printed.
NAMES_AS_PRINTED = ""
