"""Loot and Scoot: how each number on the game page was made, and why each seat is where it is.

Loot and Scoot rulebook, chapters 2 (Set Up), 4 (the actions), 5
(Treasure, Poison, leaving a Dungeon), 6 (wounds) and 7 (scoring and ties). Only the
explanation page asks for this: it replays the entries the state logged (``State.log``) and
reads what each one changed, so every part is an entry's own difference and the parts add up
to the number by construction; the labels say which rule set the amount.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from ..base import N_, Explanation, Game, Making, Msg, Part, Why, msg, msg_n
from .score import DWARF_STEP, Score, final_scores
from .state import (
    ADVENTURERS_PER_CLASS,
    BEG_GOLD,
    CLASSES,
    DIVINE_PITY,
    GOLD_PER_LEVEL,
    GOLD_PER_VP,
    HIRELINGS,
    LOOT_MARKERS,
    POISON_TILES,
    STARTING_HIRELINGS,
    TITLES,
    TOKENS,
    TREASURE_TILES,
    UNCLAIMED_TILE_VP,
    State,
    recruit_price,
    upgrade_price,
)

# The reference's sections (templates/games/loot-and-scoot/print/rules.*.html), by their English
# headings.
SETUP, TURN, LOOTING, LEAVING, END, TIES = (
    "setup", "your-turn", "a-lootin", "leaving", "the-end", "ties")

HOW = {"peaceful": N_("Left peacefully"), "fled": N_("Ran screaming"), "lost": N_("Lost the battle")}

# What each number counts: its title, the rule that makes it, the reference section.
COUNTS: dict[str, tuple[str, str, str]] = {
    "gold": (N_("Gold of %(player)s"), N_(
        "Each player starts with 5 gp. The Inn's actions cost their price, Treasure and leaving a "
        "Dungeon pay from the Bank, trades and training fees move gold between players."), TURN),
    "hirelings": (N_("Hirelings of %(player)s"), N_(
        "Each player starts with two Hirelings; hiring costs 1 gp each, and a wound may discard one "
        "to the common pool."), TURN),
    "characters": (N_("Characters of %(player)s"), N_(
        "Adventurers and Hirelings together: a party holds at most six."), TURN),
    "levels": (N_("Adventurer levels of %(player)s"), N_(
        "A Level 1 Adventurer counts one level, a Level 2 Adventurer two; the total breaks a tie on "
        "victory points and money."), TIES),
    "looted": (N_("Looted rooms of %(player)s"), N_(
        "Every room tile looted counts; the count breaks a tie on victory points, money and Adventurer "
        "levels."), TIES),
    "pity": (N_("Divine Pity markers of %(player)s"), N_(
        "Leaving a Dungeon with nothing looted, running or beaten, takes a Divine Pity marker; winning "
        "the next battle, never against a Boss, discards it."), LEAVING),
    "poison": (N_("Poison tiles of %(player)s"), N_(
        "A Poison tile not saved (a die lower than the room number) is kept: −1 VP at the end."), LOOTING),
    "loot": (N_("Loot markers of %(player)s"), N_(
        "Each room tile with a Loot icon draws one hidden Loot marker from the bag."), LEAVING),
    "roster": (N_("%(title)s of %(player)s"), N_(
        "Recruiting adds a Level 1 Adventurer, training flips one to Level 2 and a wound flips it back; "
        "a Noble Sacrifice goes back to the common pool."), TURN),
    "treasure": (N_("Unrevealed Treasure of %(player)s"), N_(
        "Each unrevealed Treasure left in one's own Dungeon pays 2d6 gp from the Bank before gold turns "
        "into victory points."), END),
    "money": (N_("Money of %(player)s with the unrevealed Treasure"), N_(
        "Gold at The End and the 2d6 gp of each unrevealed Treasure: the money that turns into victory "
        "points and breaks a tie on them."), END),
    "pool": (N_("Common pool: %(what)s"), N_(
        "The pieces in the box, less those taken out for fewer than four players and those the players "
        "took."), SETUP),
}
VP_RULE = N_("A looted room tile scores its level (the Boss 6), a Poison tile −1, Loot markers their value, "
             "each unclaimed tile in one's own Dungeon 3 VP, and every 5 gp 1 VP, rounded down.")
CHAIN_RULE = N_("The most victory points wins. In a tie, the tied player with the most money wins, then the "
                "one with the highest total Adventurer levels, then the one with the most looted rooms, "
                "then the one who most looks like a dwarf.")
MONEY_RULE = N_("While the game is played, the standings follow the money, which is never hidden: the most "
                "gold first, equal gold sharing a place. Victory points decide at The End.")
# Score.parts, in order, and the rule each adds up by.
VP_PARTS = ("rooms", "poison", "loot", "unclaimed", "gold")

# The steps of the tie chain (score.DECIDED_BY), as the why of a place compares two seats.
EQUAL = (
    "",
    N_("Equal on victory points."),
    N_("Equal on victory points and money."),
    N_("Equal on victory points, money and Adventurer levels."),
    N_("Equal on victory points, money, Adventurer levels and looted rooms."),
)
AHEAD = (
    N_("Ahead of %(player)s on victory points: %(mine)s to %(theirs)s."),
    N_("Ahead of %(player)s on money: %(mine)s gp to %(theirs)s gp."),
    N_("Ahead of %(player)s on total Adventurer levels: %(mine)s to %(theirs)s."),
    N_("Ahead of %(player)s on looted rooms: %(mine)s to %(theirs)s."),
    N_("Ahead of %(player)s: the table picked who most looks like a dwarf."),
)
BEHIND = (
    N_("Behind %(player)s on victory points: %(mine)s to %(theirs)s."),
    N_("Behind %(player)s on money: %(mine)s gp to %(theirs)s gp."),
    N_("Behind %(player)s on total Adventurer levels: %(mine)s to %(theirs)s."),
    N_("Behind %(player)s on looted rooms: %(mine)s to %(theirs)s."),
    N_("Behind %(player)s: the table picked who most looks like a dwarf."),
)
BOTH = N_("%(first)s %(second)s")


def entries(state: State) -> list[tuple[str, Mapping[str, Any]]]:
    """The entries the state was folded from, oldest first."""
    out = []
    cell = state.log
    while cell is not None:
        cell, kind, data = cell
        out.append((kind, data))
    return out[::-1]


def counts(state: State) -> dict[str, int]:
    """Every count the game page shows, by its key."""
    out: dict[str, int] = {}
    for seat, p in enumerate(state.parties):
        out.update({f"gold/{seat}": p.gold, f"hirelings/{seat}": p.hirelings,
                    f"characters/{seat}": p.characters, f"levels/{seat}": p.adventurer_levels,
                    f"looted/{seat}": len(p.rooms), f"pity/{seat}": p.pity, f"poison/{seat}": p.poison,
                    f"loot/{seat}": p.loot})
        for title, (cls, level) in TOKENS.items():
            out[f"roster/{seat}/{title}"] = p.at_level(cls, level)
    pool = state.pool
    out.update({f"pool/{cls}": pool.adventurers[i] for i, cls in enumerate(CLASSES)})
    out.update({"pool/hirelings": pool.hirelings, "pool/pity": pool.pity, "pool/loot": pool.loot,
                "pool/treasure": pool.treasure, "pool/poison": pool.poison})
    return out


def _title(cls: Any, level: int = 1) -> Msg:
    return msg(TITLES[cls][level - 1]) if cls in TITLES else msg(str(cls))


def what(kind: str, data: Mapping[str, Any], before: State) -> Msg:
    """One entry, in the rulebook's words, as a part's label."""
    names = before.players
    action = data.get("action")
    if kind == "first_player":
        return msg(N_("First player: %(player)s"), player=names[data["seat"]])
    if kind == "pick":
        first, second = data["classes"]
        return msg(N_("Starting Adventurers: %(first)s and %(second)s"), first=_title(first), second=_title(second))
    if kind == "leave":
        return msg(N_("%(how)s, %(player)s's Dungeon"), how=msg(HOW[data["how"]]), player=names[data["dungeon"]])
    if kind == "final":
        return msg(N_("Final scoring"))
    if kind == "treasure_roll":
        return msg(N_("Unrevealed Treasure (2d6)"))
    if kind == "dwarf":
        return msg(N_("Most looks like a dwarf: %(player)s"), player=names[data["seat"]])
    if action == "recruit":
        return msg(N_("Recruit an Adventurer: %(title)s"), title=_title(data["class"]))
    if action == "hire":
        return msg_n("Hire %(n)s Hireling", "Hire %(n)s Hirelings", data.get("count", 1))
    if action == "beg":
        return msg(N_("Beg Funds"))
    if action == "build":
        if data.get("train"):
            return msg(N_("Build an Upgrade: %(title)s, one Adventurer trained for free"),
                       title=_title(data["upgrade"]))
        return msg(N_("Build an Upgrade: %(title)s"), title=_title(data["upgrade"]))
    if action == "train":
        return msg(N_("Train Adventurers: %(title)s × %(n)s"), title=_title(data["class"]), n=data.get("count", 1))
    if action == "trade":
        return msg(N_("Trade with %(player)s"), player=names[data["with"]])
    if action == "treasure":
        return msg(N_("Treasure (2d6)"))
    if action == "poison":
        return msg(N_("Poison saved: the tile discarded") if data["saved"] else
                   N_("Poison not saved: the tile kept (−1 VP)"))
    if data.get("sacrificed"):
        return msg(N_("Noble Sacrifice: %(title)s"), title=_title(*TOKENS[data["sacrificed"]]))
    return msg(N_("Wounds"))


def gold_parts(kind: str, data: Mapping[str, Any], before: State, seat: int, gp: int, at: int) -> list[Part]:
    """One entry's gold for one seat, with the price or payout the rule sets."""
    names, acting = before.players, before.current
    action = data.get("action")
    party = before.parties[seat]
    if kind == "leave":
        base = GOLD_PER_LEVEL * max(data["levels"], default=0)
        how = msg(HOW[data["how"]])
        out = [Part(msg(N_("%(how)s: 3 gp × level %(level)s, the highest room looted this turn"),
                        how=how, level=max(data["levels"])), base, at)] if base else []
        if gp != base:
            tiles = gp - base
            out.append(Part(msg_n("Bonus Loot: 1 gp for %(n)s looted room or special tile",
                                  "Bonus Loot: 1 gp each for %(n)s looted rooms and special tiles", tiles),
                            tiles, at))
        return out
    if action == "recruit":
        nth = N_("%(title)s, the first of its class (3 gp)") if recruit_price(party, data["class"]) == 3 else \
            N_("%(title)s, the second of its class (6 gp)")
        label = msg(N_("Recruit an Adventurer: %(what)s"), what=msg(nth, title=_title(data["class"])))
    elif action == "hire":
        label = msg_n("Hire %(n)s Hireling at 1 gp", "Hire %(n)s Hirelings at 1 gp each", -gp)
    elif action == "beg":
        label = msg(N_("Beg Funds: %(gp)s gp from the Bank"), gp=BEG_GOLD)
    elif action == "build":
        nth = N_("the first Upgrade (10 gp)") if upgrade_price(party) == 10 else N_("the second Upgrade (15 gp)")
        label = msg(N_("Build an Upgrade: %(title)s, %(what)s"), title=_title(data["upgrade"]), what=msg(nth))
    elif action == "train" and data.get("owner", acting) == acting:
        label = msg_n("Train %(n)s Adventurer with one's own Upgrade: 1 gp",
                      "Train %(n)s Adventurers with one's own Upgrade: 1 gp each", data.get("count", 1))
    elif action == "train" and seat == acting:
        label = msg(N_("Train at %(player)s's Upgrade: the fee agreed"), player=names[data["owner"]])
    elif action == "train":
        label = msg(N_("%(player)s trained at this Upgrade: the fee agreed"), player=names[acting])
    elif action == "trade":
        label = msg(N_("Trade with %(player)s"), player=names[data["with"] if seat == acting else acting])
    else:
        label = what(kind, data, before)
    return [Part(label, gp, at)]


