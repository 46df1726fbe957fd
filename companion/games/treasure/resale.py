"""Give Me The Treasure: the best resale of a chest (a helper beyond the paper game).

Given the cards in a chest, the owner's Bandit and unused Reinforcements, find the disjoint
combinations worth the most coins on the Black Market, and the cards left. The bonuses do not
add up combination by combination (Chipo pays for a second combination, Lucky for a five-card
same-colour run, Joe for any combination worth 6+), so the greedy choice -- the dearest
combination first -- can be wrong: the search is exhaustive over the chest, memoised on the
cards still unsold and the bonus conditions met so far. Chests hold a handful of cards.

Ranking of two resales: Pat's win first, then coins, then Cursed Paintings got rid of, then
fewer cards spent (the rest stay in the chest for later turns).
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cache
from itertools import combinations as subsets
from typing import Any

from ..base import N_, RulesError, msg
from .market import (
    ALL_CARDS,
    BLACK_MARKET,
    CHIPO,
    COLOUR_RUN,
    CROC_BROTHERS,
    JOE,
    JOE_THRESHOLD,
    LUCKY,
    MOFETTE,
    MOFETTE_CURSED,
    NINJA_LEO,
    PAT,
    REINFORCEMENT_COINS,
    SAME_NUMBER,
    SKILL_COIN,
    SUPER_ROU_ROU,
    VIPER,
    Card,
    Combination,
    CursedPainting,
    GreatTreasure,
    Token,
    kind_of,
    parse_card,
)

MAX_CHEST = 12  # more cards than any chest can hold (limit 6 plus a turn's share and Grobill)
CURSED_PAINTINGS = 5


@dataclass(frozen=True)
class Resale:
    """The best resale found: what to sell, what it brings, what stays in the chest."""

    combinations: tuple[Combination, ...]
    market_coins: int                  # the Black Market prices alone
    bonus_coins: int                   # Bandit skill and Reinforcements
    reinforcements: tuple[str, ...]    # the Reinforcements it calls (their condition is met)
    cursed_discarded: int              # by Viper, or free with combinations that hold a 2
    left: tuple[Token, ...]            # cards left in the chest (Cursed Paintings included)
    wins: bool = False                 # Pat, the Police Dog: four 1s resold

    @property
    def coins(self) -> int:
        return self.market_coins + self.bonus_coins


# Conditions met so far: (combos capped at 2, worth 6+, same-colour run, 3+ of a number,
# five-card same-colour run, four 1s, combos holding a 2 capped at the Cursed Paintings held).
Features = tuple[int, bool, bool, bool, bool, bool, int]
NO_FEATURES: Features = (0, False, False, False, False, False, 0)


def _add(f: Features, c: Combination, cursed: int, per_combination: bool = False) -> Features:
    # A combination holding a 2 frees every Cursed Painting (the written rule), or one
    # (the house reading, ``per_combination``).
    freed = (f[6] + int(c.holds_two)) if per_combination else (cursed if c.holds_two else f[6])
    return (min(f[0] + 1, 2), f[1] or c.value >= JOE_THRESHOLD, f[2] or c.kind == COLOUR_RUN,
            f[3] or (c.kind == SAME_NUMBER and c.size >= 3),
            f[4] or (c.kind == COLOUR_RUN and c.size == 5),
            f[5] or (c.kind == SAME_NUMBER and c.size == 4 and c.cards[0].number == 1),
            min(freed, cursed))


def _bonus(f: Features, bandit: str | None, held: frozenset[str], face_up: frozenset[str],
           cursed: int, opponent_cursed: int) -> tuple[bool, int, int, tuple[str, ...]]:
    """What the conditions met bring: (Pat wins, coins, Cursed Paintings discarded, cards called).

    Mofette's coin comes at the end of the Resale, which Pat's immediate win never reaches."""
    coins = 0
    if (bandit == CHIPO and f[0] >= 2) or (bandit == JOE and f[1]):
        coins += SKILL_COIN
    mofette = bandit == MOFETTE and opponent_cursed >= MOFETTE_CURSED
    gains = {SUPER_ROU_ROU: REINFORCEMENT_COINS[SUPER_ROU_ROU] if f[2] else 0,
             NINJA_LEO: REINFORCEMENT_COINS[NINJA_LEO] if f[3] else 0,
             LUCKY: REINFORCEMENT_COINS[LUCKY] if f[4] else 0,
             VIPER: REINFORCEMENT_COINS[VIPER] * cursed}
    called = tuple(k for k in (PAT, SUPER_ROU_ROU, NINJA_LEO, LUCKY, VIPER)
                   if k in held and (gains.get(k, 0) > 0 or (k == PAT and f[5])))
    coins += sum(gains[k] for k in called if k in gains)
    wins = PAT in called
    discarded = cursed if VIPER in called else f[6]
    if CROC_BROTHERS in held:
        # The Croc' Brothers repeat a face-up card: one turned earlier, or one called now.
        # Viper repeated after Viper finds no Cursed Painting left to discard.
        up = (face_up | set(called)) - {CROC_BROTHERS}
        repeat = {k: v for k, v in gains.items() if k in up and not (k == VIPER and k in called)}
        best = max(repeat.values(), default=0)
        if PAT in up and f[5] and not wins:
            wins, called = True, called + (CROC_BROTHERS,)
        elif best > 0:
            coins += best
            called += (CROC_BROTHERS,)
            if VIPER in up and best == gains[VIPER]:
                discarded = cursed
    return wins, coins + (SKILL_COIN if mofette and not wins else 0), discarded, called


def _placements(cards: Sequence[Card | None]) -> Iterator[Combination]:
    """Every distinct combination these cards make; None is a Great Treasure placed freely."""
    known = [c for c in cards if c is not None]
    if len(known) == len(cards):
        kind = kind_of(known)
        if kind is not None:
            yield Combination(tuple(sorted(known)), kind, BLACK_MARKET[(kind, len(known))])
        return
    seen: set[tuple[Any, ...]] = set()
    for card in ALL_CARDS:
        if card in known:
            continue
        full = tuple(sorted((*known, card)))
        kind = kind_of(full)
        combo = None if kind is None else Combination(full, kind, BLACK_MARKET[(kind, len(full))], card)
        if combo is not None:
            sig = (combo.value, kind, combo.holds_two, card.number == 1)
            if sig not in seen:
                seen.add(sig)
                yield combo


def best_resale(chest: Sequence[str], bandit: str | None = None,
                reinforcements: Sequence[str] = (), face_up: Sequence[str] = (),
                opponent_cursed: int = 0, free_discard: str = "any") -> Resale:
    """The resale of ``chest`` worth most: cards as the grid sends them ("red3", "treasure",
    "cursed"); ``reinforcements`` the owner's unused cards, ``face_up`` those turned;
    ``free_discard`` the table's reading of the Cursed Painting (rules.FREE_DISCARDS)."""
    per_combination = free_discard == "one_per_combination"
    tokens = [parse_card(t, f"chest.{i}") for i, t in enumerate(chest)]
    cursed = sum(isinstance(t, CursedPainting) for t in tokens)
    loot = [t for t in tokens if not isinstance(t, CursedPainting)]
    if len(loot) > MAX_CHEST:
        raise RulesError({"chest": msg(N_("No chest holds %(n)s Loot cards."), n=len(loot))})
    if sum(isinstance(t, GreatTreasure) for t in loot) > 1 or cursed > CURSED_PAINTINGS:
        raise RulesError({"chest": msg(N_("There is only one Great Treasure and there are 5 "
                                          "Cursed Paintings."))})
    for i, token in enumerate(tokens):
        if isinstance(token, Card) and token in tokens[:i]:
            raise RulesError({f"chest.{i}": msg(N_("This card is already in the chest."))})
    cards: list[Card | None] = [t.card if isinstance(t, GreatTreasure) else t for t in loot]
    held, up = frozenset(reinforcements), frozenset(face_up)

    # Every combination in the chest, as (bitmask of cards, combination), by lowest card.
    fixed = {i: t.card for i, t in enumerate(loot) if isinstance(t, GreatTreasure) and t.card}
    by_first: list[list[tuple[int, Combination]]] = [[] for _ in loot]
    for size in range(2, 6):
        for idx in subsets(range(len(loot)), size):
            for combo in _placements([cards[i] for i in idx]):
                treasure = next((fixed[i] for i in idx if i in fixed), combo.treasure)
                by_first[idx[0]].append((sum(1 << i for i in idx), replace(combo, treasure=treasure)))

    Score = tuple[bool, int, int, int]
    Plan = tuple[tuple[int, Combination], ...]

    @cache
    def solve(mask: int, f: Features) -> tuple[Score, Plan]:
        if not mask:
            wins, coins, discarded, _ = _bonus(f, bandit, held, up, cursed, opponent_cursed)
            return (wins, coins, discarded, 0), ()
        first = (mask & -mask).bit_length() - 1
        best = solve(mask & ~(1 << first), f)          # leave this card in the chest
        for used, combo in by_first[first]:
            if used & mask != used:
                continue
            (wins, coins, discarded, neg), rest = solve(mask & ~used, _add(f, combo, cursed, per_combination))
            score = (wins, coins + combo.value, discarded, neg - combo.size)
            if score > best[0]:
                best = (score, ((used, combo), *rest))
        return best

    _, plan = solve((1 << len(loot)) - 1, NO_FEATURES)
    solve.cache_clear()
    f = NO_FEATURES
    for _, combo in plan:
        f = _add(f, combo, cursed, per_combination)
    wins, bonus, discarded, called = _bonus(f, bandit, held, up, cursed, opponent_cursed)
    sold = sum(used for used, _ in plan)
    left: list[Token] = [t for i, t in enumerate(loot) if not sold & (1 << i)]
    left += [CursedPainting()] * (cursed - discarded)
    combos = tuple(combo for _, combo in plan)
    return Resale(combos, sum(c.value for c in combos), bonus, called, discarded, tuple(left), wins)
