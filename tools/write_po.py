"""Write a German .po catalog from a Python dict (msgid -> msgstr): `python tools/write_po.py NAME < pairs.py`.

Used to keep hand-written catalogs well-formed; the catalogs themselves are the source.
"""
import ast
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

name = sys.argv[1]
pairs = ast.literal_eval(sys.stdin.read())
catalog = Catalog(locale="de", project="Loot Ledger", charset="utf-8")
for msgid, msgstr in pairs.items():
    catalog.add(msgid, msgstr)
with (Path(__file__).resolve().parent.parent / "companion/translations/de" / f"{name}.po").open("wb") as f:
    write_po(f, catalog, width=0, omit_header=False, sort_output=False)
