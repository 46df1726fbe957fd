"""The shape of Give Me The Treasure's entries and settings
(docs/games/give-me-the-treasure.md); see ..schema."""
from __future__ import annotations

from ..schema import Choice, Either, Shape

# A card: "red3", "treasure", "treasure:red3", "cursed", or the same as an object.
CARD = Either(str, {"number?": int, "colour?": str, "treasure?": bool, "cursed?": bool})
CALL = Either(str, {"card": str, "cursed?": int, "repeats?": str})
SIDE: Shape = {"combinations?": [[CARD]], "cursed_paid?": int, "cursed_free?": int, "cursed_held?": int,
        "reinforcements?": [CALL]}
KEPT: Shape = [[str]]

ENTRIES: dict[str, Shape] = {
    "deal": {"bandits": [str], "first_divider": int, "dealt?": KEPT, "reinforcements?": KEPT},
    "keep": {"reinforcements": KEPT},
    "turn": {"sides": [SIDE]},
    "correction": {"side": int, "coins": int, "reason": str},
    # A game played on paper: each seat's side's final coins, the first and only entry (..result).
    "result": {"players": [{"score": int}], "winners": [int], "pat?": bool},
}
SETTINGS: dict[str, Shape] = {
    "teams?": Either([int], type(None)), "leaders?": Either([int], type(None)),
    "target?": Either(int, type(None)), "starting_coins?": int, "bandit_skills?": bool,
    "free_discard?": Choice(("any", "one_per_combination")),
}
