"""The interface every game module implements, and the vocabulary they share.

A game is a fold over its record: ``start`` builds the state before any entry, ``apply``
takes one entry and returns the next state (or raises ``RulesError``). Everything a page
shows -- standings, who plays next, the winner and why -- is read off the state that a
replay of the whole record returns. Nothing here imports Flask, TinyDB or WeasyPrint.
"""
from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ..markers import N_ as N_
from ..markers import Nn_ as Nn_

if TYPE_CHECKING:
    from _typeshed import DataclassInstance


@dataclass(frozen=True)
class Msg:
    """A translatable sentence: an English message id and the values it names.

    With ``plural``, the sentence has a plural form chosen by the number ``args["n"]``
    ("1 point", "2 points"; German and other languages by their own rule): the web layer
    translates it with ``ngettext``.
    """

    text: str
    args: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None

    def __str__(self) -> str:
        text = self.plural if self.plural is not None and self.args.get("n") != 1 else self.text
        return text % dict(self.args) if self.args else text


@dataclass(frozen=True)
class Names:
    """People named together in a sentence ("Ben and Cara are tied"): the web layer joins
    them with the reader's "and" (German "und"). An order ("Choosing order: Ben, Cara")
    stays a plain string, since its commas are a sequence, not a list of equals."""

    names: tuple[str, ...]

    def __str__(self) -> str:
        *head, last = self.names or ("",)
        return f"{', '.join(head)}, and {last}" if len(head) > 1 else " and ".join((*head, last))


def names_of(players: Sequence[str], seats: Sequence[int]) -> Names:
    return Names(tuple(players[s] for s in seats))


def msg(text: str, **args: Any) -> Msg:
    return Msg(text, args)


def msg_n(singular: str, plural: str, n: int, **args: Any) -> Msg:
    """A sentence about ``n`` things, in the form that fits ``n`` (``%(n)s`` in both)."""
    return Msg(singular, {"n": n, **args}, plural)


class RulesError(ValueError):
    """An entry (or a setup) the rules do not allow.

    ``errors`` maps a field name to the message shown next to that field. Field names
    are dotted paths into the entry's data (``players.2.gold``); ``""`` is the entry as
    a whole. Nothing is stored when this is raised.
    """

    def __init__(self, errors: Mapping[str, Msg] | Mapping[str, Msg | str] | Msg | str):
        given: Mapping[str, Msg | str] = {"": errors} if isinstance(errors, (Msg, str)) else errors
        self.errors: dict[str, Msg] = {
            k: (v if isinstance(v, Msg) else Msg(v)) for k, v in given.items()
        }
        super().__init__("; ".join(f"{k or 'entry'}: {v}" for k, v in self.errors.items()))


class ReplayError(ValueError):
    """A stored or imported record whose entry number ``index`` the rules refuse."""

    def __init__(self, index: int, error: RulesError):
        self.index = index
        self.error = error
        super().__init__(f"entry {index + 1}: {error}")


@dataclass(frozen=True)
class Standing:
    """One seat's place. Equal ``rank`` means the place is shared."""

    seat: int
    rank: int
    score: int
    # How the score is made up, for the score breakdown (label msgid -> points).
    parts: tuple[tuple[str, int], ...] = ()
    # Why this seat is ahead of an equal score, when a tie-break decided it.
    note: Msg | None = None
    # How far the seat is from the score that ends the game (a limit, a coin target), where
    # the rules end it at one; ``None`` where they do not.
    to_go: int | None = None


@dataclass(frozen=True)
class Outcome:
    """The end of a game: who won, and which step of the rules decided it: ``decided_by``
    is the step's code (a key of the game's ``decisions``, the same in every language and
    in an export), ``words`` the sentence that tells it."""

    winners: tuple[int, ...]
    decided_by: str
    words: Msg


