"""A game record: who plays which game with which settings, and the ordered list of entries.

The record is the truth. Standings, orders, bonuses, the end and the winner are what the
game's rules make of the entries when they are replayed (``replay``); none of that is
stored as if it were a fact. Every change returns a new record with ``version`` one
higher, so a form that was filled in against an older version can be recognised. When it
was played and what the games list keeps of it are ``summary.py``'s.
"""
from __future__ import annotations

import copy
import hashlib
import hmac
import json
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Generic

from ..games import entry_problem, get_game, settings_problem
from ..games.base import Expect, Game, Msg, Outcome, ReplayError, RulesError, S, Standing, msg
from ..markers import N_
from ..text import TOO_LONG, clean, identity
from .mending import MOST_MENDS, NeedsMending, choices_of, draws_of
from .mending import mend as mend_later_draws
from .shape import DEFAULT_GROUP, Entry, Record

MAX_NAME = 40
MAX_NOTE = 2000
KEEP_SUBMISSIONS = 200  # enough to recognise any double tap or resent form


class Stale(Exception):
    """The form was filled in against an older version of the record."""


class Repeated(Exception):
    """This submission was applied already (a double tap, a resent form)."""


class LaterEntryError(RulesError):
    """A correction refused because a later entry (id ``entry_id``) no longer fits."""

    def __init__(self, message: Msg, entry_id: int):
        super().__init__(message)
        self.entry_id = entry_id


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def clean_players(names: Sequence[str]) -> list[str]:
    return [name for name in map(clean, names) if name]


def new_record(slug: str, players: Sequence[str], settings: Mapping[str, Any],
               group: str = DEFAULT_GROUP, note: str = "", played_on: str | None = None) -> Record:
    """A record with no entries yet; raises RulesError for players or settings.

    ``played_on`` is when the table began playing (an ISO time, default now); a game
    played on paper and entered afterwards gives its own.
    """
    game = get_game(slug)
    players = clean_players(players)
    errors: dict[str, Msg] = {}
    if len({identity(p) for p in players}) != len(players):  # "Ann" and "Ａnn" are one
        errors["players"] = msg(N_("Each player needs a different name."))
    # Never cut short: the forms and the import refuse these next to the field first.
    if any(len(p) > MAX_NAME for p in players):
        errors["players"] = msg(TOO_LONG, max=MAX_NAME, n=max(map(len, players)))
    note = clean(note, lines=True)
    if len(note) > MAX_NOTE:
        errors["note"] = msg(TOO_LONG, max=MAX_NOTE, n=len(note))
    try:
        _refuse(settings_problem(slug, settings))
        settings = game.setup(players, settings)
    except RulesError as error:
        errors = {**error.errors, **errors}
    if errors:
        raise RulesError(errors)
    created = now_iso()
    return {
        "game": slug, "players": players, "settings": dict(settings), "group": group,
        "note": note, "created": created, "played_on": played_on or created,
        "version": 0, "entries_version": 0, "entries": [], "undone": [], "submissions": [],
    }


def check_shape(slug: str, kind: str, data: Mapping[str, Any]) -> None:
    """Refuse entry data the record format does not describe (docs/games/<game>.md): a
    field the rules would ignore, a number as text. Checked before the rules run, on every
    way in (a form, a correction, an import, a file read from the data folder), so the rules
    read only data of the shape and carry no guards against anything else."""
    _refuse(entry_problem(slug, kind, data))


def _refuse(found: tuple[str, Msg] | None) -> None:
    if found is not None:
        path, problem = found
        raise RulesError({path: msg(N_("%(field)s %(problem)s."), field=path, problem=problem)})


def entries_of(record: Record) -> list[tuple[str, Mapping[str, Any]]]:
    return [(e["kind"], e["data"]) for e in record["entries"]]


@dataclass(frozen=True)
class View(Generic[S]):
    """A replayed record: the game, its state and what the pages read off it."""

    game: Game[S]
    state: S
    standings: list[Standing]
    outcome: Outcome | None
    expect: Expect | None

    @property
    def finished(self) -> bool:
        return self.outcome is not None


def _replay(record: Record) -> View[Any]:
    # A file in the data folder may have been edited by hand or written by an older app: an
    # entry not of its shape is refused as the rules would refuse it (the broken-record
    # page), never handed to rules that trust the shape.
    for index, entry in enumerate(record["entries"]):
        try:
            check_shape(record["game"], entry["kind"], entry["data"])
        except RulesError as error:
            raise ReplayError(index, error) from None
    game = get_game(record["game"])
    return _view(game, game.replay(record["players"], record["settings"], entries_of(record)))


