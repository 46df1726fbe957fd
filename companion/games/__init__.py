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
from types import ModuleType
from typing import Any, cast

from . import schema
from .base import Game, Msg

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


def register(package: str) -> Game[Any]:
    """Add the game of ``package`` (its ``GAME`` and ``shapes``): the registry's games and,
    for a test, a game kept outside (tests/tiny_game)."""
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
