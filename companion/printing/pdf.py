"""HTML -> PDF with WeasyPrint, fetching nothing but our own bundled files. Runs in the
render workers (``companion.printing.pool``), never in the process serving pages.

WeasyPrint's default fetcher follows any URL it meets: a ``file:///etc/hostname`` in an
``<img>``, a stylesheet or an attachment link ends up inside the PDF. Ours serves only
files under ``static/`` (by the ``ledger-static:`` scheme our templates and print.css use)
and ``data:`` URLs; ``file:``, ``http(s):`` and everything else are refused.

WeasyPrint is imported once here, and one ``FontConfiguration`` is shared by every render:
a configuration per render keeps its fonts alive and memory grows render after render.
The print stylesheet and the paper sizes are parsed once, with that configuration. Only
the worker processes import this module, so the app, its pages and its commands that
make no PDF never pay WeasyPrint's import (1.5 s and more).
"""
from __future__ import annotations

import gc
import mimetypes
import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from multiprocessing.connection import Connection
from urllib.parse import unquote

from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher, URLFetcherResponse

from ..paths import STATIC
from .papers import PAPERS

SCHEME = "ledger-static"
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

    def fetch(self, url: str, headers: dict[str, str] | None = None) -> URLFetcherResponse:
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
    One render at a time per process: the worker that calls this serves one job at a time.
    """
    with collector_paused():
        return _write_pdf(html, paper, landscape)


def _write_pdf(html: str, paper: str, landscape: bool) -> bytes:
    # Its own frame: when it returns, nothing refers to the document any more.
    pdf: bytes = HTML(string=html, url_fetcher=FETCHER).write_pdf(
        stylesheets=[PRINT_CSS, PAPER_CSS[(paper, landscape)]], font_config=FONTS)
    return pdf


def serve(conn: Connection, nice: int) -> None:
    """A render worker's life: read (html, paper, landscape), answer ("ok", pdf) or
    ("error", why), until the pool closes the pipe.

    Ctrl-C at the server's terminal reaches the whole process group; the pool ends its
    workers itself, so a worker ignores it instead of printing a traceback. ``nice``
    lowers the worker's priority: a render is background work, a phone at the table
    asking for its game page comes first.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if nice:
        os.nice(nice)
    render("<p>warm</p>")   # fonts and styles loaded before the first real job
    while True:
        try:
            html, paper, landscape = conn.recv()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[str, bytes | str] = ("ok", render(html, paper, landscape))
        except Exception as error:  # a broken template must not end the worker
            answer = ("error", f"{type(error).__name__}: {error}"[:500])
        try:
            conn.send(answer)
        except (EOFError, OSError):
            return
