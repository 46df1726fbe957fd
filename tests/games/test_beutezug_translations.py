"""The German catalog covers every Beutezug message, with the same placeholders."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

ROOT = Path(__file__).parents[2]
MODULES = ["beutezug/rules.py", "beutezug/cards.py", "beutezug/odds.py"]


def msgids():
    return sorted({m for f in MODULES for _, m, _, _ in extract_from_file(
        "python", str(ROOT / "companion" / "games" / f), keywords={"N_": None})})


@pytest.fixture(scope="module")
def catalog():
    with open(ROOT / "companion" / "translations" / "de" / "beutezug.po", "rb") as po:
        return read_po(po)


@pytest.mark.parametrize("msgid", msgids())
def test_every_message_has_a_german_translation_with_the_same_placeholders(catalog, msgid):
    # A sentence with plural forms is found by either of its ids, and has every form.
    message = catalog.get(msgid) or next((m for m in catalog if m.pluralizable and msgid in m.id), None)
    assert message is not None and message.string
    for form in (message.string if message.pluralizable else (message.string,)):
        assert sorted(re.findall(r"%\(\w+\)s", form)) == sorted(re.findall(r"%\(\w+\)s", msgid))
