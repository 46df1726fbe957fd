"""An own game's forms: its settings on the new-game page, a round's scores, the final scores,
the places, the end and the tie-break.

Field names mirror the rules' error paths (``players.2.score`` <-> ``players-2-score``) so each
message lands next to its field. The forms check shape only, so what a form that passes its
checks hands on has the entry's shape: a score, a place and a tie-break's winner each asked for
where it is left blank. A place that does not fit, a tie-break for someone not tied are the
rules' to refuse (games/own/rules.py).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from wtforms import Field, FieldList, FormField, RadioField, SelectField, StringField
from wtforms.validators import Optional, StopValidation

from ....forms import EntryForm, choices, complete_rows
from ....forms.adapter import Adapter
from ....forms.base import IntegerField, LedgerForm, PlainForm
from ....i18n import t
from ....record.entries import replay
from ....record.shape import Record
from ...base import N_, Msg, msg, msg_n
from ..state import MAX_NAME

# A score can be below zero: no numeric keypad (iOS's has no minus key), see widgets.number.
# Short enough for a phone's select box at 390 px; _setup.html says the rest beside them.
SCORING = (("rounds", N_("Points by round")), ("final", N_("Final scores only")),
           ("places", N_("Places, no points")))
WINS = (("high", N_("Highest total wins")), ("low", N_("Lowest total wins")))
TIES = (("share", N_("A shared win")), ("break", N_("Broken: named or drawn")))


class Asked:
    """A validator that refuses a field left blank, saying ``said``; it comes before Optional,
    which ends the checks of a blank field. A value refused as typed keeps its own message."""

    def __init__(self, said: Msg) -> None:
        self.said = said

    def __call__(self, form: Any, field: Field) -> None:
        if field.data is None and not field.errors:
            raise StopValidation(t(self.said))


def ask_each_row(form: Any, name: str, asked: str, players: Sequence[str]) -> None:
    """Each row's field ``name`` asked for by its player (``asked``: a message naming
    ``%(player)s``); a crafted row past the table is for no one."""
    n = len(players)
    for seat, entry in enumerate(form.players.entries):
        field = entry.form[name]
        said = msg(asked, player=players[seat]) if seat < n else msg_n(
            "Only %(n)s player is seated: this row is for no one at the table.",
            "Only %(n)s players are seated: this row is for no one at the table.", n)
        field.validators = [Asked(said), *field.validators]


class Score(PlainForm):
    score = IntegerField(N_("Points"), validators=[Optional()])


class Place(PlainForm):
    place = IntegerField(N_("Finishing place"), validators=[Optional()])


class RoundForm(EntryForm):
    players = FieldList(FormField(Score))


class FinalForm(EntryForm):
    players = FieldList(FormField(Score))


class PlacesForm(EntryForm):
    players = FieldList(FormField(Place))


class EndForm(EntryForm):
    """The table ends a game scored by rounds: no fields but the entry's kind."""


class TieBreakForm(EntryForm):
    # Left unchosen, the winner is asked for as the number it is in the entry.
    winner = RadioField(N_("Who won the tie-break"), coerce=int, validate_choice=False,
                        choices=[], validators=[Asked(msg(N_("Enter a whole number.")))])

    def __init__(self, *args: Any, drawn: int | None = None, **kwargs: Any) -> None:
        """``drawn``: the winner the app drew, when this corrects its draw. Sent back as it
        was, the entry stays a draw; another winner is one the table named."""
        super().__init__(*args, **kwargs)
        self.drawn = drawn


class SetupForm(LedgerForm):
    class Meta:
        csrf = False  # sent inside the new-game form, which carries the token

    name = StringField(N_("Name of the game"), render_kw={"maxlength": MAX_NAME, "autocomplete": "off",
                                                          "list": "earlier-games"})
    scoring = SelectField(N_("Scoring"), default="rounds", choices=choices(SCORING))
    wins = SelectField(N_("Who wins"), default="high", choices=choices(WINS))
    target = IntegerField(N_("Target that ends the game (optional)"), validators=[Optional()])
    ties = SelectField(N_("A tie at the top"), default="share", choices=choices(TIES))

    def validate(self, extra_validators: Any = None) -> bool:
        ok = super().validate(extra_validators)
        if not self.name.data:
            self.name.errors = [*self.name.errors, N_("Name the game.")]
            ok = False
        return bool(ok)


