"""Flask-WTF forms: shape and range only. The rules live in companion/games.

Every form that changes a record carries the record's ``version`` and a one-off
``submission`` id: a double tap sends the same id twice and is applied once; a form
filled in before another phone added an entry is refused instead of overwriting it.
"""
from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

from flask_wtf.file import FileField, FileRequired
from werkzeug.datastructures import MultiDict
from wtforms import (
    BooleanField,
    DateField,
    Field,
    Form,
    HiddenField,
    SelectField,
    StringField,
    TextAreaField,
    TimeField,
)
from wtforms.fields.choices import SelectChoice  # type: ignore[attr-defined]  # new in 3.3; stubs are 3.2
from wtforms.validators import Length, Optional, ValidationError

from ..games.base import RulesError
from ..i18n import t
from ..markers import N_
from ..periods import FIRST_DAY
from ..record.entries import MAX_NOTE
from ..text import is_token, whole
from .base import LedgerForm

CSRF_MESSAGE = N_("This form could not be checked (it may have been open for a long time). "
                  "Check it and send it again.")
# A hidden field that guards a write (the record's version, the submission id) left out or
# changed: the form cannot say what it was filled in against, so it changes nothing.
UNCHECKED = N_("This form arrived incomplete or changed, so nothing was stored. Here it is "
               "again: check it and send it again.")
GUARDS = ("csrf_token", "version", "submission")


def choices(pairs: Any) -> list[SelectChoice]:
    """(value, label) pairs as WTForms 3.3 wants them for select and radio fields."""
    return [SelectChoice(value, label) for value, label in pairs]


def new_submission() -> str:
    return uuid.uuid4().hex


def _strict_version(form: Any, field: Field) -> None:
    """The record's version as the page wrote it: plain digits. Read leniently, "abc" would
    be no version at all and skip the stale-form check."""
    try:
        number = whole(field.data)
    except ValueError:
        number = -1
    if (number is None and form.VERSIONED) or (number is not None and number < 0):
        raise ValidationError(UNCHECKED)


def strict_submission(form: Any, field: Field) -> None:
    """A submission id as a page writes one; without it a double tap could not be told. (Left
    out, the field would take its default: a fresh id, as if the form had sent one.)"""
    if not field.raw_data or not is_token(field.raw_data[0]):
        raise ValidationError(UNCHECKED)


class ChangeForm(LedgerForm):
    """The part every record-changing form shares. ``VERSIONED``: the change is refused
    when the record changed since the form was shown, so the version must be sent."""

    VERSIONED = True
    version = HiddenField(validators=[_strict_version])
    submission = HiddenField(default=new_submission, validators=[strict_submission])

    def version_number(self) -> int | None:
        try:
            return whole(self.version.data)
        except ValueError:  # refused by validate(); never read as "no version"
            return None


def guard_messages(form: LedgerForm) -> list[str]:
    """What a refused form says about its hidden fields (they have no place on the page)."""
    if "csrf_token" in form.errors:
        return [t(CSRF_MESSAGE)]
    if any(name in form.errors for name in GUARDS):
        return [t(UNCHECKED)]
    return []


class EntryForm(ChangeForm):
    kind = HiddenField()


class UndoForm(ChangeForm):
    pass


class DrawForm(ChangeForm):
    pass


class NoteForm(ChangeForm):
    VERSIONED = False  # a note is the last one sent, whatever else changed
    note = TextAreaField(N_("Note"), validators=[Optional(), Length(max=MAX_NOTE)])


class NewGameForm(LedgerForm):
    # The game is the page's (/new/<game>), not a field a post could leave out or change.
    # The submission id names the game the form starts: sent twice, it is one game.
    submission = HiddenField(default=new_submission, validators=[strict_submission])
    players = StringField(N_("Players in seat order, one per field"))
    note = StringField(N_("Note (optional)"), validators=[Optional(), Length(max=200)])
    # When the table began playing, in the group's time zone (default now): a game played on
    # paper is entered afterwards with its own day and time.
    played_day = DateField(N_("Played on"), validators=[Optional()],
                           render_kw={"min": FIRST_DAY.isoformat()})
    played_time = TimeField(N_("Start time"), validators=[Optional()])


class ImportForm(LedgerForm):
    file = FileField(N_("Game record (JSON)"), validators=[FileRequired(message=N_("Choose a file."))])
    copy = BooleanField(N_("Import it as a copy, even if this game is here already"))


class LanguageForm(LedgerForm):
    lang = SelectField(choices=choices([("en", "English"), ("de", "Deutsch")]))
    next = HiddenField()


def complete_rows(formdata: Any, name: str, n: int, blank: str = "") -> Any:
    """``formdata`` with a blank value for each of the ``n`` rows of the list ``name`` that was
    not sent (``name-2`` or ``name-2-blank``), so every row keeps its place and a missing row
    is refused as empty rather than skipped or filled in. Returns the rows that were missing
    too."""
    if formdata is None:
        return None, []
    sent = {key.split("-")[1] for key in formdata if key.startswith(f"{name}-")}
    missing = [i for i in range(n) if str(i) not in sent]
    if not missing:
        return formdata, []
    data = MultiDict(formdata)
    for i in missing:
        data[f"{name}-{i}-{blank}" if blank else f"{name}-{i}"] = ""
    return data, missing


def walk(fields: Any) -> Iterator[Field]:
    for field in fields:
        if hasattr(field, "entries"):  # FieldList
            for entry in field.entries:
                yield from walk([entry])
        elif hasattr(field, "form") and hasattr(field.form, "_fields"):  # FormField
            yield from walk(field.form)
        else:
            yield field


def attach_errors(form: Form, error: RulesError) -> list[str]:
    """Put each rules message next to its field; return the ones that belong to no field.

    Rules name fields by dotted paths into the entry's data (``players.2.gold``); form
    fields are named the same way with dashes (``players-2-gold``).
    """
    by_name = {f.name: f for f in walk(form)}
    loose = []
    for path, message in error.errors.items():
        field = by_name.get(path.replace(".", "-"))
        if field is None:
            loose.append(t(message))
        else:
            field.errors = list(field.errors or []) + [t(message)]
    return loose
