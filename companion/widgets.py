"""The form widgets every entry form repeats, written in Python rather than as Jinja macros.

A Beutelschneider hand form has about forty number fields and a game page four forms with
hidden fields; as macros (or WTForms' own widgets) these calls were a third of the page's
render time. Each returns the same markup the macro did; whatever may carry typed or
translated text is escaped.
"""
from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

from .i18n import t


def messages(errors: Any) -> list[str]:
    """A field's messages, each once. A list of fields (a FieldList) has a list of messages
    per entry, a subform a dict of them: all are read out, so none is lost or a crash."""
    if isinstance(errors, str):
        return [errors]
    if isinstance(errors, dict):
        errors = list(errors.values())
    out: list[str] = []
    for item in errors or ():
        out += [m for m in messages(item) if m not in out]
    return out


def errors(field: Any) -> Markup:
    if not field.errors:
        return Markup()
    return Markup("".join(f'<span class="error">{escape(t(e))}</span>' for e in messages(field.errors)))


def number(field: Any, label: str | None = None, min: int | None = 0, max: int | None = None,
           stepper: bool = False, placeholder: str | None = None) -> Markup:
    """A whole number: a numeric keypad, and large − / + buttons added by app.js for the
    small counts (``stepper``); without JavaScript it is a plain number field.

    The id and name are made by WTForms from our field names and list indices, and min and
    max are our numbers; the value may be what someone typed, so it is escaped, as are the
    label and placeholder text."""
    extra = ""
    if min is not None:
        extra += f' min="{int(min)}"'
    if max is not None:
        extra += f' max="{int(max)}"'
    if placeholder:
        extra += f' placeholder="{escape(placeholder)}"'
    if field.errors:
        extra += ' aria-invalid="true"'
    return Markup(
        f'<label class="field{" invalid" if field.errors else ""}">'
        f'<span>{escape(t(label or field.label.text))}</span>'
        f'<input type="number" id="{field.id}" name="{field.name}" value="{escape(field._value())}"'
        f' inputmode="numeric" class="{"stepper" if stepper else "num"}"{extra}>'
        f'{errors(field)}</label>')


def hidden(form: Any) -> Markup:
    """The fields every record-changing form carries: CSRF token, version, submission id
    and, on entry forms, the entry kind."""
    fields = [form.csrf_token, form.version, form.submission]
    if getattr(form, "kind", None) is not None:
        fields.append(form.kind)
    return Markup("".join(f'<input type="hidden" name="{escape(f.name)}" value="{escape(f._value())}">'
                          for f in fields))


def init_app(app: Any) -> None:
    app.jinja_env.globals.update(number=number, hidden=hidden, errors=errors)
