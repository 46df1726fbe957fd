"""Each game's test tables, found through the registry as the app finds a game's rules: a shared
test asks ``tables(slug)`` (``tests/games/<pkg>/tables.py``, or ``<package>.tables`` for a game
kept outside the app such as tests/tiny_game) and never names a game. A new game adds its
tables beside its own tests; no shared test file changes (docs/adding-a-game.md).

A game's example record lives in its own page, ``docs/games/<slug>.md``, in the section
"Exported record" (docs/record-format.md says why it is there).
"""
from __future__ import annotations

import json
import re
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Any

from companion.games import GAMES, PACKAGES

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "games"
DAY = "2026-11-20"  # the day a result from paper was played (tests/result/)


def tables(slug: str) -> ModuleType:
    package = PACKAGES[slug]
    if package.startswith("companion.games."):
        return import_module(f"tests.games.{package.rsplit('.', 1)[-1]}.tables")
    return import_module(f"{package}.tables")


def table(name: str) -> dict[str, Any]:
    """The table ``name`` of every registered game that keeps one, by slug."""
    found = {}
    for slug in GAMES:
        module = tables(slug)
        if hasattr(module, name):
            found[slug] = getattr(module, name)
    return found


def page(slug: str) -> str:
    return (DOCS / f"{slug}.md").read_text(encoding="utf-8")


def exported_record(slug: str) -> dict[str, Any]:
    """The game's example record as the app exports it: the JSON block of its page's section
    "Exported record"."""
    found = re.search(r"^## Exported record\n.*?```json\n(.*?)\n```", page(slug), re.S | re.M)
    assert found, f"docs/games/{slug}.md has no exported record"
    return dict(json.loads(found.group(1)))


def exported_records() -> dict[str, dict[str, Any]]:
    return {slug: exported_record(slug) for slug in GAMES}


def result_values(names: tuple[str, ...], scores: tuple[int | None, ...], won: set[int],
                  **extra: tuple[Any, ...]) -> dict[str, str]:
    """The rows of the form: ``extra`` maps a row field to its values by seat."""
    out = {"played_day": DAY}
    for seat, (name, score) in enumerate(zip(names, scores, strict=True)):
        out[f"players-{seat}-name"] = name
        out[f"players-{seat}-score"] = "" if score is None else str(score)
        if seat in won:
            out[f"players-{seat}-won"] = "y"
        for key, by_seat in extra.items():
            if by_seat[seat] is not None:
                out[f"players-{seat}-{key}"] = str(by_seat[seat])
    return out
