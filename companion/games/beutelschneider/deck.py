"""What the Beutelschneider deck and rulebook fix: gold, penalties, deals by player count and the
special point events. The rules (``rules``) and their explanations (``explained``) read it."""
from __future__ import annotations

from ..base import N_

GOLD_IN_DECK = 80  # "A player can score a total of 80 points in one game from gold"
CUTPURSE_PENALTY = 20
SPECIAL_STEP = 10

# Setup: cards dealt to each player and trumps left out, by player count.
CARDS_DEALT = {3: 14, 4: 11, 5: 9}
TRUMPS_LEFT_OUT = {
    3: (N_("Court Physician"), N_("Chancellor"), N_("Bishop")),
    4: (N_("Court Physician"),),
    5: (),
}
# The authorities the Assassin can murder are those trumps still in the deck.
AUTHORITIES = (N_("Court Physician"), N_("Chancellor"), N_("Bishop"), N_("Prince"))

# Special-point events: (key, label, most per hand over all players, or None where another
# check bounds it). Each counts 10 points per occurrence. Every one of them comes from a
# single card (one Night Watchman, one Guard, ...), so only one player can score it in a hand.
EVENTS = (
    ("night_watchman", N_("Night Watchman wins the last trick"), 1),
    ("guard", N_("Cutpurses caught by the Guard"), None),   # bounded by the cutpurse count
    ("assassin", N_("Authorities murdered by the Assassin"), None),  # bounded by player count
    ("seduction", N_("Adventurer/Countess played second and won"), 1),
    ("bard", N_("Couples driven out by the Bard"), 1),
    ("muscleman", N_("Tavern Maids taken by the Muscleman"), 4),
)
EVENT_KEYS = tuple(key for key, _, _ in EVENTS)


def event_most(players: int, cutpurses_in_deck: int) -> dict[str, int]:
    """The most each event can count in one hand with this deck: the Guard catches at most the
    cutpurses in it, the Assassin murders at most the authorities still in it."""
    authorities = len(AUTHORITIES) - len(TRUMPS_LEFT_OUT.get(players, ()))
    bound = {"guard": cutpurses_in_deck, "assassin": authorities}
    return {key: bound[key] if most is None else most for key, _, most in EVENTS}

SETTINGS_DEFAULTS = {"limit": 100, "first_dealer": 0, "cutpurses_in_deck": 4}
