"""The app's settings and their defaults, in one place: `create_app` starts from these, and
docs/configuration.md documents each (a test holds the two together). Any of them can be set
in the instance folder's `config.py` or as a `COMPANION_<NAME>` environment variable."""
from __future__ import annotations

import os
from typing import Any

DEFAULTS: dict[str, Any] = {
    "SECRET_KEY": None,  # made once into the instance folder unless set
    "DATA_DIR": None,  # the instance folder
    "PUBLIC_URL": None,  # links for other phones: the address the page was opened with
    "TABLE_NAMES": "",  # more names of this computer the table answers to (and certifies)
    "TIMEZONE": "UTC",  # for a group that chose none, on a phone that reports none
    "WTF_CSRF_TIME_LIMIT": None,  # a game night is long; a form must not expire at the table
    "SESSION_COOKIE_HTTPONLY": True,
    "SESSION_COOKIE_SAMESITE": "Lax",
    "SESSION_COOKIE_SECURE": False,
    "PERMANENT_SESSION_LIFETIME": 60 * 60 * 24 * 365,
    "MAX_CONTENT_LENGTH": 2 * 1024 * 1024,
    # serve: a connection that has not sent a whole request within this many seconds
    # (new, kept alive between requests, or halfway) is closed; also how long one read or
    # write of a request in progress may wait.
    "SERVE_TIMEOUT": 10,
    "SERVE_MAX_CONNECTIONS": 400,  # waiting for a request at once; past it the longest waiting is closed
    # serve: connections from one address at once (a phone's browser opens about 6 per
    # port); past it that address's longest waiting one is closed, or the newcomer.
    "SERVE_MAX_PER_ADDRESS": 32,
    # serve: bytes a second a request's body must arrive at on average, after SERVE_TIMEOUT
    # for its head; a body that falls behind (a trickle) is closed.
    "SERVE_MIN_BODY_RATE": 16 * 1024,
    "BACKUP_MAX_BYTES": 32 * 1024 * 1024,  # a group's backup (restore upload)
    "BABEL_DEFAULT_LOCALE": "en",
    "SEND_FILE_MAX_AGE_DEFAULT": 60 * 60 * 24,
    "SHARE_POLL_SECONDS": 5,  # how often a share view asks for news; a 304 is a few bytes
    # how often a game page asks whether another phone saved (a 304 while nothing changed)
    "FOLLOW_POLL_SECONDS": 1.5,
    "PDF_WORKERS": os.cpu_count() or 1,
    "PDF_WAITING": 4,  # requests that may wait for a PDF at once; keep it below serve --threads
    "PDF_WAIT_SECONDS": 20,
    "PDF_RENDER_TIMEOUT": 300,
    "PDF_WORKER_NICE": 19,  # the lowest priority: a render gives way to any page
}

# The environment: `COMPANION_<NAME>` sets a setting (`true`/`false` and digits are read as
# such); the instance folder is chosen before any setting is read, so it has a variable of
# its own.
ENV_PREFIX = "COMPANION_"
INSTANCE_PATH_VARIABLE = "COMPANION_INSTANCE_PATH"
