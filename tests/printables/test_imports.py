"""The print code's layers: the renderer below the render pool, and the shared print code
asking each game's ``paper`` rather than naming a game."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion.games import GAMES

ROOT = Path(__file__).resolve().parents[2]
SHARED = ["companion/printing/sheets.py", "companion/views/printables.py",
          *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "templates/print").rglob("*.html"))]


def imported(path: str) -> set[str]:
    """The modules a file imports, relative ones as written (``.printing``, ``..games``)."""
    out = set()
    for node in ast.walk(ast.parse((ROOT / path).read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            out |= {base} if node.module else {base + alias.name for alias in node.names}
        elif isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
    return out


def test_the_renderer_does_not_import_the_pool_that_runs_it():
    # printing starts the workers that import pdf; pdf reads the papers and the static
    # folder from below both.
    assert not {m for m in imported("companion/printing/pdf.py") if m.endswith("printing")}
    assert not {m for m in imported("companion/printing/glyphs.py") if m.endswith("printing")}


@pytest.mark.parametrize("path", SHARED)
def test_the_shared_print_code_names_no_game(path):
    text = (ROOT / path).read_text(encoding="utf-8")
    assert [slug for slug in GAMES if slug in text] == []
    if path.endswith(".py"):
        packages = {type(game).__module__.split(".")[2] for game in GAMES.values()}
        assert [m for m in imported(path) if any(f"games.{p}" in m for p in packages)] == []
