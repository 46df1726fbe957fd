"""Beutezug helpers beyond the paper game: the heist check and the chance to seize a card.

A GET form (it changes nothing, so it works without JavaScript and can be bookmarked): the
player enters the dice a loot card shows and, after rolling, what the dice show. The page reads
the player's bonuses for this round off the game and asks companion/games/beutezug/odds.py.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, cast

from flask import Blueprint, abort, render_template, request
from flask_babel import format_percent

from ....forms import attach_errors, choices
from ....forms.adapter import ADAPTERS
from ....i18n import t
from ....record.entries import replay
from ....text import NOT_A_NUMBER, typed_number
from ....views.play import load
from ...base import N_, Msg, RulesError, as_int, msg
from ..odds import FACES, Bonuses, check_heist, read_die, success_chance, within
from ..rules import bonus_inventory
from .forms import HeistForm, number

bp = Blueprint("beutezug", __name__)


def _filled(value: Any) -> bool:
    return bool((value or "").strip())


def percent(chance: Fraction) -> str:
    return str(format_percent(float(chance), "#,##0.0%"))


def _used(form: HeistForm, have: Bonuses) -> Bonuses:
    """The re-rolls still unused this heist: the round's bonuses less those already spent."""
    errors: dict[str, Msg] = {}
    one = as_int({"v": typed_number(form.used_one.data) or 0}, "v", errors, "used_one", lo=0,
                 hi=have.reroll_one)
    every = as_int({"v": typed_number(form.used_all.data) or 0}, "v", errors, "used_all", lo=0,
                   hi=have.reroll_all)
    if errors:
        raise RulesError(errors)
    return Bonuses(have.plus, have.reroll_one - one, have.reroll_all - every)


@bp.get("/games/<game_id>/beutezug/heist")
def heist(game_id: str) -> Any:
    record = load(game_id)
    if record["game"] != "beutezug":
        abort(404)
    state = replay(record).state
    form = HeistForm(formdata=request.args or None)
    form.seat.choices = choices((str(s), name) for s, name in enumerate(record["players"]))
    seats = range(len(record["players"]))
    seat = request.args.get("seat", "")
    if typed_number(seat) not in seats:
        if seat:
            form.seat.errors = [t(msg(N_("Choose a player.")))]
        seat = str(state.rolling_order[0] if state.rolling_order else 0)
    seat = str(typed_number(seat))
    form.seat.data = seat
    inventory = bonus_inventory(state, int(seat))
    result: dict[str, object] = {}
    messages: list[str] = []
    # Dice up to the last row with anything in it; a half-filled row is an error on that row.
    rows = [(d.form.colour.data or "", d.form.minimum.data or "") for d in form.required]
    last = max((i for i, (c, m) in enumerate(rows) if c or _filled(m)), default=-1)
    dice = [(c, number(m)) for c, m in rows[:last + 1]]
    given = max((i for i, f in enumerate(form.rolled) if _filled(f.data)), default=-1)
    rolled = [number(f.data) for f in form.rolled][:max(given + 1, len(dice))]
    # What is not a number is the page's to refuse: the odds read numbers only.
    typed = {f"required.{i}.minimum": msg(NOT_A_NUMBER) for i, (_c, m) in enumerate(dice) if m is None}
    if given >= 0:
        typed.update({f"rolled.{i}": msg(NOT_A_NUMBER) for i, v in enumerate(rolled) if v is None})
    try:
        bonuses: Bonuses | None = _used(form, inventory.bonuses())
    except RulesError as error:
        bonuses, messages = None, attach_errors(form, error)
    if dice and typed:
        # Each die and roll that is a number is still read, so every refusal is said at once.
        errors = dict(typed)
        for i, (colour, minimum) in enumerate(dice):
            # A minimum refused above is read as 1 (in range): only its colour is asked.
            read_die(colour, minimum if minimum is not None else 1, errors, f"required.{i}")
        if len(rolled) == len(dice):
            for i, value in enumerate(rolled):
                if value is not None:
                    within(value, 1, FACES, errors, f"rolled.{i}")
        messages += attach_errors(form, RulesError({**errors, **typed}))
    elif dice:
        required = [(c, cast(int, m)) for c, m in dice]
        try:
            result["chance"] = success_chance(required, inventory.bonuses())
            if given >= 0 and bonuses is not None:
                check = check_heist(required, cast(list[int], rolled), bonuses)
                result["check"] = check
                # check_heist read the dice (it raised otherwise): these are its numbers.
                result["dice"] = [{"n": i + 1, "colour": c, "minimum": m,
                                   "value": check.values[i], "ok": i not in check.failing}
                                  for i, (c, m) in enumerate(required)]
        except RulesError as error:
            result = {}
            messages += attach_errors(form, error)
    elif given >= 0:
        messages.append(t(msg(N_("Enter the dice the loot card shows first."))))
    return render_template("games/beutezug/heist.html", record=record, form=form, seat=int(seat),
                           inventory=inventory, result=result, messages=messages,
                           percent=percent, players=record["players"],
                           adapter=ADAPTERS["beutezug"])
