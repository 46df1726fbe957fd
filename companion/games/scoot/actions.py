"""Loot and Scoot: the Inn's actions and what happens in a Dungeon, one entry each.

Loot and Scoot rulebook, chapters 4 (the actions), 5 (Treasure,
Poison) and 6 (wounds, Noble Sacrifice). Each function takes the state, the acting seat and
the entry's data, and returns the new state with the rule's price paid, or raises
``RulesError`` naming the field. Whose turn it is and how many actions are left is
checked by the caller (``scoot.LootAndScoot``).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from ..base import N_, Msg, RulesError, msg, msg_n, replace
from .state import (
    BEG_GOLD,
    CLASSES,
    HIRE_PRICE,
    HIRELING,
    MAX_CHARACTERS,
    MOST_HIRED_AT_ONCE,
    RECRUIT_PRICES,
    TOKENS,
    TRAIN_PRICE,
    Party,
    State,
    recruit_price,
    upgrade_price,
)

Action = Callable[[State, int, Mapping[str, Any]], State]


def within(value: int, path: str, errors: dict[str, Msg], lo: int | None = None,
           hi: int | None = None) -> int:
    """``value`` (a whole number: the entry's shape says so), with a message at ``path`` where
    it is outside what the rules allow."""
    if lo is not None and value < lo:
        errors[path] = msg(N_("Must be at least %(min)s."), min=lo)
    elif hi is not None and value > hi:
        errors[path] = msg(N_("Must be at most %(max)s."), max=hi)
    return value


def read_seat(state: State, seat: int, path: str, errors: dict[str, Msg]) -> int:
    return within(seat, path, errors, lo=0, hi=len(state.players) - 1)


def read_2d6(data: Mapping[str, Any], errors: dict[str, Msg]) -> int:
    """The gold of a Treasure: ``dice`` (two numbers 1-6) or their ``total`` (2-12)."""
    if "dice" not in data:
        if "total" not in data:
            errors["dice"] = msg(N_("Roll two dice, or enter their total."))
            return 0
        return within(data["total"], "total", errors, lo=2, hi=12)
    dice = data["dice"]
    if len(dice) != 2:
        errors["dice"] = msg(N_("Treasure is two dice."))
        return 0
    return sum(within(d, f"dice.{i}", errors, lo=1, hi=6) for i, d in enumerate(dice))


def check(errors: dict[str, Msg]) -> None:
    if errors:
        raise RulesError(errors)


def pay(state: State, seat: int, price: int, to: int | None = None) -> State:
    """The seat pays ``price`` to the Bank, or to the player ``to``; never more than it has."""
    party = state.parties[seat]
    if price > party.gold:
        raise RulesError(msg(N_("%(player)s has %(gold)s gp, not the %(price)s gp this costs."),
                             player=state.players[seat], gold=party.gold, price=price))
    state = state.with_party(seat, replace(party, gold=party.gold - price))
    if to is not None:
        state = state.with_party(to, replace(state.parties[to], gold=state.parties[to].gold + price))
    return state


def recruit(state: State, seat: int, data: Mapping[str, Any]) -> State:
    """Take a Level 1 Adventurer from the pool: 3 gp the first of a class, 6 gp the second.

    No player can have three of a class, nor more than six characters (chapter 4).
    """
    errors: dict[str, Msg] = {}
    cls: str = data["class"]
    party = state.parties[seat]
    price = recruit_price(party, cls)
    if price is None:
        errors["class"] = msg(N_("No player can have three characters of the same class."))
    elif party.characters >= MAX_CHARACTERS:
        errors[""] = msg(N_("A party holds at most six characters, Hirelings included."))
    elif state.pool.adventurers[CLASSES.index(cls)] < 1:
        errors["class"] = msg(N_("No Adventurer of this class is left in the common pool."))
    check(errors)
    assert price is not None
    state = pay(state, seat, price)
    state = state.with_party(seat, state.parties[seat].adventurer(cls, 1, +1))
    return replace(state, pool=state.pool.take_adventurer(cls))


def hire(state: State, seat: int, data: Mapping[str, Any]) -> State:
    """Hire up to two Hirelings from the pool, 1 gp each; six characters at most."""
    errors: dict[str, Msg] = {}
    count = within(data.get("count", 1), "count", errors, lo=1, hi=MOST_HIRED_AT_ONCE)
    check(errors)
    party = state.parties[seat]
    if state.pool.hirelings == 0:
        errors["count"] = msg(N_("No Hireling is left in the common pool."))
    elif count > state.pool.hirelings:
        errors["count"] = msg_n("Only %(n)s Hireling is left in the common pool.",
                                "Only %(n)s Hirelings are left in the common pool.", state.pool.hirelings)
    elif party.characters + count > MAX_CHARACTERS:
        errors["count"] = msg(N_("A party holds at most six characters, Hirelings included."))
    check(errors)
    state = pay(state, seat, HIRE_PRICE * count)
    party = state.parties[seat]
    state = state.with_party(seat, replace(party, hirelings=party.hirelings + count))
    return replace(state, pool=replace(state.pool, hirelings=state.pool.hirelings - count))


def beg(state: State, seat: int, data: Mapping[str, Any]) -> State:
    """Take 5 gp from the Bank; this takes both actions. Other players may mock freely."""
    party = state.parties[seat]
    return state.with_party(seat, replace(party, gold=party.gold + BEG_GOLD))


def can_train_free(party: Party, upgrade: Any) -> bool:
    """Whether a Build of ``upgrade`` can train one for free: the party has a Level 1
    Adventurer of its class. (The phone ticks "Train one for free" by default, and it holds
    only where this is true.)"""
    return upgrade in CLASSES and party.at_level(upgrade, 1) > 0


def build(state: State, seat: int, data: Mapping[str, Any]) -> State:
    """Build an Upgrade: 10 gp the first, 15 gp the second, never two alike.

    The builder may train one Adventurer of the matching class for free (``train``).
    """
    errors: dict[str, Msg] = {}
    cls: str = data["upgrade"]
    train_one: bool = data.get("train", False)
    party = state.parties[seat]
    price = upgrade_price(party)
    i = CLASSES.index(cls)
    if cls in party.upgrades:
        errors["upgrade"] = msg(N_("A player cannot have two Upgrades of the same type."))
    elif price is None:
        errors["upgrade"] = msg(N_("A player can have at most two Upgrades."))
    elif state.pool.upgrades[i] < 1:
        errors["upgrade"] = msg(N_("No Upgrade of this type is left."))
    elif train_one and not can_train_free(party, cls):
        errors["train"] = msg(N_("No Level 1 Adventurer of this class to train."))
    check(errors)
    assert price is not None
    state = pay(state, seat, price)
    party = replace(state.parties[seat], upgrades=state.parties[seat].upgrades + (cls,))
    if train_one:
        party = party.adventurer(cls, 1, -1).adventurer(cls, 2, +1)
    upgrades = list(state.pool.upgrades)
    upgrades[i] -= 1
    return replace(state.with_party(seat, party), pool=replace(state.pool, upgrades=tuple(upgrades)))


def train(state: State, seat: int, data: Mapping[str, Any]) -> State:
    """Flip Level 1 Adventurers to Level 2: 1 gp each with one's own matching Upgrade.

    With another player's Upgrade the fee is negotiated and all of it goes to the owner
    (Mary pays Nathaniel 5 gp to use his Temple).
    """
    errors: dict[str, Msg] = {}
    cls: str = data["class"]
    count = within(data.get("count", 1), "count", errors, lo=1, hi=MAX_CHARACTERS)
    owner = read_seat(state, data.get("owner", seat), "owner", errors)
    check(errors)
    party = state.parties[seat]
    if count > party.at_level(cls, 1):
        errors["count"] = msg(N_("Only %(n)s Level 1 Adventurers of this class to train."),
                              n=party.at_level(cls, 1))
    elif owner == seat and cls not in party.upgrades:
        errors["class"] = msg(N_("Training needs the matching Upgrade: build it, or use another player's."))
    elif owner != seat and cls not in state.parties[owner].upgrades:
        errors["owner"] = msg(N_("%(player)s has no Upgrade of this class."), player=state.players[owner])
    elif owner != seat and "fee" not in data:
        errors["fee"] = msg(N_("Enter the fee negotiated with %(player)s."), player=state.players[owner])
    check(errors)
    if owner == seat:
        state = pay(state, seat, TRAIN_PRICE * count)
    else:
        fee = within(data["fee"], "fee", errors, lo=0, hi=1000)
        check(errors)
        state = pay(state, seat, fee, to=owner)
    return state.with_party(seat, state.parties[seat].adventurer(cls, 1, -count).adventurer(cls, 2, +count))


def _move(party: Party, tokens: Counter[str], sign: int) -> Party:
    for token, n in tokens.items():
        if token == HIRELING:
            party = replace(party, hirelings=party.hirelings + sign * n)
        else:
            party = party.adventurer(*TOKENS[token], sign * n)
    return party


def _holds(party: Party, tokens: Counter[str]) -> bool:
    return all((party.hirelings if t == HIRELING else party.at_level(*TOKENS[t])) >= n
               for t, n in tokens.items())


def trade(state: State, seat: int, data: Mapping[str, Any]) -> State:
    """Trade characters and gold with another player, as negotiated; both sides recorded.

    ``give``/``take`` list characters by title, ``pay``/``receive`` the gold each way.
    After the trade each party still keeps to six characters and two of a class.
    """
    errors: dict[str, Msg] = {}
    other = read_seat(state, data["with"], "with", errors)
    give, take = Counter[str](data.get("give", [])), Counter[str](data.get("take", []))
    paid = within(data.get("pay", 0), "pay", errors, lo=0, hi=1000)
    received = within(data.get("receive", 0), "receive", errors, lo=0, hi=1000)
    check(errors)
    mine, theirs = state.parties[seat], state.parties[other]
    if other == seat:
        errors["with"] = msg(N_("Trade with another player."))
    elif not (give or take or paid or received):
        errors[""] = msg(N_("A trade moves characters or gold."))
    if not _holds(mine, give):
        errors["give"] = msg(N_("%(player)s does not have these characters."), player=state.players[seat])
    if not _holds(theirs, take):
        errors["take"] = msg(N_("%(player)s does not have these characters."), player=state.players[other])
    if paid > mine.gold:
        errors["pay"] = msg(N_("%(player)s has only %(gold)s gp."), player=state.players[seat], gold=mine.gold)
    if received > theirs.gold:
        errors["receive"] = msg(N_("%(player)s has only %(gold)s gp."),
                                player=state.players[other], gold=theirs.gold)
    check(errors)
    mine = replace(_move(_move(mine, give, -1), take, +1), gold=mine.gold - paid + received)
    theirs = replace(_move(_move(theirs, take, -1), give, +1), gold=theirs.gold + paid - received)
    for who, party in ((seat, mine), (other, theirs)):
        if party.characters > MAX_CHARACTERS:
            errors[""] = msg(N_("%(player)s would have more than six characters."), player=state.players[who])
        elif any(party.of_class(c) > len(RECRUIT_PRICES) for c in CLASSES):
            errors[""] = msg(N_("%(player)s would have three characters of the same class."),
                             player=state.players[who])
    check(errors)
    return state.with_party(seat, mine).with_party(other, theirs)


INN_ACTIONS: dict[str, Action] = {
    "recruit": recruit, "hire": hire, "beg": beg, "build": build, "train": train, "trade": trade,
}


# -- in the Dungeon ----------------------------------------------------------------------

def treasure(state: State, seat: int, data: Mapping[str, Any]) -> State:
    """Treasure: take 2d6 gp from the Bank and keep exploring (chapter 5)."""
    errors: dict[str, Msg] = {}
    gold = read_2d6(data, errors)
    check(errors)
    if state.pool.treasure < 1:
        raise RulesError(msg(N_("Both Treasure tiles have been found already.")))
    party = state.parties[seat]
    party = replace(party, gold=party.gold + gold, specials=party.specials + 1)
    return replace(state.with_party(seat, party), pool=replace(state.pool, treasure=state.pool.treasure - 1),
                   turn_specials=state.turn_specials + 1, turn_tiles=state.turn_tiles + 1)


def poison(state: State, seat: int, data: Mapping[str, Any]) -> State:
    """Poison: save on a die of at least the room number and discard it; else take it (-1 VP).

    A failed save also costs a wound, entered as ``wounds``.
    """
    saved: bool = data["saved"]  # never left out (the shape's to say): not saved costs a VP
    if state.pool.poison < 1:
        raise RulesError(msg(N_("Both Poison tiles have been found already.")))
    state = replace(state, pool=replace(state.pool, poison=state.pool.poison - 1),
                    turn_tiles=state.turn_tiles + 1)
    if saved:
        return state
    party = state.parties[seat]
    party = replace(party, poison=party.poison + 1, specials=party.specials + 1)
    return replace(state.with_party(seat, party), turn_specials=state.turn_specials + 1)


def wounds(state: State, seat: int, data: Mapping[str, Any]) -> State:
    """Wounds that change the party: Hirelings lost, Level 2 Adventurers flipped, a sacrifice.

    A Level 1 Adventurer discarded back to the Inn stays in the party, so it is not
    entered. A Noble Sacrifice takes all the wounds and goes back to the common pool;
    Hirelings are not noble (chapter 6).
    """
    errors: dict[str, Msg] = {}
    party = state.parties[seat]
    lost = within(data.get("hirelings", 0), "hirelings", errors, lo=0, hi=party.hirelings)
    sacrificed: str | None = data.get("sacrificed")
    if sacrificed == HIRELING:
        errors["sacrificed"] = msg(N_("Hirelings are not noble and cannot be sacrificed."))
    check(errors)
    flips = Counter[str](data.get("flipped", []))
    for cls, n in flips.items():
        if party.at_level(cls, 2) < n:
            errors["flipped"] = msg(N_("Not that many Level 2 Adventurers of this class."))
    if sacrificed is not None and (lost or flips):
        errors["sacrificed"] = msg(N_("A sacrifice takes all the wounds."))
    elif sacrificed is not None and party.at_level(*TOKENS[sacrificed]) < 1:
        errors["sacrificed"] = msg(N_("%(player)s does not have these characters."),
                                   player=state.players[seat])
    elif sacrificed is None and not (lost or flips):
        errors[""] = msg(N_("Enter the wounds taken."))
    check(errors)
    party = replace(party, hirelings=party.hirelings - lost)
    for cls, n in flips.items():
        party = party.adventurer(cls, 2, -n).adventurer(cls, 1, +n)
    pool = replace(state.pool, hirelings=state.pool.hirelings + lost)
    if sacrificed is not None:
        cls, level = TOKENS[sacrificed]
        party = party.adventurer(cls, level, -1)
        pool = pool.take_adventurer(cls, -1)
    return replace(state.with_party(seat, party), pool=pool)


DUNGEON_EVENTS: dict[str, Action] = {"treasure": treasure, "poison": poison, "wounds": wounds}
