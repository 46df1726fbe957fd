"""What time it is, and in which time zone a phone sees times.

Pages, statistics periods and Flask-Babel's time-zone selector all read these two; the
group whose zone counts is passed in (``views.zone_name`` passes this phone's group), so
nothing here needs to know about sessions or views."""
from __future__ import annotations

import time
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from flask import current_app, has_app_context, has_request_context, request

from . import periods


def now() -> datetime:
    """The time now; tests fix it with the ``LIFECYCLE_NOW`` setting (a datetime)."""
    fixed = current_app.config.get("LIFECYCLE_NOW")
    return fixed if isinstance(fixed, datetime) else datetime.now(UTC)


def timestamp() -> float:
    """Seconds since 1970 now, as ``now`` has it; outside the app (a script, a test's own
    thread) the computer's clock."""
    return now().timestamp() if has_app_context() else time.time()


def zone_name(group: Mapping[str, Any] | None) -> str:
    """The group's time zone; for a group that chose none, the phone's own (static/js/zone.js
    reports it in a cookie), else the app's ``TIMEZONE`` setting, else UTC."""
    configured = current_app.config.get("TIMEZONE")
    if not has_request_context():
        return str(configured or "UTC")
    for name in ((group or {}).get("timezone"), request.cookies.get("tz"), configured):
        if periods.is_zone(name):
            return str(name)
    return "UTC"
