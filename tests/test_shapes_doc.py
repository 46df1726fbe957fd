"""Every field the import accepts is in the game's doc (docs/games/<game>.md), so the
documented format and the strict check cannot drift apart."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from companion.games import GAMES, SHAPES
from companion.games.schema import Either, Tagged

DOCS = Path(__file__).resolve().parents[1] / "docs/games"


def fields(shape: Any) -> set[str]:
    if isinstance(shape, dict):
        return {k.rstrip("?") for k in shape} | {f for v in shape.values() for f in fields(v)}
    if isinstance(shape, list):
        return fields(shape[0])
    if isinstance(shape, Either):
        return {f for s in shape.shapes for f in fields(s)}
    if isinstance(shape, Tagged):
        return {shape.tag, *shape.variants} | fields(shape.common) | \
            {f for v in shape.variants.values() for f in fields(v)}
    return set()


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_field_and_entry_kind_is_documented(slug):
    doc = (DOCS / f"{slug}.md").read_text(encoding="utf-8")
    names = set(SHAPES[slug].ENTRIES) | fields(SHAPES[slug].SETTINGS) | \
        {f for shape in SHAPES[slug].ENTRIES.values() for f in fields(shape)}
    # A field is named in code style (`gold`, `players.N.gold`) or as a key of an example.
    missing = sorted(n for n in names if not re.search(rf'[`."]{re.escape(n)}[`"]', doc))
    assert missing == []
