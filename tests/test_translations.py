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


def test_strings_are_found():
    assert len(MESSAGES) > 100


@pytest.mark.parametrize("msgid", sorted(MESSAGES))
def test_every_message_has_a_german_translation(msgid):
    message = GERMAN.get(msgid)
    assert message is not None and message.string, f"untranslated: {msgid!r} ({MESSAGES[msgid]})"
    assert set(PLACEHOLDER.findall(message.string)) == set(PLACEHOLDER.findall(msgid))
