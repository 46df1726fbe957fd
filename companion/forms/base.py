"""The bases of every form: WTForms' own messages in the page's language, loaded once;
typed text cleaned as it comes in; whole numbers as plain digits only.

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
from flask_wtf import FlaskForm
from wtforms import Form, HiddenField, PasswordField, StringField, TextAreaField
from wtforms import IntegerField as WTFormsIntegerField
from wtforms.i18n import messages_path
from wtforms.validators import StopValidation

from ..i18n import locale_name, t
from ..text import Refused, clean, number


@lru_cache(maxsize=8)
def _wtforms_catalog(locale: str) -> Any:
    return support.Translations.load(messages_path(), [locale], domain="wtforms")


def _line(value: Any) -> Any:
    return clean(value) if isinstance(value, str) else value


def _lines(value: Any) -> Any:
    return clean(value, lines=True) if isinstance(value, str) else value


class _Translated:
    def get_translations(self, form: Any) -> Any:
        return _wtforms_catalog(locale_name())

    def bind_field(self, form: Any, unbound_field: Any, options: dict[str, Any]) -> Any:
        """Every text field cleans what was typed (companion/text.py) before anything reads
        it; access codes and hidden values are taken exactly as sent."""
        kind = unbound_field.field_class
        if issubclass(kind, StringField) and not issubclass(kind, (PasswordField, HiddenField)):
            cleaner = _lines if issubclass(kind, TextAreaField) else _line
            options = {**options, "filters": (*unbound_field.kwargs.get("filters", ()), cleaner)}
        return unbound_field.bind(form=form, **options)


class IntegerField(WTFormsIntegerField):
    """A whole number as typed digits with an optional sign. WTForms' own reads what
    Python's ``int`` reads ("1_0" is 10, "١٠" is 10) and fails on "²" past its check."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        if not valuelist:
            return
        try:
            self.data = number(valuelist[0])
        except Refused as refused:
            self.data = None
            # Translated here with its values ("at most 9 digits"); a plain id, translated
            # again by the form's Meta, is left as it is.
            raise ValueError(t(refused.message) if refused.message.args else refused.message.text) from None


class LedgerForm(FlaskForm):
    class Meta(_Translated):
        pass


class PlainForm(Form):
    """A form without a CSRF token: a part of another form (one player's row in a hand),
    or a GET form that changes nothing (the heist check)."""

    class Meta(_Translated):
        pass


class Among:
    """A select's value among its options, or ``message`` (a message id, said in the page's
    language): a crafted post may send a value no option offers."""

    def __init__(self, message: str) -> None:
        self.message = message

    def __call__(self, form: Any, field: Any) -> None:
        if field.data not in {choice.value for choice in field.choices}:
            raise StopValidation(t(self.message))
