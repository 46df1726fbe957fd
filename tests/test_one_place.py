"""A game is one place: outside its package (companion/games/<pkg>/), its templates
(templates/games/<slug>/) and the registry (companion/games/__init__.py), no code names a game,
neither by its slug nor by its package. The shared layers ask the registry and the game.

Read: the app's code, templates, scripts and stylesheets. Not read: tests and bench (they play
particular games on purpose), docs (docs/games/<slug>.md is each game's own page) and the
translation catalogs (the messages' words and where they come from). A game's stylesheet is
found by the pattern static/css/<slug>.css, so the file's name is no naming of it in code.
"""
from __future__ import annotations

import re
from pathlib import Path

from companion.games import GAMES, PACKAGES

ROOT = Path(__file__).resolve().parents[1]
READ = ("companion/**/*.py", "templates/**/*.html", "templates/**/*.js", "static/**/*.js",
        "static/**/*.css")


def own_folders() -> tuple[str, ...]:
    packages = {name.rsplit(".", 1)[-1] for name in PACKAGES.values() if name.startswith("companion.games.")}
    return ("companion/games/__init__.py", *(f"companion/games/{p}/" for p in packages),
            *(f"templates/games/{slug}/" for slug in GAMES))


def naming() -> re.Pattern[str]:
    slugs = "|".join(re.escape(slug) for slug in GAMES)
    packages = "|".join(re.escape(p.rsplit(".", 1)[-1]) for p in PACKAGES.values())
    # A slug anywhere; a package as a module path (games.scoot, from .games.scoot import).
    return re.compile(rf"(?<![\w-])({slugs})(?![\w-])|\bgames[./]({packages})\b")


def names_a_game(skip: tuple[str, ...]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    pattern = naming()
    for glob in READ:
        for path in sorted(ROOT.glob(glob)):
            name = path.relative_to(ROOT).as_posix()
            if name.startswith(skip) or "/translations/" in name:
                continue
            hits = [m.group(0) for m in pattern.finditer(path.read_text(encoding="utf-8"))]
            if hits:
                found[name] = sorted(set(hits))
    return found


def test_no_code_outside_a_games_own_folders_names_a_game():
    assert names_a_game(own_folders()) == {}


def test_the_check_sees_a_game_named_outside_its_folders():
    # The shared templates and views, read with the games' own folders not skipped: the check
    # finds the games there, so it would find one named anywhere else.
    found = names_a_game(())
    assert any(name.startswith("templates/games/") for name in found)
    assert "companion/games/__init__.py" in found
    assert any(name.startswith("companion/games/scoot/") for name in found)
