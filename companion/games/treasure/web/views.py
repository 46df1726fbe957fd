"""Give Me The Treasure's own page: the best-resale helper."""
from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template, request

from ....forms import attach_errors
from ...base import RulesError
from ..resale import best_resale
from .adapter import ADAPTER
from .forms import ResaleForm

bp = Blueprint("treasure", __name__)


@bp.get("/give-me-the-treasure/best-resale")
def resale() -> Any:
    """Tap the cards in a chest; the app lists the resale worth most and the cards left."""
    asked = bool(request.args)
    form = ResaleForm(formdata=request.args if asked else None)
    result, messages, status = None, [], 200
    if asked and form.validate():
        try:
            result = best_resale(**ADAPTER.resale_args(form))
        except RulesError as error:
            messages, status = attach_errors(form, error), 422
    return render_template("games/give-me-the-treasure/resale.html", form=form, result=result, messages=messages,
                           adapter=ADAPTER), status