# Replays of stored versions. A stored version never changes, so its replay can be reused,
# and an append seeds the next version's replay from the state it just computed. The key
# also names the entries (how many, the last one's id, how many edits), so a copy of a
# record cut short or changed in place (a log replaying "the game after entry n", a
# correction being checked) never gets the stored version's replay.
_REPLAYS: dict[tuple[Any, ...], View[Any]] = {}
_KEEP_REPLAYS = 256


def _key(record: Record) -> tuple[Any, ...] | None:
    if not record.get("id"):
        return None
    entries = record["entries"]
    return (record["id"], record.get("version", 0), record["game"], len(entries),
            entries[-1]["id"] if entries else 0, sum(len(e.get("edits", ())) for e in entries))


_REPLAYS_LOCK = threading.Lock()  # the server answers requests on several threads


def _remember(record: Record, view: View[S]) -> View[S]:
    key = _key(record)
    if key is not None:
        with _REPLAYS_LOCK:
            while len(_REPLAYS) >= _KEEP_REPLAYS:
                _REPLAYS.pop(next(iter(_REPLAYS)))
            _REPLAYS[key] = view
    return view


def replay(record: Record) -> View[Any]:
    """Replay the record. Raises ReplayError if an entry is refused by the rules."""
    key = _key(record)
    cached = _REPLAYS.get(key) if key is not None else None
    return cached if cached is not None else _remember(record, _replay(record))


def _view(game: Game[S], state: S) -> View[S]:
    return View(game, state, game.standings(state), game.outcome(state), game.expect(state))


def entries_version(record: Record) -> int:
    """What an entry form was filled in against: it changes with every entry added, undone
    or corrected, but not with the note, so editing the note on one phone does not make
    the hand being typed on another phone stale. (``version`` changes with everything and
    keys the caches.)"""
    return int(record.get("entries_version", record.get("version", 0)))


def _bump(record: Record, submission: str | None, entries: bool = True) -> Record:
    record["entries_version"] = entries_version(record) + (1 if entries else 0)
    record["version"] = record.get("version", 0) + 1
    if submission:
        record["submissions"] = (record.get("submissions", []) + [submission])[-KEEP_SUBMISSIONS:]
    return record


def touched(record: Record, submission: str | None) -> Record:
    """A change that is no entry and not the rules' (deleted, brought back): the version one
    higher, the form's submission kept, as every change."""
    return _bump(record, submission, entries=False)


def sent_before(record: Record | Mapping[str, Any], submission: str | None) -> bool:
    """Whether the form of this submission id is applied already (a double tap, Back then
    Save, a resend of a lost answer): the record keeps the ids of its latest changes. A
    group document keeps them the same way (groups.py)."""
    return bool(submission) and submission in record.get("submissions", ())


def guard(record: Record, version: int | None, submission: str | None,
          resend_checked: bool = False) -> None:
    """Refuse a repeated or stale form, or an entry in a game set aside, before anything
    is changed. ``resend_checked``: the caller asked ``sent_before`` of this very record
    (read once, under the game's lock) before it read the form, so it is not asked twice."""
    if not resend_checked and sent_before(record, submission):
        raise Repeated()
    if record.get("abandoned"):
        raise RulesError(msg(N_("This game was abandoned. Resume it to go on.")))
    if version is not None and version != entries_version(record):
        raise Stale()


def add_entry(record: Record, kind: str, data: Mapping[str, Any], *,
              source: str = "table", submission: str | None = None,
              version: int | None = None, resend_checked: bool = False) -> Record:
    """The record with one more entry; RulesError if the rules refuse it."""
    guard(record, version, submission, resend_checked)
    check_shape(record["game"], kind, data)

    def add(new: Record) -> None:
        next_id = max((e["id"] for e in new["entries"] + new["undone"]), default=0) + 1
        new["entries"].append({"id": next_id, "kind": kind, "data": copy.deepcopy(dict(data)),
                               "at": now_iso(), "source": source, "edits": []})
    return _one_more(record, kind, data, add, submission)


def _one_more(record: Record, kind: str, data: Mapping[str, Any],
              add: Callable[[Record], None], submission: str | None) -> Record:
    """A copy of the record with an entry of ``kind``/``data`` at the end, put there by
    ``add``, once the rules accept it (RulesError, and nothing changed, if not)."""
    view = replay(record)
    if view.expect is None:
        raise RulesError(msg(N_("The game is over; undo or correct an entry to reopen it.")))
    state = view.game.apply(view.state, kind, data)  # raises RulesError; nothing changed
    new = copy.deepcopy(record)
    add(new)
    new = _bump(new, submission)
    _remember(new, _view(view.game, state))
    return new


