"""Give Me The Treasure: reading one turn's Resale for both sides.

Give Me The Treasure rulebook, "Resale", "9 Reinforcement Cards",
"4 Bandit Tiles" and "Cursed Painting". Per side the table enters the combinations resold,
the Cursed Paintings paid off (2 coins each) or discarded free with a combination that holds a
2 (as the rule is written, one such combination frees all of the side's paintings; the table
setting ``free_discard`` may make it one per combination), the Reinforcements called, and the
Cursed Paintings still held after the Resale (for Mofette). The app prices everything.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Protocol

from ..base import N_, Msg, RulesError, as_int, msg, msg_n
from .market import (
    CROC_BROTHERS,
    MOFETTE,
    PAT,
    REINFORCEMENT_COINS,
    REINFORCEMENT_NEEDS,
    REINFORCEMENTS,
    VIPER,
    Card,
    Combination,
    combination,
    condition_met,
    key_of,
    skill_coins,
)

CURSED_PAINTINGS = 5    # "5 cards Cursed Painting"
CURSED_PAY = 2          # "To get rid of this card, you must pay 2 coins."


class Table(Protocol):
    """What reading a turn needs of the game so far (``rules.State`` provides it); a
    Protocol, so this module does not import the rules that import it."""

    @property
    def sides(self) -> tuple[tuple[int, ...], tuple[int, ...]]: ...
    @property
    def reinforcements(self) -> tuple[tuple[str, ...], ...]: ...
    @property
    def used(self) -> tuple[str, ...]: ...
    @property
    def coins(self) -> tuple[int, int]: ...
    @property
    def skill_bandits(self) -> tuple[str | None, str | None]: ...
    @property
    def free_discard(self) -> str: ...
    def side_name(self, side: int) -> str: ...


@dataclass(frozen=True)
class Call:
    """A Reinforcement card turned over: what it repeated (Croc' Brothers), what it discarded
    (Viper: Cursed Paintings) and the coins it brought."""

    card: str
    repeats: str | None = None
    cursed: int = 0
    coins: int = 0


@dataclass(frozen=True)
class SideTurn:
    """One side's Resale in one turn."""

    combinations: tuple[Combination, ...] = ()
    cursed_paid: int = 0
    cursed_free: int = 0
    cursed_held: int = 0
    reinforcements: tuple[Call, ...] = ()
    skill: int = 0

    @property
    def market(self) -> int:
        return sum(c.value for c in self.combinations)

    @property
    def reinforcement_coins(self) -> int:
        return sum(r.coins for r in self.reinforcements)

    @property
    def paid(self) -> int:
        return CURSED_PAY * self.cursed_paid

    @property
    def coins(self) -> int:
        return self.market + self.reinforcement_coins + self.skill - self.paid

    @property
    def pat(self) -> bool:
        return any(PAT in (r.card, r.repeats) for r in self.reinforcements)


def _combos(row: Mapping[str, Any], path: str, errors: dict[str, Msg],
            seen: dict[Card, str], treasure: list[str]) -> list[Combination]:
    out = []
    for j, tokens in enumerate(row.get("combinations", [])):
        try:
            combo = combination(tokens, f"{path}.{j}")
        except RulesError as error:
            errors.update(error.errors)
            continue
        placed = False  # the Great Treasure is one of the cards equal to what it became
        for k, card in enumerate(combo.cards):
            if card == combo.treasure and not placed:
                placed = True
                if treasure:
                    errors[f"{path}.{j}.{k}"] = msg(N_("There is only one Great Treasure."))
                treasure.append(f"{path}.{j}.{k}")
            elif card in seen:
                errors[f"{path}.{j}.{k}"] = msg(N_(
                    "This card is already in another combination this turn."))
            else:
                seen[card] = f"{path}.{j}.{k}"
        out.append(combo)
    return out


def _items(row: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The Reinforcements called, each as an object: a card alone may be given by its name."""
    return [{"card": v} if isinstance(v, str) else v for v in row.get("reinforcements", [])]


def _calls(state: Table, side: int, items: list[Mapping[str, Any]], combos: list[Combination],
           now_up: set[str], path: str, errors: dict[str, Msg]) -> list[Call]:
    """Check each Reinforcement called: held by this side, not turned before, condition met."""
    held = {c for seat in state.sides[side] for c in state.reinforcements[seat]}
    face_up = set(state.used)
    out: list[Call] = []
    for i, item in enumerate(items):
        p = f"{path}.{i}"
        card = key_of(item["card"], REINFORCEMENTS)
        if card is None:
            errors[p] = msg(N_("There is no Reinforcement card %(name)s."), name=item["card"])
            continue
        name = REINFORCEMENTS[card]
        if card in face_up or any(c.card == card for c in out):
            errors[p] = msg(N_("%(name)s has already been used; a card turned over stays used."), name=name)
            continue
        if card not in held:
            errors[p] = msg_n("%(side)s does not hold %(name)s.", "%(side)s do not hold %(name)s.",
                              len(state.sides[side]), side=state.side_name(side), name=name)
            continue
        effect, repeats = card, None
        if card == CROC_BROTHERS:
            repeats = key_of(item.get("repeats"), REINFORCEMENTS)
            if repeats is None or repeats == CROC_BROTHERS:
                errors[p + ".repeats"] = msg(N_("Name the face-up Reinforcement card the Croc' Brothers repeat."))
                continue
            if repeats not in face_up | now_up:
                errors[p + ".repeats"] = msg(N_("%(name)s is not face up."), name=REINFORCEMENTS[repeats])
                continue
            effect = repeats
        if not condition_met(effect, combos):
            errors[p] = msg(REINFORCEMENT_NEEDS[effect])
            continue
        cursed = as_int(item, "cursed", errors, p + ".cursed", lo=0, hi=CURSED_PAINTINGS,
                        default=0) if effect == VIPER else 0
        coins = REINFORCEMENT_COINS.get(effect, 0) * (cursed if effect == VIPER else 1)
        out.append(Call(card, repeats, cursed, coins))
    return out


def read_turn(state: Table, data: Mapping[str, Any]) -> tuple[tuple[SideTurn, SideTurn], int | None]:
    """Both sides' Resale, priced, or a RulesError naming every bad field."""
    rows = data["sides"]
    if len(rows) != 2:
        raise RulesError({"sides": msg(N_("Enter the Resale of both sides."))})
    errors: dict[str, Msg] = {}
    seen: dict[Card, str] = {}
    treasure: list[str] = []
    combos = [_combos(r, f"sides.{s}.combinations", errors, seen, treasure) for s, r in enumerate(rows)]
    items = [_items(r) for r in rows]
    now_up = {key for side in items for item in side
              if (key := key_of(item["card"], REINFORCEMENTS)) not in (None, CROC_BROTHERS)}
    calls = [_calls(state, s, items[s], combos[s], now_up, f"sides.{s}.reinforcements", errors)
             for s in (0, 1)]
    counts = []
    for s, row in enumerate(rows):
        p = f"sides.{s}."
        paid, free, held = (as_int(row, k, errors, p + k, lo=0, hi=CURSED_PAINTINGS, default=0)
                            for k in ("cursed_paid", "cursed_free", "cursed_held"))
        with_two = sum(c.holds_two for c in combos[s])
        if p + "cursed_free" in errors or not free:
            pass
        elif not with_two:
            errors[p + "cursed_free"] = msg(N_(
                "A Cursed Painting is discarded for free only with a resold combination that holds a 2."))
        elif free > with_two and state.free_discard == "one_per_combination":
            errors[p + "cursed_free"] = msg(N_(
                "Each Cursed Painting discarded for free needs its own resold combination that "
                "holds a 2 (%(n)s this turn)."), n=with_two)
        counts.append((paid, free, held))
    total = sum(paid + free + held + sum(c.cursed for c in calls[s])
                for s, (paid, free, held) in enumerate(counts))
    if total > CURSED_PAINTINGS:
        errors[""] = msg(N_("There are only %(max)s Cursed Paintings; this turn counts %(n)s."),
                         max=CURSED_PAINTINGS, n=total)
    if errors:
        raise RulesError(errors)
    bandits = state.skill_bandits
    sides = []
    for s in (0, 1):
        paid, free, held = counts[s]
        skill = skill_coins(bandits[s], combos[s], counts[1 - s][2])
        side = SideTurn(tuple(combos[s]), paid, free, held, tuple(calls[s]), skill)
        # Payment happens during the Resale; Mofette's coin only comes at its end.
        before = state.coins[s] + side.coins - (skill if bandits[s] == MOFETTE else 0)
        if before < 0:
            # The paintings' number and the side's (one person or a team) each have their say.
            errors[f"sides.{s}.cursed_paid"] = msg_n("Paying off %(n)s Cursed Painting costs %(cost)s coins; %(short)s.", "Paying off %(n)s Cursed Paintings costs %(cost)s coins; %(short)s.",
                paid, cost=side.paid, short=msg_n("%(side)s has only %(coins)s",
                                                  "%(side)s have only %(coins)s", len(state.sides[s]),
                                                  side=state.side_name(s), coins=before + side.paid))
        sides.append(side)
    if errors:
        raise RulesError(errors)
    pat = next((s for s in (0, 1) if sides[s].pat), None)
    if pat is not None:
        # "You immediately win the game": the turn ends there, and nothing that comes "at the
        # end of the Resale step" (Mofette's coin) is paid to either side.
        sides = [replace(side, skill=0) if bandits[s] == MOFETTE else side for s, side in enumerate(sides)]
    return (sides[0], sides[1]), pat
