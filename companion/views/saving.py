"""The one way a page saves a game: a change under the game file's lock (``save``) and a new
game stored under the id its form names (``create``). What can go wrong is caught here, in the
order it can happen, and handed back for the page to say in its own place: the lock taken by
another phone's save (``NotSaved`` before anything was read), a form sent twice, a form from
before another phone's entry (``Stale``), the rules' refusal (``RulesError``, or a correction
that ``NeedsMending``), the disk (``NotSaved``)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import abort, current_app

from ..forms import NewGameForm, new_submission
from ..forms.result import NewResultForm
from ..games.base import RulesError
from ..i18n import t
from ..markers import N_
from ..record.entries import Repeated, Stale
from ..record.mending import NeedsMending
from ..record.shape import Record, group_of
from ..storage.store import NotSaved, StoreError
from . import group_id, not_saved, sent_before, store

NOT_STARTED = N_("A game of this form is stored already but cannot be opened here, so no game "
                 "was started. Tap “Start the game” again to start it with a fresh form.")

Failure = Stale | RulesError | NotSaved | NeedsMending | Repeated


def listed_here(game_id: str) -> None:
    listed = store().index.games().get(game_id)
    if listed is not None and group_of(listed) != group_id():
        abort(404)  # before the file is opened: even a damaged one stays another group's


def here(record: Record) -> Record:
    if group_of(record) != group_id():
        abort(404)
    return record


@dataclass
class Saved:
    """How a save came out: the record as read under the lock (``None`` where the lock stayed
    taken), whether the form had been sent before (nothing done), the record as stored
    (``None``: nothing to store), or what stopped it."""
    record: Record | None = None
    again: bool = False
    new: Record | None = None
    failure: Failure | None = None


def save(game_id: str, change: Callable[[Record], Record | None], repeats: bool = True) -> Saved:
    """One read of the game file, under its lock: ``change`` gets the record and gives the one
    to store (or ``None``), unless the form was sent before (``repeats``: checked here; a
    change that checks for itself, as a note does by ``Repeated``, passes False)."""
    listed_here(game_id)
    saved = Saved()
    try:
        with store().changing(game_id) as game:
            saved.record = here(game.record)
            saved.again = repeats and sent_before(game.record)
            if not saved.again and (new := change(game.record)) is not None:
                game.new = new
        saved.new = game.new
    except (Stale, RulesError, NotSaved, NeedsMending, Repeated) as failure:
        saved.failure = failure
    return saved


@dataclass
class Created:
    """How storing a new game came out: the answer to give at once (the game a form sent twice
    started), or the messages and status of a game not stored; neither: stored."""
    answer: Any = None
    messages: tuple[str, ...] = ()
    status: int = 200

    @property
    def stored(self) -> bool:
        return self.answer is None and not self.messages


def create(record: Record, game_id: str, form: NewGameForm | NewResultForm,
           started_before: Callable[[str], Any]) -> Created:
    """Store a new game (a new-game form, a result from paper) under ``game_id``, the id its
    form names. The same form sent twice at once: the other one stored it (``started_before``
    answers with that game); an id taken by a file that cannot be read as this group's game is
    never a 500: a fresh form (a new submission id) starts the game."""
    try:
        store().create(record, game_id)
    except NotSaved as error:
        text, status = not_saved(error)
        return Created(messages=(text,), status=status)
    except StoreError:
        if (again := started_before(game_id)) is not None:
            return Created(answer=again)
        current_app.logger.warning("new game %s not started: its id is taken", game_id)
        form.submission.data = new_submission()
        return Created(messages=(t(NOT_STARTED),), status=409)
    return Created()
