"""Higher Card on paper: a blank sheet of rounds with a totals row, the filled sheet's rounds."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.base import Game, Paper, Say

from .state import TARGET, State

# A game to three points takes at most a few rounds more than five (equal cards score nothing).
SHEET_ROWS = 10


class HigherCardPaper(Paper):
    def facts(self, players: int) -> dict[str, object]:
        return {"rows": SHEET_ROWS, "target": TARGET}

    def detail(self, game: Game[Any], state: State, record: Mapping[str, Any], finished: bool,
               say: Say) -> dict[str, object]:
        return {"rounds": [{"no": n + 1, "totals": list(totals)} for n, totals in enumerate(state.totals)]}


PAPER = HigherCardPaper()
