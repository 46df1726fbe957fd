"""Beutezug's forms: placement chips, a round of heists, the coin flip, and the heist check.

Field names mirror the rules' error paths ("outcomes.2.loot" <-> "outcomes-2-loot") so each
message lands next to its field. The forms refuse what is blank or not of its kind (a stack not
chosen, a loot that is no whole number, a bonus that is none of the seven) and hand over only
data of the entry's shape (shapes.py); what the values mean (a stack that is one, a loot in its
range, a seat that exists, each player once) is companion/games/beutezug/rules.py's to say.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, cast

from wtforms import FieldList, FormField, HiddenField, RadioField, SelectField, StringField
from wtforms.validators import InputRequired, Optional, ValidationError

from ....forms import EntryForm, choices, complete_rows, guard_messages, walk
from ....forms.adapter import Adapter, given_label
from ....forms.base import IntegerField, LedgerForm, PlainForm
from ....forms.result import cards
from ....i18n import t
from ....record.entries import View, replay
from ....record.shape import Entry, Record
from ....text import NOT_A_NUMBER, whole
from ... import entry_problem
from ...base import N_, Msg, ReplayError, msg
from ...schema import problem
from ..cards import (
    BONUS_LABELS,
    BONUS_MARKS,
    BONUSES,
    LOOT_RANGE,
    NONE,
    PLACEMENT_CHIP_BONUSES,
    ROUNDS,
    STACK_SIZES,
    ZERO_CARD_LOOT,
    read_outcome,
)
from ..odds import COLOUR_LABELS, COLOURS, FACES, MOST_DICE, PLUS_COLOURS
from ..rules import State, bonus_inventory, points_groups
from ..shapes import OUTCOME

NUMERIC = {"inputmode": "numeric", "pattern": "[0-9]*", "autocomplete": "off"}
STACKS = (("2", "2"), ("3", "3"), ("4", "4"), ("5", "5"), ("0", "0 ✗"))
# Short chip labels for the round form; the long ones (BONUS_LABELS) go in titles and the log.
# "none" is also how a 0-card kept for its point is entered (our reading: docs/readings.md).
BONUS_SHORT = {"none": N_("none / 1 point"), "orange": N_("+1 orange"), "green": N_("+1 green"),
               "black": N_("+1 black"), "pink": N_("+1 pink"), "reroll_one": N_("one die"),
               "reroll_all": N_("all dice")}


def number(value: Any) -> int | None:
    """A typed whole number, or None: nothing typed, or not a number (a form that failed its
    own checks is still read, for the rules' probe of the rest: Adapter.refusals)."""
    try:
        return whole(value)
    except ValueError:
        return None


def whole_number(form: Any, field: Any) -> None:
    """A whole number, as the record keeps it; which numbers are a seat or a stack is the
    rules' to say (a stack of 6 is theirs to refuse, "x" is the form's)."""
    if number(field.data) is None:
        raise ValidationError(NOT_A_NUMBER)


def one_of_the_bonuses(form: Any, field: Any) -> None:
    if field.data and field.data not in BONUSES:  # none sent: no bonus
        # Said in the page's language here: a field's messages are text (widgets.messages).
        raise ValidationError(t(msg(N_("Unknown bonus %(bonus)s."), bonus=str(field.data))))


class Outcome(PlainForm):
    """One heist: the card kept (seized from stack 2-5, or the 0-card after a failed heist)."""

    seat = HiddenField(validators=[whole_number])
    stack = RadioField(N_("Stack"), choices=choices(STACKS), validate_choice=False,
                       validators=[InputRequired(message=N_("Choose the stack, or 0 for a failed heist.")),
                                   whole_number])
    loot = IntegerField(N_("Loot"), validators=[Optional()], render_kw=NUMERIC)
    # No default: a 0-card left as "none" would silently become 1 loot point, where the
    # table may have kept it for its bonus (our reading of the 0-card: docs/readings.md).
    bonus = RadioField(N_("Bonus"), choices=choices((b, BONUS_SHORT[b]) for b in BONUSES),
                       default=None, validate_choice=False, validators=[one_of_the_bonuses])


ZERO_CARD_ASKED = N_("A 0-card is kept for its bonus or for 1 loot point: tap its bonus, or "
                     "“none / 1 point”.")


class RoundForm(EntryForm):
    outcomes = FieldList(FormField(Outcome))

    def validate(self, extra_validators: Any = None) -> bool:
        ok = super().validate(extra_validators)
        for entry in self.outcomes.entries:
            row = entry.form
            if str(row.stack.data) == "0" and not row.bonus.data and not row.bonus.errors:
                row.bonus.errors = [t(ZERO_CARD_ASKED)]
                ok = False
        return bool(ok)


class PlacementForm(EntryForm):
    """For each placement chip, chip 1 first, the player who has it."""

    order = FieldList(RadioField(validate_choice=False,
                                 validators=[InputRequired(message=N_("Choose a player.")),
                                             whole_number]))


class CoinForm(EntryForm):
    winner = RadioField(N_("The coin flip's winner"), validate_choice=False,
                        validators=[InputRequired(message=N_("Choose a player.")), whole_number])


class SetupForm(LedgerForm):
    class Meta:
        csrf = False  # sent inside the new-game form, which carries the token

    loot_chips = StringField(N_("Loot chip values, highest first"), default="6, 5, 4, 3, 2",
                             validators=[Optional()])
    placement_chip_bonuses = FieldList(
        SelectField(choices=choices((b, BONUS_LABELS[b]) for b in BONUSES)),
        min_entries=len(PLACEMENT_CHIP_BONUSES), max_entries=len(PLACEMENT_CHIP_BONUSES),
        default=list(PLACEMENT_CHIP_BONUSES))

    def validate_loot_chips(self, field: Any) -> None:
        # How many values, and which, are the rules' (Beutezug.setup): here, only numbers.
        if any(number(v) is None for v in _chip_values(field.data)):
            raise ValidationError(NOT_A_NUMBER)


class Die(PlainForm):
    colour = SelectField(N_("Colour"), choices=choices(
        [("", "–")] + [(c, COLOUR_LABELS[c]) for c in COLOURS]), validate_choice=False)
    minimum = StringField(N_("At least"), render_kw=NUMERIC)


class HeistForm(PlainForm):
    """The heist check (a GET form, no CSRF: it changes nothing)."""

    seat = SelectField(N_("Player"), validate_choice=False)
    required = FieldList(FormField(Die), min_entries=MOST_DICE, max_entries=MOST_DICE)
    rolled = FieldList(StringField(render_kw=NUMERIC), min_entries=MOST_DICE,
                       max_entries=MOST_DICE)
    used_one = StringField(N_("Re-roll one die: already used"), default="0", render_kw=NUMERIC)
    used_all = StringField(N_("Re-roll all dice: already used"), default="0", render_kw=NUMERIC)


def _chip_values(text: str | None) -> list[str]:
    """The loot chip values as typed on the new-game page: "6, 5, 4, 3, 2"."""
    return (text or "").replace(",", " ").split()


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def state_at(record: Record, stop: int) -> State:
    """The game after its first ``stop`` entries."""
    return cast(State, replay({**record, "entries": record["entries"][:stop]}).state)


class GameAdapter(Adapter):
    forms: ClassVar[Mapping[str, type[EntryForm]]] = {"placement": PlacementForm, "placement_tie": PlacementForm, "round": RoundForm,
             "coin": CoinForm}
    # Rows carry their seat, so a round typed before the last one's answer needs no order
    # from the server; a tie on points (a placement draw) refuses it on arrival.
    goes_on = ("round",)
    marks = BONUS_MARKS
    bonus_labels = BONUS_LABELS
    colour_labels = COLOUR_LABELS
    rounds = ROUNDS
    loot_range = LOOT_RANGE
    faces = FACES

    def waiting(self, view: Any) -> dict[str, object]:
        """A round adds each row's card to the seat it names: its loot, or the 0-card's point
        when it is kept for no bonus (``read_outcome``); and the next loot chip to a seat
        whose card completes the four plus colours (``has_four_colours``: the colours each
        seat still lacks, and the chips left, in the order the rules hand them out). The
        placement order after it is the server's; a placement and the coin change no total."""
        state = view.state
        row = "outcomes-{i}-"
        missing = {str(seat): sorted(set(PLUS_COLOURS) - {c.bonus for c in state.cards(seat)})
                   for seat in range(len(state.players)) if state.loot_chip(seat) is None}
        seat = "@" + row + "seat"
        return {"kinds": {
            "round": {"rows": len(state.players), "terms": [
                {"to": seat, "f": row + "loot", "not": {row + "stack": "0"}},
                {"to": seat, "c": ZERO_CARD_LOOT, "if": {row + "stack": "0", row + "bonus": NONE}},
                {"to": seat, "chip": row + "bonus", "missing": missing,
                 "left": list(state.loot_chips_left)}]},
            **{kind: {"terms": []} for kind in ("placement", "placement_tie", "coin")}},
            "note": t(msg(N_("The rolling order of the next round shows once it is sent.")))}

    def setup_form(self, formdata: Any = None) -> SetupForm:
        return SetupForm(formdata=formdata)

    def field_title(self, record: Record, form: Any, field: Any) -> str:
        # A round's rows are in rolling order, so a row's player is the seat it carries.
        parts = field.name.split("-")
        if parts[0] == "outcomes" and len(parts) == 3 and parts[1].isdigit():
            row = form.outcomes.entries[int(parts[1])].form
            seat = str(row.seat.data or "")
            name = record["players"][int(seat)] if seat.isdigit() and int(seat) < len(record["players"]) else ""
            return " · ".join(x for x in (name, t(given_label(field))) if x)
        if parts[0] == "order" and len(parts) == 2 and parts[1].isdigit():
            return t(msg(N_("Placement chip %(chip)s"), chip=int(parts[1]) + 1))
        return super().field_title(record, form, field)

    def to_settings(self, form: SetupForm) -> dict[str, object]:
        return {"loot_chips": [number(v) for v in _chip_values(form.loot_chips.data)],
                "placement_chip_bonuses": list(form.placement_chip_bonuses.data)}

    def form(self, kind: str, record: Record, data: Mapping[str, Any] | None = None,
             formdata: Any = None) -> EntryForm:
        n = len(record["players"])
        seats = choices((str(s), name) for s, name in enumerate(record["players"]))
        if kind == "round":
            rows = self._rows(record, data) if data else [{"seat": s} for s in self._rolling(record)]
            obj = {"outcomes": [{k: _text(v) for k, v in r.items()} for r in rows]}
            form = RoundForm(formdata=formdata, data=None if formdata else obj)
            return form
        if kind == "coin":
            form = CoinForm(formdata=formdata, data={"winner": _text((data or {}).get("winner"))})
            form.winner.choices = seats
            return form
        if data:
            order = list(data["order"])
        elif kind == "placement_tie":
            # The points order, equal points in seat order: the table only fixes the tied ones.
            order = [s for g in points_groups(replay(record).state) for s in g]
        else:
            order = list(range(n))
        formdata, _missing = complete_rows(formdata, "order", n)  # a chip not sent: "Choose a player."
        form = PlacementForm(formdata=formdata, data=None if formdata else
                             {"order": [_text(s) for s in order]})
        while not formdata and len(form.order.entries) < n:
            form.order.append_entry()
        for field in form.order.entries:
            field.choices = seats
        return form

    def refusals(self, kind: str, form: Any, record: Record,
                 before: int | None = None) -> list[str] | None:
        """As every game's, and a round's rows besides: a row the form refused (a stack not
        chosen) leaves the round without its shape, so the rules were not asked about it;
        each other row is still a card the rules read, so a missing stack and a loot above
        the range are said at once."""
        said = super().refusals(kind, form, record, before)
        if said is None or kind != "round" or guard_messages(form):
            return said
        data = self.to_data(kind, form, record)
        if entry_problem(record["game"], kind, data) is None:
            return said  # the rules read the whole round
        try:
            round_no = state_at(record, len(record["entries"]) if before is None else before).round_no
        except ReplayError:
            return said
        errors: dict[str, Msg] = {}
        for i, row in enumerate(cast(list[dict[str, Any]], data["outcomes"])):
            if problem(row, OUTCOME) is None:
                read_outcome(row, round_no, errors, f"outcomes.{i}.")
        by_name = {f.name: f for f in walk(form)}
        for path, message in errors.items():
            field = by_name.get(path.replace(".", "-"))
            if field is not None and not field.errors:  # a refused field keeps the form's word
                field.errors = [t(message)]
        return said

    def to_data(self, kind: str, form: EntryForm, record: Record) -> dict[str, object]:
        if kind == "coin":
            return {"winner": number(form.winner.data)}
        if kind in ("placement", "placement_tie"):
            return {"order": [number(f.data) for f in form.order.entries]}
        rows = []
        for entry in form.outcomes.entries:
            f = entry.form
            row = {"seat": number(f.seat.data), "stack": number(f.stack.data),
                   "bonus": f.bonus.data or "none"}
            if f.loot.data is not None:
                row["loot"] = f.loot.data
            rows.append(row)
        return {"outcomes": rows}

    # -- reading the game for the pages --------------------------------------------------

    def _rolling(self, record: Record) -> tuple[int, ...]:
        return cast(State, replay(record).state).rolling_order

    def _rows(self, record: Record, data: Mapping[str, Any],
              index: int | None = None) -> list[dict[str, object]]:
        """A round's outcomes with their seats. An imported entry may leave the seats out:
        then its rows are in the rolling order of its round (entry number ``index``)."""
        rows = [dict(r) for r in data["outcomes"]]
        if rows and all("seat" in r for r in rows):
            return rows
        if index is None:
            index = next((i for i, e in enumerate(record["entries"]) if e["data"] is data),
                         len(record["entries"]))
        rolling = state_at(record, index).rolling_order
        return [{**r, "seat": s} for r, s in zip(rows, rolling, strict=False)]

    def log_round(self, record: Record, entry: Entry,
                  data: Mapping[str, Any]) -> dict[str, object]:
        """One round for the log: its number, each heist by seat, and the loot chips it gave
        (for the entry as it stands, not for the crossed-out values of a correction). An
        entry just undone is shown as the round it was, after the entries there are."""
        if entry not in record["entries"]:
            record = {**record, "entries": record["entries"] + [entry]}
        index = record["entries"].index(entry)
        number = sum(1 for e in record["entries"][:index + 1] if e["kind"] == "round")
        chips: dict[int, int] = {}
        if data is entry["data"]:
            try:
                after = state_at(record, index + 1)
            except ReplayError:  # an undone round that no longer fits: no chips to show
                pass
            else:
                chips = {h.seat: h.loot_chip for h in after.rounds[number - 1]
                         if h.loot_chip is not None}
        return {"round": number, "rows": self._rows(record, data, index), "chips": chips}

    def empty_stacks(self, record: Record) -> dict[str, str]:
        """The stacks with no card left for the next round, each with its reason (the round
        form shows them disabled; a round that takes one anyway is refused by the rules)."""
        taken = replay(record).state.stack_counts
        return {str(stack): t(msg(N_("Stack %(stack)s is empty: its %(max)s cards are taken."),
                                  stack=stack, max=size))
                for stack, size in STACK_SIZES.items() if taken[stack] >= size}

    def table(self, view: View[State]) -> list[dict[str, object]]:
        """Each player's row under the standings: in rolling order while a round is to be
        entered, otherwise in standings order."""
        state = view.state
        seats = list(state.rolling_order) or [s.seat for s in view.standings]
        moves = {seat: before for seat, before, _now in state.placement_changes}
        out: list[dict[str, object]] = []
        for seat in seats:
            inv = bonus_inventory(state, seat)
            out.append({
                "seat": seat, "chip": state.placement_chip(seat),
                "before": moves.get(seat), "reroll_chip": state.reroll_chip_holder == seat,
                "plus": [(c, k) for c, k in inv.plus if k], "reroll_one": inv.reroll_one,
                "reroll_all": inv.reroll_all, "sources": inv.sources,
                "cards": state.cards(seat), "loot_chip": state.loot_chip(seat),
                "points": state.points[seat],
            })
        return out

    # A result played on paper: each seat's seven kept cards, for a tie.
    result_template = "games/beutezug/_result.html"

    def result_row(self, row: Any) -> dict[str, object]:
        values = cards(row.loot.data)
        return {"loot": values} if values else {}


ADAPTER = GameAdapter()
