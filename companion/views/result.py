"""A game played on paper, entered as its final result in one form (games/result.py).

The record is made as any game's (players, settings, when it was played) with one entry, the
result, which the game's rules check; refused, nothing is stored and each message stands
next to its field. The same form sent twice names the same game (``home.game_id_of``).
"""
from __future__ import annotations

from datetime import time
from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for

from .. import clock
from ..forms import GUARDS, guard_messages, new_submission, walk
from ..forms.adapter import ADAPTERS, given_label
from ..forms.result import NewResultForm, result_data, result_form
from ..games import GAMES
from ..games.base import RulesError, msg
from ..games.result import RESULT
from ..history import lifecycle
from ..i18n import t
from ..markers import N_
from ..record.entries import add_entry, new_record
from ..record.summary import result_only
from . import group_id, zone
from .home import _players, _started_before, game_id_of, known_players
from .play import NOT_SAVED
from .saving import create

bp = Blueprint("result", __name__)
NAMELESS = N_("Enter the player's name, or clear this row.")
# A day without a time: the middle of it, so that no zone moves it to another day.
NOON = time(12, 0)


@bp.app_context_processor
def _helpers() -> dict[str, object]:
    return {"result_only": result_only}


def _attach(form: NewResultForm, seats: list[int], error: RulesError) -> list[str]:
    """Each message of the rules next to its field (a seat's field is on that seat's row);
    the ones of no field, to say at the top."""
    loose = []
    for path, message in error.errors.items():
        parts = path.split(".")
        field = None
        if len(parts) == 3 and parts[0] == "players" and parts[1].isdigit() and int(parts[1]) < len(seats):
            row = form.players.entries[seats[int(parts[1])]].form
            field = getattr(row, parts[2], None)
        elif parts[0] == "teams":
            field = form.players.entries[seats[int(parts[1])]].form.side \
                if len(parts) == 2 and parts[1].isdigit() and int(parts[1]) < len(seats) else None
        elif path in ("winners", "pat", "limit", "target", "scoring", "wins", "ties"):
            field = getattr(form, path)
        elif path == "name":
            field = form.game_name
        if field is None:
            loose.append(t(message))
        else:
            field.errors = [*(field.errors or []), t(message)]
    return loose


def _problems(form: NewResultForm, loose: list[str]) -> list[tuple[str, str, str]]:
    """The refusal's summary at the top: each refused field (its seat's name and its label)
    with its first message, then the messages of no field."""
    found = []
    for field in walk(form):
        if field.errors and field.name not in GUARDS:
            parts = field.name.split("-")
            who = ""
            if len(parts) == 3 and parts[0] == "players" and parts[1].isdigit():
                row = form.players.entries[int(parts[1])].form
                who = row.name.data or t(msg(N_("Seat %(n)s"), n=int(parts[1]) + 1))
            label = t(given_label(field)) if given_label(field) else ""
            found.append((field.name, " · ".join(p for p in (who, label) if p), t(field.errors[0])))
    return found + [("", "", m) for m in loose]


@bp.route("/new/<slug>/result", methods=["GET", "POST"])
def new(slug: str) -> Any:
    game = GAMES.get(slug)
    if game is None or not game.takes_result or slug not in ADAPTERS:
        abort(404)
    adapter = ADAPTERS[slug]
    posted = request.method == "POST"
    form: Any = result_form(None, game.max_players, formdata=request.form if posted else None, new=True)
    today, _now = lifecycle.form_default(zone(), clock.now())
    loose: list[str] = []
    status = 422 if posted else 200
    if not posted:
        form.played_day.data = today
    valid = posted and form.validate()
    seats = form.used()
    players, name_errors = _players([form.players.entries[i].form.name.data or "" for i in seats])
    for index, problem in zip(seats, name_errors, strict=True):
        if problem:
            form.players.entries[index].form.name.errors = [problem]
            valid = False
    for index, entry in enumerate(form.players.entries):
        row = entry.form
        if index not in seats and (row.score.data is not None or row.won.data):
            row.name.errors = [t(NAMELESS)]
            valid = False
    played_on, played_day = None, None
    if posted and not (form.played_day.errors or form.played_time.errors):
        day = form.played_day.data or today
        start = form.played_time.data
        if start is None:
            # The day alone: the record keeps it as that day (``played_day``), dated at its
            # middle (so that no zone moves it to another day), or now if that is still ahead.
            played_day = day.isoformat()
            start = min(NOON, clock.now().astimezone(zone()).time()) if day == today else NOON
        played_on, late = lifecycle.played_on_from_form(day, start.replace(second=0, microsecond=0),
                                                        zone(), clock.now())
        if late is not None:
            form.played_day.errors = [*form.played_day.errors, t(late)]
            valid = False
    game_id = game_id_of(form.submission.data or "", group_id()) if valid else ""
    if valid and (again := _started_before(game_id)) is not None:
        return again
    if valid:
        try:
            record = new_record(slug, players, adapter.result_settings(form, seats), group=group_id(),
                                played_on=played_on)
            if played_day is not None:
                record["played_day"] = played_day
            record = add_entry(record, RESULT, result_data(adapter, form, seats),
                               submission=form.submission.data)
        except RulesError as error:
            loose = _attach(form, seats, error)
        else:
            created = create(record, game_id, form, _started_before)
            if created.answer is not None:
                return created.answer
            if created.stored:
                return redirect(url_for("play.game", game_id=game_id), 303)
            loose += created.messages
            status = created.status
    elif posted:
        loose += guard_messages(form)
        if "submission" in form.errors:
            form.submission.data = new_submission()
    return render_template("result/new.html", game=game, adapter=adapter, form=form,
                           problems=_problems(form, loose) if posted else [], refusal=t(NOT_SAVED),
                           known=known_players(group_id())), status
