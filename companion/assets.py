"""Static files under versioned names: ``/static/css/app.css?v=<hash of its content>``.

A versioned address never changes its content, so the phone keeps it for good (HTTP cache
and the service worker) and a new version is a new address: nothing stale, nothing fetched
twice on a slow connection.
"""
from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path
from typing import Any

from flask import current_app, request, url_for

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