@dataclass(frozen=True)
class Expect:
    """What the game waits for next.

    ``kind`` is the entry kind the next form produces. ``draw`` is true when the rules
    call for a random result here: the app can draw it (``Game.draw``) or the table can
    enter its own through the same entry kind. ``lines`` are the "what happens next"
    sentences (whose turn, who deals, who chooses first).
    """

    kind: str
    title: Msg
    lines: tuple[Msg, ...] = ()
    draw: bool = False
    # The step of the rules the table is at, in one sentence (who chooses, in which order,
    # who rolls first), and the id of the rules reference's section that tells it.
    rule: Msg | None = None
    section: str = ""


@dataclass(frozen=True)
class Part:
    """One share of a shown number: what it was and how much, and which entry gave it."""

    label: Msg
    value: int
    entry: int | None = None  # index into the record's entries


@dataclass(frozen=True)
class Making:
    """How a number on the game page was made from the record: ``parts`` add up to ``value``;
    ``rule`` says in the app's words which rule adds them so."""

    title: Msg
    value: int
    parts: tuple[Part, ...]
    rule: Msg
    section: str = ""  # the id of the rules reference's section that tells the rule


@dataclass(frozen=True)
class Why:
    """Why a seat holds a place (a placement, a chip, the deal, a rank, the win): the rule
    that ordered it and, where a tie was broken, the step of the tie-break chain that
    decided it and the entry whose draw broke it."""

    title: Msg
    rule: Msg
    section: str = ""
    step: Msg | None = None
    draw: int | None = None  # index into the record's entries


Explanation = Making | Why


S = TypeVar("S")  # a game's state: each game binds its own (``class Beutezug(Game[State])``)


Say = Callable[[Any], str]     # translates a message id or a ``Msg`` (the ledger measures words)


class Paper:
    """A game's print layouts: what its blank sheet and rules reference look up, the rows of
    its filled sheet, and how its pages and chart are laid out. The defaults suit a game of
    rounds printed upright.

    The templates that go with it are the game's own, in ``templates/games/<slug>/print/``:
    ``sheet.html`` (the blank sheet, given ``f``: ``facts``), ``rules.<lang>.html`` (the
    rules reference), ``filled.html`` (given ``detail``) and ``_entry.html`` (its macros
    ``line(entry, data, labelled, changes)``, an entry's log line, and ``key()``)."""

    landscape = False                  # its sheets' grids need the page turned sideways
    named = False                      # its host names the game: a blank sheet can print the name
    axis = N_("Round")                 # what the printed chart's rounds are, in the game's word
    round_label = N_("Round %(n)s")    # a row of the log by round, once its round is played
    round_kind: str | None = None      # the entry kind that label names

    def facts(self, players: int) -> dict[str, object]:
        """The numbers a player looks up at the table, for this game and player count."""
        return {}

    def detail(self, game: Game[Any], state: Any, record: Mapping[str, Any], finished: bool,
               say: Say) -> dict[str, object]:
        """The rows of the filled sheet (``templates/games/<slug>/print/filled.html``), laid
        out like the blank sheet; ``ledger_rows``, where given, are set as lines in columns
        of the page's width (``companion/printing/sheets.py``)."""
        return {}

    def chart_rounds(self, totals: list[list[int]], players: int) -> list[list[int]]:
        """``totals_by_round`` grouped as the sheet counts rounds, for its chart."""
        return totals


