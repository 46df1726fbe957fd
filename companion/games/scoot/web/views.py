"""Loot and Scoot's own page: the battle-odds helper."""
from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template, request
from flask_babel import format_decimal, format_percent

from ..odds import round_odds
from .forms import OddsForm

bp = Blueprint("scoot", __name__)


def _percent(value: Any) -> str:
    return str(format_percent(float(value), "#,##0.0%"))


@bp.get("/loot-and-scoot/odds")
def odds() -> Any:
    """Battle odds for one combat round (chapter 6), exact, without JavaScript."""
    form = OddsForm(formdata=request.args if request.args else None)
    answer = None
    if request.args and form.validate():
        result = round_odds(form.level1.data or 0, form.level2.data or 0, pity=form.pity.data,
                            outranks=form.outranks.data, damage=form.damage.data or 0,
                            boss=form.boss.data)
        answer = {
            "odds": result, "win": _percent(result.win), "lose": _percent(result.lose),
            "hit": _percent(result.hit),
            "wounds": format_decimal(float(result.expected_wounds), "#,##0.###"),
        }
    return render_template("games/loot-and-scoot/odds.html", form=form, answer=answer)
