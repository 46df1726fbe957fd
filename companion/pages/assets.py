"""Static files under versioned names: ``/static/css/app.css?v=<hash of its content>``.

A versioned address never changes its content, so the phone keeps it for good (HTTP cache
and the service worker) and a new version is a new address: nothing stale, nothing fetched
twice on a slow connection.

Scripts and stylesheets are served minified (``served``): the files keep their comments, which
say why; the phone gets none of them. A game page with its files stays under 50 KB raw.

Every page's script, ``js/app.js``, is written as small modules by concern (``static/js/app/``)
and served as one file (``JOINED``): the modules in their order, inside one function whose
names they share, as they were when app.js was one file. One file is one request and one
cached address, its version the hash of what is joined; the minifier shortens the names the
modules share as it did app.js's own.
"""
from __future__ import annotations

import hashlib
import mimetypes
import os
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any

from flask import Flask, abort, current_app, request, url_for
from werkzeug.security import safe_join

YEAR = 365 * 24 * 3600

#: A served file made of modules, in the order they run. The order matters where a module's
#: top runs something at load: the page as the server sent it is read first (``shared``),
#: the click on a skip link is handled before a link is followed (``landing`` before
#: ``offline``), and the page starts (``start``) once all is declared.
JOINED: dict[str, tuple[str, ...]] = {
    "js/app.js": tuple(f"js/app/{name}.js" for name in (
        "shared", "say", "steppers", "landing", "answer", "outbox", "values", "box", "ahead",
        "send", "submit", "offline", "kept", "elsewhere", "start", "install", "awake")),
}
_OPEN, _CLOSE = '(function () {\n"use strict";\n', "})();\n"


def joined(folder: str, filename: str) -> str:
    """A static file's text; one of ``JOINED`` made of its modules."""
    parts = JOINED.get(filename)
    if parts is None:
        return (Path(folder) / filename).read_text(encoding="utf-8")
    return _OPEN + "".join((Path(folder) / part).read_text(encoding="utf-8") for part in parts) + _CLOSE


def _stamp(folder: str, filename: str) -> tuple[int, ...]:
    """The time and size of each file a static file is made of (OSError: one is missing)."""
    stamp: tuple[int, ...] = ()
    for part in JOINED.get(filename, (filename,)):
        stat = (Path(folder) / part).stat()
        stamp += (stat.st_mtime_ns, stat.st_size)
    return stamp


def static_url(filename: str) -> str:
    folder = current_app.static_folder or ""
    stamp: tuple[int, ...] = ()
    if current_app.debug:  # a file edited while the app runs gets its new name at once
        try:
            stamp = _stamp(folder, filename)
        except OSError:
            return url_for("static", filename=filename)
    try:
        return _versioned(request.script_root, folder, filename, stamp)
    except OSError:  # no such file: its plain address (a 404 as before)
        return url_for("static", filename=filename)


@lru_cache(maxsize=256)
def _versioned(script_root: str, folder: str, filename: str, stamp: tuple[int, ...]) -> str:
    # script_root and (in debug) the files' times are part of the key: another mount point
    # or an edited file is another address. Files do not change under a running server.
    if filename in JOINED:
        content = joined(folder, filename).encode()
    else:
        content = (Path(folder) / filename).read_bytes()
    digest = hashlib.sha256(content).hexdigest()[:10]
    return url_for("static", filename=filename, v=digest)


def game_stylesheet(slug: str) -> str | None:
    """A game's own stylesheet (static/css/<slug>.css), if it has one: only that game's
    pages load it, so every page stays small."""
    if (Path(current_app.static_folder or "") / "css" / f"{slug}.css").is_file():
        return static_url(f"css/{slug}.css")
    return None


def cache_versioned(response: Any) -> Any:
    """A versioned static file is kept for a year; its name changes with its content."""
    if request.endpoint == "static" and request.args.get("v") and response.status_code == 200:
        response.cache_control.public = True
        response.cache_control.max_age = YEAR
        response.cache_control.immutable = True
    return response


_minifying = threading.Lock()


@lru_cache(maxsize=64)
def _minified(folder: str, filename: str, stamp: tuple[int, ...]) -> bytes:
    """A script or stylesheet without comments and spaces (a script's local names
    shortened too), made once per version of the file (``stamp``: its files' times and sizes)."""
    source = joined(folder, filename)
    if filename.endswith(".css"):
        import rcssmin  # type: ignore[import-untyped]
        return str(rcssmin.cssmin(source)).encode()
    # The parser takes seconds, once per version and process: one at a time, and only
    # when a script is asked for (the app starts without it).
    with _minifying:
        from calmjs.parse import es5  # type: ignore[import-untyped]
        from calmjs.parse.exceptions import ECMASyntaxError  # type: ignore[import-untyped]
        from calmjs.parse.unparsers.es5 import minify_print  # type: ignore[import-untyped]
        try:
            return str(minify_print(es5(source), obfuscate=True, obfuscate_globals=False)).encode()
        except ECMASyntaxError as error:  # newer syntax than ES5: the file as it is, still working
            current_app.logger.warning("%s is served unminified: %s", filename, error)
            return source.encode()


def send_static(filename: str) -> Any:
    """The static view: scripts and stylesheets minified, every other file as it is."""
    if not filename.endswith((".js", ".css")):
        return current_app.send_static_file(filename)
    folder = current_app.static_folder or ""
    if filename not in JOINED:
        path = safe_join(folder, filename)
        if path is None or not os.path.isfile(path):
            abort(404)
    stamp = _stamp(folder, filename)
    response = current_app.response_class(_minified(folder, filename, stamp),
                                          mimetype=mimetypes.guess_type(filename)[0])
    response.set_etag(hashlib.sha256(repr(stamp).encode()).hexdigest()[:16])
    response.cache_control.public = True
    response.cache_control.max_age = current_app.get_send_file_max_age(filename)
    return response.make_conditional(request)


def warm(app: Flask) -> None:
    """Minify every script and stylesheet now, so the first phone of the evening is not the
    one that waits seconds for app.js (``serve`` runs this on a thread as it starts)."""
    folder = app.static_folder or ""
    parts = {part for modules in JOINED.values() for part in modules}  # served joined only
    files = [p.relative_to(folder).as_posix() for p in [*Path(folder).rglob("*.js"), *Path(folder).rglob("*.css")]]
    with app.app_context():
        for filename in sorted({*JOINED, *files} - parts):
            _minified(folder, filename, _stamp(folder, filename))


def init_app(app: Flask) -> None:
    app.view_functions["static"] = send_static
