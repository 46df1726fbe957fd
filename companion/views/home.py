"""Start a game, see the games in progress and the recent ones, switch language."""
from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

from babel.lists import format_list
from flask import Blueprint, abort, current_app, flash, redirect, render_template, request, session, url_for

from .. import clock
from ..forms import LanguageForm, NewGameForm, guard_messages, new_submission
from ..forms.adapter import ADAPTERS
from ..games import GAMES
from ..games.base import RulesError, msg, msg_n
from ..history import lifecycle
from ..history.groups import names_now
from ..history.groups import players as group_players
from ..i18n import locale_name, t
from ..markers import N_, Nn_
from ..record.entries import MAX_NAME, new_record
from ..record.shape import group_of
from ..storage.store import StoreError
from ..text import Refused, field_text, identity
from . import group_id, mine_in_trash, safe_next, store, zone
from .groups import invite_shown
from .saving import create

bp = Blueprint("home", __name__)
RECENT = 10
STARTED_BEFORE = N_("This game was started already (the form was sent twice), so no second game "
                    "was started. Here it is.")
STARTED_BEFORE_DELETED = N_("This game was started already (the form was sent twice) and is in "
                            "the trash now, so no second game was started.")


def game_id_of(submission: str, group: str) -> str:
    """The id of the game a new-game form starts in ``group``: its submission id keyed with
    the app's secret, so a double tap or a resend after a lost answer names the same game
    (and the id is as unguessable as the ones the store makes). The group is in it: the
    same form resent from a phone that has since joined another group starts a game there."""
    key = current_app.config["SECRET_KEY"]
    key = key.encode() if isinstance(key, str) else key
    return hmac.new(key, f"new-game:{group}:{submission}".encode(), hashlib.sha256).hexdigest()[:12]


def _mine_in_games(game_id: str) -> bool:
    """Whether ``game_id`` is a game of this group in ``games/``: by its index row, or by its
    file when the row is missing (a disk that refused the index write after the file)."""
    listed = store().index.games().get(game_id)
    if listed is not None:
        return group_of(listed) == group_id()
    if not store().file(game_id).exists():
        return False
    try:
        return group_of(store().load(game_id)) == group_id()  # heals the row
    except StoreError:
        return False


def _started_before(game_id: str) -> Any:
    """The answer to a new-game form sent again: the game it started, or None if it started
    none (or one of another group: an id never says whose it is)."""
    if _mine_in_games(game_id):
        flash(t(STARTED_BEFORE), "next")
        return redirect(url_for("play.game", game_id=game_id, _anchor="next"), 303)
    if mine_in_trash(game_id) is not None:
        flash(t(STARTED_BEFORE_DELETED))
        return redirect(url_for("lifecycle.trash_page"), 303)
    return None


def known_players(group: str) -> list[str]:
    """The group's players (as they are called now), most games first, to suggest."""
    counts = group_players(store(), group)
    return sorted(counts, key=lambda n: (-counts[n], n.casefold()))


@bp.get("/")
def index() -> Any:
    mine = group_id()
    games = [g for g in store().index.games().values() if group_of(g) == mine]
    playing = lifecycle.in_progress(store(), mine)
    finished = sorted((g for g in games if g.get("status") == "finished"),
                      key=lambda g: g.get("ended") or "", reverse=True)[:RECENT]
    # A game is offered once its forms exist (its rules may land first).
    offered = {slug: g for slug, g in GAMES.items() if slug in ADAPTERS}
    # A group with no game yet gets the first night's three steps, each marked once done.
    steps = None if games else {"players": known_players(mine), "phones": invite_shown(mine)}
    return render_template("home/index.html", playing=playing, finished=finished, games=GAMES,
                           offered=offered, now=clock.now(), steps=steps)


JOINING = Nn_("%(names)s joins the group.", "%(names)s join the group.")


def known_names(group: str) -> set[str]:
    """Every name (as ``identity``) that is a player of the group already: on its list, in
    its games, or a name a rename or merge leads from."""
    return set(names_now(store(), group)) | {identity(n) for n in group_players(store(), group)}


def joining(names: list[str], known: set[str]) -> str:
    """The sentence that says which of ``names`` are new to the group ("" when none are)."""
    new: list[str] = []
    for name in names:
        if identity(name) not in known and identity(name) not in {identity(n) for n in new}:
            new.append(name)
    if not new:
        return ""
    return t(msg_n(*JOINING, len(new), names=format_list(new, locale=locale_name())))


