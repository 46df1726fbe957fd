"""One game record as JSON: the export other tools read, and the import that checks it.

The format is documented in docs/record-format.md. An export carries the computed
standings and winners too, so a reader need not replay; an import ignores them and
replays the entries, so a record that breaks the rules is refused.

An import is strict: a field the format does not have, a value of the wrong type (a
number as text), a time outside the calendar or a file nested deeper than any record is
refused with the entry and the field named, before anything is stored. It is also
idempotent: a record keeps the id of the game it was exported from (``origin``), and
importing the same record again finds that game (``already_here``) instead of counting
every win twice, also when the same record arrives from several phones at once (``add``);
a copy is the table's explicit choice.
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, date, datetime, timedelta
from typing import Any

from ..games import GAMES, SHAPES, entry_problem, settings_problem
from ..games.base import Msg, ReplayError, RulesError, msg
from ..games.schema import Choice, Shape, depth, problem
from ..i18n import t
from ..markers import N_
from ..periods import AHEAD, EARLIEST
from ..record.entries import MAX_NAME, MAX_NOTE, View, new_record, now_iso, replay, status
from ..record.shape import DEFAULT_GROUP, Entry, Record, group_of
from ..record.summary import last_activity, played_on, result_only
from ..storage import trash
from ..storage.store import NoSuchGame, Store, valid_id
from ..text import Refused, clean, field_text

FORMAT = "loot-ledger-record"
FORMAT_VERSION = 1
MAX_BYTES = 1024 * 1024
MAX_ENTRIES = 2000
LATEST = timedelta(days=1)  # a time later than this from now is refused (another machine's clock)
MAX_DEPTH = 16   # a record's deepest value (a card in a Treasure turn's edits) is 9 down
# A record and each of its entries as docs/record-format.md has them, checked by the
# validator that checks every entry's data and the settings (games.schema); the computed
# fields are read and ignored (``object``: anything).
RECORD: Shape = {"format": str, "format_version": int, "game": str, "players": [str], "settings?": dict,
          "entries": list, "note?": str, "played_day?": str,
          **{f"{name}?": object for name in ("id", "origin", "created", "played_on", "status",
                                               "standings", "finished", "awaiting", "winners",
                                               "decided_by", "decided_by_code", "result_only")}}
ENTRY: Shape = {"kind": str, "data": dict, "at?": object, "source?": Choice(("app", "table")),
         "edits?": [{"at?": object, "data": dict}]}


class ImportError_(ValueError):
    """A record that cannot be imported; ``message`` says which entry and which field."""

    def __init__(self, message: Msg):
        self.message = message
        super().__init__(str(message))


def export_record(record: Record) -> dict[str, object]:
    """The record as the format has it. One that does not replay (a file edited by hand) is
    exported too, with nothing the rules would derive: its export is the way to mend it."""
    try:
        view: View[Any] | None = replay(record)
    except ReplayError:
        view = None
    if view is None:
        return {**_exported(record, "abandoned" if record.get("abandoned") else "playing"),
                "standings": [], "finished": False, "awaiting": None, "winners": [],
                "decided_by": None, "decided_by_code": None, "result_only": result_only(record)}
    names = record["players"]
    return {
        **_exported(record, status(record, view)),
        "standings": [{"rank": s.rank, "player": names[s.seat], "seat": s.seat, "score": s.score,
                       "tie_break": str(s.note) if s.note else None} for s in view.standings],
        "finished": view.finished,
        # The entry the rules wait for next (a pending table choice, e.g. "tie_choice").
        "awaiting": view.expect.kind if view.expect else None,
        "winners": [names[w] for w in view.outcome.winners] if view.outcome else [],
        # What decided it, in the app's English words (as ever) and as the rules' code.
        "decided_by": str(view.outcome.words) if view.outcome else None,
        "decided_by_code": view.outcome.decided_by if view.outcome else None,
        # Played on paper and entered as its final result alone (games/result.py).
        "result_only": result_only(record),
    }


def _exported(record: Record, status: str) -> dict[str, object]:
    """What was entered: the record's own fields and its entries with their trails."""
    return {
        "format": FORMAT, "format_version": FORMAT_VERSION,
        "id": record["id"], **({"origin": record["origin"]} if record.get("origin") else {}),
        "game": record["game"], "players": list(record["players"]),
        "settings": record["settings"], "note": record.get("note", ""),
        "created": record["created"], "played_on": played_on(record),
        **({"played_day": record["played_day"]} if record.get("played_day") else {}), "status": status,
        "entries": [{k: e[k] for k in ("kind", "data", "at", "source", "edits") if k in e}
                    for e in record["entries"]],
    }


