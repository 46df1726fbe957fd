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
    # Set aside by an undo (``undone_at``), or by a correction that made it needless
    # (``dropped``: the corrected entry's id; ``set_aside``: it no longer fit for what it
    # holds, and can be put back once the step asked again is entered, the number of entries
    # the correction left); only in ``undone``.
    undone_at: NotRequired[str]
    dropped: NotRequired[int]
    set_aside: NotRequired[int]


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
    played_day: NotRequired[str]  # a result entered without a time: its day (YYYY-MM-DD) alone
    deleted: NotRequired[str]     # when it went to the Trash
    schema: NotRequired[int]      # the store's file schema
    summary_version: NotRequired[int]  # the version the index row was last made from


def group_of(record: Mapping[str, object]) -> str:
    """The group a record (or an index row, a share link) belongs to: records from before
    groups belong to the household."""
    group = record.get("group")
    return group if isinstance(group, str) else DEFAULT_GROUP


class MsgData(TypedDict):
    """A rules message as JSON: its message id and its values as text or numbers."""

    text: str
    args: dict[str, int | float | str]


class Progress(TypedDict):
    """Where a game stands (summary.progress)."""

    reached: MsgData | None   # what it waits for: the round, hand or turn
    rounds: int
    entries: int
    scores: list[int]         # by seat
    ranks: list[int]
    last: str                 # when anything was last entered


class Row(TypedDict, total=False):
    """What the index keeps of a game (``summary.summary``), so lists need no game file: the
    record's own fields, and once the game is over or set aside, how it ended."""

    id: str
    v: int                    # the file's version the row was made from
    game: str
    players: list[str]
    group: str
    created: str
    origin: str
    afterwards: bool          # entered after it was played
    result_only: bool
    played_day: str           # a result entered without a time: the day alone
    status: str               # "playing", "finished", "abandoned" or "broken"
    abandoned: str
    started: str
    ended: str | None
    minutes: int | None
    rounds: int
    scores: list[int]
    ranks: list[int]
    winners: list[int]
    reached: MsgData | None
    name: str                 # a game its host names (a game of the table's own) ...
    settings: dict[str, Any]  # ... and the settings it was played with, offered again
    lowest_wins: bool
    entries: int
    last: str
