"""What the app factory binds: blueprints, error pages, headers, template helpers, commands."""
from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from flask import Flask, current_app, g, render_template, request
from flask_babel import format_datetime, format_decimal, format_percent, get_locale
from jinja2 import TemplateNotFound

from . import cli
from .forms import LanguageForm
from .groups import display_name
from .i18n import LANGUAGES, t
from .records import parse_time
from .store import DamagedFile, Store
from .views import (backup, beutezug, current_group, groups, history, home, play, printables,
                    scoot, share, stats, treasure)


def store() -> Store:
    return current_app.extensions["store"]


def _security_headers(response: Any) -> Any:
    response.headers.setdefault(
        "Content-Security-Policy",
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'")
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("X-Frame-Options", "DENY")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    return response


def _error(code: int) -> Any:
    def handler(error: Any) -> Any:
        try:
            return render_template(f"errors/{code}.html", error=error), code
        except TemplateNotFound:
            return render_template("errors/error.html", code=code, error=error), code
    return handler


def _damaged(error: DamagedFile) -> Any:
    current_app.logger.error("damaged data file %s: %s", error.path, error.reason)
    return render_template("errors/damaged.html", error=error), 500


def _when(value: str | None, fmt: str = "medium") -> str:
    moment = parse_time(value)
    return format_datetime(moment, fmt) if moment else ""


def _here() -> str:
    """Where the language switch returns to: this page, or for a page shown in answer to a
    POST (a refused entry), the page the form was on; a POST-only address would be a 405."""
    if request.method == "GET":
        return request.full_path.rstrip("?")
    referrer = urlsplit(request.referrer or "")
    if referrer.netloc == request.host and referrer.path:
        return referrer.path
    return "/"


def init_app(app: Flask) -> None:
    # CSRF is checked by each form (every POST view validates a FlaskForm before it changes
    # anything), not by a global hook: a failed check then re-shows the form with what was
    # typed and a message, where a global CSRFProtect could only answer with a bare 400.
    # groups first: its before-request check (join a group first) must run before any view.
    for bp in (groups.bp, home.bp, play.bp, beutezug.bp, scoot.bp, treasure.bp, history.bp,
               stats.bp, share.bp, backup.bp, printables.bp):
        app.register_blueprint(bp)
    app.after_request(_security_headers)
    for code in (400, 404, 405, 409, 413, 500):
        app.register_error_handler(code, _error(code))
    app.register_error_handler(DamagedFile, _damaged)
    cli.init_app(app)

    @app.context_processor
    def helpers() -> dict[str, Any]:
        def language_form() -> LanguageForm:
            # formdata=None: the switch never reads this request's body, which may be the
            # one refused as too large (the 413 page would fail reading it again).
            return LanguageForm(formdata=None, lang=str(get_locale()), next=_here())
        return {"language_form": language_form, "LANGUAGES": LANGUAGES,
                "locale": lambda: str(get_locale()), "current_group": current_group}

    app.jinja_env.filters["when"] = _when
    app.jinja_env.filters["group_name"] = lambda group: t(display_name(group))
    app.jinja_env.filters["percent"] = lambda x: format_percent(x) if x is not None else ""
    app.jinja_env.filters["decimal"] = (
        lambda x: format_decimal(x, format="#,##0.0") if x is not None else "–")
    app.jinja_env.filters["number"] = lambda n: format_decimal(n) if n is not None else ""
    app.jinja_env.globals["g"] = g