class Game(ABC, Generic[S]):
    """One game's rules. Subclasses are stateless; the state is a value they return."""

    slug: str
    title: str
    min_players: int
    max_players: int
    # Settings that name seats, and how: "seat" (one seat number), "seats" (a list of
    # seat numbers) or "by_seat" (one value per seat). When the table changes its seat
    # order before the first entry, they move with the people (see ``reseat``).
    seat_settings: tuple[tuple[str, str], ...] = ()
    # The game's terms as (English, German) pairs, in the order a player meets them, for its
    # rules page; and, where its card and character names stay as printed, the sentence
    # (marked N_, naming this game's own cards) the page says so in under the terms.
    terms: tuple[tuple[str, str], ...] = ()
    names_as_printed: str = ""

    def first_seat(self, players: Sequence[str], settings: Mapping[str, Any],
                   entries: Sequence[tuple[str, Mapping[str, Any]]]) -> int | None:
        """Who went first, read off the record as stored (the BG Stats export asks it of every
        finished game, without a replay); ``None`` where the record does not say."""
        return None
    # The steps of the rules that can decide a game (``Outcome.decided_by``), each code with
    # its words (a message id; ``%(name)s`` filled from ``decided``'s arguments).
    decisions: Mapping[str, str] = {}

    def decided(self, winners: Sequence[int], code: str, **args: Any) -> Outcome:
        """The game won by ``winners`` at the step ``code``, in that step's words."""
        return Outcome(tuple(winners), code, Msg(self.decisions[code], args))

    # How the game prints (its games/<pkg>/paper.py): what the shared print code asks of it.
    paper: Paper

    def reseat(self, settings: Mapping[str, Any], order: Sequence[int]) -> dict[str, Any]:
        """The settings for the seats in ``order`` (``order[new seat]`` = old seat), so a
        first dealer or a team is still the same people."""
        new_seat = {old: new for new, old in enumerate(order)}
        out = dict(settings)
        for key, how in self.seat_settings:
            value = out.get(key)
            if value is None:
                continue
            if how == "seat":
                out[key] = new_seat[value]
            elif how == "seats":
                out[key] = [new_seat[v] for v in value]
            else:
                out[key] = [value[old] for old in order]
        return out

    def player_count_errors(self, players: Sequence[str]) -> dict[str, Msg]:
        """The rulebook's player count, as a message on the ``players`` field."""
        if self.min_players <= len(players) <= self.max_players:
            return {}
        return {"players": msg(N_("%(game)s is played by %(min)s to %(max)s players."),
                               game=self.title, min=self.min_players, max=self.max_players)}

    @abstractmethod
    def setup(self, players: Sequence[str], settings: Mapping[str, Any]) -> Mapping[str, object]:
        """Check the players and settings; return the settings with defaults filled in (each
        game's own ``Settings``).

        Raises ``RulesError`` (field ``players`` or a setting's name).
        """

    @abstractmethod
    def start(self, players: Sequence[str], settings: Mapping[str, Any]) -> S:
        """The state before the first entry (settings as returned by ``setup``)."""

    @abstractmethod
    def apply(self, state: S, kind: str, data: Mapping[str, Any]) -> S:
        """The state after one entry; raises ``RulesError`` and leaves ``state`` untouched."""

    @abstractmethod
    def expect(self, state: S) -> Expect | None:
        """What comes next; ``None`` once the game is over."""

    @abstractmethod
    def standings(self, state: S) -> list[Standing]:
        """Every seat's place, best first."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """Who won and why, once the game is over; ``None`` while it is played."""

    @abstractmethod
    def totals_by_round(self, state: S) -> list[list[int]]:
        """Each seat's running total after each round/hand/turn, for the chart."""

    def score_label(self, state: S) -> str:
        """What the standings' numbers are (a message id)."""
        return N_("Points")

    def name(self, settings: Mapping[str, Any]) -> str:
        """What the table calls the game: its title, or for a game its host names (a game of
        the table's own) that name, which history and statistics count it by."""
        return self.title

    def highest_wins(self, settings: Mapping[str, Any]) -> bool:
        """Whether a higher score is the better one (a best score, the BG Stats export)."""
        return True

    def has_points(self, settings: Mapping[str, Any]) -> bool:
        """Whether the standings' numbers are points (not places only)."""
        return True

    def chart_label(self, state: S) -> str:
        """What ``totals_by_round`` counts (a message id), the chart's heading."""
        return N_("Totals by round")

    # True where the game takes its final result entered from paper as its one entry
    # (games/result.py ``ResultRules``): the new-game page then offers the result page.
    takes_result: bool = False

    # True once the game explains its numbers and places (``explanations``): the game page
    # then links each of them to its explanation.
    explains: bool = False

    def explanations(self, state: S) -> dict[str, Explanation]:
        """Every number and place the game page shows, by key, with its making or its why.

        Keys the shared pages use: ``score/<seat>`` (the standings' number), ``place/<seat>``
        (the standings' rank) and ``winner``; each game adds its own for the numbers of its
        state section (``hand/<n>/<seat>``, ``coins/<seat>``, ...). Computed only for the
        explanation page, never for the game page, which links the keys it shows.
        """
        return {}

    def choices(self, state: S) -> Sequence[Mapping[str, Any]]:
        """The answers the rules take now, as the data of an entry of ``expect(state).kind``,
        where that entry is the table's choice among a few (a tie at the top: play on or share)
        and no die or card decides it; empty otherwise. A correction that makes the rules ask
        it anew asks the table again with these (``companion/record/mending.py``)."""
        return ()

    def draw(self, state: S, rng: random.Random) -> dict[str, object]:
        """Draw the random result the rules ask for now, as the data of an entry.

        The caller stores it as an entry of kind ``expect(state).kind``, so a replay
        reads the same result. Only called when ``expect(state).draw`` is true.
        """
        raise RulesError(Msg(N_("Nothing to draw now.")))

    def replay(
        self, players: Sequence[str], settings: Mapping[str, Any],
        entries: Sequence[tuple[str, Mapping[str, Any]]],
    ) -> S:
        state = self.start(players, settings)
        for index, (kind, data) in enumerate(entries):
            try:
                state = self.apply(state, kind, data)
            except RulesError as error:
                raise ReplayError(index, error) from error
        return state


