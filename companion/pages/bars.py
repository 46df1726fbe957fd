"""Bar charts as inline SVG drawn on the server, for the statistics pages.

Everything is drawn in ``currentColor`` (bars at two opacities), so a chart takes the
text colour of the page: dark on light, light in dark mode, black on paper. Each bar
carries its number as text, so nothing depends on telling colours apart.
"""
from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup, escape


def bar_chart(rows: Sequence[tuple[str, float, str]], *, label: str, width: int = 340,
              label_width: int = 110, row: int = 26) -> Markup:
    """Horizontal bars: one ``(label, value, shown text)`` per row, longest = widest."""
    top = max((v for _, v, _ in rows), default=0) or 1
    bar_space = width - label_width - 44
    height = row * len(rows) + 4
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="bars" viewBox="0 0 {width} {height}" '
             f'role="img" aria-label="{escape(label)}">']
    for i, (name, value, text) in enumerate(rows):
        y = i * row + 2
        w = max(0.0, bar_space * value / top)
        parts.append(
            f'<text x="{label_width - 6}" y="{y + row * .62:.1f}" text-anchor="end" font-size="13" '
            f'fill="currentColor">{escape(name[:16])}</text>'
            f'<rect x="{label_width}" y="{y + 3}" width="{bar_space}" height="{row - 8}" '
            f'fill="currentColor" fill-opacity=".1" rx="3"/>'
            f'<rect x="{label_width}" y="{y + 3}" width="{w:.1f}" height="{row - 8}" '
            f'fill="currentColor" fill-opacity=".7" rx="3"/>'
            f'<text x="{label_width + w + 5:.1f}" y="{y + row * .62:.1f}" font-size="13" '
            f'fill="currentColor">{escape(text)}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))


def column_chart(columns: Sequence[tuple[str, int]], *, label: str, width: int = 340,
                 height: int = 170) -> Markup:
    """Vertical columns (a score distribution): ``(range label, count)``, left to right."""
    top = max((c for _, c in columns), default=0) or 1
    left, bottom, head = 4, 34, 16
    n = max(len(columns), 1)
    slot = (width - left * 2) / n
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="bars" viewBox="0 0 {width} {height}" '
             f'role="img" aria-label="{escape(label)}">',
             f'<line x1="{left}" x2="{width - left}" y1="{height - bottom}" y2="{height - bottom}" '
             f'stroke="currentColor" stroke-opacity=".4"/>']
    for i, (name, count) in enumerate(columns):
        h = (height - bottom - head) * count / top
        x = left + i * slot
        cx = x + slot / 2
        parts.append(
            f'<rect x="{x + 2:.1f}" y="{height - bottom - h:.1f}" width="{slot - 4:.1f}" '
            f'height="{h:.1f}" fill="currentColor" fill-opacity=".7" rx="2"/>'
            f'<text x="{cx:.1f}" y="{height - bottom - h - 4:.1f}" text-anchor="middle" '
            f'font-size="12" fill="currentColor">{count}</text>'
            f'<text x="{cx:.1f}" y="{height - bottom + 14}" text-anchor="middle" font-size="11" '
            f'fill="currentColor">{escape(name)}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))
