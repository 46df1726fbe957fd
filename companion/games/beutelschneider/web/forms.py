"""The hand form for Beutelschneider: one block per player, special points by event."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from wtforms import BooleanField, Field, FieldList, FormField, RadioField, SelectField
from wtforms.validators import NumberRange, Optional, StopValidation

from ....forms import EntryForm, choices, complete_rows
from ....forms.adapter import Adapter
from ....forms.base import IntegerField, LedgerForm, PlainForm
from ....i18n import t
from ....record.shape import Record
from ...base import N_, msg
from ..rules import (
    CARDS_DEALT,
    CUTPURSE_PENALTY,
    EVENT_KEYS,
    EVENTS,
    GOLD_IN_DECK,
    SETTINGS_DEFAULTS,
    SPECIAL_STEP,
    TRUMPS_LEFT_OUT,
    event_most,
    gold_left,
    special_points,
)

NUMERIC = {"inputmode": "numeric", "pattern": "-?[0-9]*"}


class Hand(PlainForm):
    """One player's row of a hand; its events are added from the deck's table (``EVENTS``)."""

    def special_given(self) -> bool:
        """Anything typed or refused among the special points, so the page shows them open."""
        return any(self[key].errors or self[key].data for key in (*EVENT_KEYS, "other"))


# The range is the shape's; how many the deck allows in a hand is the rules' to say.
PlayerHand: type[Hand] = type("PlayerHand", (Hand,), {
    "gold": IntegerField(N_("Gold"), validators=[Optional(), NumberRange(0, GOLD_IN_DECK)],
                         render_kw=NUMERIC),
    "cutpurses": IntegerField(N_("Cutpurses"), default=0, validators=[Optional(), NumberRange(0, 20)],
                              render_kw=NUMERIC),
    **{key: IntegerField(label, default=0, validators=[Optional(), NumberRange(0, 20)], render_kw=NUMERIC)
       for key, label, _most in EVENTS},
    "other": IntegerField(N_("Other special points (10, 20, …)"), default=0,
                          validators=[Optional()], render_kw=NUMERIC),
})


class HandForm(EntryForm):
    """A hand. ``players``: the names at the table, in seat order; ``missing``: the rows a post
    left out (never filled in as "80 minus the rest"); ``most``: where the counters' + stops,
    as this game's deck holds the cards (``cutpurses`` and each event)."""

    players = FieldList(FormField(PlayerHand))
    set_aside = IntegerField(N_("Cutpurses set aside by a Guard whose player lost the trick"),
                             default=0, validators=[Optional(), NumberRange(0, 20)], render_kw=NUMERIC)
    alchemist = BooleanField(N_("The Alchemist turned gold to lead this hand"))

    def __init__(self, *args: Any, players: Sequence[str] = (), missing: Sequence[int] = (),
                 most: Mapping[str, int] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.names = tuple(players)
        self.missing = tuple(missing)
        self.most = dict(most or {})

    def seat_rows(self) -> None:
        """A row per seat, each gold refused where it is left blank and cannot be filled in:
        the rules read a whole number there."""
        while len(self.players.entries) < len(self.names):
            self.players.append_entry()
        for entry in self.players.entries:
            gold = entry.form["gold"]
            # Before Optional, which ends the checks of a blank field.
            gold.validators = [self._gold_given, *gold.validators]

    def golds(self) -> list[int | None]:
        """Each row's gold as the hand hands it on: as typed; the one left blank as "80 minus
        the rest" (never with the Alchemist, never for a row the post left out); a blank as 0
        once the typed gold is more than the deck holds, since that total is then what is
        wrong, not the blank (70, 20 and 20 leave nothing to fill in). ``None`` for a blank
        that cannot be told, which the form refuses next to it (a refused value reads as one)."""
        typed = [entry.form["gold"].data for entry in self.players.entries]
        left = None if self.missing else gold_left(typed, bool(self.alchemist.data))
        if sum(g for g in typed if g is not None) > GOLD_IN_DECK:
            left = 0
        return [left if g is None else g for g in typed]

    def _gold_given(self, form: Any, field: Field) -> None:
        if field.errors or field.data is not None:
            return
        seat = next(i for i, entry in enumerate(self.players.entries) if entry.form["gold"] is field)
        if self.golds()[seat] is None:
            n = len(self.names)
            raise StopValidation(t(
                msg(N_("Enter the gold %(player)s took."), player=self.names[seat]) if seat < n
                # a crafted post's row past the table
                else msg(N_("Enter a result for each of the %(n)s players."), n=n)))


class TieChoiceForm(EntryForm):
    choice = RadioField(N_("Equal totals at the top"), choices=choices([
        ("another_hand", N_("Play another hand")), ("share", N_("Share the win"))]))


class SetupForm(LedgerForm):
    class Meta:
        csrf = False  # sent inside the new-game form, which carries the token

    first_dealer = SelectField(N_("First dealer"), coerce=int, default=0,
                               choices=choices((i, str(i + 1)) for i in range(5)))
    limit = IntegerField(N_("Point limit"), default=100, validators=[Optional()], render_kw=NUMERIC)
    cutpurses_in_deck = IntegerField(N_("Cutpurses in the deck"), default=4,
                                     validators=[Optional()], render_kw=NUMERIC)


def _count(value: Any) -> int:
    return value if isinstance(value, int) else 0


class GameAdapter(Adapter):
    forms: ClassVar[Mapping[str, type[EntryForm]]] = {"hand": HandForm, "tie_choice": TieChoiceForm}
    # A tie at the top after the last hand is the server's to tell: the hand typed after it
    # is then refused on arrival and stays on the phone.
    goes_on = ("hand",)
    cards_dealt = CARDS_DEALT
    trumps_left_out = TRUMPS_LEFT_OUT
    gold_in_deck = GOLD_IN_DECK
    events = EVENT_KEYS  # the hand form's event counters, in the deck's order

    def hand_cells(self, data: Mapping[str, Any], players: list[str]) -> list[tuple[str, int, int, int]]:
        """(player, gold, cutpurse penalty, special points) per seat for the log."""
        cells = []
        for name, row in zip(players, data["players"], strict=False):
            special = special_points(row.get("events", {}).values(), row.get("other", 0))
            cells.append((name, row["gold"], CUTPURSE_PENALTY * row.get("cutpurses", 0), special))
        return cells

    def waiting(self, view: Any) -> dict[str, object]:
        """A hand adds each row's score (``hand_score``): its gold (one left blank: the rest
        of the deck's, as ``HandForm.golds``), minus the penalty per cutpurse, plus ten per
        event and the other special points. A tie choice changes no total."""
        row = "players-{i}-"
        terms: list[dict[str, object]] = [
            {"f": row + "gold", "rest": GOLD_IN_DECK, "unless": "alchemist"},
            {"f": row + "cutpurses", "k": -CUTPURSE_PENALTY},
            *({"f": row + key, "k": SPECIAL_STEP} for key in EVENT_KEYS),
            {"f": row + "other"}]
        return {"kinds": {"hand": {"rows": len(view.state.players), "terms": terms},
                          "tie_choice": {"terms": []}}}

    def setup_form(self, formdata: Any = None) -> SetupForm:
        return SetupForm(formdata=formdata)

    def to_settings(self, form: SetupForm) -> dict[str, object]:
        return {k: getattr(form, k).data for k in ("first_dealer", "limit", "cutpurses_in_deck")
                if getattr(form, k).data is not None}

    def form(self, kind: str, record: Record, data: Mapping[str, Any] | None = None,
             formdata: Any = None) -> EntryForm:
        cls = self.forms[kind]
        if kind == "hand":
            rows = (data or {}).get("players") or [{} for _ in record["players"]]
            obj = {"players": [{**r, **r.get("events", {})} for r in rows],
                   "set_aside": (data or {}).get("set_aside", 0),
                   "alchemist": (data or {}).get("alchemist", False)}
            # A post without a player's row is refused next to that row, never filled in.
            formdata, missing = complete_rows(formdata, "players", len(record["players"]), "gold")
            in_deck = int((record.get("settings") or {}).get(
                "cutpurses_in_deck", SETTINGS_DEFAULTS["cutpurses_in_deck"]))
            form = HandForm(formdata=formdata, data=obj, players=record["players"], missing=missing, most={
                "cutpurses": in_deck, **event_most(len(record["players"]), in_deck)})
            form.seat_rows()
            return form
        return cls(formdata=formdata, data=data or {})

    def to_data(self, kind: str, form: EntryForm, record: Record) -> dict[str, object]:
        if kind == "tie_choice":
            return {"choice": form.choice.data}
        rows = []
        for entry, gold in zip(form.players.entries, form.golds(), strict=True):
            f = entry.form
            rows.append({
                "gold": gold,
                "cutpurses": _count(f.cutpurses.data),
                "events": {k: _count(getattr(f, k).data) for k in EVENT_KEYS},
                "other": _count(f.other.data),
            })
        data: dict[str, object] = {"players": rows, "set_aside": _count(form.set_aside.data)}
        if form.alchemist.data:
            data["alchemist"] = True
        return data

    # A result played on paper: the point limit it was played to.
    result_template = "games/beutelschneider/_result.html"

    def result_settings(self, form: Any, seats: Sequence[int]) -> dict[str, object]:
        return {} if form.limit.data is None else {"limit": form.limit.data}


ADAPTER = GameAdapter()
