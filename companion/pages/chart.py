"""Running totals as an inline SVG line chart, drawn on the server.

The same chart stands on the game page, in the PDF sheet and in the history: no
JavaScript chart library and nothing fetched from elsewhere. Lines differ by dash
pattern and marker as well as colour, so the chart reads in black and white.
"""
from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup, escape

from ..markers import N_

# The players' colours, each as (light, dark) shade. The first five are a table's colours
# by seat unless its players chose their own (colours.py); under simulated protanopia,
# deuteranopia and tritanopia they stay apart (tests/test_colours.py). Each
# shade has 4.5:1 contrast as text on its ground: the light one on the light page and on
# paper (the PDF), the dark one on the dark page (static/css/app.css, .pc-<key>). Colour is
# never the only clue: each seat also has its own dash pattern and marker, and the legend
# shows the marker beside the name.
PALETTE = {
    "blue": ("#0072b2", "#3ea0e6"),
    "orange": ("#b34700", "#f07a3a"),
    "green": ("#00795a", "#1fb488"),
    "pink": ("#a8437f", "#de86bb"),
    "graphite": ("#333333", "#d0d0d0"),
    "olive": ("#75700a", "#c9c03a"),
    "brown": ("#8a5a2b", "#d1a06a"),
}
COLOUR_NAMES = {"blue": N_("Blue"), "orange": N_("Orange"), "green": N_("Green"),
                "pink": N_("Pink"), "graphite": N_("Graphite"), "olive": N_("Olive"),
                "brown": N_("Brown")}
DEFAULT_COLOURS = tuple(PALETTE)[:5]
COLOURS = tuple(PALETTE[k][0] for k in DEFAULT_COLOURS)
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2")
# Twelve, one per seat of the largest table (an own game): the five shapes filled, the
# four that can be outlined, and two more; a seat's dash comes on top (DASHES[s % 5]).
MARKERS = ("circle", "square", "diamond", "triangle", "cross",
           "circle-open", "square-open", "diamond-open", "triangle-open", "plus", "triangle-down",
           "square-cross")
MINUS = "\u2212"

# The markers as characters, for legends in text (the page's, the PDF's).
MARKER_SYMBOLS = {"circle": "●", "square": "■", "diamond": "◆", "triangle": "▲", "cross": "✕",
                  "circle-open": "○", "square-open": "□", "diamond-open": "◇", "triangle-open": "△",
                  "plus": "+", "triangle-down": "▼", "square-cross": "⊠"}
# Drawn as lines, not filled.
STROKED = {"cross", "plus", "circle-open", "square-open", "diamond-open", "triangle-open", "square-cross"}


def marker_of(seat: int) -> str:
    return MARKERS[seat % len(MARKERS)]


def _colours(count: int, colours: Sequence[str] | None) -> list[str]:
    """Palette keys by seat: the ones given, else the defaults by seat."""
    given = list(colours or ())
    return [given[s] if s < len(given) and given[s] in PALETTE else DEFAULT_COLOURS[s % 5]
            for s in range(count)]


def _marker(kind: str, x: float, y: float) -> str:
    """One marker as a piece of path data: a player's markers are one ``<path>``."""
    kind = kind.removesuffix("-open")
    if kind == "plus":
        return f"M{x-4:.1f} {y:.1f}h8M{x:.1f} {y-4:.1f}v8"
    if kind == "triangle-down":
        return f"M{x:.1f} {y+4:.1f}l4-7h-8z"
    if kind == "square-cross":
        return f"M{x-3:.1f} {y-3:.1f}h6v6h-6zl6 6m0-6l-6 6"
    if kind == "circle":
        return f"M{x-3:.1f} {y:.1f}a3 3 0 1 0 6 0a3 3 0 1 0-6 0z"
    if kind == "square":
        return f"M{x-3:.1f} {y-3:.1f}h6v6h-6z"
    if kind == "diamond":
        return f"M{x:.1f} {y-4:.1f}l4 4-4 4-4-4z"
    if kind == "triangle":
        return f"M{x:.1f} {y-4:.1f}l4 7h-8z"
    return f"M{x-3:.1f} {y-3:.1f}l6 6m0-6l-6 6"


def _kept(points: Sequence[tuple[float, float]], tolerance: float = 0.5) -> list[tuple[float, float]]:
    """The points a line needs to look the same: the ends of flat runs, then those farther
    than ``tolerance`` (in the chart's units; a line is 2 wide) from the line through their
    neighbours (Ramer-Douglas-Peucker). A game of 700 turns has 700 points a player, most
    of them on flat or nearly straight runs, and each point costs the PDF's render."""
    ys = [y for _, y in points]
    points = [p for i, p in enumerate(points)
              if i in (0, len(points) - 1) or not ys[i - 1] == ys[i] == ys[i + 1]]
    keep = {0, len(points) - 1}
    spans = [(0, len(points) - 1)]
    while spans:
        first, last = spans.pop()
        (x0, y0), (x1, y1) = points[first], points[last]
        dx, dy = x1 - x0, y1 - y0
        limit = tolerance * ((dx * dx + dy * dy) ** 0.5 or 1.0)
        far, at = limit, 0
        for i in range(first + 1, last):
            x, y = points[i]
            distance = abs(dy * (x - x0) - dx * (y - y0))
            if distance > far:
                far, at = distance, i
        if at:
            keep.add(at)
            spans += [(first, at), (at, last)]
    return [points[i] for i in sorted(keep)]


