"""A form that meets a newer version of its game: stored anyway when it does not depend on
what changed meanwhile (issue 38: several phones at one table).

The offline outbox sends each entry with the version it was typed against, so another phone's
entry in between makes it stale rather than misplaced (``record.entries.guard``). Most of what a
second phone stores meanwhile does not touch what this one typed: a coin correction while a
turn is typed, a draw, a note. Only entries of the form's own kind may be the very round it
holds, typed on two phones at once: those keep it stale, and the page shows it beside the
entry that came first, to send again with one tap.
"""
from __future__ import annotations

from ..forms.adapter import ADAPTERS
from ..record.entries import entries_version, replay
from ..record.shape import Record


def meanwhile(record: Record, kind: str, version: int | None, after: str | None) -> int | None:
    """The version to store a form of ``kind`` at: the record's own when the form was typed
    against an older one but every change since was an entry added after the last one its
    page showed (``after``: that entry's id, "0" for none), none of them of its kind, and the
    rules still offer its kind now; else the form's own (a stale form stays stale)."""
    now = entries_version(record)
    if version is None or version == now or after is None or not after.isdigit() or len(after) > 9:
        return version
    entries = record["entries"]
    seen = int(after)
    at = next((i for i, e in enumerate(entries) if e["id"] == seen), None) if seen else -1
    if at is None:  # the entry it followed was undone or set aside
        return version
    between = entries[at + 1:]
    # An undo or a correction meanwhile counts in the version but adds no entry.
    if not between or now - version != len(between) or any(e["kind"] == kind for e in between):
        return version
    adapter = ADAPTERS[record["game"]]
    expect = replay(record).expect
    offered = expect is not None and (kind == expect.kind or kind in adapter.standing_forms or
                                      (kind in adapter.own_forms and expect.kind in adapter.own_forms))
    return now if offered else version
