"""The form of a game played on paper: its final result in one entry (games/result.py).

One row per seat: the final score, what the game's tie-break needs and whether the player
won. The new-result page adds the names, the day and the settings a result depends on (the
limit, the target, the teams); a correction shows only the rows.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Protocol

from wtforms import BooleanField, FieldList, FormField, HiddenField, SelectField, StringField
from wtforms.validators import Optional

from ..markers import N_
from ..record.shape import Record
from . import EntryForm, NewGameForm, choices, complete_rows
from .base import Among, IntegerField, PlainForm

NUMERIC = {"inputmode": "numeric", "pattern": "-?[0-9]*"}
ENTER_SCORE = N_("Enter the final score.")
ENTER_CARDS = N_("Enter seven numbers, one per card, such as 14 10 9 5 4 1 0.")


class ResultRow(PlainForm):
    name = StringField(N_("Name"))
    # Left as "as usual", the sides are the rules' default for the player count (1 against 1;
    # the first two seats against the rest).
    side = SelectField(N_("Side"), default="",
                       choices=choices([("", N_("as usual")), ("0", N_("Side 1")), ("1", N_("Side 2"))]))
    score = IntegerField(N_("Final score"), validators=[Optional()])
    loot = StringField(N_("Loot of the seven cards kept (for a tie)"))
    gold = IntegerField(N_("Money (gp)"), validators=[Optional()], render_kw=NUMERIC)
    levels = IntegerField(N_("Total Adventurer levels"), validators=[Optional()], render_kw=NUMERIC)
    rooms = IntegerField(N_("Looted rooms"), validators=[Optional()], render_kw=NUMERIC)
    won = BooleanField(N_("Won"))


class ResultForm(EntryForm):
    players = FieldList(FormField(ResultRow))
    pat = BooleanField(N_("Pat, the Police Dog won it at once"))
    # Where a message about who won goes (the rules' field ``winners``).
    winners = HiddenField(N_("Who won"))

    def used(self) -> list[int]:
        """The rows that are seats: all of them when correcting a stored result."""
        return list(range(len(self.players.entries)))

    def validate(self, extra_validators: Any = None) -> bool:
        ok = super().validate(extra_validators)
        for index in self.used():
            row = self.players.entries[index].form
            if row.score.data is None and not row.score.errors:
                row.score.errors = [ENTER_SCORE]
                ok = False
            if cards(row.loot.data) is False:
                row.loot.errors = [ENTER_CARDS]
                ok = False
        return bool(ok)


class NewResultForm(ResultForm):
    VERSIONED = False  # no record yet to be stale against
    played_day = NewGameForm.played_day
    played_time = NewGameForm.played_time
    limit = IntegerField(N_("Point limit"), default=100, validators=[Optional()], render_kw=NUMERIC)
    target = IntegerField(N_("Coins to win"), validators=[Optional()], render_kw=NUMERIC)
    # A game its host names and sets up (a game of the table's own): what it is called and
    # how it was scored, asked by its own part of the form (Adapter.result_template).
    game_name = StringField(N_("Name of the game"))
    # A value no option offers is refused in the words the rules said for it: what a valid
    # form hands on has the settings' shape, which is checked before the rules run.
    scoring = SelectField(N_("Scoring"), default="final", validate_choice=False,
                          choices=choices([("final", N_("Final scores")), ("places", N_("Places"))]),
                          validators=[Among(N_("Choose how the game is scored."))])
    wins = SelectField(N_("Who wins"), default="high", validate_choice=False,
                       choices=choices([("high", N_("Highest total wins")), ("low", N_("Lowest total wins"))]),
                       validators=[Among(N_("Choose whether the highest or the lowest total wins."))])
    ties = SelectField(N_("A tie at the top"), default="share", validate_choice=False,
                       choices=choices([("share", N_("A shared win")),
                                        ("break", N_("Broken: named by the table"))]),
                       validators=[Among(N_("Choose whether a tie at the top is shared or broken."))])

    def used(self) -> list[int]:
        return [i for i, row in enumerate(self.players.entries) if row.form.name.data]


def cards(text: str | None) -> list[int] | bool | None:
    """The loot values typed ("14 10 9 5 4 1 0"); None when left empty, False when they are
    not seven numbers."""
    if not text or not text.strip():
        return None
    parts = re.split(r"[\s,;]+", text.strip())
    if len(parts) != 7 or not all(p.isascii() and p.isdigit() for p in parts):
        return False
    return [int(p) for p in parts]


def result_form(record: Record | None, rows: int, data: Mapping[str, Any] | None = None,
                formdata: Any = None, new: bool = False) -> ResultForm:
    """The form for ``rows`` seats, filled from a stored result's ``data`` or from a post."""
    data = data or {}
    won = set(data.get("winners") or ())
    obj = {"players": [{**row, "won": seat in won,
                        "loot": " ".join(map(str, row.get("loot") or ()))}
                       for seat, row in enumerate(data.get("players") or ())],
           "pat": bool(data.get("pat"))}
    formdata, _missing = complete_rows(formdata, "players", rows, "score")
    form = (NewResultForm if new else ResultForm)(formdata=formdata, data=obj)
    while len(form.players.entries) < rows:
        form.players.append_entry()
    return form


class ResultParts(Protocol):
    """What ``result_data`` asks of a game's adapter (``forms/adapter.py``, which imports this
    module, so it is named by what it does, not imported)."""

    def result_row(self, row: Any) -> dict[str, object]: ...

    def result_extra(self, form: Any) -> dict[str, object]: ...


def result_data(adapter: ResultParts, form: ResultForm, seats: list[int]) -> dict[str, Any]:
    """The entry data of a validated form; ``seats`` are the rows that are seats, in order."""
    out = [{"score": form.players.entries[index].form.score.data,
            **adapter.result_row(form.players.entries[index].form)} for index in seats]
    return {"players": out, "winners": [
        seat for seat, index in enumerate(seats) if form.players.entries[index].form.won.data],
        **adapter.result_extra(form)}
