"""What the app factory binds: blueprints, error pages, headers, template helpers, commands."""
from __future__ import annotations

import gzip
from datetime import date
from functools import lru_cache
from typing import Any

from babel import dates
from flask import Flask, current_app, g, has_request_context, render_template, request, url_for
from flask_babel import format_decimal, format_percent
from flask_wtf.csrf import generate_csrf
from jinja2 import TemplateNotFound
from werkzeug.exceptions import NotFound

from . import cli
from .forms.adapter import web
from .games import PACKAGES
from .history.groups import display_name
from .i18n import LANGUAGES, locale_name, t, timezone_name
from .markers import N_
from .pages import assets
from .pages.assets import cache_versioned, game_stylesheet, static_url
from .record.summary import parse_time, started
from .storage.store import DamagedFile, NoSuchGame, NotSaved
from .views import (
    CSP,
    backup,
    bgstats,
    current_group,
    drafts,
    follow,
    groups,
    here,
    history,
    home,
    lifecycle,
    mine_in_trash,
    not_saved,
    offline,
    play,
    printables,
    result,
    rules,
    share,
    stats,
    store,
    transfer,  # noqa: F401 -- imported, it adds its routes to play's blueprint
    trust,
)


def _settle() -> None:
    # Any look at the app finishes what a crash cut short (a delete halfway), before a
    # list shows the game twice or the trash holds a copy the delete button trips over.
    store().index.settle()


def _security_headers(response: Any) -> Any:
    response.headers.setdefault("Content-Security-Policy", CSP)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("X-Frame-Options", "DENY")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    return response


COMPRESSED = {"text/html", "text/css", "text/javascript", "application/javascript",
              "application/json", "image/svg+xml", "application/manifest+json", "text/csv"}


def _gzip(response: Any) -> Any:
    """Compress text for phones on a slow connection (a game page and its CSS shrink to
    about a fifth); the server does not do it for us."""
    # Refusals (409, 422 ...) are whole pages too; redirects and 304s have next to no body.
    if (response.status_code < 200 or 300 <= response.status_code < 400
            or response.mimetype not in COMPRESSED
            or "gzip" not in request.headers.get("Accept-Encoding", "")
            or "Content-Encoding" in response.headers):
        return response
    response.direct_passthrough = False  # static files: read them to compress them
    body = response.get_data()
    if len(body) < 1024:
        return response
    response.set_data(gzip.compress(body, compresslevel=6, mtime=0))
    response.headers["Content-Encoding"] = "gzip"
    response.vary.add("Accept-Encoding")
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


def _not_saved(error: NotSaved) -> Any:
    # Views with a form re-show it with what was typed (views.not_saved); any other write
    # the disk refuses (a share link, a join attempt's count) still says what happened.
    text, status = not_saved(error)
    return render_template("errors/error.html", code=status, message=text, keep=True), status


GONE = N_("This game was deleted. It is in the trash, where it can be brought back.")
GONE_MEANWHILE = N_("This game was deleted meanwhile, so this was not stored. It is in the trash, "
                    "where it can be brought back.")


def _no_such_game(error: NoSuchGame) -> Any:
    """A game that is not there: deleted by another phone between its page and a save (the
    write finds no file), or an old link. If it is this group's game in the trash, say so."""
    if not error.args or mine_in_trash(str(error.args[0])) is None:
        return _error(404)(NotFound())
    text = GONE_MEANWHILE if request.method == "POST" else GONE
    return render_template("errors/error.html", code=404, message=t(text), keep=request.method == "POST",
                           link=(url_for("lifecycle.trash_page"), t(N_("Open the trash")))), 404


def _when(value: str | None, fmt: str = "medium") -> str:
    if not value:
        return ""
    return _time_text(value, fmt, locale_name(), timezone_name())


@lru_cache(maxsize=4096)
def _time_text(value: str, fmt: str, locale: str, zone: str) -> str:
    # An entry's time never changes, and a game page shows a dozen of them on every load:
    # Babel's formatting was a tenth of the page's render time.
    return dates.format_datetime(parse_time(value), fmt, tzinfo=dates.get_timezone(zone),
                                 locale=locale)


def _day(value: str | None, fmt: str = "medium") -> str:
    """A day alone (``2026-11-20``): a result entered without a time has no time to show."""
    if not value:
        return ""
    return dates.format_date(date.fromisoformat(value), fmt, locale=locale_name())


