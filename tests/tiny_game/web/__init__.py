"""Higher Card on the phone: one form, the two cards of a round, and its adapter. Its
templates are kept beside it (``bp``'s template folder) rather than in templates/games/."""
from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from flask import Blueprint
from wtforms import FieldList
from wtforms.validators import InputRequired

from companion.forms import EntryForm, complete_rows
from companion.forms.adapter import Adapter
from companion.forms.base import IntegerField, LedgerForm

# No pages of its own: the blueprint only lends the game's templates to the app.
bp = Blueprint("higher_card", __name__, template_folder=str(Path(__file__).parents[1] / "templates"))


class RoundForm(EntryForm):
    # A blank card is the form's to ask for: what a valid form hands on has the entry's shape
    # (shapes.py), which the record checks before the rules run.
    cards = FieldList(IntegerField("Card", validators=[InputRequired("Turn up a card.")]))


class SetupForm(LedgerForm):
    class Meta:
        csrf = False  # sent inside the new-game form, which carries the token


class HigherCardAdapter(Adapter):
    forms: ClassVar[Mapping[str, type[EntryForm]]] = {"round": RoundForm}
    seat_lists = ("cards",)

    def setup_form(self, formdata: Any = None) -> SetupForm:
        return SetupForm(formdata=formdata)

    def to_settings(self, form: Any) -> dict[str, Any]:
        return {}

    def form(self, kind: str, record: dict[str, Any], data: dict[str, Any] | None = None,
             formdata: Any = None) -> EntryForm:
        # A card a post left out is refused next to its field, not skipped.
        formdata, _missing = complete_rows(formdata, "cards", len(record["players"]))
        form = RoundForm(formdata=formdata, data=data or {})
        while len(form.cards.entries) < len(record["players"]):
            form.cards.append_entry()
        return form

    def to_data(self, kind: str, form: Any, record: dict[str, Any]) -> dict[str, Any]:
        return {"cards": [f.data for f in form.cards]}


ADAPTER = HigherCardAdapter()
