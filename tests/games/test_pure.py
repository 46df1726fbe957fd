"""The rules are pure Python: no module of a game's package (its ``web`` aside) and none of the
shared rules modules imports Flask, WTForms, TinyDB, WeasyPrint or the app around them, so they
read beside the rulebook and run anywhere."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[2] / "companion" / "games"
WEB = ("flask", "flask_wtf", "flask_babel", "wtforms", "werkzeug", "jinja2", "markupsafe",
       "tinydb", "weasyprint")


def rules_modules() -> list[Path]:
    return sorted(p for p in GAMES.rglob("*.py") if "web" not in p.relative_to(GAMES).parts)


def imported(path: Path) -> list[str]:
    """Every module ``path`` imports, relative imports made absolute."""
    package = ["companion", *path.relative_to(GAMES.parent).parent.parts]
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            out.append(".".join([*base, *([node.module] if node.module else [])]))
    return out


@pytest.mark.parametrize("path", rules_modules(), ids=lambda p: p.relative_to(GAMES).as_posix())
def test_a_rules_module_imports_no_web_store_or_print_library_and_nothing_of_the_app(path):
    for name in imported(path):
        assert name.split(".")[0] not in WEB, name
        if name.startswith("companion."):
            assert name.startswith(("companion.games", "companion.markers")), name
            assert ".web" not in name, name


def test_the_check_reads_relative_imports_and_sees_a_web_package():
    web = GAMES / "beutezug" / "web" / "views.py"
    names = imported(web)
    assert "flask" in names and "companion.forms.adapter" in names and "companion.games.beutezug.rules" in names
    assert GAMES / "beutezug" / "rules.py" in rules_modules() and web not in rules_modules()
