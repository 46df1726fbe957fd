"""What the print layouts show, asked of each game's ``paper`` (``companion/games/<pkg>/paper.py``):
the numbers a sheet or a rules reference looks up, read from the game's rules module where
they are data (so a sheet cannot drift from the rules the app scores by), and the rows of a
filled sheet, read from a replayed record. No Flask and no WeasyPrint in here.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

from ..games import get_game
from ..games.base import Game
from ..record.entries import View
from ..record.shape import Record
from . import columns
from .glyphs import width_mm
from .papers import PAGE_MARGINS_MM, PAPER_HEIGHT_MM, PAPER_WIDTH_MM


def facts(slug: str, players: int) -> dict[str, object]:
    """The numbers a player looks up at the table, for this game and player count."""
    return get_game(slug).paper.facts(players)


def seat_names(players: int, names: Sequence[str]) -> list[str]:
    """The names given, in seat order, and empty strings for the seats left blank."""
    return [names[i] if i < len(names) else "" for i in range(players)]


def detail(game: Game[Any], view: View[Any], record: Record, paper: str,
           say: Callable[[Any], str]) -> dict[str, object]:
    """The game's rows for the filled sheet, laid out like the blank sheet on ``paper``;
    its ``ledger_rows``, where it has them, set as lines in columns of the page's width.
    ``say`` translates (the ledger measures words)."""
    rows = game.paper.detail(game, view.state, record, view.finished, say)
    if "ledger_rows" in rows:
        rows["bands"] = ledger_bands(cast(Sequence[Sequence[str]], rows["ledger_rows"]),
                                     len(record["players"]), paper)
    return rows


# -- a ledger, printed as lines -------------------------------------------------------------
# A long game has hundreds of rounds, and a table cell is most of what a sheet costs
# (about a millisecond each): a ledger's rounds (Loot and Scoot's gold ledger) are lines of
# text in columns (companion/printing/columns.py), five to a band between two rules, under a table
# head that repeats on every page.

LEDGER_PT = 8                 # the ledger's type size
LEDGER_ROUND_MM = 10.0        # the round column
LEDGER_BAND = 5               # rounds between two rules


def ledger_bands(rows: Sequence[Sequence[str]], players: int, paper: str) -> dict[str, Any]:
    """A ledger's rows (the round, then a cell per player) as lines, five rounds to a band,
    each cell in its column of the page's width; the widths (mm) of the round column and a
    player's, for the table head; and where the rules between the columns go."""
    column = (PAPER_WIDTH_MM[paper] - PAGE_MARGINS_MM - LEDGER_ROUND_MM) / players
    # Offsets from the band's text box, which starts a cell's padding (1 mm) in.
    starts = [0.0] + [LEDGER_ROUND_MM + seat * column for seat in range(players)]
    rooms = [LEDGER_ROUND_MM - 2] + [column - 2] * players
    bands = []
    for first in range(0, len(rows), LEDGER_BAND):
        text = []
        for row in rows[first:first + LEDGER_BAND]:
            # The round's number in the middle of its column.
            number = (LEDGER_ROUND_MM - width_mm(row[0], LEDGER_PT)) / 2 - 1
            text += columns.lines(row, [number] + starts[1:], rooms, LEDGER_PT)
        bands.append("\n".join(text))
    # The heavy rules (1.6 pt) before each player's column, from the table's padding box,
    # which starts half a rule (0.3 pt) in from its edge.
    edges = [LEDGER_ROUND_MM + seat * column - 0.1 for seat in range(players)]
    return {"round": LEDGER_ROUND_MM, "column": column, "bands": bands,
            "rules": [(round(e - 0.28, 2), round(e + 0.28, 2)) for e in edges]}


# -- numbers on paper ------------------------------------------------------------------------

MINUS = "\u2212"


def minus(value: Any) -> str:
    """A number as printed: −3 with the minus sign, not a hyphen."""
    return str(value).replace("-", MINUS)


def signed(number: int) -> str:
    """+3, 0, −3: with the minus sign, not a hyphen."""
    return f"{number:+d}".replace("-", MINUS) if number else "0"


# Bold digits of the bundled font are some 7 % wider than the regular ones it measures.
BOLD = 1.12
# A grid cell's padding (1 mm a side) and its share of the rules either side.
CELL_MM = 2.8


def number_mm(values: Any, size_pt: float = 9.0, bold: bool = False) -> float:
    """The width of a column whose widest number as printed (``minus``) must fit on one
    line: "4200" must not print as "420" over "0". ``values`` may be nested in lists."""
    def flat(items: Any) -> Any:
        for item in items:
            if isinstance(item, (list, tuple)):
                yield from flat(item)
            elif item not in (None, ""):
                yield item
    widest = max((width_mm(minus(v), size_pt) for v in flat(values)), default=0.0)
    return round(widest * (BOLD if bold else 1.0) + CELL_MM, 1)


def head_lines(text: Any, room_mm: float, size_pt: float = 8.5) -> int:
    """How many lines a bold column head of ``text`` takes in ``room_mm``: a sheet gives
    up a row for each line more, so its last line stays on its page."""
    return len(columns.wrap(str(text or ""), room_mm / BOLD, size_pt))


def seat_groups(players: int, seat_mm: float, paper: str, landscape: bool = False,
                fixed_mm: float = 12.0) -> list[range]:
    """The seats of a grid, in as few tables as keep each seat's columns ``seat_mm`` wide
    beside the ``fixed_mm`` of the row's label, as even as they go: twelve seats of five-digit
    totals print as two tables of six rather than "47032" over two lines."""
    width = (PAPER_HEIGHT_MM if landscape else PAPER_WIDTH_MM)[paper] - PAGE_MARGINS_MM
    fits = max(1, int((width - fixed_mm) // max(seat_mm, 0.1)))
    tables = -(-players // fits)
    size = -(-players // tables)
    return [range(first, min(players, first + size)) for first in range(0, players, size)]
