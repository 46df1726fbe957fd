"""Give Me The Treasure beyond the turn form: the best-resale helper and the coin correction.

A correction is not what the game expects next (that is a turn), so it has its own small form
and endpoint; once stored it is an ordinary entry, corrected and undone like any other.
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, g, redirect, render_template, request, url_for

from ..forms import attach_errors
from ..forms.treasure import ADAPTER, CorrectionForm, ResaleForm
from ..games.base import RulesError
from ..games.treasure import GAME
from ..games.treasure_resale import best_resale
from ..i18n import t
from ..records import Repeated, Stale, add_entry
from .play import CSRF_MESSAGE, STALE_MESSAGE, load, page

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
    return render_template("treasure/resale.html", form=form, result=result, messages=messages,
                           adapter=ADAPTER), status


def _refused(record: dict[str, Any], form: CorrectionForm, messages: list[str], status: int) -> Any:
    g.treasure_correction = form   # the game page shows it again, with its messages
    return page(record, messages=messages, status=status)


@bp.post("/games/<game_id>/coin-correction")
def correction(game_id: str) -> Any:
    record = load(game_id)
    if record["game"] != GAME.slug:
        abort(404)
    back = redirect(url_for("play.game", game_id=game_id), 303)
    form = ADAPTER.form("correction", record, formdata=request.form)
    if request.form.get("submission", "") in record.get("submissions", ()):
        return back   # a double tap: stored once already
    if not form.validate():
        return _refused(record, form, [t(CSRF_MESSAGE)] if "csrf_token" in form.errors else [], 422)
    data = ADAPTER.to_data("correction", form, record)
    try:
        current_app.extensions["store"].update(game_id, lambda r: add_entry(
            r, "correction", data, submission=form.submission.data, version=form.version_number()))
    except Repeated:
        pass
    except Stale:
        return page(load(game_id), messages=[t(STALE_MESSAGE)], status=409)
    except RulesError as error:
        return _refused(record, form, attach_errors(form, error), 422)
    return back