def _fail(text: str, **args: Any) -> ImportError_:
    return ImportError_(msg(text, **args))


def _time(value: Any, entry: int | None,
          refusal: str = N_("The record's start time is not an ISO 8601 time with its zone.")) -> str:
    """An ISO 8601 time with its zone, as the app writes them; a record's times are sorted
    and subtracted, so anything else is refused rather than stored."""
    if value is None and entry is not None:
        return now_iso()
    try:
        moment = datetime.fromisoformat(value) if isinstance(value, str) and len(value) <= 40 else None
        # Kept in UTC like the app's own times, so times compare as text (history filters);
        # at the ends of the calendar the conversion itself overflows.
        utc = moment.astimezone(UTC) if moment is not None and moment.tzinfo is not None else None
    except (ValueError, OverflowError):
        utc = None
    if utc is None:
        if entry is None:
            raise _fail(refusal)
        raise _fail(N_("Entry %(n)s: its time is not an ISO 8601 time with its zone."), n=entry)
    if utc < EARLIEST:
        if entry is None:
            raise _fail(N_("The record's times must be after 1970."))
        raise _fail(N_("Entry %(n)s: its time is before 1970."), n=entry)
    # The app writes its own times: one past the next day was not (a year 9999 would also
    # leave the calendar in some zone or other once shown).
    if utc > datetime.now(UTC) + LATEST:
        if entry is None:
            raise _fail(N_("The record's times must not be in the future."))
        raise _fail(N_("Entry %(n)s: its time is in the future."), n=entry)
    return utc.isoformat(timespec="seconds")


def _cleaned(value: Any) -> Any:
    """Entry data with every text in it cleaned (a correction's reason, card names)."""
    if isinstance(value, str):
        return clean(value)
    if isinstance(value, list):
        return [_cleaned(v) for v in value]
    if isinstance(value, Mapping):
        return {k: _cleaned(v) for k, v in value.items()}
    return value


def _entry_data(slug: str, kind: str, data: Any, n: int, what: str) -> dict[str, Any]:
    """An entry's (or an earlier value's) data, in its kind's documented shape."""
    found = entry_problem(slug, kind, data)
    if found is not None:
        field, problem = found
        raise _fail(N_("Entry %(n)s (%(kind)s): %(what)s%(field)s %(problem)s."),
                    n=n, kind=kind, what=what, field=field, problem=problem)
    cleaned: dict[str, Any] = _cleaned(data)
    return cleaned


def parse(raw: bytes | str, max_bytes: int, what: Msg) -> Any:
    """JSON of at most ``max_bytes``, nested no deeper than any record or backup is."""
    if len(raw) > max_bytes:
        raise _fail(N_("The file is larger than %(max)s bytes."), max=max_bytes)
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise _fail(N_("The file is not JSON.")) from None
    except RecursionError:
        data = None
    if data is None or depth(data) > MAX_DEPTH + 2:  # a backup holds records two levels down
        raise _fail(N_("The file is nested more deeply than %(what)s is."), what=what)
    return data


