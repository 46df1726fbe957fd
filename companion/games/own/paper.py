"""An own game on paper: a blank sheet of rounds with a totals row (its name written in), and the
filled sheet's rows: each round's scores with the running totals, or the final scores or places."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import N_, Game, Paper, Say
from ..paper import BLANK_ROWS, Entry, beyond_the_grid, log_rounds
from .state import ROUNDS, State

# A blank sheet's rounds: an evening's game of rounds, on one page turned sideways.
SHEET_ROWS = 16


def round_in_grid(entry: Entry) -> bool:
    """A round's row in the grid is the whole round: its log line would say it again (not so
    when it was corrected: the line is marked)."""
    return entry["kind"] == "round" and not entry.get("edits")


class OwnPaper(Paper):
    # Sideways: twelve seats' columns keep a name unbroken (15 mm each upright, 23 sideways).
    landscape = True
    named = True
    axis = N_("Round")
    round_label = N_("Round %(n)s")
    round_kind = "round"

    def facts(self, players: int) -> dict[str, object]:
        return {"rows": SHEET_ROWS}

    def detail(self, game: Game[Any], state: State, record: Mapping[str, Any], finished: bool,
               say: Say) -> dict[str, object]:
        totals = game.totals_by_round(state)
        rounds = [{"no": n + 1, "cells": list(zip(scores, totals[n], strict=True))}
                  for n, scores in enumerate(state.rounds)]
        log = log_rounds(game, record["players"], record["settings"], record["entries"])
        return {"name": game.name(record["settings"]), "scoring": state.scoring, "wins": state.wins,
                "target": state.target, "rounds": rounds, "totals": list(state.totals),
                "by_rounds": state.scoring == ROUNDS,
                "blank_rows": BLANK_ROWS if state.scoring == ROUNDS and not finished else 0,
                "log": beyond_the_grid(log, round_in_grid), "log_in_grid": any(map(round_in_grid, record["entries"]))}


PAPER = OwnPaper()
