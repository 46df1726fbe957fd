"""Worst cases for the print layouts, and checks read off the PDF's own text positions.

The names are the longest the app accepts (40 characters): words, one unbroken run of the
widest letter, umlauts, digits. The games are played by the rules (``autoplay``), long
enough to fill a page and turn it. The checks (pdfplumber) find overprinted text, text
off the page, text running over a table's rule, a word broken where the source has no
break, and a table row split across two pages.
"""
from __future__ import annotations

import io
import random
import re
import unicodedata
from collections.abc import Iterable
from html.parser import HTMLParser

import pdfplumber

from companion.games import get_game
from companion.record.entries import new_record, now_iso
from tests.games.tables import tables

NAMES = [
    "Maximiliane Alexandra von Hohenzollern-S",
    "W" * 40,
    "Ännchen Müller-Lüdenscheidt aus Großbrit",
    "Bartholomew Fitzgerald Featherstonehaugh",
    "0123456789 0123456789 0123456789 0123456",
]
assert all(len(name) == 40 for name in NAMES)
# Five names of 40 characters without a break anywhere, in the widest letters.
UNBROKEN = ["W" * 40, "M" * 40, "Ö" * 40, "Ш" * 40, "Æ" * 40]
# Right-to-left and mixed-direction names, some ending in a right-to-left letter, some with
# digits: beside them, "Name: 5→13" must not print as "13→5 :Name".
MIXED = ["محمد الأحمد", "Lena محمود", "אורי כהן 2", "Zoë Ännchen", "أبو بكر 7"]


# -- games played by the rules ---------------------------------------------------------------

def autoplay(slug: str, players: list[str], entries: int, seed: int = 7,
             settings: dict | None = None) -> dict:
    """A record of ``entries`` entries (fewer if the game ends), each accepted by the rules:
    the app's own draws where the rules call for one, plausible results otherwise."""
    game, rng = get_game(slug), random.Random(seed)
    rules = tables(slug)   # the game's own moves: tests/games/<pkg>/tables.py
    if settings is None:
        settings = getattr(rules, "PLAY_SETTINGS", {})
    record = new_record(slug, players, settings)
    state = game.start(record["players"], record["settings"])
    made: list[tuple[str, dict]] = []
    n = len(players)
    while len(made) < entries and (expect := game.expect(state)) is not None:
        if expect.draw:
            batch = [(expect.kind, game.draw(state, rng))]
        else:
            batch = rules.play(state, expect, rng, n, game)
        for kind, data in batch:
            state = game.apply(state, kind, data)
            made.append((kind, data))
    made = made[:entries]              # a turn of several entries may run past the count
    at = now_iso()
    record["entries"] = [{"id": i + 1, "kind": k, "data": d, "at": at, "source": "table", "edits": []}
                         for i, (k, d) in enumerate(made)]
    record["version"] = record["entries_version"] = len(made)
    return record


# -- what the PDF shows -----------------------------------------------------------------------

INLINE = {"b", "i", "span", "small", "a", "del", "em", "strong", "sup", "sub", "wbr"}


