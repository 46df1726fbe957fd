"""The rules of each game, pure Python: no Flask, TinyDB or WeasyPrint in here."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import schema
from .base import Game, Msg
from .beutelschneider import GAME as BEUTELSCHNEIDER
from .beutelschneider import shapes as beutelschneider_shapes
from .beutezug import GAME as BEUTEZUG
from .beutezug import shapes as beutezug_shapes
from .scoot import GAME as LOOT_AND_SCOOT
from .scoot import shapes as scoot_shapes
from .treasure import GAME as GIVE_ME_THE_TREASURE
from .treasure import shapes as treasure_shapes

GAMES: dict[str, Game] = {g.slug: g for g in (
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


def get_game(slug: str) -> Game:
    try:
        return GAMES[slug]
    except KeyError:
        raise LookupError(f"no game {slug!r}") from None