def _players(typed: list[str]) -> tuple[list[str], list[str]]:
    """The names typed seat by seat (blank seats left out), and for each seat the message
    to show next to it: a name too long or of invisible characters only is refused there,
    not cut short or dropped (which then miscounted the players)."""
    players, errors = [], []
    for value in typed:
        try:
            name = field_text(value, MAX_NAME)
        except Refused as refused:
            errors.append(t(refused.message))
            continue
        errors.append("")
        if name:
            players.append(name)
    return players, errors


def named_before(group: str, slug: str) -> list[dict[str, Any]]:
    """The group's games of ``slug`` that their host named, latest first, one per name (as
    player names are compared), with the settings they were played with: the new-game page
    offers them again."""
    rows = sorted((g for g in store().index.games().values()
                   if group_of(g) == group and g.get("game") == slug and g.get("name")),
                  key=lambda g: (g.get("created", ""), g["id"]), reverse=True)
    out: dict[str, dict[str, Any]] = {}
    for g in rows:
        out.setdefault(identity(g["name"]), {"name": g["name"], "settings": g.get("settings") or {}})
    return list(out.values())


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
    everyone = known_names(group_id())  # before the game: its new names are then known
    players, name_errors = _players(names)
    valid = valid and not any(name_errors)
    played_on, problem = None, None
    if not (form.played_day.errors or form.played_time.errors):  # "2026-02-29" is no day at all
        played_on, problem = lifecycle.played_on_from_form(
            form.played_day.data, form.played_time.data, zone(), clock.now(), shown)
    if problem is not None and request.method == "POST":
        form.played_day.errors = [*form.played_day.errors, t(problem)]
        valid = False
    if request.method == "GET":
        form.played_day.data, form.played_time.data = today, this_minute
    game_id = game_id_of(form.submission.data or "", group_id()) if valid else ""
    if valid and (again := _started_before(game_id)) is not None:
        return again
    if valid:
        try:
            record = new_record(slug, players, adapter.to_settings(setup), group=group_id(),
                                note=form.note.data or "", played_on=played_on)
        except RulesError as error:
            loose = [t(m) for k, m in error.errors.items() if not hasattr(setup, k) or k == "players"]
            for key, message in error.errors.items():
                if key != "players" and hasattr(setup, key):
                    getattr(setup, key).errors = [t(message)]
        else:
            created = create(record, game_id, form, _started_before)
            if created.answer is not None:
                return created.answer
            if created.stored:
                if said := joining(players, everyone):
                    flash(said, "next")
                return redirect(url_for("play.game", game_id=game_id, _anchor="next"), 303)
            loose += created.messages
            status = created.status
    elif request.method == "POST":
        loose += guard_messages(form)
        if "submission" in form.errors:
            form.submission.data = new_submission()
    if any(v.strip() for v in names[game.max_players:]) or any(name_errors[game.max_players:]):
        # Names past the form's seats (a crafted form): none of them has a field to be shown at.
        said = t(msg(N_("%(game)s is played by %(min)s to %(max)s players."), game=game.title,
                     min=game.min_players, max=game.max_players))
        loose += [] if said in loose else [said]
    names = names[:game.max_players] + [""] * (game.max_players - len(names))
    name_errors = name_errors[:game.max_players] + [""] * (game.max_players - len(name_errors))
    known = known_players(group_id())
    earlier = named_before(group_id(), slug)
    return render_template("home/new.html", game=game, form=form, setup=setup, names=names,
                           earlier=earlier, earlier_json=json.dumps(earlier, ensure_ascii=False),
                           name_errors=name_errors, joining=joining(players, everyone),
                           # The script says it as names are typed; keyed as identity() keys.
                           known_json=json.dumps(sorted(everyone), ensure_ascii=False),
                           joining_forms=[t(m) for m in JOINING],
                           known=known, notices=loose, adapter=adapter, shown=shown), status


@bp.post("/lang")
def language() -> Any:
    form = LanguageForm()
    if form.validate():
        session["lang"] = form.lang.data
        session.permanent = True
    return redirect(safe_next(form.next.data), 303)
