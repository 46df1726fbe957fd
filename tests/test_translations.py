"""Every user-facing string has a German translation with the same placeholders."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

from companion.i18n import merged_catalog

ROOT = Path(__file__).resolve().parents[1]
KEYWORDS = {"_": None, "gettext": None, "N_": None, "ngettext": (1, 2), "lazy_gettext": None}
METHODS = [("companion/**.py", "python"), ("templates/**.html", "jinja2")]
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def extracted() -> dict[str, str]:
    found: dict[str, str] = {}
    for filename, _lineno, message, _comments, _context in extract_from_dir(
            str(ROOT), METHODS, keywords=KEYWORDS, options_map={"templates/**.html": {}}):
        ids = message if isinstance(message, tuple) else (message,)
        for mid in ids:
            if mid:
                found.setdefault(mid, filename)
    return found


MESSAGES = extracted()
GERMAN = merged_catalog("de")
# A message with plural forms is found by its singular; its plural id leads there too.
PLURALS = {m.id[1]: m for m in GERMAN if m.pluralizable}


def test_strings_are_found():
    assert len(MESSAGES) > 100


@pytest.mark.parametrize("msgid", sorted(MESSAGES))
def test_every_message_has_a_german_translation(msgid):
    message = GERMAN.get(msgid) or PLURALS.get(msgid)
    assert message is not None and message.string, f"untranslated: {msgid!r} ({MESSAGES[msgid]})"
    forms = message.string if message.pluralizable else (message.string,)
    for form in forms:
        assert form, f"a plural form is missing: {msgid!r}"
        assert set(PLACEHOLDER.findall(form)) == set(PLACEHOLDER.findall(msgid))


def test_messages_about_a_number_of_things_have_german_plural_forms():
    # Singular and plural differ in German where they do in English ("1 Eintrag", "2 Einträge").
    entries = GERMAN.get("%(num)s entry")
    assert entries.pluralizable and entries.string == ("%(num)s Eintrag", "%(num)s Einträge")
    assert GERMAN.plural_forms == "nplurals=2; plural=(n != 1);"
