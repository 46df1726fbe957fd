"""The games, each one package: its rules (``GAME``) and the shapes of its entries and settings
(``shapes``), pure Python (no Flask, TinyDB or WeasyPrint); beside them, in the same package,
its phone (``web``: ``ADAPTER``, and ``bp`` if it has pages of its own) and, in
templates/games/<slug>/, its templates.

This registry is the one place outside a game's own folders that names the games: every other
layer asks the game found here (``GAMES[slug]``, ``PACKAGES[slug]``), never names one.
docs/adding-a-game.md says what a new game provides.
"""
from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from importlib.util import find_spec
from types import ModuleType
from typing import Any, cast

from . import schema
from .base import Game, Msg, Paper

# The games this app plays, in the order the pages offer them: each game's package.
REGISTERED = (
    "companion.games.beutezug",
    "companion.games.beutelschneider",
    "companion.games.treasure",
    "companion.games.scoot",
    "companion.games.own",  # a game of the table's own: docs/adding-a-game.md's worked example
)

GAMES: dict[str, Game[Any]] = {}  # slug -> its rules, with its final result entered from paper
SHAPES: dict[str, ModuleType] = {}  # slug -> its entry kinds and settings (docs/games/)
PACKAGES: dict[str, str] = {}  # slug -> its package


class IncompleteGame(ValueError):
    """A game package without a part every game needs (docs/adding-a-game.md), named."""

    def __init__(self, package: str, missing: list[str]) -> None:
        super().__init__(f"{package} cannot be registered: it has no {'; no '.join(missing)} "
                         "(docs/adding-a-game.md, \"What a new game adds\")")


def missing_parts(package: str) -> list[str]:
    """The required parts ``package`` lacks: each page of the app asks them of every game, so
    a game without one would answer 500 somewhere (the printables without ``paper``)."""
    module = import_module(package)
    game = getattr(module, "GAME", None)
    if not isinstance(game, Game):
        return ["GAME (its Game instance, in __init__.py)"]
    missing = [f"GAME.{name}" for name in ("slug", "title", "min_players", "max_players")
               if not hasattr(game, name)]
    if not isinstance(getattr(game, "paper", None), Paper):
        missing.append("GAME.paper (its Paper, in paper.py, with templates/games/<slug>/print/)")
    if find_spec(f"{package}.shapes") is None:
        missing.append("shapes.py (ENTRIES and SETTINGS)")
    else:
        shapes = import_module(f"{package}.shapes")
        missing += [f"shapes.{name}" for name in ("ENTRIES", "SETTINGS") if not hasattr(shapes, name)]
    # Its phone is web/__init__.py's ADAPTER; found, not imported: the rules stay free of Flask.
    if find_spec(f"{package}.web") is None:
        missing.append("web/__init__.py (its ADAPTER)")
    return missing


def register(package: str) -> Game[Any]:
    """Add the game of ``package`` (its ``GAME`` and ``shapes``): the registry's games and,
    for a test, a game kept outside (tests/tiny_game). A package without a required part is
    refused with the parts it lacks named (``IncompleteGame``)."""
    if missing := missing_parts(package):
        raise IncompleteGame(package, missing)
    game = cast(Game[Any], import_module(package).GAME)
    GAMES[game.slug] = game
    SHAPES[game.slug] = import_module(f"{package}.shapes")
    PACKAGES[game.slug] = package
    return game


def unregister(slug: str) -> None:
    for table in (GAMES, SHAPES, PACKAGES):
        table.pop(slug, None)


for _package in REGISTERED:
    register(_package)


def entry_problem(slug: str, kind: str, data: Mapping[str, Any]) -> tuple[str, Msg] | None:
    """Where an entry's data leaves its kind's documented shape (``schema.problem``); an
    unknown kind is the rules' to refuse."""
    shape = SHAPES[slug].ENTRIES.get(kind)
    return None if shape is None else schema.problem(data, shape)


def settings_problem(slug: str, settings: Mapping[str, Any]) -> tuple[str, Msg] | None:
    return schema.problem(settings, SHAPES[slug].SETTINGS)


def get_game(slug: str) -> Game[Any]:
    try:
        return GAMES[slug]
    except KeyError:
        raise LookupError(f"no game {slug!r}") from None
