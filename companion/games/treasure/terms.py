"""Give Me The Treasure's terms in English and German, for its rules page: the German rule text
read beside an English player. Card and character names stay as printed."""
from ..base import N_

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
# Said under the terms on the rules page: this game's own card and character names.
NAMES_AS_PRINTED = N_("Card and character names (Raoul, Chipo, Joe, Mofette, Pat, Super Rou-Rou …) "
                      "stay as printed on the cards.")
