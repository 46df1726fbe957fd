"""Each game's terms in English and German for its rules page: a table
that reads the German rule text beside an English player, and the other way round.

Names are facts and carry over as they are; where a term needs a word of explanation, it is
ours. Beutezug and Beutelschneider were written in German, so their German names are the
rule text's; Give Me The Treasure and Loot and Scoot keep their card and character names as
printed.
"""
from __future__ import annotations

from .games.base import N_

# (English, German) per game, in the order a player meets them.
TERMS: dict[str, tuple[tuple[str, str], ...]] = {
    "beutezug": (
        ("heist", "Beutezug"),
        ("round", "Runde"),
        ("character card, character chip", "Charakterkarte, Charakterchip"),
        ("placement chip", "Platzierungschip"),
        ("loot card, loot (its points)", "Beutekarte, Beute (ihre Punkte)"),
        ("the 0, 2, 3, 4 and 5 stacks", "der 0er-, 2er-, 3er-, 4er- und 5er-Stapel"),
        ("0-card", "0er-Karte"),
        ("display (your cards won)", "Auslage (deine gewonnenen Karten)"),
        ("bonus", "Vorteil"),
        ("re-roll one die, re-roll all dice", "einen Würfel neu werfen, alle Würfel neu werfen"),
        ("re-roll chip", "Neuwurf-Chip"),
        ("colour bonus: +1 on every die of one colour", "Farbbonus: +1 auf jeden Würfel einer Farbe"),
        ("loot chip", "Beutechip"),
        ("blue, green, orange, pink, black (dice)", "blau, grün, orange, pink, schwarz (Würfel)"),
    ),
    "beutelschneider": (
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
    ),
    "give-me-the-treasure": (
        ("turn", "Zug"),
        ("coins", "Münzen"),
        ("chest, chest limit", "Truhe, Truhenlimit"),
        ("Loot cards", "Beutekarten"),
        ("combination", "Kombination"),
        ("Black Market", "Schwarzmarkt"),
        ("Bandits", "Banditen"),
        ("Reinforcements", "Verstärkungen"),
    ),
    "loot-and-scoot": (
        ("turn", "Zug"),
        ("gold pieces (gp), coins", "Goldstücke (GS), Münzen"),
        ("victory points (VP)", "Siegpunkte (SP)"),
        ("Divine Pity", "Göttliches Erbarmen"),
        ("a-Lootin'", "Plünderzug"),
        ("battle", "Kampf"),
        ("leaving the dungeon", "den Dungeon verlassen"),
    ),
}

# Said under the table of the games whose names stay English.
AS_PRINTED = N_("Card and character names (Raoul, Chipo, Joe, Mofette, Pat, Super Rou-Rou …) "
                "stay as printed on the cards.")
KEEPS_NAMES = {"give-me-the-treasure", "loot-and-scoot"}
