"""A correction that makes a later draw no longer fit, and the one step that mends it.

Correcting an earlier entry can change what the rules ask for later: Beutezug's Round 3
loot corrected, the tie it made for a place is gone, and the placement chips drawn for
that tie (a later entry) no longer fit; or the tie is now between other players and the
old draw cannot stand; or a tie appears where none was and the rules call for a draw the
log does not have. Randomness is an entry, so the mend is made of entries too: a draw that
is no longer called for is dropped (kept aside, never thrown away), one called for again
is drawn anew, one newly called for is drawn and put in. Any other later entry that no
longer fits is the table's to correct: nothing is mended then.

The draws are made with a generator seeded by the caller from what the phone cannot choose
(the server's secret, the game, the entry and the corrected data; see ``records.correct``),
so the result shown before it is stored is the one stored when the table confirms it, and
the same correction shown again cannot draw again.
"""
from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from typing import Any

from .games import get_game
from .games.base import Game, Msg, RulesError
from .record import Entry, Record

MOST_MENDS = 8  # a correction that needs more than this is no small mend


@dataclass(frozen=True)
class Mend:
    """One later entry changed by the mend, numbered as the log showed it."""

    number: int
    old: Entry | None      # the draw that no longer fits (None: a draw put in)
    new: Entry | None      # the draw made in its place (None: dropped)
    expected: Msg | None            # what the rules ask for there now (the step's title)


@dataclass(frozen=True)
class Mending:
    mends: tuple[Mend, ...]
    entries: list[Entry]   # the entries once mended
    dropped: list[Entry]


class NeedsMending(Exception):
    """The correction fits once later draws are dropped or drawn again: shown first."""

    def __init__(self, mending: Mending):
        super().__init__("a later draw no longer fits")
        self.mending = mending


def draws_of(game: Game[Any], record: Record) -> set[int]:
    """The ids of the entries that were draws when they were made: the rules asked for a
    random result there (the app drew it, or the table entered what it drew)."""
    found: set[int] = set()
    state = game.start(record["players"], record["settings"])
    for entry in record["entries"]:
        expect = game.expect(state)
        if expect is not None and expect.draw and expect.kind == entry["kind"]:
            found.add(entry["id"])
        state = game.apply(state, entry["kind"], entry["data"])
    return found


def mend(record: Record, draws: set[int], corrected: int, seed: bytes,
         at: str) -> Mending | None:
    """The entries of ``record`` (a correction at position ``corrected`` already made) with
    each later draw that no longer fits dropped or drawn again; None if another entry
    does not fit, or nothing needed mending."""
    game = get_game(record["game"])
    rng = random.Random(seed)
    state = game.start(record["players"], record["settings"])
    entries: list[Entry] = []
    dropped: list[Entry] = []
    mends: list[Mend] = []
    next_id = max((e["id"] for e in record["entries"] + record.get("undone", [])), default=0) + 1
    for index, entry in enumerate(record["entries"]):
        try:
            state = game.apply(state, entry["kind"], entry["data"])
            entries.append(entry)
            continue
        except RulesError:
            if index <= corrected or len(mends) >= MOST_MENDS:
                return None
        expect = game.expect(state)
        called = expect is not None and expect.draw
        if entry["id"] in draws and called and expect is not None and expect.kind == entry["kind"]:
            # The same kind of draw, for a different tie: drawn again.
            again: Entry = {**copy.deepcopy(entry), "data": game.draw(state, rng), "source": "app", "at": at,
                     "edits": entry.get("edits", []) + [{"at": at, "data": entry["data"]}]}
            state = game.apply(state, again["kind"], again["data"])
            entries.append(again)
            mends.append(Mend(index + 1, entry, again, expect.title))
        elif entry["id"] in draws:
            dropped.append(entry)
            mends.append(Mend(index + 1, entry, None, expect.title if expect else None))
        elif called and expect is not None:
            # A tie where there was none: its draw is put in before this entry.
            data = game.draw(state, rng)
            drawn: Entry = {"id": next_id, "kind": expect.kind, "data": data, "at": at,
                                     "source": "app", "edits": []}
            next_id += 1
            try:
                state = game.apply(state, expect.kind, data)
                state = game.apply(state, entry["kind"], entry["data"])
            except RulesError:
                return None
            entries += [drawn, entry]
            mends.append(Mend(index + 1, None, drawn, expect.title))
        else:
            return None
    if not mends:
        return None
    return Mending(tuple(mends), entries, dropped)
