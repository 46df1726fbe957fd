"""Static files under versioned names: ``/static/css/app.css?v=<hash of its content>``.

A versioned address never changes its content, so the phone keeps it for good (HTTP cache
and the service worker) and a new version is a new address: nothing stale, nothing fetched
twice on a slow connection.

Scripts and stylesheets are served minified (``served``): the files keep their comments, which
say why; the phone gets none of them. A game page with its files stays under 50 KB raw.
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


def static_url(filename: str) -> str:
    folder = current_app.static_folder or ""
    stamp = 0
    if current_app.debug:  # a file edited while the app runs gets its new name at once
        try:
            stamp = (Path(folder) / filename).stat().st_mtime_ns
        except OSError:
            return url_for("static", filename=filename)
    try:
        return _versioned(request.script_root, folder, filename, stamp)
    except OSError:  # no such file: its plain address (a 404 as before)
        return url_for("static", filename=filename)


@lru_cache(maxsize=256)
def _versioned(script_root: str, folder: str, filename: str, stamp: int) -> str:
    # script_root and (in debug) the file's time are part of the key: another mount point
    # or an edited file is another address. Files do not change under a running server.
    digest = hashlib.sha256((Path(folder) / filename).read_bytes()).hexdigest()[:10]
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
def _minified(path: str, stamp: tuple[int, int]) -> bytes:
    """A script or stylesheet without comments and spaces (a script's local names
    shortened too), made once per version of the file (``stamp``: its time and size)."""
    source = Path(path).read_text(encoding="utf-8")
    if path.endswith(".css"):
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
            current_app.logger.warning("%s is served unminified: %s", path, error)
            return source.encode()


def send_static(filename: str) -> Any:
    """The static view: scripts and stylesheets minified, every other file as it is."""
    if not filename.endswith((".js", ".css")):
        return current_app.send_static_file(filename)
    path = safe_join(current_app.static_folder or "", filename)
    if path is None or not os.path.isfile(path):
        abort(404)
    stat = os.stat(path)
    stamp = (stat.st_mtime_ns, stat.st_size)
    response = current_app.response_class(_minified(path, stamp),
                                          mimetype=mimetypes.guess_type(filename)[0])
    response.set_etag(f"{stamp[0]:x}-{stamp[1]:x}")
    response.cache_control.public = True
    response.cache_control.max_age = current_app.get_send_file_max_age(filename)
    return response.make_conditional(request)


def warm(app: Flask) -> None:
    """Minify every script and stylesheet now, so the first phone of the evening is not the
    one that waits seconds for app.js (``serve`` runs this on a thread as it starts)."""
    folder = Path(app.static_folder or "")
    with app.app_context():
        for path in sorted([*folder.rglob("*.js"), *folder.rglob("*.css")]):
            stat = path.stat()
            _minified(str(path), (stat.st_mtime_ns, stat.st_size))


def init_app(app: Flask) -> None:
    app.view_functions["static"] = send_static
