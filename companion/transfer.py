"""One game record as JSON: the export other tools read, and the import that checks it.

The format is documented in docs/record-format.md. An export carries the computed
standings and winners too, so a reader need not replay; an import ignores them and
replays the entries, so a record that breaks the rules is refused.
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from .games import GAMES
from .games.base import N_, Msg, ReplayError, RulesError, msg
from .i18n import t
from .records import KEEP_SUBMISSIONS, last_activity, new_record, now_iso, played_on, replay, status

FORMAT = "loot-ledger-record"
FORMAT_VERSION = 1
MAX_BYTES = 1024 * 1024
MAX_ENTRIES = 2000


class ImportError_(ValueError):
    """A record that cannot be imported; ``message`` says which entry and which field."""

    def __init__(self, message: Msg):
        self.message = message
        super().__init__(str(message))


def export_record(record: Mapping[str, Any]) -> dict[str, Any]:
    view = replay(record)
    names = record["players"]
    return {
        "format": FORMAT, "format_version": FORMAT_VERSION,
        "id": record["id"], "game": record["game"], "players": list(names),
        "settings": record["settings"], "note": record.get("note", ""),
        "created": record["created"], "played_on": played_on(record), "status": status(record, view),
        "entries": [{k: e[k] for k in ("kind", "data", "at", "source", "edits") if k in e}
                    for e in record["entries"]],
        "standings": [{"rank": s.rank, "player": names[s.seat], "seat": s.seat, "score": s.score,
                       "tie_break": str(s.note) if s.note else None} for s in view.standings],
        "finished": view.finished,
        # The entry the rules wait for next (a pending table choice, e.g. "tie_choice").
        "awaiting": view.expect.kind if view.expect else None,
        "winners": [names[w] for w in view.outcome.winners] if view.outcome else [],
        "decided_by": str(view.outcome.decided_by) if view.outcome else None,
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
        moment = datetime.fromisoformat(str(value)[:40])
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        if entry is None:
            raise _fail(refusal)
        raise _fail(N_("Entry %(n)s: its time is not an ISO 8601 time with its zone."), n=entry)
    # Kept in UTC like the app's own times, so times compare as text (history filters).
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def import_record(raw: bytes | str | Mapping[str, Any], group: str = "household") -> dict[str, Any]:
    """A new record from an exported one, replayed and checked; ImportError_ if refused."""
    if isinstance(raw, (bytes, str)):
        if len(raw) > MAX_BYTES:
            raise _fail(N_("The file is larger than %(max)s bytes."), max=MAX_BYTES)
        try:
            data = json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            raise _fail(N_("The file is not JSON.")) from None
    else:
        data = raw
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _fail(N_("This is not a Loot Ledger game record."))
    if data.get("format_version") != FORMAT_VERSION:
        raise _fail(N_("Record format version %(v)s is not one this app reads."),
                    v=data.get("format_version"))
    if data.get("game") not in GAMES:
        raise _fail(N_("Unknown game %(game)s."), game=str(data.get("game"))[:40])
    players, settings, entries = data.get("players"), data.get("settings", {}), data.get("entries")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise _fail(N_("The players must be a list of names."))
    if not isinstance(settings, dict) or not isinstance(entries, list):
        raise _fail(N_("The settings must be an object and the entries a list."))
    if len(entries) > MAX_ENTRIES:
        raise _fail(N_("Too many entries."))
    try:
        record = new_record(data["game"], players, settings, group=group,
                            note=str(data.get("note", ""))[:2000])
    except RulesError as error:
        raise _fail(N_("Setup: %(why)s"), why="; ".join(t(m) for m in error.errors.values())) from None
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict) or not isinstance(entry.get("kind"), str) \
                or not isinstance(entry.get("data"), dict):
            raise _fail(N_("Entry %(n)s: needs a kind and its data."), n=i + 1)
        edits = entry.get("edits", [])
        if not isinstance(edits, list) or not all(
                isinstance(e, dict) and isinstance(e.get("data"), dict) for e in edits):
            raise _fail(N_("Entry %(n)s: its earlier values must each have their data."), n=i + 1)
        record["entries"].append({
            "id": i + 1, "kind": entry["kind"], "data": entry["data"],
            "at": _time(entry.get("at"), i + 1),
            "source": "app" if entry.get("source") == "app" else "table",
            "edits": [{"at": _time(e.get("at"), i + 1), "data": e["data"]}
                      for e in edits[:KEEP_SUBMISSIONS]],
        })
    if data.get("created") is not None:
        record["created"] = _time(data["created"], None)
    # Files from before played_on was kept were played when they were started in the app.
    record["played_on"] = record["created"]
    if data.get("played_on") is not None:
        record["played_on"] = _time(data["played_on"], None, N_(
            "The record's played_on is not an ISO 8601 time with its zone."))
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
