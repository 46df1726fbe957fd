"""Start a game, see the games in progress and the recent ones, switch language."""
from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, redirect, render_template, request, session, url_for

from .. import clock, lifecycle
from ..forms import CSRF_MESSAGE, LanguageForm, NewGameForm
from ..forms.adapters import ADAPTERS
from ..games import GAMES
from ..games.base import RulesError
from ..groups import players as group_players
from ..i18n import t
from ..records import new_record
from ..store import NotSaved
from . import group_id, not_saved, safe_next, zone

bp = Blueprint("home", __name__)
RECENT = 10


def known_players(group: str) -> list[str]:
    """The group's players (as they are called now), most games first, to suggest."""
    counts = group_players(current_app.extensions["store"], group)
    return sorted(counts, key=lambda n: (-counts[n], n.casefold()))


@bp.get("/")
def index() -> Any:
    mine = group_id()
    store = current_app.extensions["store"]
    games = [g for g in store.index().values() if g.get("group", "household") == mine]
    playing = lifecycle.in_progress(store, mine)
    finished = sorted((g for g in games if g.get("status") == "finished"),
                      key=lambda g: g.get("ended") or "", reverse=True)[:RECENT]
    # A game is offered once its forms exist (its rules may land first).
    offered = {slug: g for slug, g in GAMES.items() if slug in ADAPTERS}
    return render_template("home/index.html", playing=playing, finished=finished, games=GAMES,
                           offered=offered, now=clock.now())


@bp.route("/new/<slug>", methods=["GET", "POST"])
def new(slug: str) -> Any:
    game = GAMES.get(slug)
    if game is None or slug not in ADAPTERS:
        abort(404)
    adapter = ADAPTERS[slug]
    form = NewGameForm()
    setup = adapter.setup_form(request.form if request.method == "POST" else None)
    names = request.form.getlist("player") if request.method == "POST" else []
    loose: list[str] = []
    status = 422 if request.method == "POST" else 200
    today, this_minute = lifecycle.form_default(zone(), clock.now())
    shown = request.form.get("played_shown", "")[:20] if request.method == "POST" else \
        lifecycle.shown_text(today, this_minute)
    valid = request.method == "POST" and form.validate() and setup.validate()
    played_on, problem = lifecycle.played_on_from_form(
        form.played_day.data, form.played_time.data, zone(), clock.now(), shown)
    if problem is not None and request.method == "POST":
        form.played_day.errors = [*form.played_day.errors, t(problem)]
        valid = False
    if request.method == "GET":
        form.played_day.data, form.played_time.data = today, this_minute
    if valid:
        try:
            record = new_record(slug, names, adapter.to_settings(setup), group=group_id(),
                                note=form.note.data or "", played_on=played_on)
        except RulesError as error:
            loose = [t(m) for k, m in error.errors.items() if not hasattr(setup, k) or k == "players"]
            for key, message in error.errors.items():
                if key != "players" and hasattr(setup, key):
                    getattr(setup, key).errors = [t(message)]
        else:
            try:
                game_id = current_app.extensions["store"].create(record)
            except NotSaved as error:
                text, status = not_saved(error)
                loose.append(text)
            else:
                return redirect(url_for("play.game", game_id=game_id, _anchor="next"), 303)
    elif request.method == "POST" and "csrf_token" in form.errors:
        loose.append(t(CSRF_MESSAGE))
    names = names[:game.max_players] + [""] * (game.max_players - len(names))
    known = known_players(group_id())
    return render_template("home/new.html", game=game, form=form, setup=setup, names=names,
                           known=known, notices=loose, adapter=adapter, shown=shown), status


@bp.post("/lang")
def language() -> Any:
    form = LanguageForm()
    if form.validate():
        session["lang"] = form.lang.data
        session.permanent = True
    return redirect(safe_next(form.next.data), 303)
