"""Languages: English message ids, one German catalog.

``translations/messages.pot`` holds every message the code marks; the German is
``translations/de/LC_MESSAGES/messages.po``, compiled beside it to ``messages.mo`` (which
the wheel carries): ``pybabel extract``, ``update`` and ``compile`` as docs/translations.md
says. Nothing is compiled when the app starts.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from babel import support
from babel.lists import format_list
from flask import g, request, session
from flask_babel import Babel, force_locale, get_locale, get_timezone, get_translations
from markupsafe import Markup

from .games.base import Msg, Names

LANGUAGES = ("en", "de")
SOURCE = Path(__file__).parent / "translations"


def select_locale() -> str:
    chosen = session.get("lang")
    if isinstance(chosen, str) and chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES) or "en"


def _request_g() -> Any:
    """This request's ``g`` itself: a page asks a hundred times for what is kept there, and
    each attribute read through Flask's proxy costs more than the lookup it is for."""
    return g._get_current_object()


def _translations() -> support.NullTranslations:
    """This request's catalog, looked up once: a page asks for a few hundred strings, and
    Flask-Babel would resolve the locale and domain again for each of them."""
    kept = _request_g()
    try:
        catalog: support.NullTranslations = kept._catalog
    except AttributeError:
        catalog = kept._catalog = get_translations()
    return catalog


def locale_name() -> str:
    """This request's language ("en", "de"), looked up once like its catalog: forms, dates
    and the layout ask for it a few dozen times a page, and Flask-Babel resolves it anew
    on every call."""
    try:
        kept = _request_g()
    except RuntimeError:  # no app context (a form built by a command): the default
        return str(get_locale() or "en")
    try:
        name: str = kept._locale_name
    except AttributeError:
        name = kept._locale_name = str(get_locale() or "en")
    return name


def timezone_name() -> str:
    """This request's time zone, looked up once (every time on a page is shown in it)."""
    kept = _request_g()
    try:
        name: str = kept._timezone_name
    except AttributeError:
        name = kept._timezone_name = str(get_timezone())
    return name


# What ``language`` sets aside for its block: whatever above depends on the language.
_BY_LANGUAGE = ("_catalog", "_locale_name")


@contextmanager
def language(lang: str) -> Iterator[None]:
    """Part of a request in another language (a PDF in the language asked for).

    Flask-Babel's force_locale switches the locale; this request's catalog and language,
    looked up once above, are set aside for the block, or a request that had translated
    anything before (the printables command renders every language in one) would keep them.
    """
    saved = {name: g.pop(name) for name in _BY_LANGUAGE if name in g}
    try:
        with force_locale(lang):
            yield
    finally:
        for name in _BY_LANGUAGE:
            g.pop(name, None)
        for name, value in saved.items():
            setattr(g, name, value)


def gettext(text: str, **args: Any) -> str:
    translated = _translations().ugettext(text)
    return str(translated % args) if args else translated


def template_gettext(text: str, **args: Any) -> Markup:
    """``_()`` in templates, as Jinja's newstyle gettext does it (the message is trusted,
    the values filled in are escaped, ``%%`` is a per cent sign) in one call instead of
    four: a page translates a few dozen messages, and the wrappers cost about a twentieth of
    its render time. A message without values or per cent signs is not formatted at all."""
    translated = _translations().ugettext(text)
    return Markup(translated) % args if args or "%" in translated else Markup(translated)


def template_pgettext(context: str, text: str, **args: Any) -> Markup:
    """``pgettext()`` in templates: ``_()`` for a message that has a context."""
    return Markup(_translations().upgettext(context, text)) % args


def ngettext(singular: str, plural: str, count: int, **args: Any) -> str:
    """The form of a sentence about ``count`` things that fits it, filled in with ``args``."""
    return str(_translations().ungettext(singular, plural, count) % args)


def t(value: Any) -> str:
    """Translate a rules message (``Msg``), with its plural form, or a plain message id."""
    if isinstance(value, Msg):
        args = {k: (t(v) if isinstance(v, Msg | Names) else v) for k, v in value.args.items()}
        if value.plural is not None:
            return ngettext(value.text, value.plural, int(value.args.get("n", 0)), **args)
        return gettext(value.text, **args)
    if isinstance(value, Names):
        return format_list(list(value.names), locale=str(get_locale() or "en")) if value.names else ""
    return gettext(value) if value else ""


def init_app(app: Any, zone_name: Callable[[], str]) -> Babel:
    """The catalogs, the page's language and, from ``zone_name``, its time zone (which
    group a phone is in is the views' to know: the app factory passes theirs)."""
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = str(SOURCE)
    babel = Babel(app, locale_selector=select_locale, timezone_selector=zone_name)
    app.jinja_env.install_gettext_callables(
        gettext=lambda s: _translations().ugettext(s),
        ngettext=lambda s, p, n: _translations().ungettext(s, p, n),
        newstyle=True)
    app.jinja_env.globals["_"] = template_gettext
    app.jinja_env.globals["pgettext"] = template_pgettext
    app.jinja_env.filters["t"] = t
    return babel
