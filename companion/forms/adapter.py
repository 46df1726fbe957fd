"""What a game's web package gives the pages: one ``Adapter`` per game, and ``ADAPTERS``, each
registered game's (``companion.games``), by slug.

The game page, the entry view, the new-game and new-result pages only talk to a game through
this interface, so a new game shows here what it must provide (the abstract methods) and what
it may change (the defaults). Everything else an adapter offers (labels, tables, the link to
a page of its own ...) is for that game's own templates (templates/games/<slug>/).
"""
from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from importlib import import_module
from itertools import pairwise
from types import ModuleType
from typing import Any, ClassVar, cast

from ..games import PACKAGES, entry_problem
from ..games.base import ReplayError, RulesError
from ..games.result import RESULT
from ..i18n import t
from ..record.entries import replay
from ..record.shape import Record
from . import EntryForm, attach_errors, guard_messages, walk
from .base import LedgerForm
from .result import result_data, result_form


def given_label(field: Any) -> str:
    """The label a form gave a field, or "" for the ones WTForms made up from a list
    entry's name ("order-0" -> "Order-0")."""
    text = field.label.text if field.label else ""
    return "" if re.fullmatch(r"[\w ]*-\d[\d-]*", text) else text


class Adapter(ABC):
    #: Entry kind -> its form class: the kinds a page can post to ``play.add``.
    forms: ClassVar[Mapping[str, type[EntryForm]]]
    #: Kinds whose template renders its own forms, all shown while any of them is expected
    #: (a Loot and Scoot turn offers every action and leaving at once).
    own_forms: ClassVar[tuple[str, ...]] = ()
    #: Kinds shown at any time, under the standings (a coin correction), not as the next step.
    standing_forms: ClassVar[tuple[str, ...]] = ()
    #: Kinds the table can go on entering without the server's answer: the next entry is
    #: the same form again whatever this one said (a hand after a hand), so a phone that
    #: lost the connection can queue several (app.js advances the form on the phone).
    goes_on: ClassVar[tuple[str, ...]] = ()

    def waiting(self, view: Any) -> dict[str, object] | None:
        """How an entry waiting on the phone changes each seat's total, for the standings the
        phone shows until it is sent (static/js/waiting.js reads it): ``{"kinds": {kind:
        {"rows": n, "terms": [...]}}}``, each term a form field's value times ``k`` (``f``),
        a constant (``c``), the largest or the count of a field's values (``max``,
        ``count``), a combination's price (``combo``, with ``market``), each given to a seat
        (``to``: a number, ``{i}`` the row, ``@field`` the seat a field names; with ``sides``
        a side's seats) when its fields say so (``if``, ``not``); ``set`` replaces the total,
        ``note`` says what is not counted. The numbers come from the rules (their constants,
        the prices of this state): only the arithmetic is the phone's. ``None``: a waiting
        entry is listed under the standings, not counted."""
        return None

    @abstractmethod
    def setup_form(self, formdata: Any = None) -> LedgerForm:
        """The game's settings on the new-game page."""

    @abstractmethod
    def to_settings(self, form: LedgerForm) -> dict[str, object]:
        """The settings a validated setup form gives, for ``Game.setup``."""

    @abstractmethod
    def form(self, kind: str, record: Record, data: Mapping[str, Any] | None = None,
             formdata: Any = None) -> EntryForm:
        """The form of ``kind`` for this record: empty, filled from an entry's ``data``
        (a correction) or from what was posted (``formdata``)."""

    @abstractmethod
    def to_data(self, kind: str, form: EntryForm, record: Record) -> dict[str, object]:
        """The entry data a validated form gives; the rules check it."""

    def kind_of(self, formdata: Any) -> str:
        """The entry kind a posted form makes (a game may derive it from the fields)."""
        return str(formdata.get("kind", ""))

    def attach(self, form: LedgerForm, error: RulesError) -> list[str]:
        """Put each rules message next to its field; return the ones that fit no field."""
        return attach_errors(form, error)

    def refusals(self, kind: str, form: EntryForm, record: Record,
                 before: int | None = None) -> list[str] | None:
        """``None`` when the form passes its own checks; otherwise its refusals, all in one
        answer: a form that refused a typed value still asks the rules about the rest
        (the entry after the first ``before`` entries, a correction), so a missing stack
        and a loot above the range, or a bad count and the deck's 80 gold, are said at once,
        not one save after the other. Returns the messages that belong to no field."""
        if form.validate():
            return None
        said = guard_messages(form)
        if said:  # a form that cannot say what it was filled in against: nothing more to check
            return said
        try:
            view = replay(record if before is None else {**record, "entries": record["entries"][:before]})
            data = self.to_data(kind, form, record)
            # Where a refused field leaves the data without its shape, the form's own
            # refusals are all there is to say: the rules read only data of the shape.
            if view.expect is not None and entry_problem(record["game"], kind, data) is None:
                view.game.apply(view.state, kind, data)
        except RulesError as error:
            # A field the form refused keeps the form's message (the rules would only say
            # it again, in other words); the others get the rules' messages.
            own = {id(f): list(f.errors) for f in walk(form) if f.errors}
            loose = self.attach(form, error)
            for f in walk(form):
                if id(f) in own:
                    f.errors = own[id(f)]
            return loose
        except ReplayError:
            pass
        return []

    #: Lists of fields whose index is a seat (``players-2-gold`` is seat 2's gold).
    seat_lists: ClassVar[tuple[str, ...]] = ("players",)

    def field_title(self, record: Record, form: LedgerForm, field: Any) -> str:
        """What a refusal's summary calls a field: its row (a player) and its label."""
        parts = field.name.split("-")
        names = [record["players"][int(index)] for part, index in pairwise(parts)
                 if part in self.seat_lists and index.isdigit() and int(index) < len(record["players"])]
        label = given_label(field)
        return " · ".join(names + ([t(label)] if label else []))

    def source(self, form: EntryForm) -> str:
        """Who made the entry's random part: ``"table"``, or ``"app"`` when it rolled."""
        return "table"

    # -- a game played on paper, entered as its final result (forms/result.py) --------------
    #: The template of the game's own parts of the result form: macros ``settings(form)``
    #: (above the rows), ``before_score(row, new)``, ``after_score(row)`` (in each seat's row)
    #: and ``after_rows(form)``, each left out where the game has nothing to ask there.
    result_template: ClassVar[str] = "result/_own.html"
    #: What a row's score is called, where not "Final score" (a message id).
    result_score_label: ClassVar[str | None] = None

    def result_settings(self, form: LedgerForm, seats: Sequence[int]) -> dict[str, object]:
        """The settings a result depends on, from the new-result form (a limit, the sides);
        ``seats`` are the form's rows that are seats, in order."""
        return {}

    def result_row(self, row: Any) -> dict[str, object]:
        """What one seat's row gives besides its score: what the game's tie-break needs."""
        return {}

    def result_extra(self, form: LedgerForm) -> dict[str, object]:
        """What a result says besides its rows and winners."""
        return {}