def first_data(entries: Sequence[tuple[str, Mapping[str, Any]]], kind: str) -> Mapping[str, Any] | None:
    """The data of the record's first entry of ``kind``, if it has one."""
    return next((data for k, data in entries if k == kind), None)


Frozen = TypeVar("Frozen", bound="DataclassInstance")


def replace(item: Frozen, **changes: Any) -> Frozen:
    """``dataclasses.replace`` for the rules' frozen dataclasses (states, parties, pools), at
    twice the speed: a copy of the fields with ``changes`` made. A replay makes several new
    states per entry (8,000 for a 700-turn Loot and Scoot game, half of its replay's time with
    ``dataclasses.replace``, which runs ``__init__`` and sets each field through
    ``object.__setattr__``). Only for dataclasses without ``__post_init__`` or ``__slots__``,
    as the rules' are."""
    unknown = changes.keys() - item.__dataclass_fields__.keys()
    if unknown:
        raise TypeError(f"{type(item).__name__} has no field {', '.join(sorted(unknown))}")
    copy = object.__new__(type(item))
    vars(copy).update(vars(item), **changes)
    return copy


def ranked(seats_scores: Sequence[tuple[int, int]]) -> list[Standing]:
    """Standings by score, highest first, equal scores sharing a rank (1, 1, 3)."""
    order = sorted(seats_scores, key=lambda s: (-s[1], s[0]))
    out: list[Standing] = []
    for i, (seat, score) in enumerate(order):
        rank = out[-1].rank if out and out[-1].score == score else i + 1
        out.append(Standing(seat=seat, rank=rank, score=score))
    return out


def as_int(data: Mapping[str, Any], key: str, errors: dict[str, Msg], path: str,
           lo: int | None = None, hi: int | None = None, default: int | None = None) -> int:
    """Read a whole number from entry data, collecting a message per bad field.

    Only a number is one: "10", 10.0 or true are not (the record format keeps numbers as
    JSON numbers; the forms turn typed digits into numbers where they are typed)."""
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        errors[path] = msg(N_("Enter a whole number."))
        return 0
    if lo is not None and value < lo:
        errors[path] = msg(N_("Must be at least %(min)s."), min=lo)
    elif hi is not None and value > hi:
        errors[path] = msg(N_("Must be at most %(max)s."), max=hi)
    return value
