"""HTML -> PDF with WeasyPrint, fetching nothing but our own bundled files.

WeasyPrint's default fetcher follows any URL it meets: a ``file:///etc/hostname`` in an
``<img>``, a stylesheet or an attachment link ends up inside the PDF. Ours serves only
files under ``static/`` (by the ``ledger-static:`` scheme our templates and print.css use)
and ``data:`` URLs; ``file:``, ``http(s):`` and everything else are refused.

WeasyPrint is imported once here, and one ``FontConfiguration`` is shared by every render:
a configuration per render keeps its fonts alive and memory grows render after render.
The print stylesheet and the paper sizes are parsed once, with that configuration.
"""
from __future__ import annotations

import gc
import mimetypes
import threading
from collections import OrderedDict
from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from urllib.parse import unquote

from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher, URLFetcherResponse

from .paths import resource

STATIC = resource("static").resolve()
SCHEME = "ledger-static"
PAPERS = {"a4": "A4", "letter": "letter"}
# What a print layout may load from static/: its stylesheet, fonts, images.
SERVED_SUFFIXES = {".css", ".ttf", ".otf", ".woff", ".woff2", ".png", ".svg"}


class Refused(ValueError):
    """A URL our fetcher will not load."""


class StaticOnly(URLFetcher):
    """Serves ``ledger-static:<path under static/>`` and ``data:`` URLs; refuses the rest.

    ``allowed_protocols`` is set as well, so the urllib machinery below would refuse a
    file: or http: URL even if ``fetch`` were bypassed.
    """

    def __init__(self) -> None:
        super().__init__(allowed_protocols=("data",), allow_redirects=False, timeout=1)

    def fetch(self, url: str, headers: dict | None = None) -> URLFetcherResponse:
        scheme = url.split(":", 1)[0].lower() if ":" in url else ""
        if scheme == "data":
            return super().fetch(url, headers)
        if scheme != SCHEME:
            raise Refused(f"refused to fetch {url[:80]!r}: only bundled static files")
        path = (STATIC / unquote(url.split(":", 1)[1].split("?")[0].split("#")[0]).lstrip("/")).resolve()
        if not path.is_relative_to(STATIC) or path.suffix.lower() not in SERVED_SUFFIXES \
                or not path.is_file():
            raise Refused(f"refused to fetch {url[:80]!r}: not a bundled static file")
        kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": kind})


FETCHER = StaticOnly()
FONTS = FontConfiguration()
PRINT_CSS = CSS(string=(STATIC / "css" / "print.css").read_text(encoding="utf-8"),
                url_fetcher=FETCHER, font_config=FONTS)
PAPER_CSS = {(paper, landscape): CSS(
    string=f"@page {{ size: {size}{' landscape' if landscape else ''}; }}", font_config=FONTS)
    for paper, size in PAPERS.items() for landscape in (False, True)}
# Pango and fontconfig objects behind the shared FontConfiguration are not documented as
# safe across threads (waitress serves with several); one render at a time.
_RENDER = threading.Lock()


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector; on the way out, collect the young generation once.

    A render builds a tree of tens of thousands of objects that live exactly as long as
    the render. With the collector running they are scanned again and again while they
    are built and are promoted to the oldest generation, whose full collections (of the
    whole heap: the bigger the process, the dearer) then come round during later renders.
    Paused, the render's leftovers are freed by one young-generation pass, paid by the
    caller (~13 ms for a ten-hand filled sheet). Leave the ``with`` block holding no
    reference to the render's objects, or that pass cannot free them.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
            gc.collect(0)


def render(html: str, paper: str = "a4", landscape: bool = False) -> bytes:
    """The PDF of one of our rendered templates on A4 or US Letter.

    No base URL: a relative reference resolves to nothing instead of to a file path.
    """
    with _RENDER, collector_paused():
        return _write_pdf(html, paper, landscape)


def _write_pdf(html: str, paper: str, landscape: bool) -> bytes:
    # Its own frame: when it returns, nothing refers to the document any more.
    return HTML(string=html, url_fetcher=FETCHER).write_pdf(
        stylesheets=[PRINT_CSS, PAPER_CSS[(paper, landscape)]], font_config=FONTS)


class PdfCache:
    """The last ``size`` PDFs by key; the key says everything the PDF depends on."""

    def __init__(self, size: int = 64):
        self.size = size
        self._items: OrderedDict[Hashable, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> bytes | None:
        with self._lock:
            pdf = self._items.get(key)
            if pdf is not None:
                self._items.move_to_end(key)
            return pdf

    def put(self, key: Hashable, pdf: bytes) -> bytes:
        with self._lock:
            self._items[key] = pdf
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        return pdf

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


# Filled sheets of logged games: (record id, version, language, paper). A record's version
# goes up with every change (entry, undo, correction, note), so a key never goes stale.
GAME_SHEETS = PdfCache(64)
# Blank sheets and rules references: (kind, game, players, names, paper, language).
BLANKS = PdfCache(128)
