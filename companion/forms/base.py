"""The base of every form: Flask-WTF's, with WTForms' own messages loaded once per language.

Flask-WTF reads WTForms' message catalog from disk on every request that builds a form
(a game page builds four); the catalogs never change while the app runs.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from babel import support
from flask_babel import get_locale
from flask_wtf import FlaskForm
from wtforms.i18n import messages_path


@lru_cache(maxsize=8)
def _wtforms_catalog(locale: str) -> Any:
    return support.Translations.load(messages_path(), [locale], domain="wtforms")


class LedgerForm(FlaskForm):
    class Meta:
        def get_translations(self, form: Any) -> Any:
            return _wtforms_catalog(str(get_locale() or "en"))
