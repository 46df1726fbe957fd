"""The rules of each game, pure Python: no Flask, TinyDB or WeasyPrint in here."""
from __future__ import annotations

from .base import Game
from .beutelschneider import GAME as BEUTELSCHNEIDER
from .treasure import GAME as TREASURE

GAMES: dict[str, Game] = {g.slug: g for g in (BEUTELSCHNEIDER, TREASURE)}


def get_game(slug: str) -> Game:
    try:
        return GAMES[slug]
    except KeyError:
        raise LookupError(f"no game {slug!r}") from None