def import_record(raw: bytes | str | Mapping[str, Any], group: str = DEFAULT_GROUP) -> Record:
    """A new record from an exported one, replayed and checked; ImportError_ if refused."""
    data = parse(raw, MAX_BYTES, msg(N_("a game record"))) if isinstance(raw, (bytes, str)) else raw
    slug = _envelope(data)
    players, settings, entries = data["players"], data.get("settings", {}), data["entries"]
    note = data.get("note", "")
    _names(players, note)
    for key in ("id", "origin"):
        if data.get(key) is not None and not valid_id(data[key]):
            raise _fail(N_("The record's %(field)s is not a valid game id."), field=key)
    if (found := settings_problem(slug, settings)) is not None:
        raise _fail(N_("Setting %(field)s %(problem)s."), field=found[0], problem=found[1])
    if len(entries) > MAX_ENTRIES:
        raise _fail(N_("Too many entries: a game record holds at most %(max)s, this one %(n)s."),
                    max=MAX_ENTRIES, n=len(entries))
    try:
        record = new_record(slug, players, settings, group=group, note=note)
    except RulesError as error:
        raise _fail(N_("Setup: %(why)s"), why="; ".join(t(m) for m in error.errors.values())) from None
    record["entries"] = [_entry(slug, entry, n) for n, entry in enumerate(entries, 1)]
    _dates(record, data)
    origin = data.get("origin") or data.get("id")
    if origin:
        record["origin"] = origin
    try:
        view = replay(record)
    except ReplayError as error:
        reasons = "; ".join(f"{k or 'entry'}: {t(m)}" for k, m in error.error.errors.items())
        raise _fail(N_("Entry %(n)s (%(kind)s) breaks the rules: %(why)s"),
                    n=error.index + 1, kind=entries[error.index]["kind"], why=reasons) from None
    if data.get("status") == "abandoned" and not view.finished:
        # The file says that it was abandoned, not when: it stopped with its last entry.
        record["abandoned"] = last_activity(record)
    return record


def _envelope(data: Any) -> str:
    """The game of a record whose fields are the format's (``RECORD``)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _fail(N_("This is not a Loot Ledger game record."))
    if depth(data) > MAX_DEPTH:
        raise _fail(N_("The file is nested more deeply than %(what)s is."), what=msg(N_("a game record")))
    # Exactly the number 1: 1.0 and True compare equal to it, and "1.0" is not what we write.
    if type(data.get("format_version")) is not int or data["format_version"] != FORMAT_VERSION:
        raise _fail(N_("Record format version %(v)s is not one this app reads."),
                    v=str(data.get("format_version"))[:20])
    if not isinstance(data.get("game"), str) or data["game"] not in GAMES:
        raise _fail(N_("Unknown game %(game)s."), game=str(data.get("game"))[:40])
    found = problem(data, RECORD)
    if found is not None:
        field = found[0].split(".")[0]
        if field == "players":
            raise _fail(N_("The players must be a list of names."))
        if field in ("settings", "entries"):
            raise _fail(N_("The settings must be an object and the entries a list."))
        if field == "note":
            raise _fail(N_("The note must be a text."))
        raise _fail(N_("The record has a field this app does not know: %(field)s."), field=field[:40])
    return str(data["game"])


def _names(players: list[str], note: str) -> None:
    """Refuse what a new game would not keep as it is: a blank or too long name, a too long
    note (new_record would drop the one, refuse the others without naming the player)."""
    for n, name in enumerate(players, 1):
        if not clean(name):  # blank or invisible characters only
            raise _fail(N_("Player %(n)s has no name."), n=n)
        try:
            field_text(name, MAX_NAME)
        except Refused as refused:
            raise _fail(N_("Player %(n)s: %(why)s"), n=n, why=t(refused.message)) from None
    try:
        field_text(note, MAX_NOTE, lines=True)
    except Refused as refused:
        raise _fail(N_("The note: %(why)s"), why=t(refused.message)) from None


def _entry(slug: str, entry: Any, n: int) -> Entry:
    """Entry ``n`` as it is stored: the format's fields (``ENTRY``), its data and earlier
    values in its kind's shape, its times; its id is its place."""
    found = problem(entry, ENTRY)
    if found is not None:
        field = found[0].split(".")[0]
        if field == "edits":
            raise _fail(N_("Entry %(n)s: its earlier values must each have their data."), n=n)
        if field == "source":
            raise _fail(N_("Entry %(n)s: its source must be app or table."), n=n)
        if field in ("", "kind", "data"):
            raise _fail(N_("Entry %(n)s: needs a kind and its data."), n=n)
        raise _fail(N_("Entry %(n)s: %(field)s is not a field of an entry."), n=n, field=field[:40])
    kind = entry["kind"]
    if kind not in SHAPES[slug].ENTRIES:
        raise _fail(N_("Entry %(n)s: %(kind)s is not an entry kind of this game."), n=n, kind=kind[:40])
    edits = entry.get("edits", [])
    return {"id": n, "kind": kind,
            "data": _entry_data(slug, kind, entry["data"], n, ""),
            "at": _time(entry.get("at"), n), "source": entry.get("source", "table"),
            "edits": [{"at": _time(e.get("at"), n),
                       "data": _entry_data(slug, kind, e["data"], n, t(N_("earlier value")) + ": ")}
                      for e in edits]}


