"""A correction that makes later entries no longer fit, and the one step that mends it.

Correcting an earlier entry can change what the rules ask for later: Beutezug's Round 3
loot corrected, the tie it made for a place is gone, and the placement chips drawn for
that tie (a later entry) no longer fit; a Beutelschneider hand corrected, the tie at the top
the table chose to play on from is gone, and so is the game's end it was at; a Loot and
Scoot action corrected into begging, and the same player's second action can no longer
follow it. The mend is made of entries too, walked in order from the correction on:

- a draw or a table's choice no longer called for is dropped (kept aside, never thrown
  away); so is every entry after the game's end, where the correction ends it sooner;
- a draw called for again, for another tie, is drawn anew; one newly called for is drawn
  and put in;
- a choice the rules now ask for (a tie at the top: play on or share) is asked: each
  answer is shown with what it keeps and drops, and the table's one tap stores it;
- any other entry that no longer fits, with the rules' reason, is set aside with every
  entry after it, and the game asks for that step again, its form filled with what the
  entry held; once it is entered, the entries set aside can be put back in one tap
  (``records.put_back_set_aside``), as far as they fit.

The draws are made with a generator seeded by the caller from what the phone cannot choose
(the server's secret, the game, the entry and the corrected data; see ``records.correct``),
so the result shown before it is stored is the one stored when the table confirms it, and
the same correction shown again cannot draw again.
"""
from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any

from ..games import get_game
from ..games.base import Game, Msg, RulesError
from .shape import Entry, Record

MOST_MENDS = 8  # draws and choices: a correction that needs more than this is no small mend

# What the mend does to an entry (``Mend.how``).
DROPPED = "dropped"        # a draw or a choice no longer called for
OVER = "over"              # after the game's end, which the correction brought sooner
DRAWN_ANEW = "drawn anew"  # the same kind of draw, for another tie
DRAWN = "drawn"            # a draw newly called for, put in before the entry
ASKED = "asked"            # a choice newly called for, or called for again: the table's answer
SET_ASIDE = "set aside"    # no longer fits for what it holds: it and all after it, asked again


@dataclass(frozen=True)
class Mend:
    """One later entry changed by the mend, numbered as the log showed it."""

    number: int
    old: Entry | None      # the entry that no longer fits (None: one put in)
    new: Entry | None      # the entry made in its place (None: dropped or set aside)
    expected: Msg | None   # what the rules ask for there now (the step's title)
    how: str = DROPPED
    why: Msg | None = None  # the rules' reason, for an entry set aside
    after: int = 0          # the entries set aside with it


@dataclass(frozen=True)
class Question:
    """A choice the rules ask the table for at entry ``number`` of the log: each answer is
    the data of an entry of ``kind``; ``outcomes`` is the mend each answer makes."""

    number: int
    kind: str
    title: Msg
    answers: tuple[Mapping[str, Any], ...]
    outcomes: tuple[Mending | None, ...] = ()


@dataclass(frozen=True)
class Mending:
    mends: tuple[Mend, ...]
    entries: list[Entry]   # the entries once mended
    dropped: list[Entry]
    set_aside: list[Entry] = field(default_factory=list)
    question: Question | None = None  # an answer still to be given: nothing can be stored yet
    answers: tuple[int, ...] = ()     # the answers given, in order


class NeedsMending(Exception):
    """The correction fits once later entries are mended: shown first."""

    def __init__(self, mending: Mending):
        super().__init__("a later entry no longer fits")
        self.mending = mending


def _made_at(game: Game[Any], record: Record) -> tuple[set[int], set[int]]:
    found: tuple[set[int], set[int]] = (set(), set())
    state = game.start(record["players"], record["settings"])
    for entry in record["entries"]:
        expect = game.expect(state)
        if expect is not None and expect.kind == entry["kind"]:
            if expect.draw:
                found[0].add(entry["id"])
            elif game.choices(state):
                found[1].add(entry["id"])
        state = game.apply(state, entry["kind"], entry["data"])
    return found


def draws_of(game: Game[Any], record: Record) -> set[int]:
    """The ids of the entries that were draws when they were made: the rules asked for a
    random result there (the app drew it, or the table entered what it drew)."""
    return _made_at(game, record)[0]


def choices_of(game: Game[Any], record: Record) -> set[int]:
    """The ids of the entries that were the table's choice among the answers the rules
    offered when they were made (``Game.choices``)."""
    return _made_at(game, record)[1]