def label_step(count: int, room: float, widest: int) -> int:
    """Every how many rounds an axis label fits: the smallest of 1, 2, 5, 10, 20, 50, ... that
    leaves each label room for its ``widest`` digits (about 6 units each at font size 10,
    and a gap)."""
    need = widest * 6 + 6
    steps = (m * 10 ** e for e in range(9) for m in (1, 2, 5))
    return next(int(step) for step in steps if count / step * need <= room)


def totals_chart(players: Sequence[str], totals: Sequence[Sequence[int]], *,
                 width: int = 340, height: int = 180, limit: int | None = None,
                 label: str = "", font_family: str | None = None,
                 colours: Sequence[str] | None = None, axis: str = "") -> Markup:
    """``totals[r][s]`` is seat ``s``'s running total after round ``r + 1``; ``colours``
    are the seats' palette keys (colours.seat_colours), the defaults by seat if not given;
    ``axis`` names what the rounds are, under their numbers (12 units more height).

    Few elements, as WeasyPrint draws each one on its own (the PDF sheet draws this chart
    too): the grid lines are one path, a player's markers one path, and the labels share
    their attributes through two groups. ``font_family`` names the labels' font where the
    page's is not inherited (WeasyPrint's SVG text falls back to a system font).
    """
    rows = [[0] * len(players)] + [list(r) for r in totals]
    values = [v for r in rows for v in r] + ([limit] if limit is not None else [])
    lo, hi = min(values + [0]), max(values + [1])
    left, right, top, bottom = 34, 8, 8, 34 if axis else 22
    w, h = width - left - right, height - top - bottom
    n = max(len(rows) - 1, 1)

    def x(i: int) -> float:
        return left + w * i / n

    def y(v: float) -> float:
        return top + h * (hi - v) / ((hi - lo) or 1)

    levels = sorted({lo, 0, hi} | ({limit} if limit is not None else set()))
    # A label needs 12 units of height (font size 10): one closer to a label kept already
    # is left out (0 just above −38), the lowest and highest first, then the limit, then 0.
    shown: list[float] = []
    for v in [lo, hi, *([limit] if limit is not None else []), 0]:
        if v not in shown and all(abs(y(v) - y(u)) >= 12 for u in shown):
            shown.append(v)
    # Round labels thinned to what fits; markers where there are labels once the points
    # come closer than a marker's width (a line of 600 turns would be a smear of them).
    step = label_step(n, w, len(str(n)))
    marked = 1 if w / n >= 8 else step
    font = f' font-family="{escape(font_family)}"' if font_family else ""
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {width} {height}" '
             f'role="img" aria-label="{escape(label)}">',
             '<path class="grid" fill="none" stroke="currentColor" stroke-opacity=".25" d="',
             *(f"M{left} {y(v):.1f}H{width - right}" for v in levels),
             f'"/><g font-size="10" fill="currentColor"{font}><g text-anchor="end">',
             *(f'<text x="{left - 4}" y="{y(v) + 4:.1f}">{str(v).replace("-", MINUS)}</text>'
               for v in sorted(shown)),
             '</g><g text-anchor="middle">',
             *(f'<text x="{x(i):.1f}" y="{top + h + 16}">{i}</text>'
               for i in range(0, len(rows), step)),
             # What the axis counts ("Round"), under its numbers, in the room kept for it.
             f'<text x="{left + w / 2:.1f}" y="{height - 2}">{escape(axis)}</text>' if axis else "",
             "</g></g>"]
    keys = _colours(len(players), colours)
    for s, name in enumerate(players):
        dash, marker = DASHES[s % 5], marker_of(s)
        points = " ".join(f"{px:.1f},{py:.1f}" for px, py in _kept([(x(i), y(r[s])) for i, r in enumerate(rows)]))
        marks = "".join(_marker(marker, x(i), y(r[s])) for i, r in enumerate(rows) if i and i % marked == 0)
        paint = ('fill="none" stroke="currentColor" stroke-width="2"' if marker in STROKED
                 else 'fill="currentColor"')
        # The group's colour attribute paints it (the PDF, the light page); the class lets
        # the dark page swap in the dark shade.
        parts.append(f'<g class="pc-{keys[s]}" color="{PALETTE[keys[s]][0]}"><title>{escape(name)}</title>'
                     f'<polyline points="{points}" fill="none" '
                     f'stroke="currentColor" stroke-width="2" stroke-dasharray="{dash}"/>'
                     + (f'<path d="{marks}" {paint}/>' if marks else "") + "</g>")
    parts.append("</svg>")
    return Markup("".join(parts))


def legend(players: Sequence[str],
           colours: Sequence[str] | None = None) -> list[tuple[str, str, str, str]]:
    """(name, colour, dash, marker) per seat, for a legend beside the chart."""
    keys = _colours(len(players), colours)
    return [(p, PALETTE[keys[s]][0], DASHES[s % 5], marker_of(s)) for s, p in enumerate(players)]


def legend_items(players: Sequence[str],
                 colours: Sequence[str] | None = None) -> list[tuple[str, str, str]]:
    """(name, palette key, marker symbol) per seat, for the page's legend."""
    keys = _colours(len(players), colours)
    return [(p, keys[s], MARKER_SYMBOLS[marker_of(s)]) for s, p in enumerate(players)]
