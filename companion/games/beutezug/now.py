"""What the table does at each step of Beutezug, in one sentence of the rules, and the section of
the rules reference (templates/games/beutezug/print/rules.*.html) that tells it: the "now" strip.

Beutezug rulebook, "Setup", "Gameplay", "End of a round", "End of the
Game". A module of its own so the rules and their explanations (explained.py) share it.
"""
from __future__ import annotations

from ..base import N_

# By the entry kind the game waits for: (sentence, section id).
NOW = {
    "placement": (N_("Each player receives a placement chip at random: chip 1 chooses first in "
                     "round 1, and the player with the last chip also takes the re-roll chip."),
                  "setup"),
    "round": (N_("Everyone puts their character chip on a face-up loot card in choosing order, "
                 "then rolls in rolling order and keeps the card seized or a 0-card."),
              "a-round"),
    "placement_tie": (N_("The most loot points take placement chip 1, the next most chip 2, and "
                         "so on; players on equal points share out their chips at random, and the "
                         "last placed also takes the re-roll chip."),
                      "end-of-a-round"),
    "coin": (N_("Still tied after comparing every loot card, from the highest down: a coin flip "
                "decides who wins."),
             "end-of-the-game-and-ties"),
}
