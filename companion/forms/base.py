"""The bases of every form: WTForms' own messages in the page's language, loaded once.

Flask-WTF reads WTForms' message catalog from disk on every request that builds a form
(a game page builds four), and a plain WTForms form (a player's row in a hand) gets no
translations at all, so a German page said "Not a valid integer value.". Both bases here
take the catalog of the request's language from a cache: it never changes while the app
runs.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from babel import support
from flask_babel import get_locale
from flask_wtf import FlaskForm
from wtforms import Form
from wtforms.i18n import messages_path


@lru_cache(maxsize=8)
def _wtforms_catalog(locale: str) -> Any:
    return support.Translations.load(messages_path(), [locale], domain="wtforms")


class _Translated:
    def get_translations(self, form: Any) -> Any:
        return _wtforms_catalog(str(get_locale() or "en"))


class LedgerForm(FlaskForm):
    class Meta(_Translated):
        pass


class PlainForm(Form):
    """A form without a CSRF token: a part of another form (one player's row in a hand),
    or a GET form that changes nothing (the heist check)."""

    class Meta(_Translated):
        pass
