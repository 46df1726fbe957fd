"""One German catalog: every message the code marks is in the template, has its German with
the same placeholders (and every plural form), and is compiled as it stands."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from companion.i18n import SOURCE

ROOT = Path(__file__).resolve().parents[1]
# As docs/translations.md extracts them: Nn_ and msg_n are a singular with its plural.
KEYWORDS = {"_": None, "gettext": None, "N_": None, "ngettext": (1, 2), "Nn_": (1, 2),
            "msg_n": (1, 2), "lazy_gettext": None, "pgettext": ((1, "c"), 2)}
METHODS = [("companion/**.py", "python"), ("templates/**.html", "jinja2")]
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
PO = SOURCE / "de" / "LC_MESSAGES" / "messages.po"


def extracted() -> dict[tuple[str | None, str], str]:
    """(context, message id) -> the first file using it; a plural message by its singular."""
    found: dict[tuple[str | None, str], str] = {}
    for filename, _lineno, message, _comments, context in extract_from_dir(
            str(ROOT), METHODS, keywords=KEYWORDS, options_map={"templates/**.html": {}}):
        mid = message[0] if isinstance(message, tuple) else message
        if mid:
            found.setdefault((context, mid), filename)
    return found


# Fixtures, not module constants: every xdist worker imports every test module to collect it,
# and the extraction (~7 s, more on a loaded machine) is then paid only where these tests run.
@pytest.fixture(scope="module")
def messages() -> dict[tuple[str | None, str], str]:
    return extracted()


@pytest.fixture(scope="module")
def german():
    with PO.open("rb") as f:
        return read_po(f, locale="de")


def test_strings_are_found(messages):
    assert len(messages) > 1000


def test_every_message_has_its_german_with_the_same_placeholders(messages, german):
    problems = []
    for (context, msgid), where in sorted(messages.items(), key=lambda kv: (kv[0][0] or "", kv[0][1])):
        message = german.get(msgid, context=context)
        forms = () if message is None else (message.string if message.pluralizable else (message.string,))
        if not forms or not all(forms):
            problems.append(f"untranslated: {context or ''} {msgid!r} ({where})")
        elif any(set(PLACEHOLDER.findall(f)) != set(PLACEHOLDER.findall(msgid)) for f in forms):
            problems.append(f"placeholders differ: {msgid!r} ({where})")
    assert problems == []


def test_the_template_holds_every_marked_message(messages):
    # A message added to the code without `pybabel extract` would never reach a translator.
    with (SOURCE / "messages.pot").open("rb") as f:
        template = {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id) for m in read_po(f) if m.id}
    assert sorted(set(messages) - template, key=str) == []


def test_the_compiled_catalog_is_the_catalog(german):
    # A catalog edited without `pybabel compile` would show the old German.
    def same(v):
        return tuple(v) if isinstance(v, (list, tuple)) else v

    def key(m):
        return (m.context, same(m.id)), same(m.string)

    with (PO.with_suffix(".mo")).open("rb") as f:
        compiled = dict(key(m) for m in read_mo(f) if m.id)
    written = dict(key(m) for m in german if m.id and not m.fuzzy)
    assert compiled == written
    assert not german.fuzzy


def test_messages_about_a_number_of_things_have_german_plural_forms(german):
    # Singular and plural differ in German where they do in English ("1 Eintrag", "2 Einträge").
    entries = german.get("%(num)s entry")
    assert entries.pluralizable and entries.string == ("%(num)s Eintrag", "%(num)s Einträge")
    assert german.plural_forms == "nplurals=2; plural=(n != 1);"


def test_the_poison_choice_and_a_refused_entry_have_their_own_german(german):
    assert german.get("Not saved").string == "Nicht gespeichert"
    assert german.get("Neutralized").string == "Neutralisiert"
    assert german.get("Poisoned").string == "Vergiftet"
