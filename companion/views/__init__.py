"""One blueprint per area; each view is thin: read the record, ask the rules, render."""

from typing import Any
from urllib.parse import urlsplit

from flask import current_app, g, session

from ..groups import current as group_of_session


def safe_next(target: str | None, default: str = "/") -> str:
    """Only ever redirect to a path on this site, never to an address from the request."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return default
    parts = urlsplit(target)
    return default if parts.scheme or parts.netloc else target


def current_group() -> dict[str, Any] | None:
    """The group this phone is in (from its session), or None when it must join one first."""
    if "group" not in g:
        g.group = group_of_session(current_app.extensions["store"], session)
    return g.group


def group_id() -> str:
    group = current_group()
    return group["id"] if group else ""
