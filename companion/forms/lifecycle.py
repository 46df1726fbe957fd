"""Forms of a game's life beyond play: one-button changes (abandon, resume, delete, restore),
emptying the trash, and the group's time zone and players' colours. (The seat order is a
``ChangeForm`` with one ``seat`` select per seat.)"""
from __future__ import annotations

from wtforms import HiddenField, RadioField, SelectField
from wtforms.validators import InputRequired

from ..markers import N_
from ..pages.chart import COLOUR_NAMES
from . import ChangeForm, choices
from .base import LedgerForm


class StatusForm(ChangeForm):
    """Abandon, resume, delete or restore a game: one button. ``next`` is the page to go
    back to (the list it was tapped in); the submission id makes a double tap count once."""

    VERSIONED = False  # one button: what it asks for is done or refused by the rules
    next = HiddenField()


class EmptyTrashForm(LedgerForm):
    # The latest deletion the person saw when they confirmed: a game deleted meanwhile on
    # another phone is not emptied with the rest.
    upto = HiddenField()


class ZoneForm(LedgerForm):
    zone = SelectField(N_("Time zone"), validate_choice=False,
                       validators=[InputRequired(message=N_("Choose a time zone."))])


class ColourForm(LedgerForm):
    PREFIX = "pick"  # the group page has other forms with a "player" field

    player = SelectField(N_("Player"), validate_choice=False)
    colour = RadioField(N_("Colour"), default="", choices=choices(
        [("", N_("As the seat gives it"))] + list(COLOUR_NAMES.items())))
