"""Give Me The Treasure: every message the rules can show has its German translation."""
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

from companion.i18n import merged_catalog

ROOT = Path(__file__).resolve().parents[2]
MODULES = sorted((ROOT / "companion" / "games" / "treasure").glob("*.py"))
BASE = {m for _, m, _, _ in extract_from_file("python", ROOT / "companion/games/base.py",
                                              keywords={"N_": None})}
MSGIDS = sorted({m for path in MODULES
                 for _, m, _, _ in extract_from_file("python", path, keywords={"N_": None})} - BASE)


@pytest.fixture(scope="module")
def catalog():
    with (ROOT / "companion/translations/de/treasure.po").open("rb") as f:
        return read_po(f, locale="de")


def test_the_catalog_is_not_marked_fuzzy(catalog):
    assert not catalog.fuzzy


@pytest.fixture(scope="module")
def german():
    # New messages go to core.po until the catalogs are merged into one: look in all of them.
    return merged_catalog("de")


@pytest.mark.parametrize("msgid", MSGIDS)
def test_every_message_has_a_german_translation_with_the_same_placeholders(german, msgid):
    # A sentence with plural forms is found by either of its ids, and has every form.
    catalog = german
    message = catalog.get(msgid) or next((m for m in catalog if m.pluralizable and msgid in m.id), None)
    assert message is not None and message.string, msgid
    for form in (message.string if message.pluralizable else (message.string,)):
        assert sorted(re.findall(r"%\((\w+)\)s", form)) == sorted(re.findall(r"%\((\w+)\)s", msgid))