class ResultForms(Adapter):
    """A game's forms with its result besides: comes first among an adapter's bases. The
    result is posted by its own page, never as the next entry (so it is not in ``forms``),
    and corrected through the entry correction like any entry."""

    def form(self, kind: str, record: Record, data: Mapping[str, Any] | None = None,
             formdata: Any = None) -> EntryForm:
        if kind == RESULT:
            return result_form(record, len(record["players"]), data, formdata)
        return super().form(kind, record, data, formdata)  # type: ignore[safe-super]  # the game's

    def to_data(self, kind: str, form: EntryForm, record: Record) -> dict[str, object]:
        if kind == RESULT:
            return result_data(self, form, list(range(len(record["players"]))))
        return super().to_data(kind, form, record)  # type: ignore[safe-super]


def with_result(adapter: Adapter) -> Adapter:
    """The game's adapter, answering for its result too."""
    made: Adapter = type(f"{type(adapter).__name__}WithResult", (ResultForms, type(adapter)), {})()
    return made


def web(slug: str) -> ModuleType:
    """A registered game's web package (``<package>.web``): its ``ADAPTER`` and, if it has
    pages of its own, their blueprint ``bp``."""
    return import_module(f"{PACKAGES[slug]}.web")


class _Adapters(Mapping[str, Adapter]):
    """Each registered game's adapter by slug, with its result form besides. Made on first
    use, not at import: a game's web package imports this module for ``Adapter``."""

    def __init__(self) -> None:
        self._made: dict[str, Adapter] = {}

    def __getitem__(self, slug: str) -> Adapter:
        package = PACKAGES[slug]
        if package not in self._made:
            self._made[package] = with_result(cast(Adapter, web(slug).ADAPTER))
        return self._made[package]

    def __iter__(self) -> Iterator[str]:
        return iter(PACKAGES)

    def __len__(self) -> int:
        return len(PACKAGES)


ADAPTERS: Mapping[str, Adapter] = _Adapters()
