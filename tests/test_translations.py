"""Every user-facing string has a German translation with the same placeholders."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from companion.i18n import SOURCE, merged_catalog

ROOT = Path(__file__).resolve().parents[1]
KEYWORDS = {"_": None, "gettext": None, "N_": None, "ngettext": (1, 2), "lazy_gettext": None,
            "pgettext": ((1, "c"), 2)}
METHODS = [("companion/**.py", "python"), ("templates/**.html", "jinja2")]
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def extracted() -> dict[tuple[str | None, str], str]:
    """(context, message id) -> the first file using it; most messages have no context."""
    found: dict[tuple[str | None, str], str] = {}
    for filename, _lineno, message, _comments, context in extract_from_dir(
            str(ROOT), METHODS, keywords=KEYWORDS, options_map={"templates/**.html": {}}):
        ids = message if isinstance(message, tuple) else (message,)
        for mid in ids:
            if mid:
                found.setdefault((context, mid), filename)
    return found


MESSAGES = extracted()
GERMAN = merged_catalog("de")
# A message with plural forms is found by its singular; its plural id leads there too.
PLURALS = {m.id[1]: m for m in GERMAN if m.pluralizable}


def test_strings_are_found():
    assert len(MESSAGES) > 100


@pytest.mark.parametrize(("context", "msgid"), sorted(MESSAGES, key=lambda k: (k[0] or "", k[1])))
def test_every_message_has_a_german_translation(context, msgid):
    message = GERMAN.get(msgid, context=context) or (None if context else PLURALS.get(msgid))
    where = MESSAGES[context, msgid]
    assert message is not None and message.string, f"untranslated: {context or ''} {msgid!r} ({where})"
    forms = message.string if message.pluralizable else (message.string,)
    for form in forms:
        assert form, f"a plural form is missing: {msgid!r}"
        assert set(PLACEHOLDER.findall(form)) == set(PLACEHOLDER.findall(msgid))


def test_messages_about_a_number_of_things_have_german_plural_forms():
    # Singular and plural differ in German where they do in English ("1 Eintrag", "2 Einträge").
    entries = GERMAN.get("%(num)s entry")
    assert entries.pluralizable and entries.string == ("%(num)s Eintrag", "%(num)s Einträge")
    assert GERMAN.plural_forms == "nplurals=2; plural=(n != 1);"


def test_one_message_has_one_german_text_across_the_catalogs():
    # The catalogs are merged and the first one read wins: the same English in two catalogs
    # with two German texts shows one of them everywhere ("Nicht gespeichert" on the Poison
    # choice). Where the German must differ, a context (pgettext) tells the uses apart.
    texts: dict[tuple[str | None, str], dict[str, str]] = {}
    for po in sorted((SOURCE / "de").glob("*.po")):
        with po.open("rb") as f:
            for m in read_po(f, locale="de"):
                if m.id:
                    key = (m.context, m.id if isinstance(m.id, str) else m.id[0])
                    texts.setdefault(key, {}).setdefault(str(m.string), po.name)
    clashes = {k: v for k, v in texts.items() if len(v) > 1}
    assert clashes == {}


def test_the_poison_choice_and_a_refused_entry_have_their_own_german():
    assert GERMAN.get("Not saved").string == "Nicht gespeichert"
    assert GERMAN.get("Neutralized").string == "Neutralisiert"
    assert GERMAN.get("Poisoned").string == "Vergiftet"
