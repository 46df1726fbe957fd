"""One blueprint per area; each view is thin: read the record, ask the rules, render."""

from urllib.parse import urlsplit


def safe_next(target: str | None, default: str = "/") -> str:
    """Only ever redirect to a path on this site, never to an address from the request."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return default
    parts = urlsplit(target)
    return default if parts.scheme or parts.netloc else target
