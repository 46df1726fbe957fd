"""Beutezug's terms in English and German, for its rules page: the German rule text read beside
an English player. The game was written in German, so the German names are the rule text's."""

# (English, German), in the order a player meets them.
TERMS: tuple[tuple[str, str], ...] = (
    ("heist", "Beutezug"),
    ("round", "Runde"),
    ("character card, character chip", "Charakterkarte, Charakterchip"),
    ("placement chip", "Platzierungschip"),
    ("loot card, loot (its points)", "Beutekarte, Beute (ihre Punkte)"),
    ("the 0, 2, 3, 4 and 5 stacks", "der 0er-, 2er-, 3er-, 4er- und 5er-Stapel"),
    ("0-card", "0er-Karte"),
    ("display (the face-up loot cards to choose from)", "allgemeine Auslage"),
    ("your cards won", "persönliche Auslage"),
    ("bonus", "Vorteil"),
    ("re-roll one die, re-roll all dice", "einen Würfel neu werfen, alle Würfel neu werfen"),
    ("re-roll chip", "Neuwurf-Chip"),
    ("colour bonus: +1 on every die of one colour", "Farbbonus: +1 auf jeden Würfel einer Farbe"),
    ("loot chip", "Beutechip"),
    ("blue, green, orange, pink, black (dice)", "blau, grün, orange, pink, schwarz (Würfel)"),
)
NAMES_AS_PRINTED = ""