class _Text(HTMLParser):
    """The text of a page as it reads: inline elements join their neighbours, block
    elements and cells part them."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        self.skip += tag in ("style", "title", "svg")
        if tag not in INLINE:
            self.parts.append(" ")

    def handle_endtag(self, tag):
        self.skip -= tag in ("style", "title", "svg") and self.skip > 0
        if tag not in INLINE:
            self.parts.append(" ")

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def source_words(html: str) -> set[str]:
    parser = _Text()
    parser.feed(html)
    # The direction isolates around a name take no room and print as nothing.
    return set("".join(parser.parts).translate(dict.fromkeys((0x200B, 0x200E, 0x2068, 0x2069))).split())


def problems(pdf_bytes: bytes, html: str, names: Iterable[str]) -> list[str]:
    """Everything wrong with the layout, as sentences; empty when it holds."""
    found: list[str] = []
    allowed = source_words(html)
    name_runs = [w for name in names for w in name.split()]
    with pdfplumber.open(io.BytesIO(pdf_bytes)) as document:
        for number, page in enumerate(document.pages, start=1):
            words = page.extract_words(keep_blank_chars=False, use_text_flow=False,
                                       x_tolerance=1.5, y_tolerance=2)
            found += [f"p{number}: {w['text']!r} reads in the wrong direction" for w in words
                      if _turned(w["text"], allowed)]
            if number > 1 and len(_lines(words, page.height)) < LEFTOVER_LINES:
                found += [f"p{number}: a page of leftovers ({' / '.join(_lines(words, page.height))!r})"]
            found += [f"p{number}: {w['text']!r} outside the page" for w in words
                      if w["x0"] < 0 or w["top"] < 0 or w["x1"] > page.width + 0.5
                      or w["bottom"] > page.height + 0.5]
            found += [f"p{number}: {a['text']!r} overprints {b['text']!r}"
                      for a, b in _overlaps(words)]
            rules = _rules(page)
            found += [f"p{number}: {w['text']!r} runs over a rule" for w in words if _crossed(w, rules)]
            found += [f"p{number}: {w['text']!r} is a broken word" for w in words
                      if not _whole(w["text"], allowed, name_runs)]
            found += [f"p{number}: a row is cut off at the page's end ({w['text']!r})"
                      for w in _unclosed(words, rules)]
    return found


def _overlaps(words: list[dict]) -> Iterable[tuple[dict, dict]]:
    ordered = sorted(words, key=lambda w: w["x0"])
    for i, a in enumerate(ordered):
        for b in ordered[i + 1:]:
            if b["x0"] >= a["x1"] - 0.3:
                break
            if min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 1.0:
                yield a, b


def _rules(page) -> tuple[list[tuple[float, float, float]], list[tuple[float, float, float]]]:
    """Table rules, as (x, top, bottom) upright and (y, x0, x1) across, at least 3 mm long;
    the pieces of one rule (each cell draws its own border) joined."""
    upright = [(e["x0"], e["top"], e["bottom"]) for e in page.edges
               if e["orientation"] == "v" and e["bottom"] - e["top"] > 1]
    across = [(e["top"], e["x0"], e["x1"]) for e in page.edges
              if e["orientation"] == "h" and e["x1"] - e["x0"] > 1]

    def joined(pieces):
        out: list[list[float]] = []
        for at, start, end in sorted(pieces, key=lambda p: (round(p[0]), p[1])):
            if out and abs(out[-1][0] - at) < 0.6 and start <= out[-1][2] + 1.5:
                out[-1][2] = max(out[-1][2], end)
            else:
                out.append([at, start, end])
        return [tuple(p) for p in out if p[2] - p[1] > 8]
    return joined(upright), joined(across)


def _crossed(word: dict, rules) -> bool:
    upright, across = rules
    for x, top, bottom in upright:
        if word["x0"] + 0.8 < x < word["x1"] - 0.8 and min(bottom, word["bottom"]) - max(top, word["top"]) > 1:
            return True
    for y, x0, x1 in across:
        if word["top"] + 1.2 < y < word["bottom"] - 1.2 and min(x1, word["x1"]) - max(x0, word["x0"]) > 1:
            return True
    return False


def _unclosed(words: list[dict], rules) -> list[dict]:
    """Words inside a table column (between two upright rules) with no rule below them
    before the next word or the page's end: a row that goes on on the next page."""
    upright, across = rules
    out = []
    for w in words:
        sides = [(x, t, b) for x, t, b in upright if t - 1 <= w["top"] and w["bottom"] <= b + 1]
        left = [x for x, _, _ in sides if x <= w["x0"] + 1]
        right = [x for x, _, _ in sides if x >= w["x1"] - 1]
        if not left or not right:
            continue
        lx, rx = max(left), min(right)
        below = [y for y, x0, x1 in across if y >= w["bottom"] - 1 and x0 <= lx + 1 and x1 >= rx - 1]
        above = [y for y, x0, x1 in across if y <= w["top"] + 1 and x0 <= lx + 1 and x1 >= rx - 1]
        if not below or not above:
            out.append(w)
    return out


# A page after the first with fewer lines of text than this holds leftovers: a closing
# line, a chart's labels, a row or two under a repeated table head.
LEFTOVER_LINES = 5
FOOTER_MM = 13
INTEGER = re.compile(r"^[−-]?\d+\.?$")   # "−38", a list's "3."


def _lines(words: list[dict], height: float) -> list[str]:
    """The page's lines of text above its footer (page margin), top to bottom."""
    body = [w for w in words if w["bottom"] < height - FOOTER_MM * 72 / 25.4]
    lines: dict[int, list[str]] = {}
    for w in sorted(body, key=lambda w: (round(w["top"] / 3), w["x0"])):
        lines.setdefault(round(w["top"] / 3), []).append(w["text"])
    return [" ".join(line) for line in lines.values()]


def _turned(text: str, allowed: set[str]) -> bool:
    """A word in an order the source does not have: numbers and signs beside a right-to-left
    name taken into its direction ("13→5" for "5→13"), or a colon that went before the name
    (":دمحم" instead of "دمحم:"). Bare numbers (a chart's labels, page numbers) are exempt."""
    if text.startswith(":") and len(text) > 1:
        return True
    if any(c.isalpha() for c in text) or not any(c.isdigit() for c in text) or INTEGER.match(text):
        return False
    text = text.replace("\u2212", "-")
    return not any(text in w.replace("\u2212", "-") for w in allowed)


# Printed by the stylesheet, not the HTML: the page footer and list numbers.
STYLESHEET_WORDS = {"Loot", "Ledger", "·", "★"}


# Loot cards, their colour's initial printed by the stylesheet: "4Y", "★1Gr", "1R2R3R".
CARDS = re.compile(r"^(★?\d(Ge|Gr|Y|R|G|B))+[,.]?$")


def _whole(text: str, allowed: set[str], name_runs: list[str]) -> bool:
    """A printed word is a word of the source, or a piece of a name (a name may wrap
    anywhere: it has to fit its cell), or a piece of a word split after a hyphen or slash
    the source has. A hyphen the source does not have (U+2010) is a broken word."""
    if text in allowed or text in STYLESHEET_WORDS or not any(c.isalpha() for c in text) or CARDS.match(text):
        return True
    if any(unicodedata.bidirectional(c) in ("R", "AL") for c in text):
        return True   # right-to-left letters come out in visual order: only names have them
    if any(text in w for w in allowed if any(run in w for run in name_runs)):
        return True   # a piece of a name, or of a name and the colon after it
    return any(w != text and text in w and (
        (w.startswith(text) and text[-1] in "-/–") or (w.endswith(text) and w[-len(text) - 1] in "-/–"))
        for w in allowed)
