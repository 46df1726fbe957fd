"""What the print layouts show, asked of each game's ``paper`` (``companion/games/<pkg>/paper.py``):
the numbers a sheet or a rules reference looks up, read from the game's rules module where
they are data (so a sheet cannot drift from the rules the app scores by), and the rows of a
filled sheet, read from a replayed record. No Flask and no WeasyPrint in here.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from html.parser import HTMLParser
from typing import Any

from markupsafe import Markup

from . import columns
from .games import get_game
from .games.base import Game
from .glyphs import width_mm
from .papers import PAGE_MARGINS_MM, PAPER_WIDTH_MM
from .records import View


def facts(slug: str, players: int) -> dict[str, Any]:
    """The numbers a player looks up at the table, for this game and player count."""
    return get_game(slug).paper.facts(players)


def seat_names(players: int, names: Sequence[str]) -> list[str]:
    """The names given, in seat order, and empty strings for the seats left blank."""
    return [names[i] if i < len(names) else "" for i in range(players)]


def detail(game: Game, view: View, record: Mapping[str, Any], paper: str,
           say: Callable[[Any], str]) -> dict[str, Any]:
    """The game's rows for the filled sheet, laid out like the blank sheet on ``paper``;
    its ``ledger_rows``, where it has them, set as lines in columns of the page's width.
    ``say`` translates (the ledger measures words)."""
    rows = game.paper.detail(game, view.state, record, view.finished, say)
    if "ledger_rows" in rows:
        rows["bands"] = ledger_bands(rows["ledger_rows"], len(record["players"]), paper)
    return rows


# -- a ledger, printed as lines -------------------------------------------------------------
# A long game has hundreds of rounds, and a table cell is most of what a sheet costs
# (about a millisecond each): a ledger's rounds (Loot and Scoot's gold ledger) are lines of
# text in columns (companion/columns.py), five to a band between two rules, under a table
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


# -- the log of a filled sheet --------------------------------------------------------------

# An em space between two cells of a log line, where a line may break; the zero-width space
# after it is where it breaks: WeasyPrint starts a line broken at the em space itself with
# the em space, and Pango reads a right-to-left name first on that line as the line's
# direction (2→8 printed 8→2).
CELL_GAP = "\u2003\u200b"
MINUS = "\u2212"
# A hyphen-minus before a number that follows no letter or digit ("Anna -3 gp", "(-2)"):
# on paper the same minus as everywhere else (−3), which is also as wide as the plus.
NEGATIVE = re.compile(r"(?<![\w\-])-(?=\d)")


def minus(value: Any) -> str:
    """A number as printed: −3 with the minus sign, not a hyphen."""
    return str(value).replace("-", MINUS)


def signed(number: int) -> str:
    """+3, 0, −3: with the minus sign, not a hyphen."""
    return f"{number:+d}".replace("-", MINUS) if number else "0"
VOID = {"br", "img", "wbr", "hr", "input"}


class _LogLine(HTMLParser):
    """Rewrites one entry of the game page's log for print: ``<span class="kind">`` becomes
    ``<b>`` and each ``<span class="cell">`` gives way to its text, cells parted by an em
    space. The words stay those of play/<game>/_entry.html; only boxes go. WeasyPrint lays
    out every inline element as a box of its own: the ~50 spans of a ten-hand log cost
    ~18 ms of the sheet's render, the same words as text a fraction of that."""

    def __init__(self, kind: bool = True) -> None:
        super().__init__(convert_charrefs=False)
        self.kind = kind                 # False: the kind's label is left out, words and all
        self.skipping = 0                # depth inside a label being left out
        self.out: list[str] = []
        self.closers: list[str] = []     # what each open element's end tag becomes
        self.after_cell = False          # a cell just ended (whitespace since is held)
        self.held = ""

    def _flush(self) -> None:
        if self.after_cell:
            self.out.append(self.held)
            self.after_cell, self.held = False, ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.skipping:
            self.skipping += tag not in VOID
            return
        classes = (dict(attrs).get("class") or "").split()
        if tag == "span" and classes == ["cell"]:
            if self.after_cell:
                self.out.append(CELL_GAP)
                self.after_cell, self.held = False, ""
            self.closers.append("cell")
            return
        self._flush()
        if tag == "span" and classes == ["kind"]:
            if not self.kind:
                self.skipping = 1
                return
            self.out.append("<b>")
            self.closers.append("</b>")
            return
        self.out.append(self.get_starttag_text() or "")
        if tag not in VOID:
            self.closers.append(f"</{tag}>")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.skipping:
            return
        self._flush()
        self.out.append(self.get_starttag_text() or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if self.skipping:
            self.skipping -= 1
            return
        closer = self.closers.pop() if self.closers else f"</{tag}>"
        if closer == "cell":
            self.after_cell = True
        else:
            self._flush()
            self.out.append(closer)

    def handle_data(self, data: str) -> None:
        if self.skipping:
            return
        if self.after_cell and not data.strip():
            self.held += data
            return
        self._flush()
        self.out.append(NEGATIVE.sub(MINUS, data))

    def handle_entityref(self, name: str) -> None:
        self.handle_data(f"&{name};")

    def handle_charref(self, name: str) -> None:
        self.handle_data(f"&#{name};")


# A side of a Give Me The Treasure turn that did nothing but what its quiet note says
# ("nothing resold"): on paper, turn after turn, it is left out and the key says it once.
QUIET_SIDE = re.compile(r'<div class="cell">[^<]*:\s*<span class="quiet">[^<]*</span>\s*</div>')
QUIET_NOTE = re.compile(r'<span class="quiet">[^<]*</span>')


def log_line(markup: str, kind: bool = True) -> Markup:
    """One log entry, rendered by the game page's template, with fewer boxes for print;
    without its kind's label when the row's own label already says it (``kind=False``)."""
    parser = _LogLine(kind)
    text = str(markup)
    kept = QUIET_SIDE.sub("", text)
    quiet = QUIET_NOTE.search(text)
    if quiet and kept != text and '<div class="cell">' not in kept:
        kept += " " + quiet.group(0)  # no side did anything: said once, not an empty row
    parser.feed(kept)
    parser.close()
    parser._flush()
    return Markup("".join(parser.out))