def _vp_parts(kind: str, data: Mapping[str, Any], before: State, after: State, at: int,
              vp: dict[tuple[int, str], list[Part]]) -> None:
    """The victory points an entry made: looted rooms, a Poison tile kept, the final scoring."""
    seat = before.current
    if kind == "leave" and data["levels"]:
        levels = list(data["levels"])
        vp[seat, "rooms"].append(Part(msg(N_("Room tiles looted, levels %(levels)s"),
                                          levels=", ".join(map(str, levels))), sum(levels), at))
    elif kind == "action" and data.get("action") == "poison" and not data["saved"]:
        vp[seat, "poison"].append(Part(msg(N_("Poison not saved: the tile kept (−1 VP)")), -1, at))
    elif kind == "final" and after.final is not None:
        for s in range(len(before.players)):
            for value in after.final.loot[s]:
                vp[s, "loot"].append(Part(msg(N_("Loot marker")), value, at))
            if n := after.final.unclaimed[s]:
                vp[s, "unclaimed"].append(Part(msg_n("%(n)s unclaimed tile in one's own Dungeon × 3 VP",
                                                     "%(n)s unclaimed tiles in one's own Dungeon × 3 VP", n),
                                               UNCLAIMED_TILE_VP * n, at))


def _start_parts(state: State) -> dict[str, list[Part]]:
    """What the box and the set up give (chapter 2), before any entry."""
    card, n = state.setup, len(state.players)
    start = msg(N_("At the start"))
    out: dict[str, list[Part]] = defaultdict(list)
    for key, value in counts(state).items():
        if not key.startswith("pool/") and value:
            out[key].append(Part(msg(N_("Starting gold")) if key.startswith("gold/") else start, value))
    box = msg(N_("In the box"))
    removed = msg_n("Taken out for %(n)s player", "Taken out for %(n)s players", n)
    for cls in CLASSES:
        out[f"pool/{cls}"] += [Part(box, ADVENTURERS_PER_CLASS)]
        if card.adventurers_removed_per_class:
            out[f"pool/{cls}"].append(Part(removed, -card.adventurers_removed_per_class))
    out["pool/hirelings"] += [Part(box, HIRELINGS)]
    if card.hirelings_removed:
        out["pool/hirelings"].append(Part(removed, -card.hirelings_removed))
    out["pool/hirelings"].append(Part(msg_n("Two Hirelings to each of %(n)s player",
                                            "Two Hirelings to each of %(n)s players", n), -STARTING_HIRELINGS * n))
    for key, value in (("pity", DIVINE_PITY), ("loot", LOOT_MARKERS), ("treasure", TREASURE_TILES),
                       ("poison", POISON_TILES)):
        out[f"pool/{key}"].append(Part(box, value))
    return out


