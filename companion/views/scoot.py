"""Loot and Scoot's own pages: the turn panel's entries and the battle-odds helper.

A turn has two entry kinds open at once (a second action, a Dungeon happening, or leaving
the Dungeon), where the generic ``play.add`` takes only the one kind the rules expect
next. This endpoint takes whichever the rules accept now and is otherwise the same:
double taps dropped, stale forms refused, refusals shown next to their field.
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for
from flask_babel import format_decimal, format_percent

from ..forms import walk
from ..forms.adapters import ADAPTERS
from ..forms.scoot import SLUG, ActionForm, OddsForm
from ..games.base import RulesError
from ..games.scoot_odds import round_odds
from ..i18n import t
from ..records import Repeated, Stale, add_entry, replay
from .play import STALE_MESSAGE, load, page

bp = Blueprint("scoot", __name__)


def _back(game_id: str) -> Any:
    return redirect(url_for("play.game", game_id=game_id), 303)


def _shown(form: Any, kind: str | None) -> bool:
    """Whether the page for ``kind`` shows this form (the turn panel shows every turn form)."""
    return kind in ("action", "leave") and isinstance(form, ActionForm)


def _refused(record: dict[str, Any], form: Any, messages: list[str]) -> Any:
    view = replay(record)
    kind = view.expect.kind if view.expect else None
    if not _shown(form, kind):
        # Not a form this page shows now (scoring during play, a leave after the Boss):
        # the message goes to the top of the page instead.
        messages = messages + [t(e) for f in walk(form) for e in f.errors or []
                               if isinstance(e, str) and f.name != "csrf_token"]
        form = None
    return page(record, form, messages, 422)


@bp.post("/games/<game_id>/loot-and-scoot/entries")
def entry(game_id: str) -> Any:
    record = load(game_id)
    if record["game"] != SLUG:
        abort(404)
    if request.form.get("submission", "") in record.get("submissions", ()):
        return _back(game_id)
    adapter = ADAPTERS[SLUG]
    kind = adapter.kind_of(request.form)
    if kind not in adapter.forms:
        abort(400)
    form = adapter.form(kind, record, formdata=request.form)
    if not form.validate():
        csrf = [t("This form could not be checked (it may have been open for a long time). "
                  "Check it and send it again.")] if "csrf_token" in form.errors else []
        return _refused(record, form, csrf)
    data = adapter.to_data(kind, form, record)
    store = current_app.extensions["store"]
    try:
        store.update(game_id, lambda r: add_entry(
            r, kind, data, source=adapter.source(form), submission=form.submission.data,
            version=form.version_number()))
    except Repeated:
        pass
    except Stale:
        return page(load(game_id), None, [t(STALE_MESSAGE)], 409)
    except RulesError as error:
        return _refused(record, form, adapter.attach(form, error))
    return _back(game_id)


def _percent(value: Any) -> str:
    return format_percent(float(value), "#,##0.0%")


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
    return render_template("scoot/odds.html", form=form, answer=answer)