def mend(record: Record, draws: set[int], corrected: int, seed: bytes, at: str,
         choices: AbstractSet[int] = frozenset(),
         answers: Sequence[int] = (), outcomes: bool = True) -> Mending | None:
    """The entries of ``record`` (a correction at position ``corrected`` already made) with
    each later entry that no longer fits mended; ``answers`` are the table's answers to the
    choices the mend asks, in order. None if nothing needed mending, or more than a small
    mend would change. ``outcomes``: work out what each answer of an open question makes."""
    game = get_game(record["game"])
    rng = random.Random(seed)
    state = game.start(record["players"], record["settings"])
    entries: list[Entry] = []
    dropped: list[Entry] = []
    mends: list[Mend] = []
    given = list(answers)
    small = 0  # draws and choices mended
    next_id = max((e["id"] for e in record["entries"] + record.get("undone", [])), default=0) + 1
    later = record["entries"]
    index = 0

    def _new(kind: str, data: Mapping[str, Any]) -> Entry:
        nonlocal next_id
        made: Entry = {"id": next_id, "kind": kind, "data": dict(data), "at": at,
                       "source": "app", "edits": []}
        next_id += 1
        return made

    while index < len(later):
        entry = later[index]
        try:
            state = game.apply(state, entry["kind"], entry["data"])
            entries.append(entry)
            index += 1
            continue
        except RulesError as error:
            if index <= corrected:
                return None
            refusal = error
        expect = game.expect(state)
        if expect is None:
            # The correction ends the game sooner: whatever came after its end goes.
            for n, gone in enumerate(later[index:], start=index + 1):
                dropped.append(gone)
                mends.append(Mend(n, gone, None, None, OVER))
            break
        small += 1
        if small > MOST_MENDS:
            return None
        was_draw, was_choice = entry["id"] in draws, entry["id"] in choices
        offered = tuple(game.choices(state))
        # A tie-break the table named (not drew) is the table's to name again.
        was_choice = was_choice or (was_draw and entry.get("source") == "table" and bool(offered))
        was_draw = was_draw and not was_choice
        again_asked = was_choice and expect.kind == entry["kind"] and bool(offered)
        if was_draw and expect.draw and expect.kind == entry["kind"]:
            # The same kind of draw, for a different tie: drawn again.
            again: Entry = {**copy.deepcopy(entry), "data": game.draw(state, rng), "source": "app", "at": at,
                            "edits": entry.get("edits", []) + [{"at": at, "data": entry["data"]}]}
            state = game.apply(state, again["kind"], again["data"])
            entries.append(again)
            mends.append(Mend(index + 1, entry, again, expect.title, DRAWN_ANEW))
            index += 1
        elif (was_draw or was_choice) and not again_asked:
            dropped.append(entry)
            mends.append(Mend(index + 1, entry, None, expect.title, DROPPED))
            index += 1
        elif expect.draw and not again_asked:
            # A tie where there was none: its draw is put in before this entry.
            drawn = _new(expect.kind, game.draw(state, rng))
            state = game.apply(state, drawn["kind"], drawn["data"])
            entries.append(drawn)
            mends.append(Mend(index + 1, None, drawn, expect.title, DRAWN))
        elif offered:
            # A choice the rules ask (again): the table's answer, put in (in place of the old).
            if not given or not 0 <= given[0] < len(offered):  # none given, or none of these
                question = Question(index + 1, expect.kind, expect.title, offered)
                if outcomes:
                    question = Question(index + 1, expect.kind, expect.title, offered, tuple(
                        mend(record, draws, corrected, seed, at, choices, (*answers, i), outcomes=False)
                        for i in range(len(offered))))
                return Mending(tuple(mends), entries, dropped, question=question,
                               answers=tuple(answers[:len(answers) - len(given)]))
            answer = given.pop(0)
            replaced = again_asked
            made = _new(expect.kind, offered[answer])
            if replaced:
                made = {**copy.deepcopy(entry), "data": dict(offered[answer]), "at": at,
                        "edits": entry.get("edits", []) + [{"at": at, "data": entry["data"]}]}
            state = game.apply(state, made["kind"], made["data"])
            entries.append(made)
            mends.append(Mend(index + 1, entry if replaced else None, made, expect.title, ASKED))
            index += 1 if replaced else 0
        else:
            # It no longer fits for what it holds: the table enters that step again.
            aside = later[index:]
            why = next(iter(refusal.errors.values()))
            mends.append(Mend(index + 1, entry, None, expect.title, SET_ASIDE, why, len(aside) - 1))
            return Mending(tuple(mends), entries, dropped, list(aside), answers=tuple(answers))
    if not mends:
        return None
    return Mending(tuple(mends), entries, dropped, answers=tuple(answers))
