"""Loot Ledger: a companion scorekeeper for four German tabletop games."""
from __future__ import annotations

import errno
import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask

from . import i18n, settings, views, web
from .forms import widgets
from .pages import guard
from .paths import FolderNotWritable, resource
from .printing import pool as printing
from .record.summary import summary
from .storage.store import Store


def _secret_key(instance: Path) -> str:
    """The key signing sessions and CSRF tokens: made once, then read from the instance folder.

    Never a hard-coded fallback, and never a fresh random key per process (forms would
    fail after a restart, or between the threads and processes of one server).
    """
    path = instance / "secret_key"
    if not path.exists():
        key = secrets.token_hex(32)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass  # another process made it first: use theirs
        else:
            with os.fdopen(fd, "w") as f:
                f.write(key)
    return path.read_text().strip()


def _env_config(prefix: str = settings.ENV_PREFIX) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, raw in os.environ.items():
        if name.startswith(prefix):
            value: Any = raw
            if raw.lower() in ("true", "false"):
                value = raw.lower() == "true"
            elif raw.isdigit():
                value = int(raw)
            out[name[len(prefix):]] = value
    return out


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    # The instance folder holds the config file, the secret key and (by default) the data,
    # so it is chosen before any config is read. Unset, Flask's own choice: `instance/` in
    # a checkout, `<prefix>/var/companion-instance` for an installed package (outside
    # site-packages, which an upgrade replaces).
    instance_path = ((test_config or {}).get("INSTANCE_PATH")
                     or os.environ.get(settings.INSTANCE_PATH_VARIABLE) or None)
    app = Flask(
        __name__,
        # Flask wants it absolute; the variable may be relative to the current folder.
        instance_path=os.path.abspath(instance_path) if instance_path else None,
        instance_relative_config=True,
        template_folder=str(resource("templates")),
        static_folder=str(resource("static")),
    )
    app.config.from_mapping(settings.DEFAULTS)
    # Defaults, then the instance config file, then the environment, then the tests.
    app.config.from_pyfile("config.py", silent=True)
    app.config.from_mapping(_env_config())
    if test_config:
        app.config.from_mapping(test_config)
    instance = Path(app.instance_path)
    try:
        instance.mkdir(parents=True, exist_ok=True)
        if not app.config.get("SECRET_KEY"):
            app.config["SECRET_KEY"] = _secret_key(instance)
        i18n.init_app(app, zone_name=views.zone_name)
        store = app.extensions["store"] = Store(app.config["DATA_DIR"] or instance, summarize=summary)
        store.index.reconcile()  # a crash or a full disk may have left the index behind the game files
    except OSError as error:
        if error.errno not in (errno.EACCES, errno.EPERM, errno.EROFS):
            raise
        raise FolderNotWritable(error) from None
    web.init_app(app)
    guard.init_app(app)  # the table's names and https: before any view reads or writes
    widgets.init_app(app)
    printing.init_app(app)
    return app
