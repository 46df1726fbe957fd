"""The rules of each game, pure Python: no Flask, TinyDB or WeasyPrint in here."""
from __future__ import annotations

from .base import Game
from .beutelschneider import GAME as BEUTELSCHNEIDER
from .beutezug import GAME as BEUTEZUG
from .scoot import GAME as LOOT_AND_SCOOT
from .treasure import GAME as GIVE_ME_THE_TREASURE

GAMES: dict[str, Game] = {g.slug: g for g in (
    BEUTEZUG, BEUTELSCHNEIDER, GIVE_ME_THE_TREASURE, LOOT_AND_SCOOT)}


def get_game(slug: str) -> Game:
    try:
        return GAMES[slug]
    except KeyError:
        raise LookupError(f"no game {slug!r}") from None
