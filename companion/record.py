"""The stored game record's shape, as docs/record-format.md describes it.

One module the store, the rules' callers and the pages all import (no Flask, no TinyDB), so
mypy checks every read of a record against the one description. Entry data and settings
are each game's own (``docs/games/<game>.md``; ``games.schema`` checks them before the
rules read them), so here they are JSON objects of any shape.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NotRequired, TypedDict

DEFAULT_GROUP = "household"  # the group of a record from before groups, and of the CLI


class Edit(TypedDict):
    """An earlier value of a corrected entry's data."""

    at: str
    data: dict[str, Any]


class Entry(TypedDict):
    id: int
    kind: str
    data: dict[str, Any]
    at: str
    source: str  # "app": a random result the app drew; "table": anything the table entered
    edits: list[Edit]
    # Set aside by an undo (``undone_at``), or by a correction that made a draw needless
    # (``dropped``: the corrected entry's id); only in the record's ``undone``.
    undone_at: NotRequired[str]
    dropped: NotRequired[int]


class Record(TypedDict):
    """A game as the store keeps it; what an export adds (standings, winners) is computed."""

    game: str
    players: list[str]
    settings: dict[str, Any]
    note: str
    created: str
    played_on: str
    entries: list[Entry]
    # Files from before a field was kept lack it; a new record (``records.new_record``)
    # has all but the store's and the lifecycle's.
    id: NotRequired[str]
    group: NotRequired[str]
    version: NotRequired[int]
    entries_version: NotRequired[int]
    undone: NotRequired[list[Entry]]
    submissions: NotRequired[list[str]]
    origin: NotRequired[str]      # the game an imported record was first exported from
    abandoned: NotRequired[str]   # when it was set aside
    deleted: NotRequired[str]     # when it went to the Trash
    schema: NotRequired[int]      # the store's file schema
    summary_version: NotRequired[int]  # the version the index row was last made from


def group_of(record: Mapping[str, object]) -> str:
    """The group a record (or an index row, a share link) belongs to: records from before
    groups belong to the household."""
    group = record.get("group")
    return group if isinstance(group, str) else DEFAULT_GROUP
