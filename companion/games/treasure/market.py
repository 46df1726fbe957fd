"""Give Me The Treasure: the Loot cards and the Black Market table.

Give Me The Treasure rulebook, sections "35 Loot Cards", "4 Bandit
Tiles" (the Black Market table) and "How to Make a Combination".

Our reading of the Black Market table (the tile prints one example per row: 3 3, 5 5 5,
7 7 7 7, 3 4 5, ...; Pat the Police Dog rewards four 1s, which a literal table would not
price): a combination is priced by its kind and size, whatever its numbers.

- Same number: any 2 / 3 / 4 cards of one number -> 2 / 5 / 10 coins.
- Sequence of numbers in several colours: 3 / 4 / 5 consecutive numbers -> 4 / 6 / 10.
- Sequence of numbers of the same colour: 3 / 4 / 5 -> 6 / 9 / 15.

7 and 1 do not follow each other. A Cursed Painting is never part of a combination. The
Great Treasure becomes the card its owner wishes; when the table does not say which, the
app places it where the combination is worth most.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import N_, Msg, RulesError, msg

COLOURS = ("yellow", "red", "green", "blue")
NUMBERS = tuple(range(1, 8))

SAME_NUMBER = "same_number"
RUN = "run"                  # sequence of numbers, several colours
COLOUR_RUN = "colour_run"    # sequence of numbers of the same colour

KIND_LABELS = {
    SAME_NUMBER: N_("Same number"),
    RUN: N_("Sequence of numbers, several colours"),
    COLOUR_RUN: N_("Sequence of numbers, same colour"),
}

# The Black Market table as (kind, size) -> coins. Our reading: by kind and size.
BLACK_MARKET: dict[tuple[str, int], int] = {
    (SAME_NUMBER, 2): 2, (SAME_NUMBER, 3): 5, (SAME_NUMBER, 4): 10,
    (RUN, 3): 4, (RUN, 4): 6, (RUN, 5): 10,
    (COLOUR_RUN, 3): 6, (COLOUR_RUN, 4): 9, (COLOUR_RUN, 5): 15,
}
# The rows as printed on the tile, for the rules reference: (kind, size, example, coins).
BLACK_MARKET_ROWS = (
    (SAME_NUMBER, 2, "3 3", 2), (SAME_NUMBER, 3, "5 5 5", 5), (SAME_NUMBER, 4, "7 7 7 7", 10),
    (RUN, 3, "3 4 5", 4), (RUN, 4, "4 5 6 7", 6), (RUN, 5, "1 2 3 4 5", 10),
    (COLOUR_RUN, 3, "3 4 5", 6), (COLOUR_RUN, 4, "4 5 6 7", 9), (COLOUR_RUN, 5, "1 2 3 4 5", 15),
)
COLOUR_LABELS = {"yellow": N_("yellow"), "red": N_("red"), "green": N_("green"), "blue": N_("blue")}


@dataclass(frozen=True, order=True)
class Card:
    """A basic Loot card: a number 1-7 in one of four colours (7 cards per colour)."""

    number: int
    colour: str

    def __str__(self) -> str:
        return f"{self.colour}{self.number}"


ALL_CARDS = tuple(Card(n, c) for c in COLOURS for n in NUMBERS)


@dataclass(frozen=True)
class GreatTreasure:
    """The Great Treasure: any number and colour; ``card`` is what the table chose, if it did."""

    card: Card | None = None


@dataclass(frozen=True)
class CursedPainting:
    """A Cursed Painting: it cannot be part of any combination."""


Token = Card | GreatTreasure | CursedPainting


@dataclass(frozen=True)
class Combination:
    """A resold combination: its cards (the Great Treasure as the card it became), kind, price."""

    cards: tuple[Card, ...]
    kind: str
    value: int
    treasure: Card | None = None   # the card the Great Treasure became, if it is in here

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def holds_two(self) -> bool:
        return any(c.number == 2 for c in self.cards)


def kind_of(cards: Sequence[Card]) -> str | None:
    """The kind of combination these cards make, or None (rule: How to Make a Combination).
    A card may be there twice only as the Great Treasure's copy of it, which makes a pair of
    one number and never a run."""
    numbers = sorted(c.number for c in cards)
    colours = {c.colour for c in cards}
    if len(set(numbers)) == 1 and 2 <= len(cards) <= 4:
        return SAME_NUMBER
    if 3 <= len(cards) <= 5 and numbers == list(range(numbers[0], numbers[0] + len(cards))):
        return COLOUR_RUN if len(colours) == 1 else RUN
    return None


def price(cards: Sequence[Card]) -> int | None:
    kind = kind_of(cards)
    return None if kind is None else BLACK_MARKET[(kind, len(cards))]


def _wraps(numbers: Sequence[int]) -> bool:
    """6-7-1 and the like: consecutive only if 7 were followed by 1."""
    ns = set(numbers)
    if len(ns) != len(numbers) or not {1, 7} <= ns or len(ns) < 3:
        return False
    shifted = sorted((n - 1 + 3) % 7 for n in ns)   # rotate so 5,6,7,1,2 become 0..4 runs
    return shifted == list(range(shifted[0], shifted[0] + len(ns)))


def parse_card(value: str | Mapping[str, Any] | Token, path: str) -> Token:
    """Read one card of an entry: {"number": 3, "colour": "red"}, "red3", {"treasure": true,
    ...}, "treasure", {"cursed": true} or "cursed"; refuse a card that does not exist. A card
    read already (a chest's card left after a resale, say) is itself."""
    if isinstance(value, (Card, GreatTreasure, CursedPainting)):
        return value
    if not isinstance(value, (str, Mapping)):
        raise RulesError({path: msg(N_("This is not a Loot card."))})
    if isinstance(value, str):
        text = value.strip().lower().replace(" ", "").replace("-", "")
        if text in ("cursed", "cursedpainting"):
            return CursedPainting()
        if text in ("treasure", "greattreasure", "gt"):
            return GreatTreasure()
        for prefix in ("treasure:", "gt:"):
            if text.startswith(prefix):
                card = parse_card(text[len(prefix):], path)
                if not isinstance(card, Card):
                    raise RulesError({path: msg(N_("The Great Treasure becomes a basic Loot card."))})
                return GreatTreasure(card)
        colour = text.rstrip("0123456789")
        digits = text[len(colour):]
        # No Loot card bears a number of ten digits; int() would not read some longer ones.
        number = int(digits) if 0 < len(digits) < 10 else None
        return _card(number, colour, digits or None, colour, path)
    if value.get("cursed"):
        return CursedPainting()
    number, colour = value.get("number"), value.get("colour", "")
    colour = colour if isinstance(colour, str) else ""
    treasure = value.get("treasure", False)
    if treasure and number is None and not colour:
        return GreatTreasure()
    card = _card(number, colour.strip().lower(), number, value.get("colour"), path)
    return GreatTreasure(card) if treasure else card


def _card(number: int | None, colour: str, number_given: Any, colour_given: Any, path: str) -> Card:
    """The basic Loot card of this number and colour; the ones given are named when refused."""
    if number not in NUMBERS:
        raise RulesError({path: msg(N_("Loot cards bear a number from 1 to 7, not %(number)s."),
                                    number=number_given)})
    if colour not in COLOURS:
        raise RulesError({path: msg(N_("There is no %(colour)s Loot card; the colours are yellow, "
                                       "red, green and blue."), colour=colour_given)})
    return Card(number, colour)


def best_placement(cards: Sequence[Card]) -> tuple[Card, str, int] | None:
    """Where the Great Treasure makes the most of these cards: (card it becomes, kind, value)."""
    best: tuple[Card, str, int] | None = None
    for card in ALL_CARDS:
        if card in cards:
            continue
        kind = kind_of([*cards, card])
        if kind is not None:
            value = BLACK_MARKET[(kind, len(cards) + 1)]
            if best is None or value > best[2]:
                best = (card, kind, value)
    return best


def combination(tokens: Sequence[str | Mapping[str, Any]], path: str) -> Combination:
    """Read and price one resold combination, or refuse it with a message per card."""
    parsed = [parse_card(t, f"{path}.{i}") for i, t in enumerate(tokens)]
    errors: dict[str, Msg] = {}
    for i, token in enumerate(parsed):
        if isinstance(token, CursedPainting):
            errors[f"{path}.{i}"] = msg(N_("A Cursed Painting cannot be part of any combination."))
    treasures = [i for i, t in enumerate(parsed) if isinstance(t, GreatTreasure)]
    for i in treasures[1:]:
        errors[f"{path}.{i}"] = msg(N_("There is only one Great Treasure."))
    if errors:
        raise RulesError(errors)
    if len(parsed) < 2:
        raise RulesError({path: msg(N_("A single card is not a combination."))})
    if len(parsed) > 5:
        raise RulesError({path: msg(N_("A combination has at most 5 cards."))})
    # Cursed Paintings were refused above; a Great Treasure stands for the card it is placed as
    # (None: the app places it).
    known = [t.card if isinstance(t, GreatTreasure) else t for t in parsed if not isinstance(t, CursedPainting)]
    # The Great Treasure "becomes the card you wish", with no exception: a copy of a card
    # beside it is that card twice, so only the real cards are each there once.
    seen: set[Card] = set()
    for i, card in enumerate(known):
        if i in treasures:
            continue
        if card is not None and card in seen:
            raise RulesError({f"{path}.{i}": msg(N_("This card is already in this combination; "
                                                    "each Loot card exists once."))})
        if card is not None:
            seen.add(card)
    numbers = [c.number for c in known if c is not None]
    if len(parsed) == 5 and len(set(numbers)) == 1:
        raise RulesError({path: msg(N_("Same number: at most 4 cards."))})
    if None in known:   # a Great Treasure the app places best
        placed = best_placement([c for c in known if c is not None])
        if placed is None:
            raise RulesError({path: msg(N_("No place for the Great Treasure makes these cards a "
                                           "combination."))})
        treasure, kind, value = placed
        cards = tuple(treasure if c is None else c for c in known)
        return Combination(cards, kind, value, treasure)
    cards = tuple(c for c in known if c is not None)
    found = kind_of(cards)
    if found is None:
        if _wraps(numbers):
            raise RulesError({path: msg(N_("7 and 1 do not follow each other."))})
        raise RulesError({path: msg(N_("These cards form no combination."))})
    first = parsed[treasures[0]] if treasures else None
    return Combination(cards, found, BLACK_MARKET[(found, len(cards))],
                       first.card if isinstance(first, GreatTreasure) else None)


# -- Bandits and Reinforcements ("4 Bandit Tiles", "9 Reinforcement Cards") -----------------

RAOUL, CHIPO, JOE, MOFETTE = "raoul", "chipo", "joe", "mofette"
BANDITS = {RAOUL: "Raoul", CHIPO: "Chipo", JOE: "Joe", MOFETTE: "Mofette"}
BANDIT_SKILLS = {
    RAOUL: N_("His side's chest holds one Loot card over the usual limit."),
    CHIPO: N_("Resold more than one combination this turn: +1 coin."),
    JOE: N_("Resold a combination worth at least 6 coins: +1 coin."),
    MOFETTE: N_("The opponent holds 2 or more Cursed Paintings after the Resale: +1 coin."),
}
SKILL_COIN = 1
JOE_THRESHOLD = 6
MOFETTE_CURSED = 2

PAT, SUPER_ROU_ROU, NINJA_LEO, LUCKY = "pat", "super_rou_rou", "ninja_leo", "lucky"
DOUG, GROBILL, CROC_BROTHERS, VIPER, BLACK_WINGS = (
    "doug", "grobill", "croc_brothers", "viper", "black_wings")
REINFORCEMENTS = {
    PAT: "Pat, the Police Dog", SUPER_ROU_ROU: "Super Rou-Rou", NINJA_LEO: "Ninja Leo",
    LUCKY: "Lucky the Lucky Dog", DOUG: "Doug", GROBILL: "Grobill",
    CROC_BROTHERS: "The Croc' Brothers", VIPER: "Viper", BLACK_WINGS: "Black Wings",
}
# Coins a Reinforcement gives when its condition is met (Viper: per Cursed Painting).
REINFORCEMENT_COINS = {SUPER_ROU_ROU: 3, NINJA_LEO: 3, LUCKY: 7, VIPER: 1}
REINFORCEMENT_NEEDS = {
    PAT: N_("Pat needs the four cards numbered 1 resold as one combination this turn."),
    SUPER_ROU_ROU: N_("Super Rou-Rou needs a resold combination of 3 or more cards of the same colour."),
    NINJA_LEO: N_("Ninja Leo needs a resold combination of 3 or more cards with the same number."),
    LUCKY: N_("Lucky needs a resold combination of 5 cards of the same colour."),
}


def key_of(name: str | None, table: Mapping[str, str]) -> str | None:
    """The key of a Bandit or Reinforcement given by key or printed name ("Super Rou-Rou");
    None for one not given (a Croc' Brothers call that names nothing to repeat)."""
    def norm(text: str) -> list[str]:
        return "".join(ch if ch.isalnum() else " " for ch in text.lower().replace("'", "")).split()
    if name is None:
        return None
    words = norm(name)
    for key, printed in table.items():
        if words in (norm(key), norm(printed)):
            return key
    return None


def condition_met(card: str, combos: Sequence[Combination]) -> bool:
    """Whether a Reinforcement's condition holds for the combinations resold this turn."""
    if card == PAT:
        return any(c.kind == SAME_NUMBER and c.size == 4 and c.cards[0].number == 1 for c in combos)
    if card == SUPER_ROU_ROU:
        return any(c.kind == COLOUR_RUN for c in combos)
    if card == NINJA_LEO:
        return any(c.kind == SAME_NUMBER and c.size >= 3 for c in combos)
    if card == LUCKY:
        return any(c.kind == COLOUR_RUN and c.size == 5 for c in combos)
    return True


def skill_coins(bandit: str | None, combos: Sequence[Combination], opponent_cursed: int) -> int:
    """The coin a Bandit skill brings this turn (Chipo, Joe, Mofette; Raoul brings none)."""
    if bandit == CHIPO:
        return SKILL_COIN if len(combos) > 1 else 0
    if bandit == JOE:
        return SKILL_COIN if any(c.value >= JOE_THRESHOLD for c in combos) else 0
    if bandit == MOFETTE:
        return SKILL_COIN if opponent_cursed >= MOFETTE_CURSED else 0
    return 0
