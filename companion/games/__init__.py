"""The rules of each game, pure Python: no Flask, TinyDB or WeasyPrint in here."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import schema
from .base import Game, Msg
from .beutelschneider import shapes as beutelschneider_shapes
from .beutelschneider.result import GAME as BEUTELSCHNEIDER
from .beutezug import shapes as beutezug_shapes
from .beutezug.result import GAME as BEUTEZUG
from .scoot import shapes as scoot_shapes
from .scoot.result import GAME as LOOT_AND_SCOOT
from .treasure import shapes as treasure_shapes
from .treasure.result import GAME as GIVE_ME_THE_TREASURE

# Each game's rules with its final result entered from paper (``result``) besides its own entries.
GAMES: dict[str, Game[Any]] = {g.slug: g for g in (
    BEUTEZUG, BEUTELSCHNEIDER, GIVE_ME_THE_TREASURE, LOOT_AND_SCOOT)}
# Each game's entry kinds and settings as its doc in docs/games/ describes them.
SHAPES = {BEUTEZUG.slug: beutezug_shapes, BEUTELSCHNEIDER.slug: beutelschneider_shapes,
          GIVE_ME_THE_TREASURE.slug: treasure_shapes, LOOT_AND_SCOOT.slug: scoot_shapes}


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
