"""Give Me The Treasure forms: setup, the deal, the Reinforcements kept, a turn's Resale
entered by tapping the cards, a coin correction, and the best-resale helper.

Field names mirror the rules' error paths ("sides.0.combinations.1" <-> the checkbox group
"sides-0-combinations-1"). The rules also name single cards ("...combinations.1.2") and single
Reinforcements called ("sides.0.reinforcements.1"); the table tapped a group, not a card, so
``ErrorAlias`` fields (which render nothing) pass those messages on to the group they belong to.
How the game page uses them is in ``adapter``.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from markupsafe import Markup
from wtforms import (
    BooleanField,
    Field,
    FieldList,
    FormField,
    RadioField,
    SelectField,
    SelectMultipleField,
    StringField,
)
from wtforms.utils import unset_value
from wtforms.validators import Length, Optional, StopValidation
from wtforms.widgets import ListWidget

from ....forms import EntryForm, choices, walk
from ....forms.base import IntegerField, LedgerForm, PlainForm
from ....text import NOT_A_NUMBER, whole
from ...base import N_
from ..market import BANDITS, COLOURS, NUMBERS, REINFORCEMENTS
from ..rules import FREE_DISCARDS

NUMERIC = {"inputmode": "numeric", "pattern": "-?[0-9]*"}
SLOTS = 4            # combination slots per side and turn
SHOWN_SLOTS = 2      # shown unless asked for more: each slot is 30 checkboxes on a small page
MAX_SEATS = 4
MAX_CARDS = 6        # card positions a combination's messages can name (5 + a stray one)
LOOT = [f"{c}{n}" for n in NUMBERS for c in COLOURS]   # the grid: a row per number
TREASURE, CURSED = "treasure", "cursed"
# Seats (1-based) of side 1 for the team variant; the rest form side 2. Cut to 3 seats, each
# also reads as a 2-against-1 arrangement.
ARRANGEMENTS = {"0,0,1,1": N_("1+2 against 3+4 (3 people: 1+2 against 3)"),
                "0,1,0,1": N_("1+3 against 2+4 (3 people: 1+3 against 2)"),
                "0,1,1,0": N_("1+4 against 2+3 (3 people: 1 against 2+3)")}


class ErrorAlias(Field):
    """Renders nothing and reads nothing; a message put on it goes to the field ``target``
    (a name relative to the same form)."""

    def __init__(self, target: str, **kwargs: Any):
        super().__init__(**kwargs)
        self.target = target

    def process(self, formdata: Any, data: Any = unset_value, extra_filters: Any = None) -> None:
        self.process_errors, self.data, self.raw_data = [], None, []

    def __call__(self, **kwargs: Any) -> Markup:
        return Markup()

    @property
    def errors(self) -> Sequence[str]:
        return []

    @errors.setter
    def errors(self, value: Any) -> None:
        name = self.name[: len(self.name) - len(self.short_name)] + self.target
        target = next(f for f in walk(self._form) if f.name == name)  # type: ignore[attr-defined]
        target.errors = list(target.errors or []) + [m for m in value if m not in (target.errors or [])]


class Given:
    """Refuses a field left blank with ``message``, the words the rules said before the
    forms kept entries to their shape (so the German stays); a value the field itself could
    not read keeps the field's own message. Unlike InputRequired it sets no ``required``
    flag: the page asks nothing of the browser it did not ask before."""

    def __init__(self, message: str):
        self.message = message

    def __call__(self, form: Any, field: Any) -> None:
        if field.errors:
            raise StopValidation()
        if field.data is None or (isinstance(field.data, str) and not field.data.strip()):
            raise StopValidation(self.message)


def whole_side(form: Any, field: Any) -> None:
    """A side (or the Arrow's) as a whole number; which numbers are sides is the rules' to say."""
    if seat_number(field.data) is None:
        raise StopValidation(NOT_A_NUMBER)


def seat_number(value: Any) -> int | None:
    """A side sent as typed digits, as the entry holds it; None for anything else."""
    try:
        return whole(value)
    except ValueError:
        return None


class Chips(SelectMultipleField):
    """Checkboxes styled as chips. Values outside the choices go on to the rules, which say
    what is wrong with them (a card that does not exist) instead of "not a valid choice"."""

    widget = ListWidget(prefix_label=False)

    def __init__(self, label: str | None = None, **kwargs: Any):
        super().__init__(label, validate_choice=False, **kwargs)


def _group(name: str, fields: Mapping[str, Any]) -> type[PlainForm]:
    return type(name, (PlainForm,), dict(fields))


def _aliases(target: str, count: int, suffix: str = "") -> dict[str, ErrorAlias]:
    return {f"{target}-{i}{suffix}": ErrorAlias(target) for i in range(count)}


def _count(label: str) -> IntegerField:
    return IntegerField(label, default=0, validators=[Optional()], render_kw=NUMERIC)


CARD_CHOICES = choices([(v, v) for v in LOOT + [TREASURE, CURSED]])
FREE_DISCARD_CHOICES = choices([
    ("any", N_("all of its Cursed Paintings (the rule as written)")),
    ("one_per_combination", N_("one Cursed Painting per such combination (house reading)"))])
REINFORCEMENT_CHOICES = choices(REINFORCEMENTS.items())

# -- setup -----------------------------------------------------------------------------------


class SetupForm(LedgerForm):
    class Meta:
        csrf = False  # sent inside the new-game form, which carries the token

    teams = RadioField(N_("Teams (3 or 4 people)"), default="0,0,1,1",
                       choices=choices(ARRANGEMENTS.items()))
    leader_0 = SelectField(N_("Leader of side 1"), default="")
    leader_1 = SelectField(N_("Leader of side 2"), default="")
    target = IntegerField(N_("Target (empty: 20, team variant 30)"), validators=[Optional()],
                          render_kw=NUMERIC)
    starting_coins = IntegerField(N_("Starting coins per side"), default=2,
                                  validators=[Optional()], render_kw=NUMERIC)
    bandit_skills = BooleanField(N_("Bandit skills (off for a practice game)"), default=True)
    free_discard = RadioField(N_("A resold combination holding a 2 lets the side discard for free"),
                              default=FREE_DISCARDS[0], choices=FREE_DISCARD_CHOICES)

    def __init__(self, formdata: Any = None, **kwargs: Any) -> None:
        super().__init__(formdata=formdata, **kwargs)
        self.leader_0.choices = self.leader_1.choices = _seat_choices()
        # The people typed on the new-game page the form is part of: teams are for 3 or 4.
        names = formdata.getlist("player") if formdata is not None else []
        self.people = len([n for n in names if n.strip()])


def _seat_choices() -> list[Any]:
    return choices([("", N_("first of the side"))] + [(str(i), str(i + 1)) for i in range(MAX_SEATS)])


# -- the deal and the Reinforcements kept ------------------------------------------------------


class SideForm(EntryForm):
    """A Give Me The Treasure entry form; ``side_names``: how the page names the two sides."""

    def __init__(self, *args: Any, side_names: Sequence[str] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.side_names = list(side_names)


class DealForm(SideForm):
    bandits = FieldList(SelectField(N_("Bandit"), choices=choices(
        [("", "—")] + list(BANDITS.items())), validate_choice=False))
    bandits_all = ErrorAlias("bandits-0", name="bandits")
    first_divider = RadioField(N_("Who divides first (the Arrow)"), default="0",
                               choices=choices([("0", "0"), ("1", "1")]), validate_choice=False,
                               validators=[whole_side])

    def __init__(self, *args: Any, drawn: Mapping[str, Any] | None = None, **kwargs: Any) -> None:
        """``drawn``: what a corrected deal holds that the form does not show (the
        Reinforcements the app or the table dealt), kept as it is."""
        super().__init__(*args, **kwargs)
        self.drawn = {k: v for k, v in (drawn or {}).items() if k in ("dealt", "reinforcements")}


KeptGroup = _group("KeptGroup", {
    **{str(i): Chips(N_("Reinforcements kept"), choices=REINFORCEMENT_CHOICES) for i in range(MAX_SEATS)},
    **{k: v for i in range(MAX_SEATS) for k, v in _aliases(str(i), 3).items()}})


class KeepForm(SideForm):
    """The Reinforcements each seat keeps: ``offered``, the cards dealt to its side;
    ``keep_counts``, how many it keeps."""

    reinforcements = FormField(KeptGroup)

    def __init__(self, *args: Any, offered: Sequence[Sequence[str]] = (), keep_counts: Sequence[int] = (),
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.offered = [list(cards) for cards in offered]
        self.keep_counts = list(keep_counts)


# -- a turn ----------------------------------------------------------------------------------

Combinations = _group("Combinations", {
    **{str(j): Chips(N_("Combination %(n)s"), choices=CARD_CHOICES) for j in range(SLOTS)},
    **{k: v for j in range(SLOTS) for k, v in _aliases(str(j), MAX_CARDS).items()}})

SideResale = _group("SideResale", {
    "combinations": FormField(Combinations),
    "cursed_paid": _count(N_("Cursed Paintings paid off (2 coins each)")),
    "cursed_free": _count(N_("Cursed Paintings discarded free (with a combination holding a 2)")),
    "cursed_held": _count(N_("Cursed Paintings still held after the Resale")),
    "reinforcements": Chips(N_("Reinforcements called"), choices=REINFORCEMENT_CHOICES),
    "viper": _count(N_("Cursed Paintings Viper discards")),
    "croc": SelectField(N_("The Croc' Brothers repeat"), default="", validate_choice=False,
                        choices=choices([("", "—")] + list(REINFORCEMENTS.items()))),
    **_aliases("reinforcements", len(REINFORCEMENTS)),
    **{f"reinforcements-{i}-repeats": ErrorAlias("croc") for i in range(len(REINFORCEMENTS))},
    **{f"reinforcements-{i}-cursed": ErrorAlias("viper") for i in range(len(REINFORCEMENTS))},
})

Sides = _group("Sides", {"0": FormField(SideResale), "1": FormField(SideResale)})


class TurnForm(SideForm):
    """One turn's Resale of both sides; ``held``: the Reinforcements each side can call."""

    SLOTS = SLOTS
    sides = FormField(Sides)
    treasure_as = SelectField(N_("The Great Treasure became"), default="", validate_choice=False,
                              choices=choices([("", N_("the card worth most (the app places it)"))]
                                              + [(v, v) for v in LOOT]))

    def __init__(self, *args: Any, held: Sequence[Sequence[str]] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.held = [list(cards) for cards in held]

    def shown_slots(self) -> int:
        """The combination slots the page shows unless asked for all: two, or as many as are
        filled in."""
        sides: Any = self.sides
        used = [j + 1 for side in ("0", "1") for j in range(SLOTS)
                if sides[side].combinations[str(j)].data]
        return max([SHOWN_SLOTS, *used])


# -- a coin correction -------------------------------------------------------------------------


class CorrectionForm(SideForm):
    side = RadioField(N_("Side"), default="0", choices=choices([("0", "0"), ("1", "1")]),
                      validate_choice=False, validators=[whole_side])
    coins = IntegerField(N_("Coins (negative: taken away)"), validators=[Given(NOT_A_NUMBER)],
                         render_kw={"inputmode": "numeric", "pattern": "-?[0-9]*"})
    reason = StringField(N_("Reason"), validators=[Given(N_("Say why the coins change.")), Length(max=200)])


# -- the best-resale helper ----------------------------------------------------------------------


class ResaleForm(LedgerForm):
    class Meta:
        csrf = False  # a GET form that changes nothing

    chest = Chips(N_("Cards in your chest"), choices=CARD_CHOICES)
    cursed = _count(N_("Cursed Paintings in your chest"))
    bandit = SelectField(N_("Your Bandit (its skill counts)"), default="", validate_choice=False,
                         choices=choices([("", "—")] + list(BANDITS.items())))
    reinforcements = Chips(N_("Your unused Reinforcements"), choices=REINFORCEMENT_CHOICES)
    face_up = Chips(N_("Reinforcements face up (for the Croc' Brothers)"), choices=REINFORCEMENT_CHOICES)
    opponent_cursed = _count(N_("Cursed Paintings your opponent holds (for Mofette)"))
    free_discard = RadioField(N_("A resold combination holding a 2 lets the side discard for free"),
                              default=FREE_DISCARDS[0], choices=FREE_DISCARD_CHOICES)


# The rules name a card by its place in the chest ("chest.3"): show that on the grid.
for _place in range(20):
    setattr(ResaleForm, f"chest_{_place}", ErrorAlias("chest", name=f"chest-{_place}"))