POOL_WHAT = {"hirelings": N_("Hirelings"), "pity": N_("Divine Pity"), "loot": N_("Loot markers"),
             "treasure": N_("Treasure"), "poison": N_("Poison")}


def _making(key: str, parts: list[Part], value: int, players: tuple[str, ...]) -> Making:
    count, _, rest = key.partition("/")
    title, rule, section = COUNTS[count]
    if count == "pool":
        what_ = _title(rest) if rest in TITLES else msg(POOL_WHAT[rest])
        return Making(msg(title, what=what_), value, tuple(parts), msg(rule), section)
    seat, _, token = rest.partition("/")
    args: dict[str, Any] = {"player": players[int(seat)]}
    if token:
        args["title"] = _title(*TOKENS[token])
    return Making(msg(title, **args), value, tuple(parts), msg(rule), section)


def explain(game: Game[State], state: State) -> dict[str, Explanation]:
    """Every number and place of the game page, by key (see ``LootAndScoot.explanations``)."""
    players = state.players
    start: State = game.start(players, {})
    parts = _start_parts(start)
    vp: dict[tuple[int, str], list[Part]] = defaultdict(list)
    treasure: dict[int, list[Part]] = defaultdict(list)
    first_at = dwarf_at = None
    now, before_counts = start, counts(start)
    for at, (kind, data) in enumerate(entries(state)):
        after: State = game.apply(now, kind, data)
        after_counts = counts(after)
        label = what(kind, data, now)
        for key, value in after_counts.items():
            if value == before_counts[key]:
                continue
            if key.startswith("gold/"):
                seat = int(key[5:])
                parts[key] += gold_parts(kind, data, now, seat, value - before_counts[key], at)
            else:
                parts[key].append(Part(label, value - before_counts[key], at))
        if kind == "treasure_roll" and after.final is not None:
            seat, gp = after.final.rolls[-1]
            treasure[seat].append(Part(label, gp, at))
        first_at = at if kind == "first_player" else first_at
        dwarf_at = at if kind == "dwarf" else dwarf_at
        _vp_parts(kind, data, now, after, at, vp)
        now, before_counts = after, after_counts

    out: dict[str, Explanation] = {key: _making(key, parts[key], value, players)
                                   for key, value in before_counts.items()}
    if first_at is not None:
        out.update(_order_whys(state, first_at))
    if state.final is None:
        for seat in range(len(players)):
            out[f"score/{seat}"] = out[f"gold/{seat}"]
        out.update(_money_places(game, state))
        return out
    scores = {s.seat: s for s in final_scores(state)}
    for seat, score in scores.items():
        name = players[seat]
        out[f"treasure/{seat}"] = Making(msg(COUNTS["treasure"][0], player=name), sum(p.value for p in treasure[seat]),
                                         tuple(treasure[seat]), msg(COUNTS["treasure"][1]), END)
        out[f"money/{seat}"] = Making(msg(COUNTS["money"][0], player=name), score.gold,
                                      tuple(parts[f"gold/{seat}"] + treasure[seat]), msg(COUNTS["money"][1]), END)
        vp[seat, "gold"].append(Part(msg(N_("%(gp)s gp: 1 VP per 5 gp, rounded down"), gp=score.gold),
                                     score.gold // GOLD_PER_VP))
        total: list[Part] = []
        for i, (name_id, value) in enumerate(score.parts):
            share = vp[seat, VP_PARTS[i]]
            total += share
            out[f"vp/{seat}/{i}"] = Making(msg(N_("%(part)s: %(player)s"), part=msg(name_id), player=name),
                                           value, tuple(share), msg(VP_RULE), END)
        out[f"score/{seat}"] = Making(msg(N_("Victory points of %(player)s"), player=name), score.vp,
                                      tuple(total), msg(VP_RULE), END)
    out.update(_chain_places(game, state, list(scores.values()), dwarf_at))
    return out


def _order_whys(state: State, first_at: int) -> dict[str, Explanation]:
    names, first = state.players, state.first_player or 0
    order = ", ".join(names[seat] for seat in state.order)
    return {
        "first": Why(msg(N_("First player: %(player)s"), player=names[first]), msg(N_(
            "Chapter 2: randomly determine the first player (the one most recently in a brawl 20 feet "
            "underground, or by dice); the app draws, or the table enters who.")), SETUP, draw=first_at),
        "order": Why(msg(N_("Turn order: %(order)s"), order=order), msg(N_(
            "From the first player on, the turn passes to the left: first each picks two starting "
            "Adventurers, then each takes a turn, until a Boss is killed.")), TURN, draw=first_at),
    }


def _money_places(game: Game[State], state: State) -> dict[str, Explanation]:
    standings = game.standings(state)
    out: dict[str, Explanation] = {}
    for s in standings:
        shared = [t for t in standings if t.rank == s.rank and t.seat != s.seat]
        step = msg(N_("Equal gold with %(player)s: the place is shared."), player=state.players[shared[0].seat]) \
            if shared else None
        out[f"place/{s.seat}"] = Why(msg(N_("Place %(rank)s: %(player)s"), rank=s.rank, player=state.players[s.seat]),
                                     msg(MONEY_RULE), TURN, step)
    return out


def versus(mine: Score, theirs: Score, name: str, dwarf: int | None) -> tuple[Msg | None, bool]:
    """How the chain sets ``mine`` against ``theirs``: the sentence, and whether the dwarf decided.
    ``None``: equal on every step the table has decided so far (a shared place)."""
    for step in range(DWARF_STEP):
        a, b = mine.key[step], theirs.key[step]
        if a != b:
            said = msg(AHEAD[step] if a > b else BEHIND[step], player=name, mine=a, theirs=b)
            return (msg(BOTH, first=msg(EQUAL[step]), second=said) if step else said), False
    if dwarf in (mine.seat, theirs.seat):
        said = msg(AHEAD[DWARF_STEP] if dwarf == mine.seat else BEHIND[DWARF_STEP], player=name)
        return msg(BOTH, first=msg(EQUAL[DWARF_STEP]), second=said), True
    return None, False


def _chain_places(game: Game[State], state: State, scores: list[Score],
                  dwarf_at: int | None) -> dict[str, Explanation]:
    names = state.players
    by_seat = {s.seat: s for s in scores}
    standings = game.standings(state)
    out: dict[str, Explanation] = {}
    for i, s in enumerate(standings):
        said: list[Msg] = []
        drawn = False
        for j in (i - 1, i + 1):
            if 0 <= j < len(standings):
                other = standings[j].seat
                line, dwarfed = versus(by_seat[s.seat], by_seat[other], names[other], state.dwarf)
                drawn = drawn or dwarfed
                said.append(line or msg(N_("Equal with %(player)s on every step: the place is shared."),
                                        player=names[other]))
        step = said[0] if len(said) == 1 else msg(BOTH, first=said[0], second=said[1]) if said else None
        out[f"place/{s.seat}"] = Why(msg(N_("Place %(rank)s: %(player)s"), rank=s.rank, player=names[s.seat]),
                                     msg(CHAIN_RULE), TIES, step, dwarf_at if drawn else None)
    outcome = game.outcome(state)
    if outcome is not None:
        winner = outcome.winners[0]
        out["winner"] = Why(msg(N_("Winner: %(player)s"), player=names[winner]), msg(CHAIN_RULE), TIES,
                            outcome.words, dwarf_at if state.dwarf == winner else None)
    return out