def undo(record: Record, *, submission: str | None = None,
         version: int | None = None, resend_checked: bool = False) -> Record:
    """The record without its last entry. The entry is kept aside, never thrown away."""
    guard(record, version, submission, resend_checked)
    if not record["entries"]:
        raise RulesError(msg(N_("There is nothing to undo.")))
    new = copy.deepcopy(record)
    entry = new["entries"].pop()
    new["undone"].append({**entry, "undone_at": now_iso()})
    return _bump(new, submission)


def restorable(record: Record) -> Entry | None:
    """The entry "Put it back" would restore: the one undone last, as long as no entry has
    been made since (a new entry's id is higher than every undone one's)."""
    undone = record.get("undone") or []
    if not undone or undone[-1].get("dropped"):  # a draw a correction made needless
        return None
    newest = max((e["id"] for e in record["entries"]), default=0)
    return undone[-1] if undone[-1]["id"] > newest else None


def put_back(record: Record, *, submission: str | None = None,
             version: int | None = None, resend_checked: bool = False) -> Record:
    """The record with its last undone entry restored as it was (id, time, trail); the
    rules check it again, since a correction may have been made meanwhile."""
    guard(record, version, submission, resend_checked)
    entry = restorable(record)
    if entry is None:
        raise RulesError(msg(N_("There is nothing to put back.")))

    def add(new: Record) -> None:
        restored = new["undone"].pop()
        restored.pop("undone_at", None)
        new["entries"].append(restored)
    return _one_more(record, entry["kind"], entry["data"], add, submission)


def correct(record: Record, entry_id: int, data: Mapping[str, Any], *,
            submission: str | None = None, version: int | None = None,
            mend: bool = False, answers: Sequence[int] = (), key: str | bytes = b"",
            resend_checked: bool = False) -> Record:
    """Replace an earlier entry's data, keeping the old values in its trail.

    Everything after it is replayed. Where later entries no longer fit (a tie that is gone,
    or between others now, an end that comes sooner, a step that must be taken again),
    NeedsMending says how they would be mended (``companion/record/mending.py``); with ``mend`` (and
    the table's ``answers`` to the choices it asks) the correction is stored so mended.
    ``key`` is the server's secret: the mended draws are drawn from it (see ``mend_seed``).
    """
    guard(record, version, submission, resend_checked)
    new = copy.deepcopy(record)
    positions = [i for i, e in enumerate(new["entries"]) if e["id"] == entry_id]
    if not positions:
        raise RulesError(msg(N_("No such entry.")))
    entry = new["entries"][positions[0]]
    if entry["data"] == dict(data):
        raise RulesError(msg(N_("Nothing was changed. Change a value, or go back to the game.")))
    check_shape(record["game"], entry["kind"], data)
    entry["edits"].append({"at": now_iso(), "data": entry["data"]})
    entry["data"] = copy.deepcopy(dict(data))
    try:
        _replay(new)  # not the cache: this version's entries have just changed
    except ReplayError as error:
        if error.index == positions[0]:
            raise error.error from None
        game = get_game(record["game"])
        mending = mend_later_draws(new, draws_of(game, record), positions[0],
                                   mend_seed(key, record, entry_id, data), now_iso(),
                                   choices_of(game, record), answers)
        if mending is None:
            # The rules' own words for it, translated with the sentence (not "entry: …"),
            # and the way on: a mend this large is the table's to make step by step.
            why = next(iter(error.error.errors.values()))
            raise LaterEntryError(msg(N_("With this change, entry %(n)s no longer fits the rules: %(why)s "
                                         "More than %(most)s later entries would change. Undo back to entry "
                                         "%(entry)s (Undo takes back the last entry), then correct it and "
                                         "enter the rest again."),
                                      n=error.index + 1, why=why, most=MOST_MENDS, entry=positions[0] + 1),
                                  new["entries"][error.index]["id"]) from None
        if not mend or mending.question is not None:
            raise NeedsMending(mending) from None
        new["entries"] = mending.entries
        new["undone"] = new.get("undone", []) + [
            {**e, "undone_at": now_iso(), "dropped": entry_id} for e in mending.dropped] + [
            {**e, "undone_at": now_iso(), "dropped": entry_id, "set_aside": len(mending.entries)}
            for e in mending.set_aside]
    return _bump(new, submission)


def set_aside(record: Record) -> list[Entry]:
    """The entries a correction set aside (``companion/record/mending.py``), oldest first, while they
    can still be put back: no entry the correction did not make was undone since."""
    undone = record.get("undone") or []
    out: list[Entry] = []
    for entry in reversed(undone):
        if not entry.get("set_aside"):
            break
        if out and entry.get("dropped") != out[0].get("dropped"):
            break
        out.insert(0, entry)
    return out


