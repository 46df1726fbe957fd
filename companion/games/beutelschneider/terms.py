"""Beutelschneider's terms in English and German, for its rules page: the German rule text read
beside an English player. The game was written in German, so the German names are the rule
text's."""

# (English, German), in the order a player meets them.
TERMS: tuple[tuple[str, str], ...] = (
    ("hand (one deal)", "Spiel (eine Runde)"),
    ("dealer", "Geber"),
    ("trick", "Stich"),
    ("trump", "Trumpf"),
    ("follow suit", "bedienen"),
    ("gold piece, gold sack", "Goldstück, Goldsack"),
    ("Beggar, Tavern Maid, Innkeeper, Merchant", "Bettler, Schankmagd, Wirt, Kaufmann"),
    ("Cutpurse", "Beutelschneider"),
    ("Night Watchman, Guard, Assassin", "Nachtwächter, Gardist, Meuchelmörder"),
    ("Adventurer, Countess, Court Physician", "Abenteurer, Comtesse, Hofarzt"),
    ("Chancellor, Bishop, Prince", "Kanzler, Bischof, Fürst"),
    ("special points", "Sonderpunkte"),
)
NAMES_AS_PRINTED = ""
