"""Loot and Scoot's forms: setup, the turn panel (one small form per action), leaving a
Dungeon, the final scoring, and the battle-odds helper. The adapter that builds them for
a record is ``adapter``.

Shape only: every price, limit and refusal of meaning comes from companion/games/scoot/.
The forms refuse what has no place in an entry's shape (shapes.py) -- a blank or
unknown choice, a number that is none -- in the words the rules once used, so a form
that validated hands over data of the shape and the rules trust its types. A turn is
entered one tap per action, so the panel is a set of small forms, one per action, each
posting one entry (see templates/games/loot-and-scoot/_panel.html and web/views.py).
Field names are the rules' error paths with "-" for ".", so messages land next to them.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping
from typing import Any

from wtforms import (
    BooleanField,
    FieldList,
    FormField,
    HiddenField,
    RadioField,
    SelectMultipleField,
    StringField,
)
from wtforms.validators import NumberRange, Optional, StopValidation
from wtforms.widgets import CheckboxInput

from ....forms import EntryForm, choices
from ....forms.base import IntegerField, LedgerForm, PlainForm
from ....i18n import t
from ....text import NOT_A_NUMBER, typed_number
from ...base import N_, msg
from ..rules import roll_2d6
from ..state import BOSS_LEVEL, CLASSES, HIRELING, TITLES, TOKENS

# Treasure "rolled for me": nobody at the table can predict SystemRandom.
RNG = random.SystemRandom()
NUMERIC = {"inputmode": "numeric", "pattern": "-?[0-9]*"}
CLASS_CHOICES = choices((c, TITLES[c][0]) for c in CLASSES)
CHARACTERS = tuple(TOKENS) + (HIRELING,)
CHARACTER_LABELS = {**{title: label for cls in CLASSES for title, label in zip(
    (k for k, v in TOKENS.items() if v[0] == cls), TITLES[cls], strict=True)}, HIRELING: N_("Hireling")}
HOW_LABELS = {"peaceful": N_("Left peacefully"), "fled": N_("Ran screaming"), "lost": N_("Lost the battle")}
ACTION_LABELS = {
    "recruit": N_("Recruit an Adventurer"), "hire": N_("Hire Hirelings"), "beg": N_("Beg Funds"),
    "build": N_("Build an Upgrade"), "train": N_("Train Adventurers"), "trade": N_("Trade or pay"),
    "treasure": N_("Treasure"), "poison": N_("Poison"), "wounds": N_("Wounds"),
    "leave": N_("Leave the Dungeon"),
}
INN = ("recruit", "hire", "beg", "build", "train", "trade")
DUNGEON = ("treasure", "poison", "wounds")
EXTRA_LEVEL_ROWS = 2  # "more rooms of the same level": up to three rooms of one level a trip


_int = typed_number  # digits as a number; anything else as typed, for the form to refuse

CHOOSE_PLAYER = N_("Choose a player.")
CHOOSE_CLASS = N_("Choose a class: Squire, Priest, Wizard or Thief.")
NOT_A_CHARACTER = N_("Not a character: %(name)s.")
Check = Callable[[Any, Any], None]


def a_seat(required: bool = True) -> Check:
    """A player's seat as sent: a whole number (which seats there are is the rules' to say);
    left blank, "Choose a player." where the entry needs one."""
    def check(form: Any, field: Any) -> None:
        value = _int(field.data)
        if value is None and required:
            raise StopValidation(t(CHOOSE_PLAYER))
        if value is not None and not isinstance(value, int):
            raise StopValidation(t(NOT_A_NUMBER))
    return check


def one_of(words: Collection[str], message: str, blank: bool = False) -> Check:
    """A choice among ``words`` (a radio field posts any text); ``blank``: none is an answer."""
    def check(form: Any, field: Any) -> None:
        if field.data not in words and not (blank and not field.data):
            raise StopValidation(t(msg(message, name=str(field.data))))
    return check


def each_of(words: Collection[str], message: str) -> Check:
    """Every ticked box one of ``words``; the message names the first that is not."""
    def check(form: Any, field: Any) -> None:
        wrong = [v for v in field.data or [] if v not in words]
        if wrong:
            raise StopValidation(t(msg(message, name=wrong[0])))
    return check


def whole_numbers(form: Any, field: Any) -> None:
    """Every ticked box a whole number (room levels; which levels there are is the rules')."""
    if any(not isinstance(_int(v), int) for v in field.data or []):
        raise StopValidation(t(NOT_A_NUMBER))


def _standing_in(values: list[Any], stand_in: int) -> list[Any]:
    """A refused form's numbers with ``stand_in`` for each one it refused (blank or no
    number), so the rules are still asked about the rest and every refusal is said at once
    (``Adapter.refusals``). A form that validated has none: nothing stands in for a value."""
    return [stand_in if v is None else v for v in values]


def require_numbers(fields: Any) -> bool:
    """Refuse each of ``fields`` left blank, as a number that is none: a Loot marker's value
    and a die have no default. False if one was."""
    ok = True
    for field in fields:
        if field.data is None and not field.errors:
            field.errors = [*field.errors, t(NOT_A_NUMBER)]
            ok = False
    return ok


# -- setup and the entries before and after play ------------------------------------------

class SetupForm(LedgerForm):
    class Meta:
        csrf = False  # sent inside the new-game form, which carries the token


class FirstPlayerForm(EntryForm):
    seat = RadioField(N_("First player"), choices=[], validate_choice=False, validators=[a_seat()])


class PickForm(EntryForm):
    seat = HiddenField(validators=[a_seat(required=False)])
    classes = SelectMultipleField(N_("Two different Level 1 Adventurers"), choices=CLASS_CHOICES,
                                  validate_choice=False, option_widget=CheckboxInput(),
                                  validators=[each_of(CLASSES, N_("Pick two Level 1 Adventurers by class."))])


class PlayerFinal(PlainForm):
    loot = FieldList(IntegerField(N_("Loot marker"), validators=[Optional()], render_kw=NUMERIC))
    unclaimed = IntegerField(N_("Unclaimed tiles in their Dungeon"), validators=[Optional()],
                             render_kw=NUMERIC)
    treasure = IntegerField(N_("Unrevealed Treasure among them"), default=0,
                            validators=[Optional()], render_kw=NUMERIC)


class FinalForm(EntryForm):
    players = FieldList(FormField(PlayerFinal))

    def validate(self, extra_validators: Any = None) -> bool:
        ok = super().validate(extra_validators)
        return require_numbers(v for row in self.players for v in row.form.loot) and bool(ok)


class TreasureRollForm(EntryForm):
    seat = HiddenField(validators=[a_seat(required=False)])
    dice = FieldList(IntegerField(N_("Die"), validators=[Optional()], render_kw=NUMERIC),
                     min_entries=2, max_entries=2)

    def validate(self, extra_validators: Any = None) -> bool:
        ok = super().validate(extra_validators)
        return require_numbers(self.dice) and bool(ok)


class DwarfForm(EntryForm):
    seat = RadioField(N_("Most looks like a dwarf"), choices=[], validate_choice=False, validators=[a_seat()])


# -- the turn: one small form per action ----------------------------------------------------

class ActionForm(EntryForm):
    action = HiddenField()
    seat = HiddenField(validators=[a_seat(required=False)])
    # Where a message about the entry as a whole is shown (gold short, seventh character).
    main = "action"
    entry_kind = "action"

    def validate_action(self, field: Any) -> None:
        # The adapter picks the form by the action posted: another is none this form makes.
        if ACTIONS.get(str(field.data)) is not type(self):
            raise StopValidation(t(N_("Choose an action.")))

    def fields(self) -> dict[str, object]:
        return {}


class RecruitForm(ActionForm):
    main = "class"
    cls = RadioField(N_("Class"), name="class", choices=CLASS_CHOICES, validate_choice=False,
                     validators=[one_of(CLASSES, CHOOSE_CLASS)])

    def fields(self) -> dict[str, object]:
        return {"class": self.cls.data}


class HireForm(ActionForm):
    main = "count"
    count = IntegerField(N_("Hirelings"), validators=[Optional()])

    def fields(self) -> dict[str, object]:
        return {"count": 1 if self.count.data is None else self.count.data}  # 0 is refused


class BegForm(ActionForm):
    pass


class BuildForm(ActionForm):
    main = "upgrade"
    upgrade = RadioField(N_("Upgrade"), choices=CLASS_CHOICES, validate_choice=False,
                         validators=[one_of(CLASSES, CHOOSE_CLASS)])
    train = BooleanField(N_("Train one Adventurer of its class for free"), default=True)

    def fields(self) -> dict[str, object]:
        return {"upgrade": self.upgrade.data, "train": bool(self.train.data)}


class TrainForm(ActionForm):
    main = "class"
    cls = RadioField(N_("Class"), name="class", choices=CLASS_CHOICES, validate_choice=False,
                     validators=[one_of(CLASSES, CHOOSE_CLASS)])
    count = IntegerField(N_("How many"), default=1, validators=[Optional(), NumberRange(1, 6)],
                         render_kw=NUMERIC)
    owner = RadioField(N_("Whose Upgrade"), choices=[], validate_choice=False,
                       validators=[a_seat(required=False)])
    fee = IntegerField(N_("Fee paid to its owner (another player's Upgrade)"),
                       validators=[Optional(), NumberRange(0, 1000)], render_kw=NUMERIC)

    def fields(self) -> dict[str, object]:
        out = {"class": self.cls.data, "count": self.count.data or 1}
        if _int(self.owner.data) is not None:  # none chosen: one's own Upgrade
            out["owner"] = _int(self.owner.data)
        if self.fee.data is not None:
            out["fee"] = self.fee.data
        return out


class TradeForm(ActionForm):
    main = "with"
    other = RadioField(N_("With"), name="with", choices=[], validate_choice=False, validators=[a_seat()])
    give = SelectMultipleField(N_("Gives"), choices=[], validate_choice=False,
                               validators=[each_of(CHARACTERS, NOT_A_CHARACTER)])
    take = SelectMultipleField(N_("Takes"), choices=[], validate_choice=False,
                               validators=[each_of(CHARACTERS, NOT_A_CHARACTER)])
    pay = IntegerField(N_("Pays gp"), default=0, validators=[Optional(), NumberRange(0, 1000)],
                       render_kw=NUMERIC)
    receive = IntegerField(N_("Receives gp"), default=0,
                           validators=[Optional(), NumberRange(0, 1000)], render_kw=NUMERIC)

    def fields(self) -> dict[str, object]:
        return {"with": _int(self.other.data), "give": list(self.give.data or []),
                "take": list(self.take.data or []), "pay": self.pay.data or 0,
                "receive": self.receive.data or 0}


class TreasureForm(ActionForm):
    main = "roll"
    roll = StringField()  # the "roll for me" button's value; the app rolls in to_data
    dice = FieldList(IntegerField(N_("Die"), validators=[Optional()], render_kw=NUMERIC),
                     min_entries=2, max_entries=2)

    @property
    def rolled_by_app(self) -> bool:
        return self.roll.data == "app"

    def validate(self, extra_validators: Any = None) -> bool:
        ok = super().validate(extra_validators)
        # Rolled for the table, the dice typed (none) are not read.
        return (self.rolled_by_app or require_numbers(self.dice)) and bool(ok)

    def fields(self) -> dict[str, object]:
        if self.rolled_by_app:
            return {"dice": roll_2d6(RNG)}
        return {"dice": _standing_in(self.dice.data, 1)}


class PoisonForm(ActionForm):
    main = "saved"
    # Neither button (a crafted post) is no answer: never stored as "not saved".
    saved = StringField(validators=[one_of(("yes", "no"), N_("Answer yes or no."))])

    def fields(self) -> dict[str, object]:
        return {} if self.saved.data not in ("yes", "no") else {"saved": self.saved.data == "yes"}


class WoundsForm(ActionForm):
    main = "hirelings"
    hirelings = IntegerField(N_("Hirelings lost"), default=0,
                             validators=[Optional(), NumberRange(0, 6)], render_kw=NUMERIC)
    flipped = SelectMultipleField(N_("Level 2 Adventurers flipped to Level 1"), choices=CLASS_CHOICES,
                                  validate_choice=False, validators=[each_of(CLASSES, CHOOSE_CLASS)])
    # A Hireling is a character (the rules say it is not noble); none ticked is no sacrifice.
    sacrificed = RadioField(N_("Or a Noble Sacrifice takes all the wounds"), choices=[],
                            validate_choice=False, validators=[one_of(CHARACTERS, NOT_A_CHARACTER, blank=True)])

    def fields(self) -> dict[str, object]:
        # Everything ticked goes to the rules: a sacrifice with Hirelings lost as well is
        # refused there ("a sacrifice takes all the wounds"), never half stored.
        out: dict[str, object] = {"hirelings": self.hirelings.data or 0, "flipped": list(self.flipped.data or [])}
        if self.sacrificed.data:
            out["sacrificed"] = self.sacrificed.data
        return out


class LeaveForm(ActionForm):
    main = "how"
    entry_kind = "leave"
    dungeon = RadioField(N_("Whose Dungeon"), choices=[], validate_choice=False, validators=[a_seat()])
    levels = SelectMultipleField(N_("Levels of the room tiles looted this turn"),
                                 choices=choices((str(n), str(n)) for n in range(1, BOSS_LEVEL + 1)),
                                 validate_choice=False, validators=[whole_numbers])
    how = RadioField(N_("How the turn ended"), choices=choices(HOW_LABELS.items()), validate_choice=False,
                     validators=[one_of(HOW_LABELS, N_("Say how the party left: peacefully, running screaming, "
                                                       "or beaten."))])
    loot = IntegerField(N_("Loot markers drawn"), default=0, validators=[Optional(), NumberRange(0, 7)],
                        render_kw=NUMERIC)

    def fields(self) -> dict[str, object]:
        return {"dungeon": _int(self.dungeon.data), "levels": [_int(v) for v in self.levels.data or []],
                "how": self.how.data, "loot": self.loot.data or 0}


ACTIONS: dict[str, type[ActionForm]] = {
    "recruit": RecruitForm, "hire": HireForm, "beg": BegForm, "build": BuildForm, "train": TrainForm,
    "trade": TradeForm, "treasure": TreasureForm, "poison": PoisonForm, "wounds": WoundsForm,
    "leave": LeaveForm,
}


class OddsForm(LedgerForm):
    """The battle-odds helper: a GET form, so it works without JavaScript and can be bookmarked."""

    class Meta:
        csrf = False

    level1 = IntegerField(N_("Matched Level 1 Adventurers"), default=1,
                          validators=[Optional(), NumberRange(0, 6)], render_kw=NUMERIC)
    level2 = IntegerField(N_("Matched Level 2 Adventurers (a bonus die each)"), default=0,
                          validators=[Optional(), NumberRange(0, 6)], render_kw=NUMERIC)
    damage = IntegerField(N_("Damage icons on the room tile"), default=1,
                          validators=[Optional(), NumberRange(0, 9)], render_kw=NUMERIC)
    pity = BooleanField(N_("Divine Pity (two more dice in the first battle)"))
    outranks = BooleanField(N_("The monster's level is greater than the room level (4+ wins)"))
    boss = BooleanField(N_("It is a Boss (no Divine Pity)"))


def _prefill(kind: str, data: Mapping[str, Any] | None) -> dict[str, Any]:
    """An entry's data as the form's fields (attribute names, strings for choices)."""
    data = dict(data or {})
    if "class" in data:
        data["cls"] = data.pop("class")
    if "with" in data:
        data["other"] = data.pop("with")
    for key in ("seat", "owner", "other", "dungeon"):
        if data.get(key) is not None:
            data[key] = str(data[key])
    if kind == "leave":
        data["levels"] = [str(v) for v in data.get("levels") or []]
    return data
