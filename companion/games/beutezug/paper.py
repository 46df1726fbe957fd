"""Beutezug on paper: the numbers its sheet and rules reference look up, and the rows of a
filled sheet (a round per row, each seat's chip, loot, bonus and running total)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import Game, Paper, Say
from ..paper import log_rounds
from . import cards
from .rules import TIE_BROKEN_BY, State

PLUS_COLOURS = ("orange", "green", "black", "pink")


class BeutezugPaper(Paper):
    landscape = True
    round_kind = "round"

    def facts(self, players: int) -> dict[str, object]:
        marks = cards.BONUS_MARKS
        return {
            "rounds": cards.ROUNDS, "stacks": cards.STACK_SIZES, "loot_chips": cards.LOOT_CHIPS,
            "plus_colours": [c for c in cards.BONUSES if c in PLUS_COLOURS],
            "bonus_labels": cards.BONUS_LABELS, "marks": marks,
            "colour_marks": " ".join(marks[c] for c in cards.BONUSES if c in PLUS_COLOURS),
            "chip_bonuses": list(enumerate(cards.PLACEMENT_CHIP_BONUSES[:players], start=1)),
            "reroll_chip_bonus": cards.REROLL_CHIP_BONUS, "zero_card_loot": cards.ZERO_CARD_LOOT,
            "loot_range": cards.LOOT_RANGE, "tie_steps": TIE_BROKEN_BY,
        }

    def detail(self, game: Game[Any], state: State, record: Mapping[str, Any], finished: bool,
               say: Say) -> dict[str, object]:
        players, n = record["players"], len(record["players"])
        totals = game.totals_by_round(state)
        rounds = []
        for r, heists in enumerate(state.rounds):
            placement = state.placements[r] if r < len(state.placements) else ()
            by_seat = {h.seat: h for h in heists}
            cells = [{"chip": placement.index(seat) + 1 if seat in placement else None,
                      "heist": by_seat.get(seat), "total": totals[r][seat]} for seat in range(n)]
            rounds.append({"no": r + 1, "cells": cells,
                           "reroll": players[placement[-1]] if placement else ""})
        return {"rounds": rounds, "loot_chips": [state.loot_chip(s) for s in range(n)],
                "log": log_rounds(game, players, record["settings"], record["entries"]),
                "blank_rows": 0 if finished else max(0, cards.ROUNDS - len(rounds)),
                "marks": cards.BONUS_MARKS, "bonus_labels": cards.BONUS_LABELS}


PAPER = BeutezugPaper()