def fitting_set_aside(record: Record, state: Any) -> list[Entry]:
    """The entries set aside that fit after the game's last entry (``state``), in their order,
    up to the first that does not, once the table has entered the step the game asked for
    (the record has more entries than the mend left: ``set_aside`` holds that number). The
    first one set aside is that step: entered anew, it no longer fits and is passed over."""
    waiting = set_aside(record)
    if not waiting or len(record["entries"]) <= waiting[0].get("set_aside", 0):
        return []  # the step asked again is not entered yet
    game = get_game(record["game"])
    out: list[Entry] = []
    for n, entry in enumerate(waiting):
        try:
            state = game.apply(state, entry["kind"], entry["data"])
        except RulesError:
            if n == 0:
                continue
            break
        out.append(entry)
    return out


def put_back_set_aside(record: Record, *, submission: str | None = None,
                       version: int | None = None, resend_checked: bool = False) -> Record:
    """The record with the entries a correction set aside put back after its last entry, as
    far as they fit (``fitting_set_aside``); each keeps its time and trail, with a new id."""
    guard(record, version, submission, resend_checked)
    back = fitting_set_aside(record, replay(record).state)
    if not back:
        raise RulesError(msg(N_("The entries set aside do not fit here yet: enter the step the game "
                                "asks for first.")))
    new = copy.deepcopy(record)
    next_id = max((e["id"] for e in new["entries"] + new["undone"]), default=0) + 1
    ids = {e["id"] for e in back}
    for entry in back:
        restored = {k: v for k, v in copy.deepcopy(entry).items()
                    if k not in ("undone_at", "dropped", "set_aside")}
        restored["id"], next_id = next_id, next_id + 1
        new["entries"].append(restored)  # type: ignore[arg-type]
    # Those passed over or put back leave the list; the rest stay set aside.
    first = set_aside(record)[0]["id"]
    new["undone"] = [e for e in new["undone"] if not (e.get("set_aside") and e["id"] in ids | {first})]
    return _bump(new, submission)


def mend_seed(key: str | bytes, record: Record, entry_id: int,
              data: Mapping[str, Any]) -> bytes:
    """The seed of a correction's mended draws: the same correction of the same entry always
    draws the same, whatever the phone sends with it (a fresh submission id, say), and the
    phone cannot work it out beforehand without the server's secret. No version is in it:
    an undo and put back, which change nothing, would draw again."""
    secret = key.encode() if isinstance(key, str) else key
    what = json.dumps([record.get("id"), record.get("created"), entry_id, data],
                      sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hmac.new(secret, what.encode(), hashlib.sha256).digest()


def set_note(record: Record, note: str, *, submission: str | None = None) -> Record:
    if sent_before(record, submission):
        raise Repeated()
    new = copy.deepcopy(record)
    new["note"] = clean(note, lines=True)[:MAX_NOTE]
    return _bump(new, submission, entries=False)


def abandon(record: Record, *, submission: str | None = None) -> Record:
    """Set a game in progress aside: it keeps its entries and counts in no statistic."""
    if sent_before(record, submission):
        raise Repeated()
    if record.get("abandoned"):
        raise RulesError(msg(N_("This game is abandoned already.")))
    if replay(record).finished:
        raise RulesError(msg(N_("This game is over, so it cannot be abandoned. Delete it instead.")))
    new = copy.deepcopy(record)
    new["abandoned"] = now_iso()
    return _bump(new, submission, entries=False)


def resume(record: Record, *, submission: str | None = None) -> Record:
    """An abandoned game becomes a game in progress again."""
    if sent_before(record, submission):
        raise Repeated()
    if not record.get("abandoned"):
        raise RulesError(msg(N_("This game is not abandoned.")))
    new = copy.deepcopy(record)
    del new["abandoned"]
    return _bump(new, submission, entries=False)


def reseat(record: Record, order: Sequence[int], *, submission: str | None = None,
           version: int | None = None) -> Record:
    """The record with the players in a new seat order (``order[new seat]`` = old seat),
    before the first entry; settings that name seats move with their people."""
    guard(record, version, submission)
    if record["entries"]:
        raise RulesError(msg(N_("The seats can only be changed before the first entry.")))
    if sorted(order) != list(range(len(record["players"]))):
        raise RulesError(msg(N_("Give each player exactly one seat.")))
    if list(order) == sorted(order):
        raise RulesError(msg(N_("Nothing was changed.")))
    game = get_game(record["game"])
    new = copy.deepcopy(record)
    new["players"] = [record["players"][old] for old in order]
    new["settings"] = dict(game.setup(new["players"], game.reseat(record["settings"], order)))
    return _bump(new, submission)


def status(record: Record, view: View[Any]) -> str:
    """``playing``, ``finished`` or ``abandoned`` (a finished game is never abandoned)."""
    if view.finished:
        return "finished"
    return "abandoned" if record.get("abandoned") else "playing"
