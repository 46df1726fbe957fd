"""How a game prints, the part every game shares: the ``Paper`` each game's own
``paper.py`` subclasses, and the log by round of a filled sheet.

Plain data in and out, read off the game's state and its rules' tables: no Flask, no
WeasyPrint. The shared print code (``companion/printing/sheets.py``, ``views/printables.py``) asks a
game's ``paper`` and names no game.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .base import N_, Msg, msg

if TYPE_CHECKING:
    from .base import Game

Entry = Mapping[str, Any]
# Rows a filled sheet of a game in progress adds, for the table to carry on with a pen.
BLANK_ROWS = 3


# -- the log, compacted: one line per round -------------------------------------------------
# A filled sheet prints a line per round (hand, turn), not per entry, so its length follows
# the game's rounds; the full log, entry by entry, is a PDF of its own.

@dataclass
class LogRound:
    number: int                                   # 1, 2, ...: the round the entries lead to
    entries: list[Entry] = field(default_factory=list)
    label: Msg = field(default_factory=lambda: msg(N_("End")))
    kind: str | None = None                       # the kind of entry the label names

    def labelled(self, entry: Entry) -> bool:
        """Whether the entry's line keeps its kind's label: not when it is the row's one
        entry and of the kind the row's label names ("Hand 3 · Anna: 30", not "Hand 3 ·
        Hand Anna: 30")."""
        return not (len(self.entries) == 1 and entry["kind"] == self.kind)


def log_rounds(game: Game[Any], players: Sequence[str], settings: Mapping[str, Any],
               entries: Sequence[Entry]) -> list[LogRound]:
    """The entries grouped by the round they belong to: those before round n's last entry
    (a placement draw, a deal) with it, those after the last round (a coin flip, the
    table's choice on a tie) in a round of their own. Read off a replay, entry by entry."""
    state = game.start(players, settings)
    rounds: list[LogRound] = []
    for entry in entries:
        number = len(game.totals_by_round(state)) + 1
        if not rounds or rounds[-1].number != number:
            rounds.append(LogRound(number))
        rounds[-1].entries.append(entry)
        state = game.apply(state, entry["kind"], entry["data"])
    played = len(game.totals_by_round(state))
    for r in rounds:
        if r.number <= played:
            r.label, r.kind = msg(game.paper.round_label, n=r.number), game.paper.round_kind
    return rounds


def beyond_the_grid(rounds: Sequence[LogRound], in_grid: Callable[[Entry], bool]) -> list[LogRound]:
    """The log by round without the entries the sheet's grid already shows in full, and
    without the rounds left empty by that: the printed sheet says each thing once."""
    told = [replace(r, entries=[e for e in r.entries if not in_grid(e)]) for r in rounds]
    return [r for r in told if r.entries]
