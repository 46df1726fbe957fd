"""Text set in columns: the rows of a long printed table as lines of text.

WeasyPrint lays out every table cell as boxes of its own, about a millisecond each
whatever it holds, and a line of text for a fraction of that. A game of 700 turns has a
Loot and Scoot ledger of some 900 cells; printed as one line per round it costs a
fifth. In such a line each cell starts at its column's offset: the gap before it is
filled with the font's own spaces (em, en, thin and hair spaces), measured with the
bundled font's advances and kerning (``companion.printing.glyphs``), so a column holds to about a
tenth of a millimetre. (Tab stops would be the word processor's way; WeasyPrint 70 draws
a tab 2.4 % wider than it lays it out, so the columns after one drift.)

A cell wider than its column wraps onto the next line of the same row, at a space: join
words with no-break spaces (``KEEP``) where a line should not break.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from .glyphs import width_mm

KEEP = "\u00a0"                       # a no-break space: as wide as a space
WIDE = ("\u2003", "\u2002", "\u2009")   # em, en and thin space, widest first
HAIR = "\u200a"                       # the finest step: 0.09 em, 0.25 mm at 8 pt


@cache
def _spaces(size_pt: float) -> tuple[tuple[str, float], ...]:
    return tuple((space, width_mm(space, size_pt)) for space in (*WIDE, HAIR))


def blank(gap_mm: float, size_pt: float) -> str:
    """Spaces as wide as ``gap_mm`` (to half a hair space), in few characters."""
    out = ""
    *wide, (hair, step) = _spaces(size_pt)
    for space, width in wide:
        count = max(0, int(gap_mm // width))
        out += space * count
        gap_mm -= count * width
    return out + hair * max(0, round(gap_mm / step))


def wrap(text: str, room_mm: float, size_pt: float, breaks: str = " " + KEEP) -> list[str]:
    """``text`` in lines no wider than ``room_mm``: broken at spaces, else at no-break spaces
    (words kept together that cannot be), else where a word must be cut."""
    if width_mm(text, size_pt) <= room_mm or len(text) < 2:
        return [text]
    if not breaks:
        cut = len(text) - 1
        while cut > 1 and width_mm(text[:cut], size_pt) > room_mm:
            cut -= 1
        return [text[:cut], *wrap(text[cut:], room_mm, size_pt, "")]
    space, rest = breaks[0], breaks[1:]
    lines: list[str] = []
    line = ""
    for word in text.split(space):
        trial = f"{line}{space}{word}" if line else word
        if width_mm(trial, size_pt) <= room_mm:
            line = trial
            continue
        if line:
            lines.append(line)
        *whole, line = wrap(word, room_mm, size_pt, rest)
        lines += whole
    return [*lines, line]


def lines(cells: Sequence[str], starts: Sequence[float], widths: Sequence[float],
          size_pt: float) -> list[str]:
    """One row: cell ``i`` wrapped to ``widths[i]`` mm and set from ``starts[i]`` mm on,
    as many lines as its tallest cell needs. (The font kerns no space: the widths of the
    pieces of a line add up to the line's.)"""
    wrapped = [wrap(cell, width, size_pt) if cell else [] for cell, width in zip(cells, widths, strict=True)]
    out = []
    for row in range(max([1, *map(len, wrapped)])):
        line, at = "", 0.0
        for start, cell in zip(starts, wrapped, strict=True):
            if row < len(cell) and cell[row]:
                gap = blank(start - at, size_pt)
                line += gap + cell[row]
                at += width_mm(gap, size_pt) + width_mm(cell[row], size_pt)
        out.append(line)
    return out
