"""Beutezug dice odds: does a roll seize the card, which re-roll to try, and how likely a heist is.

Beyond the paper game: a player can ask, before choosing a loot card, how likely each card is
with the bonuses they hold this round, and after a failed roll which re-roll gives the best chance.

The rules used ("Rolling", "Heist failed", "Using bonuses"): roll the dice shown on the card once
each; the heist succeeds when every die shows at least the number printed in its colour. A +1 die
bonus raises every die of its colour by 1 per matching bonus. Re-roll one die rolls one die again,
re-roll all dice rolls every die again; each bonus is used at most once per round, in any order.
Since +1 bonuses never hurt they always apply; only the re-rolls are choices.

Probabilities are exact fractions. A die's face is uniform over 1-6; a die passes when its face plus
the +1 bonuses of its colour reaches its minimum, so for the choices only *which* dice fail
matters: the dynamic programme runs over the set of failing dice and the re-rolls left.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product

from ..base import N_, Msg, RulesError, msg

# The five die colours (three dice of each); only four of them have a +1 die bonus.
COLOURS = ("blue", "green", "orange", "pink", "black")
PLUS_COLOURS = ("orange", "green", "black", "pink")
COLOUR_LABELS = {"blue": N_("blue"), "green": N_("green"), "orange": N_("orange"),
                 "pink": N_("pink"), "black": N_("black")}
FACES = 6
MOST_DICE = 5  # the 5 stack's cards show five dice


@dataclass(frozen=True)
class Bonuses:
    """The bonuses a player can use on one heist: +1 per colour, re-roll one, re-roll all."""

    plus: tuple[tuple[str, int], ...] = ()
    reroll_one: int = 0
    reroll_all: int = 0

    @classmethod
    def of(cls, plus: Mapping[str, int] | None = None, reroll_one: int = 0,
           reroll_all: int = 0) -> Bonuses:
        return cls(tuple(sorted((c, n) for c, n in (plus or {}).items() if n)),
                   reroll_one, reroll_all)

    def plus_for(self, colour: str) -> int:
        return sum(n for c, n in self.plus if c == colour)


@dataclass(frozen=True)
class Advice:
    """One choice after a roll: ``action`` is "reroll_one" (with ``die``), "reroll_all" or
    ``None`` (stop), and ``chance`` the chance of success when playing on optimally after it."""

    action: str | None
    die: int | None
    chance: Fraction


@dataclass(frozen=True)
class HeistCheck:
    """What a roll comes to: each die's value with the +1 bonuses, which dice fall short,
    whether the heist succeeds, and the re-roll options best first."""

    success: bool
    values: tuple[int, ...]
    failing: tuple[int, ...]
    options: tuple[Advice, ...]


def within(value: int, lo: int, hi: int, errors: dict[str, Msg], path: str) -> int:
    """A whole number (the entry's shape says it is one), and a message at ``path`` when it
    is out of ``lo``..``hi``."""
    if value < lo:
        errors[path] = msg(N_("Must be at least %(min)s."), min=lo)
    elif value > hi:
        errors[path] = msg(N_("Must be at most %(max)s."), max=hi)
    return value


def read_die(colour: str, minimum: int, errors: dict[str, Msg], path: str) -> tuple[str, int]:
    """One die a loot card shows: its colour and the number it must reach."""
    if colour not in COLOURS:
        errors[f"{path}.colour"] = msg(N_("Choose a die colour."))
    within(minimum, 1, FACES, errors, f"{path}.minimum")
    return colour, minimum


def read_required(required: Sequence[tuple[str, int]], errors: dict[str, Msg],
                  path: str = "required") -> tuple[tuple[str, int], ...]:
    """Required dice as (colour, minimum) pairs: the colour as chosen ("" for none), the
    minimum a number (the heist page refuses one that is not)."""
    if not 1 <= len(required) <= MOST_DICE:
        errors[path] = msg(N_("A loot card shows 1 to %(max)s dice."), max=MOST_DICE)
        return ()
    return tuple(read_die(colour, minimum, errors, f"{path}.{i}")
                 for i, (colour, minimum) in enumerate(required))


def die_chance(colour: str, minimum: int, bonuses: Bonuses) -> Fraction:
    """The chance that one roll of a die of ``colour`` reaches ``minimum`` with the +1 bonuses."""
    need = minimum - bonuses.plus_for(colour)
    return Fraction(min(FACES, max(0, FACES + 1 - need)), FACES)


Outcomes = list[tuple[int, Fraction]]  # (failing dice as a bit mask, chance)
Options = Callable[[int, int, int], tuple[Advice, ...]]  # (failing, one, every) -> advice
Best = Callable[[int, int, int], Fraction]


def _solver(chances: tuple[Fraction, ...]) -> tuple[Outcomes, Options, Best]:
    """The best chance of success from a set of failing dice (a bit mask) and re-rolls left."""
    n = len(chances)

    def roll_all() -> list[tuple[int, Fraction]]:
        out = []
        for fails in product((False, True), repeat=n):
            p = Fraction(1)
            for c, f in zip(chances, fails, strict=True):
                p *= (1 - c) if f else c
            if p:
                out.append((sum(1 << i for i, f in enumerate(fails) if f), p))
        return out

    outcomes = roll_all()

    @cache
    def options(failing: int, one: int, every: int) -> tuple[Advice, ...]:
        if not failing:
            return ()
        found = []
        if one:
            for i in range(n):
                if failing >> i & 1:
                    c = chances[i]
                    found.append(Advice("reroll_one", i, c * best(failing & ~(1 << i), one - 1, every)
                                        + (1 - c) * best(failing, one - 1, every)))
        if every:
            found.append(Advice("reroll_all", None,
                                sum((p * best(m, one, every - 1) for m, p in outcomes), Fraction(0))))
        # Best first; on equal chances keep the re-roll one (it spends the smaller bonus).
        return tuple(sorted(found, key=lambda a: -a.chance))

    @cache
    def best(failing: int, one: int, every: int) -> Fraction:
        if not failing:
            return Fraction(1)
        found = options(failing, one, every)
        return max((a.chance for a in found), default=Fraction(0))

    return outcomes, options, best


def success_chance(required: Sequence[tuple[str, int]], bonuses: Bonuses = Bonuses()) -> Fraction:
    """The exact chance of seizing a card before rolling, using the re-rolls optimally."""
    errors: dict[str, Msg] = {}
    dice = read_required(required, errors)
    if errors:
        raise RulesError(errors)
    chances = tuple(die_chance(c, m, bonuses) for c, m in dice)
    outcomes, _options, best = _solver(chances)
    return sum((p * best(m, bonuses.reroll_one, bonuses.reroll_all) for m, p in outcomes),
               Fraction(0))


def check_heist(required: Sequence[tuple[str, int]], rolled: Sequence[int],
                bonuses: Bonuses = Bonuses()) -> HeistCheck:
    """Check a roll against a card: success with the +1 bonuses, or the re-rolls worth trying.

    ``bonuses`` are the re-rolls still unused this heist. Raises ``RulesError`` with the fields
    ``required.<i>.colour``, ``required.<i>.minimum`` and ``rolled.<i>``.
    """
    errors: dict[str, Msg] = {}
    dice = read_required(required, errors)
    faces: list[int] = []
    if len(rolled) != len(dice):
        errors["rolled"] = msg(N_("Enter one number for each of the %(n)s dice."), n=len(dice))
    else:
        faces = [within(v, 1, FACES, errors, f"rolled.{i}") for i, v in enumerate(rolled)]
    if errors:
        raise RulesError(errors)
    values = tuple(f + bonuses.plus_for(c) for f, (c, _m) in zip(faces, dice, strict=True))
    failing = tuple(i for i, (v, (_c, m)) in enumerate(zip(values, dice, strict=True)) if v < m)
    chances = tuple(die_chance(c, m, bonuses) for c, m in dice)
    _outcomes, options, _best = _solver(chances)
    mask = sum(1 << i for i in failing)
    return HeistCheck(not failing, values, failing,
                      options(mask, bonuses.reroll_one, bonuses.reroll_all))
