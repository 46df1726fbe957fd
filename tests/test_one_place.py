"""A game is one place: outside its package (companion/games/<pkg>/), its templates
(templates/games/<slug>/) and the registry (companion/games/__init__.py), no code names a game,
neither by its slug nor by its package nor by its characters and cards (each game's
``OWN_NAMES``, tests/games/<pkg>/tables.py). The shared layers ask the registry and the game.

The tests and docs too: a shared test that runs over the registry's games (``GAMES``, or
tests/games/tables.py) keeps no table keyed by a game and no branch for one; it asks the game's
tables in tests/games/<pkg>/. A game's example record is in its own page, docs/games/<slug>.md,
and no other doc holds one. Tests that play one particular game on purpose, by its slug, and
their own lists of games (the browser walks) are not tables of the registry's games.

Not read: bench, the translation catalogs (the messages' words and where they come from). A
game's stylesheet is found by the pattern static/css/<slug>.css, so the file's name is no
naming of it in code.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from companion.games import GAMES, PACKAGES
from tests.games.tables import table

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
    names = "|".join(re.escape(name) for names in table("OWN_NAMES").values() for name in names)
    # A slug anywhere; a package as a module path (games.scoot, from .games.scoot import); a
    # game's own character or card, as a word.
    return re.compile(rf"(?<![\w-])({slugs})(?![\w-])|\bgames[./]({packages})\b|\b({names})\b")


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


def test_every_game_names_its_own_characters_and_cards():
    # The names the check looks for are the games' own: each is in its game's own code or templates.
    for slug, names in table("OWN_NAMES").items():
        own = " ".join(path.read_text(encoding="utf-8") for folder in own_folders()
                       if folder.endswith(("/" + PACKAGES[slug].rsplit(".", 1)[-1] + "/", f"/{slug}/"))
                       for path in (ROOT / folder).rglob("*") if path.suffix in (".py", ".html"))
        for name in names:
            assert name in own, (slug, name)


def test_a_character_named_in_shared_code_is_seen(tmp_path):
    pattern = naming()
    assert pattern.search("# Raoul takes the chest") and pattern.search("a Hireling")
    assert not pattern.search("a rule and a sheet")


# -- tests and docs ----------------------------------------------------------------------------

def game_tables() -> re.Pattern[str]:
    """A table keyed by a game (``"slug": …``, ``("slug", "en"): …``) or a branch for one
    (``slug == "slug"``)."""
    slugs = "|".join(re.escape(slug) for slug in GAMES)
    return re.compile(rf"""["']({slugs})["']\s*:|==\s*["']({slugs})["']|\(["']({slugs})["'],\s*["']\w+["']\)\s*:""")


def own_test_folders() -> tuple[str, ...]:
    return tuple(f"tests/games/{p.rsplit('.', 1)[-1]}/" for p in PACKAGES.values()
                 if p.startswith("companion.games.")) + ("tests/tiny_game/",)


def over_the_registry(text: str) -> bool:
    return bool(re.search(r"from companion\.games import [^\n]*\bGAMES\b|from tests\.games\.tables import", text))


def shared_tests_with_game_tables() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    pattern = game_tables()
    for path in sorted((ROOT / "tests").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        text = path.read_text(encoding="utf-8")
        if name.startswith(own_test_folders()) or not over_the_registry(text):
            continue
        hits = sorted({m.group(0) for m in pattern.finditer(text)})
        if hits:
            found[name] = hits
    return found


def test_no_shared_test_over_the_registrys_games_keeps_a_table_of_them():
    assert shared_tests_with_game_tables() == {}


def test_the_check_sees_a_table_keyed_by_a_game():
    pattern, slug = game_tables(), next(iter(GAMES))   # written so that this file holds no table
    assert pattern.search(f'PAGES = {{"{slug}": 1}}') and pattern.search(f'if slug == "{slug}":')
    assert pattern.search(f'FACTS = {{("{slug}", "de"): []}}')
    assert not pattern.search(f'logged("{slug}")')
    assert over_the_registry("from companion.games import GAMES, get_game\n")


def records_in_docs() -> dict[str, list[str]]:
    """Each doc with a game record in it (a JSON block with a ``game``), and the games."""
    found: dict[str, list[str]] = {}
    for path in sorted((ROOT / "docs").rglob("*.md")):
        for block in re.findall(r"```json\n(.*?)\n```", path.read_text(encoding="utf-8"), re.S):
            game = json.loads(block).get("game")
            if game in GAMES:
                found.setdefault(path.relative_to(ROOT).as_posix(), []).append(game)
    return found


def test_each_games_example_records_are_in_its_own_page_only():
    found = records_in_docs()
    for doc, games in found.items():
        assert all(doc == f"docs/games/{game}.md" for game in games), (doc, games)
    # Every game has its page with its records (a short one to import, the export).
    assert sorted(found) == sorted(f"docs/games/{slug}.md" for slug in GAMES)
