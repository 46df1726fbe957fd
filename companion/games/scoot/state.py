"""Loot and Scoot: the pieces, the prices, each player's party and the state of a game.

Loot and Scoot rulebook, chapters 1 (Components), 2 (Set Up) and
4 (Lights! Papryus! Action!). Everything a ledger needs to price an action or score the
end lives here as data; the entries that change it are in ``actions`` and ``rules``.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..base import N_, Msg, msg, msg_n, replace

# The four classes, by their Level 1 title; "Titles are flavor only (e.g., Squire and
# Knight are the same 'class')". The Level 2 title follows.
CLASSES = ("squire", "priest", "wizard", "thief")
TITLES = {
    "squire": (N_("Squire"), N_("Knight")),
    "priest": (N_("Priest"), N_("Bishop")),
    "wizard": (N_("Wizard"), N_("Mage")),
    "thief": (N_("Thief"), N_("Rogue")),
}
# A character in a trade or a sacrifice, named by its title: (class, level).
TOKENS = {title.lower(): (cls, level + 1)
          for cls, titles in TITLES.items() for level, title in enumerate(titles)}
HIRELING = "hireling"

# Chapter 1: the counters in the box. Money is unlimited.
ADVENTURERS_PER_CLASS = 6   # 24 Adventurers, four classes
HIRELINGS = 8
UPGRADES_PER_CLASS = 2      # 8 Upgrade buildings, one type per class
DIVINE_PITY = 4
LOOT_MARKERS = 7
TREASURE_TILES = 2
POISON_TILES = 2

# Chapter 2: what each player gets, and what smaller games take out of the box.
STARTING_GOLD = 5
STARTING_HIRELINGS = 2
STARTING_ADVENTURERS = 2
REMOVED = {  # players -> (Upgrades of each type, Hirelings, Adventurers of each class)
    2: (1, 4, 3),
    3: (0, 2, 1),
    4: (0, 0, 0),
}
DUNGEON_ROOMS = {4: 10, 3: 11, 2: 12}  # of twelve rooms on a Dungeon card
ROOMS_ON_A_CARD = 12

# Chapter 4: the prices of the Inn's actions.
RECRUIT_PRICES = (3, 6)     # first and second Adventurer of a class; no third
MAX_CHARACTERS = 6          # Adventurers and Hirelings together
HIRE_PRICE = 1
MOST_HIRED_AT_ONCE = 2
BEG_GOLD = 5
UPGRADE_PRICES = (10, 15)   # first and second Upgrade; never two alike
TRAIN_PRICE = 1             # with one's own Upgrade; another's costs a negotiated fee

# Chapter 5 and 7.
GOLD_PER_LEVEL = 3
BOSS_LEVEL = 6
UNCLAIMED_TILE_VP = 3
GOLD_PER_VP = 5


@dataclass(frozen=True)
class SetupCard:
    """What the table sets out for this many players (chapters 2 and 3)."""

    players: int
    upgrades_removed_per_type: int
    hirelings_removed: int
    adventurers_removed_per_class: int
    dungeon_rooms: int

    @property
    def empty_rooms(self) -> int:
        return ROOMS_ON_A_CARD - self.dungeon_rooms

    def lines(self) -> tuple[Msg, ...]:
        out = []
        if self.upgrades_removed_per_type:
            out.append(msg_n("Remove %(n)s Upgrade of each type.", "Remove %(n)s Upgrades of each type.",
                             self.upgrades_removed_per_type))
        if self.hirelings_removed:
            out.append(msg_n("Remove %(n)s Hireling.", "Remove %(n)s Hirelings.", self.hirelings_removed))
        if self.adventurers_removed_per_class:
            out.append(msg_n("Remove %(n)s Adventurer of each class.", "Remove %(n)s Adventurers of each class.",
                             self.adventurers_removed_per_class))
        if not out:
            out.append(msg(N_("Every piece in the box is used.")))
        out.append(msg(N_("Each player gets 5 gp, two Hirelings, a Dungeon/Inn card, a party token "
                          "and a Boss tile.")))
        if self.empty_rooms:
            out.append(msg_n("Each Dungeon gets %(rooms)s room tiles (%(n)s empty), the Boss among them.",
                             "Each Dungeon gets %(rooms)s room tiles (%(n)s empty), the Boss among them.",
                             self.empty_rooms, rooms=self.dungeon_rooms))
        else:
            out.append(msg(N_("Each Dungeon gets %(rooms)s room tiles, the Boss among them."), rooms=self.dungeon_rooms))
        return tuple(out)


def setup_for(players: int) -> SetupCard:
    upgrades, hirelings, adventurers = REMOVED[players]
    return SetupCard(players, upgrades, hirelings, adventurers, DUNGEON_ROOMS[players])


@dataclass(frozen=True)
class Party:
    """One player's Inn: gold, characters, Upgrades and what they took from the Dungeons."""

    gold: int = STARTING_GOLD
    hirelings: int = STARTING_HIRELINGS
    level1: tuple[int, ...] = (0,) * len(CLASSES)   # per class, in CLASSES order
    level2: tuple[int, ...] = (0,) * len(CLASSES)
    upgrades: tuple[str, ...] = ()
    pity: int = 0                # Divine Pity markers held
    poison: int = 0              # Poison tiles taken (-1 VP each)
    rooms: tuple[int, ...] = ()  # levels of the room tiles looted, in order
    specials: int = 0            # Treasure and Poison tiles looted
    loot: int = 0                # Loot markers drawn (values stay hidden until the end)

    def of_class(self, cls: str) -> int:
        i = CLASSES.index(cls)
        return self.level1[i] + self.level2[i]

    def at_level(self, cls: str, level: int) -> int:
        return (self.level1, self.level2)[level - 1][CLASSES.index(cls)]

    @property
    def adventurers(self) -> int:
        return sum(self.level1) + sum(self.level2)

    @property
    def characters(self) -> int:
        return self.adventurers + self.hirelings

    @property
    def adventurer_levels(self) -> int:
        return sum(self.level1) + 2 * sum(self.level2)

    def adventurer(self, cls: str, level: int, delta: int) -> Party:
        """This party with ``delta`` more (or fewer) Adventurers of a class and level."""
        counts = list(self.level1 if level == 1 else self.level2)
        counts[CLASSES.index(cls)] += delta
        return replace(self, level1=tuple(counts)) if level == 1 else replace(self, level2=tuple(counts))

    def roster(self) -> dict[str, int]:
        """Characters by title, as the Inn card shows them."""
        out = {title: self.at_level(cls, level) for title, (cls, level) in TOKENS.items()}
        out[HIRELING] = self.hirelings
        return out