class GameAdapter(Adapter):
    forms: ClassVar[Mapping[str, type[EntryForm]]] = {
        "round": RoundForm, "end": EndForm, "final": FinalForm, "places": PlacesForm,
        "tie_break": TieBreakForm}
    # The round's template writes its own forms: the round, and ending the game beside it (a
    # refused end is said at the top, with the round form as it was).
    own_forms = ("round",)
    # A round after a round, whatever it said, but a target may end the game: the server's to tell.
    goes_on = ("round",)

    def waiting(self, view: Any) -> dict[str, object]:
        """A round adds each row's points; the final scores and the places are the totals;
        ending the game and a tie-break change none."""
        n = len(view.state.players)
        return {"kinds": {
            "round": {"rows": n, "terms": [{"f": "players-{i}-score"}]},
            "final": {"rows": n, "set": True, "terms": [{"f": "players-{i}-score"}]},
            "places": {"rows": n, "set": True, "terms": [{"f": "players-{i}-place"}]},
            "end": {"terms": []}, "tie_break": {"terms": []}}}

    def setup_form(self, formdata: Any = None) -> SetupForm:
        return SetupForm(formdata=formdata)

    def to_settings(self, form: SetupForm) -> dict[str, object]:
        # A target is for a game of rounds; one left typed after choosing another scoring is
        # dropped, not refused: the page shows the field for rounds only.
        rounds = form.scoring.data == "rounds"
        return {"name": form.name.data, "scoring": form.scoring.data, "wins": form.wins.data,
                "target": form.target.data if rounds else None, "ties": form.ties.data}

    def form(self, kind: str, record: Record, data: Mapping[str, Any] | None = None,
             formdata: Any = None) -> EntryForm:
        cls = self.forms[kind]
        if kind in ("round", "final", "places"):
            blank = "place" if kind == "places" else "score"
            rows = (data or {}).get("players") or [{} for _ in record["players"]]
            # A post without a player's row is refused next to that row, never filled in.
            formdata, _missing = complete_rows(formdata, "players", len(record["players"]), blank)
            form = cls(formdata=formdata, data={"players": rows})
            while len(form.players.entries) < len(record["players"]):
                form.players.append_entry()
            ask_each_row(form, blank, N_("Enter the place of %(player)s.") if kind == "places"
                         else N_("Enter the score of %(player)s."), record["players"])
            return form
        if kind == "tie_break":
            given = data or {}
            form = TieBreakForm(formdata=formdata, data=given,
                                drawn=given.get("winner") if given.get("drawn") else None)
            # The next tie-break offers the tied; a correction every seat (the rules say who
            # was tied then).
            state = replay(record).state if data is None else None
            seats = state.top if state is not None and state.over else range(len(record["players"]))
            form.winner.choices = choices((seat, record["players"][seat]) for seat in seats)
            return form
        return cls(formdata=formdata, data=data or {})

    def to_data(self, kind: str, form: Any, record: Record) -> dict[str, object]:
        if kind == "end":
            return {}
        if kind == "tie_break":
            winner = form.winner.data
            return {"winner": winner, **({"drawn": True} if winner is not None and winner == form.drawn else {})}
        field = "place" if kind == "places" else "score"
        return {"players": [{field: getattr(row.form, field).data} for row in form.players.entries]}


    # A result played on paper: its name and how it was scored (no rounds on a result).
    result_template = "games/own-game/_result.html"
    result_score_label = N_("Final score or place")

    def result_settings(self, form: Any, seats: Sequence[int]) -> dict[str, object]:
        return {"name": form.game_name.data or "", "scoring": form.scoring.data, "wins": form.wins.data,
                "ties": form.ties.data}


ADAPTER = GameAdapter()