def _dates(record: Record, data: Mapping[str, Any]) -> None:
    """When the record was started and played, as the file says (else now)."""
    if data.get("created") is not None:
        record["created"] = _time(data["created"], None)
    # Files from before played_on was kept were played when they were started in the app.
    record["played_on"] = record["created"]
    if data.get("played_on") is not None:
        record["played_on"] = _time(data["played_on"], None, N_(
            "The record's played_on is not an ISO 8601 time with its zone."))
        if datetime.fromisoformat(record["played_on"]) > datetime.now(UTC) + AHEAD:
            raise _fail(N_("The record's played_on is in the future."))  # as the new-game form
    if data.get("played_day") is not None:  # a result entered without a time: its day alone
        try:
            day = date.fromisoformat(data["played_day"])
        except ValueError:
            raise _fail(N_("The record's played_day is not a day written 2026-11-20.")) from None
        if abs((day - datetime.fromisoformat(record["played_on"]).date()).days) > 1:
            raise _fail(N_("The record's played_day is not the day of its played_on."))
        record["played_day"] = day.isoformat()


def _fingerprint(record: Record) -> list[tuple[Any, ...]]:
    return [(e["kind"], e["data"], e["at"]) for e in record["entries"]]


def already_here(store: Store, record: Record) -> tuple[str, bool] | None:
    """The game of the record's group that ``record`` (an import) was exported from or
    imported as before: (its id, whether its entries are the same). Read from the index;
    only the few games of the same origin are opened. A game in the trash is found too,
    as different (restore it rather than import it again): its id is not in the index."""
    origin = record.get("origin")
    if not origin:
        return None
    group = group_of(record)
    candidates = sorted(g["id"] for g in store.index.games().values()
                        if (g["id"] == origin or g.get("origin") == origin)
                        and group_of(g) == group and g.get("game") == record["game"])
    other = None
    for game_id in candidates:
        try:
            here = store.load(game_id)
        except NoSuchGame:
            continue
        if here["players"] == record["players"] and _fingerprint(here) == _fingerprint(record):
            return game_id, True
        other = other or game_id
    if other is None:
        # Deleted, it is still the same game: added again, it would count twice once
        # restored. The caller sees an id the games list does not hold: the Trash has it.
        other = trash.holding(store, record)
    return (other, False) if other else None


def add(store: Store, record: Record, copy: bool = False) -> tuple[str, tuple[str, bool] | None]:
    """Store an imported record once: (the new game's id, None), or -- the same game is here
    (``already_here``) and no copy was asked for -- (its id, what ``already_here`` found),
    with nothing added.

    The look and the write are one step under the lock ``imports``, held across processes:
    the same record sent by several phones at the same moment is stored by the first, and
    every other finds that game, as it would one after the other. ``NotSaved`` if the disk
    refuses, or another import keeps the lock longer than a write takes.
    """
    if copy:
        return store.create(record), None
    with store.lock("imports"):
        found = already_here(store, record)
        if found is not None:
            return found[0], found
        return store.create(record), None