@dataclass(frozen=True)
class Pool:
    """The common pool and the bag: what is left to take."""

    adventurers: tuple[int, ...]
    hirelings: int
    upgrades: tuple[int, ...]
    pity: int = DIVINE_PITY
    loot: int = LOOT_MARKERS
    treasure: int = TREASURE_TILES
    poison: int = POISON_TILES

    def take_adventurer(self, cls: str, delta: int = 1) -> Pool:
        counts = list(self.adventurers)
        counts[CLASSES.index(cls)] -= delta
        return replace(self, adventurers=tuple(counts))


@dataclass(frozen=True)
class Final:
    """What the table entered after the Boss fell, and the unrevealed Treasure rolled since."""

    loot: tuple[tuple[int, ...], ...]   # per seat, the value of each Loot marker
    unclaimed: tuple[int, ...]          # per seat, tiles left in their own Dungeon
    treasure: tuple[int, ...]           # per seat, unrevealed Treasure tiles among them
    rolls: tuple[tuple[int, int], ...] = ()   # (seat, gp) per Treasure rolled so far


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    parties: tuple[Party, ...]
    pool: Pool
    first_player: int | None = None
    picks: tuple[tuple[str, str], ...] = ()  # starting pairs, in turn order
    turn: int = 0                 # turns completed
    actions: int = 0              # actions taken this turn (begging takes both)
    looting: bool = False         # the turn's player is in a Dungeon
    turn_specials: int = 0        # Treasure and Poison tiles looted this turn
    turn_tiles: int = 0           # tiles taken out of the Dungeon this turn (rooms aside)
    taken: tuple[int, ...] = ()   # per seat, tiles taken out of that seat's Dungeon
    gold_by_turn: tuple[tuple[int, ...], ...] = ()
    boss_killed_by: int | None = None
    final: Final | None = None
    dwarf: int | None = None      # the table's pick when all else is equal
    # The entries folded so far, newest first, as nested (earlier, kind, data): one cell per
    # entry costs a replay nothing, and lets ``explain`` replay them to tell how each number
    # was made without the record at hand.
    log: Any = None

    @property
    def order(self) -> tuple[int, ...]:
        """The seats in turn order, from the first player on to the left."""
        first, n = self.first_player or 0, len(self.players)
        return tuple((first + i) % n for i in range(n))

    @property
    def setup(self) -> SetupCard:
        return setup_for(len(self.players))

    @property
    def current(self) -> int:
        """Whose turn (or pick) it is: the turn passes to the left from the first player."""
        done = self.turn if len(self.picks) == len(self.players) else len(self.picks)
        return ((self.first_player or 0) + done) % len(self.players)

    @property
    def phase(self) -> str:
        """"first_player", "pick", "play", "final", "treasure", "dwarf" or "over"."""
        if self.first_player is None:
            return "first_player"
        if len(self.picks) < len(self.players):
            return "pick"
        if self.boss_killed_by is None:
            return "play"
        if self.final is None:
            return "final"
        if len(self.final.rolls) < sum(self.final.treasure):
            return "treasure"
        return "over"

    def with_party(self, seat: int, party: Party) -> State:
        parties = list(self.parties)
        parties[seat] = party
        return replace(self, parties=tuple(parties))


