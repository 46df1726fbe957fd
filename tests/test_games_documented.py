"""Everything a game accepts is documented: every entry kind and every setting key of each game
appears in its page in docs/games/, and a page documents nothing the game does not accept.

The entry kinds are not taken from a list someone keeps: every string in a game's package is
offered to its rules as an entry kind, and those not refused as unknown are the kinds it
accepts. A new kind, setting or Beutelschneider event without a line in the docs fails here.
"""
from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

from companion.games import GAMES
from companion.games.base import Game, RulesError
from companion.games.beutelschneider.rules import EVENT_KEYS

DOCS = Path(__file__).resolve().parents[1] / "docs" / "games"
UNKNOWN = "Unknown entry kind %(kind)s."


def page(slug: str) -> str:
    return (DOCS / f"{slug}.md").read_text(encoding="utf-8")


def section(text: str, title: str) -> str:
    found = re.search(rf"^## {title}\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    assert found, f"no section {title!r}"
    return found.group(1)


def strings_in_package(game: Game) -> set[str]:
    folder = Path(sys.modules[type(game).__module__].__file__ or "").parent
    return {node.value for path in folder.glob("*.py")
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)}


def players(game: Game) -> list[str]:
    return [f"P{i}" for i in range(game.min_players)]


def accepted_kinds(game: Game) -> set[str]:
    start = game.start(players(game), {})
    kinds = set()
    for candidate in strings_in_package(game):
        try:
            game.apply(start, candidate, {})
        except RulesError as error:
            if any(m.text == UNKNOWN for m in error.errors.values()):
                continue
        except KeyError:
            # Past the unknown kind's refusal: the rules read a kind's fields as its shape has
            # them (the record checks the shape first), and {} has none of them.
            pass
        kinds.add(candidate)
    return kinds


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_entry_kind_the_game_accepts_has_its_section_and_no_other(slug):
    game = GAMES[slug]
    accepted = accepted_kinds(game)
    assert accepted, "the probe found no entry kind at all"
    documented = set(re.findall(r"^### `(\w+)`", page(slug), re.M))
    assert sorted(accepted - documented) == [], "accepted but not documented"
    assert sorted(documented - accepted) == [], "documented but not accepted"


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_setting_key_is_a_row_of_the_settings_table_and_no_other(slug):
    game = GAMES[slug]
    keys = set(game.setup(players(game), {}))
    table = section(page(slug), "Settings")
    rows = set(re.findall(r"^\| `(\w+)` \|", table, re.M))
    assert sorted(keys - rows) == [], "set up but not documented"
    # A key kept only where set (the own game's `cooperative`) is a row that says it is optional.
    optional = set(re.findall(r"^\| `(\w+)` \| [^|]*optional", table, re.M))
    assert sorted(rows - keys - optional) == [], "documented but never set up"


def test_every_field_of_a_beutelschneider_hand_is_documented():
    text = section(page("beutelschneider"), "Entry kinds")
    for field in ("players", "players.N.gold", "players.N.cutpurses", "players.N.events",
                  "players.N.other", "set_aside", "alchemist", "choice"):
        assert f"| `{field}` |" in text, field
    for key in EVENT_KEYS:
        assert f"| `{key}` |" in text, key


def test_the_probe_tells_an_accepted_kind_from_an_unknown_one():
    game = GAMES["beutelschneider"]
    assert accepted_kinds(game) == {"hand", "tie_choice", "result"}  # result: a game played on paper
