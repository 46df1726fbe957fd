"""The game-night pack's form: which games, who plays, language and paper, and the name of a
game its host names. Shape only; the view checks the player count against each game and the
name where the pack holds such a game (companion/views/printables.py)."""
from __future__ import annotations

from typing import Any, cast

from wtforms import SelectField, SelectMultipleField, StringField
from wtforms.validators import ValidationError
from wtforms.widgets import CheckboxInput, ListWidget

from ..games import GAMES
from ..games.base import msg
from ..markers import N_
from . import choices
from .base import LedgerForm

# The most any of our games seats (12 at an own game); the view holds the players picked
# to the largest table of the games picked.
MOST_PLAYERS = max(game.max_players for game in GAMES.values())


class Checkboxes(SelectMultipleField):
    """Ticks, one per choice; a value no box offers is refused with ``unknown``."""

    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()

    def __init__(self, *args: Any, unknown: str = "", **kwargs: Any):
        kwargs["validate_choice"] = False
        super().__init__(*args, **kwargs)
        self.unknown = unknown

    def pre_validate(self, form: Any) -> None:
        offered = {choice.value for choice in cast(list[Any], self.choices)}
        if any(value not in offered for value in self.data or ()):
            raise ValidationError(self.unknown)


class PackForm(LedgerForm):
    games = Checkboxes(N_("Games to print"), unknown=N_("Pick games from the list."))
    players = Checkboxes(N_("Players at the table"), unknown=N_("Pick players of this group."))
    lang = SelectField(N_("Language"), choices=choices([("en", "English"), ("de", "Deutsch")]),
                       default="en", validate_choice=False)
    paper = SelectField(N_("Paper"), choices=choices([("a4", "A4"), ("letter", "US Letter")]),
                        default="a4", validate_choice=False)
    # Printed in the title of the sheet of a game its host names (Paper.named), as the
    # Printables page's single blank sheet of that game prints it.
    named = StringField(N_("The game's name (optional)"))

    def validate_games(self, field: Any) -> None:
        if not field.data:
            raise ValidationError(N_("Pick at least one game."))

    def validate_players(self, field: Any) -> None:
        if len(set(field.data or ())) != len(field.data or ()):
            raise ValidationError(N_("Each player needs a different name."))
        if len(field.data or ()) > MOST_PLAYERS:
            # A Msg, not a str: translated where it is shown, with its number.
            raise ValidationError(cast(str, msg(N_("Pick at most %(n)s players."), n=MOST_PLAYERS)))

    def validate_lang(self, field: Any) -> None:
        if field.data not in ("en", "de"):
            raise ValidationError(N_("Choose English or German."))

    def validate_paper(self, field: Any) -> None:
        if field.data not in ("a4", "letter"):
            raise ValidationError(N_("Choose A4 or US Letter paper."))
