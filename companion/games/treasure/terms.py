"""Give Me The Treasure's terms in English and German, for its rules page: the German rule text
read beside an English player. Card and character names stay as printed."""

# (English, German), in the order a player meets them.
TERMS: tuple[tuple[str, str], ...] = (
    ("turn", "Zug"),
    ("coins", "Münzen"),
    ("chest, chest limit", "Truhe, Truhenlimit"),
    ("Loot cards", "Beutekarten"),
    ("combination", "Kombination"),
    ("Black Market", "Schwarzmarkt"),
    ("Bandits", "Banditen"),
    ("Reinforcements", "Verstärkungen"),
)
# The rules page says that card and character names (Raoul, Chipo, Joe ...) stay as printed.
NAMES_AS_PRINTED = True