def gold_changes(kind: str, before: State, after: State) -> list[tuple[int, int]]:
    """What one entry did to the gold, as (seat, gp): each party's gain or loss, or for an
    unrevealed Treasure rolled after the Boss fell, the gp it rolled."""
    if kind == "treasure_roll" and after.final is not None:
        return [after.final.rolls[-1]]
    return [(seat, b.gold - a.gold) for seat, (a, b) in enumerate(zip(before.parties, after.parties, strict=True))
            if b.gold != a.gold]


def new_state(players: tuple[str, ...]) -> State:
    card = setup_for(len(players))
    pool = Pool(
        adventurers=(ADVENTURERS_PER_CLASS - card.adventurers_removed_per_class,) * len(CLASSES),
        hirelings=HIRELINGS - card.hirelings_removed - STARTING_HIRELINGS * len(players),
        upgrades=(UPGRADES_PER_CLASS - card.upgrades_removed_per_type,) * len(CLASSES),
    )
    return State(players=players, parties=(Party(),) * len(players), pool=pool,
                 taken=(0,) * len(players))


def recruit_price(party: Party, cls: str) -> int | None:
    """3 gp for the first of a class, 6 gp for the second; ``None``: no third."""
    have = party.of_class(cls)
    return RECRUIT_PRICES[have] if have < len(RECRUIT_PRICES) else None


def upgrade_price(party: Party) -> int | None:
    """10 gp for the first Upgrade, 15 gp for the second; ``None``: no third."""
    have = len(party.upgrades)
    return UPGRADE_PRICES[have] if have < len(UPGRADE_PRICES) else None


def roll_2d6(rng: random.Random) -> list[int]:
    """Two dice, for Treasure: the app's roll, stored in the entry as ``dice``."""
    return [rng.randint(1, 6), rng.randint(1, 6)]
