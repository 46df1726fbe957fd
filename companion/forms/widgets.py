"""The form widgets every entry form repeats, written in Python rather than as Jinja macros.

A Beutelschneider hand form has about forty number fields and a game page four forms with
hidden fields; as macros (or WTForms' own widgets) these calls were a third of the page's
render time. Each returns the same markup the macro did; whatever may carry typed or
translated text is escaped.
"""
from __future__ import annotations

from typing import Any

from flask_wtf.csrf import generate_csrf
from markupsafe import Markup, escape

from ..games.base import msg
from ..i18n import t
from ..markers import N_
from . import new_submission
from .base import LedgerForm

ONE_FEWER = N_("%(field)s: one fewer")
ONE_MORE = N_("%(field)s: one more")


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
    """A field's messages, under an id a refusal's summary links to (``<id>-error``)."""
    if not field.errors:
        return Markup()
    first = f' id="{escape(field.id)}-error"'
    return Markup("".join(f'<span{first if i == 0 else ""} class="error">{escape(t(e))}</span>'
                          for i, e in enumerate(messages(field.errors))))


def number(field: Any, label: str | None = None, min: int | None = 0, max: int | None = None,
           stepper: bool = False, placeholder: str | None = None, step: int | None = None) -> Markup:
    """A whole number: a numeric keypad, and large − / + buttons added by app.js for the
    small counts (``stepper``); without JavaScript it is a plain number field.

    The label names the field (``for``) without wrapping it, so the buttons app.js puts
    beside the field are not part of the label: tapping the label's words focuses the
    field, and each button is named after it ("Cutpurses: one more", from the page's
    ``stepper_names``).

    The id and name are made by WTForms from our field names and list indices, and min and
    max are our numbers; the value may be what someone typed, so it is escaped, as are the
    label and placeholder text.

    A field that takes negative numbers gets no ``inputmode="numeric"``: iOS's numeric
    keypad has no minus key. A plain number field brings up the numbers-and-symbols
    keyboard there (with "−"), and Android's number pad with its minus key."""
    # A line may break after a slash ("Adventurer/Countess"): at large text the pair is wider
    # than the screen, and would otherwise break inside a word.
    text = Markup(escape(t(label or field.label.text)).replace("/", Markup("/<wbr>")))
    keypad = ' inputmode="numeric"' if min is not None and min >= 0 else ""
    extra = ""
    if min is not None:
        extra += f' min="{int(min)}"'
    if max is not None:
        extra += f' max="{int(max)}"'
    if step is not None:
        extra += f' step="{int(step)}"'
    if placeholder:
        extra += f' placeholder="{escape(placeholder)}"'
    if field.errors:
        extra += f' aria-invalid="true" aria-describedby="{field.id}-error"'
    return Markup(
        f'<div class="field{" invalid" if field.errors else ""}">'
        f'<label for="{field.id}">{text}</label>'
        f'<input type="number" id="{field.id}" name="{field.name}" value="{escape(field._value())}"'
        f'{keypad} class="{"stepper" if stepper else "num"}"{extra}>'
        f'{errors(field)}</div>')


def stepper_names() -> Markup:
    """The names of a counter's − and + buttons, once per page, in the page's language:
    app.js puts the field's label where the braces are."""
    return Markup(f' data-less="{escape(t(msg(ONE_FEWER, field="{}")))}"'
                  f' data-more="{escape(t(msg(ONE_MORE, field="{}")))}"')


def hidden(form: LedgerForm) -> Markup:
    """The fields every record-changing form carries: CSRF token, version, submission id
    and, on entry forms, the entry kind."""
    fields = [form.csrf_token, form.version, form.submission]
    if getattr(form, "kind", None) is not None:
        fields.append(form.kind)
    return Markup("".join(f'<input type="hidden" name="{escape(f.name)}" value="{escape(f._value())}">'
                          for f in fields))


def change_fields(version: int) -> Markup:
    """``hidden`` for a form the page only shows (undo, put back, draw, the note): the
    same fields a ``ChangeForm`` would write, with a fresh submission id each, without
    building the form -- the view builds it when the form is posted."""
    return Markup(f'<input type="hidden" name="csrf_token" value="{escape(generate_csrf())}">'
                  f'<input type="hidden" name="version" value="{int(version)}">'
                  f'<input type="hidden" name="submission" value="{new_submission()}">')


def button(action: str, label: str, next: str = "", cls: str = "small", name: str = "") -> Markup:
    """A form that is one button (abandon, resume, delete, restore): CSRF token, submission
    id (a double tap counts once) and the page to come back to. ``name`` says which game
    the button is about to a screen reader (lists of games)."""
    back = f'<input type="hidden" name="next" value="{escape(next)}">' if next else ""
    about = f' aria-label="{escape(label)}: {escape(name)}"' if name else ""
    return Markup(f'<form method="post" action="{escape(action)}" class="one-button">\n'
                  f'  <input type="hidden" name="csrf_token" value="{escape(generate_csrf())}">'
                  f'<input type="hidden" name="submission" value="{new_submission()}">{back}\n'
                  f'  <button type="submit" class="{escape(cls)}"{about}>{escape(label)}</button>\n'
                  f'</form>')


def init_app(app: Any) -> None:
    app.jinja_env.globals.update(number=number, hidden=hidden, errors=errors,
                                  stepper_names=stepper_names, change_fields=change_fields,
                                  button=button)