def _began(record: Any) -> str:
    """When a game began, for a page to say: the day alone for a result entered without a time."""
    if record.get("played_day"):
        return _day(record["played_day"], "short")
    return _when(started(record), "short")


def _number(n: int | float | None) -> str:
    # Whole numbers below 1000 look the same in English and German; Babel's formatting is
    # a tenth of a game page's render time for the few dozen scores on it.
    if isinstance(n, int) and -1000 < n < 1000:
        return str(n)
    return format_decimal(n) if n is not None else ""


def _url_for(endpoint: str, **values: Any) -> str:
    """``url_for`` for templates, remembered: a game page builds two dozen addresses, each
    a walk through the URL map, and an address depends only on the endpoint, its values
    and where the app is mounted. Relative endpoints and options (``_external`` ...) depend
    on more, so they are always built afresh."""
    if (endpoint.startswith(".") or any(k.startswith("_") for k in values)
            or not has_request_context()):
        return url_for(endpoint, **values)
    if endpoint == "static" and list(values) == ["filename"]:
        return static_url(values["filename"])
    try:
        # The type is part of the key: 1 and True are equal keys but different addresses.
        key = tuple(sorted((k, type(v).__name__, v) for k, v in values.items()))
        return _built_url(request.script_root, endpoint, key)
    except TypeError:  # an unhashable value (a list for a repeated query parameter)
        return url_for(endpoint, **values)


def _why_url(game_id: str, key: str) -> str:
    """The address of one number's explanation (play.why): a game page links dozens of them,
    and only the key differs, so the game's part of the address is built once."""
    return _built_url(request.script_root, "play.why", (("game_id", "str", game_id), ("key", "str", "-")))[:-1] + key


@lru_cache(maxsize=4096)
def _built_url(script_root: str, endpoint: str, values: tuple[tuple[str, str, Any], ...]) -> str:
    return url_for(endpoint, **{k: v for k, _, v in values})


def init_app(app: Flask) -> None:
    # CSRF is checked by each form (every POST view validates a FlaskForm before it changes
    # anything), not by a global hook: a failed check then re-shows the form with what was
    # typed and a message, where a global CSRFProtect could only answer with a bare 400.
    # groups first: its before-request check (join a group first) must run before any view.
    for bp in (groups.bp, home.bp, play.bp, history.bp, stats.bp, share.bp, backup.bp,
               printables.bp, lifecycle.bp, offline.bp, trust.bp, rules.bp, result.bp, bgstats.bp,
               follow.bp, drafts.bp):
        app.register_blueprint(bp)
    for slug in PACKAGES:  # a game's pages of its own (the Beutezug heist check ...)
        if (own := getattr(web(slug), "bp", None)) is not None:
            app.register_blueprint(own)
    assets.init_app(app)  # scripts and stylesheets served minified
    app.before_request(_settle)
    app.after_request(_security_headers)
    app.after_request(cache_versioned)
    app.after_request(_gzip)
    for code in (400, 404, 405, 409, 413, 500):
        app.register_error_handler(code, _error(code))
    app.register_error_handler(DamagedFile, _damaged)
    app.register_error_handler(NotSaved, _not_saved)
    app.register_error_handler(NoSuchGame, _no_such_game)
    cli.init_app(app)

    @app.context_processor
    def helpers() -> dict[str, object]:
        # The language switch is on every page: its two hidden values are written out
        # rather than through a LanguageForm, whose construction was a third of the
        # header's render time. home.language checks them with the form.
        return {"csrf_token": generate_csrf, "here": here, "LANGUAGES": LANGUAGES,
                "locale": locale_name, "current_group": current_group,
                "game_stylesheet": game_stylesheet}

    app.jinja_env.filters["when"] = _when
    app.jinja_env.filters["day_alone"] = _day  # ``day`` (views/lifecycle.py) reads a time
    app.jinja_env.globals["began"] = _began
    app.jinja_env.filters["group_name"] = lambda group: t(display_name(group))
    app.jinja_env.filters["percent"] = lambda x: format_percent(x) if x is not None else ""
    app.jinja_env.filters["decimal"] = (
        lambda x: format_decimal(x, format="#,##0.0") if x is not None else "–")
    app.jinja_env.filters["number"] = _number
    app.jinja_env.globals["g"] = g
    app.jinja_env.globals["url_for"] = _url_for
    app.jinja_env.globals["why_url"] = _why_url
