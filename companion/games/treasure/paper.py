"""Give Me The Treasure on paper: the numbers its sheet and rules reference look up (the
Black Market, the Bandits, the chest limits, ...), and the rows of a filled sheet (a turn per
row, each side's coins and what made them)."""
from __future__ import annotations

import math
from collections.abc import Mapping
from functools import partial
from typing import Any

from ..base import N_, Game, Paper, Say
from ..paper import BLANK_ROWS, log_rounds
from . import market, rules, turn
from .rules import State

# Turns to 20 coins for two and to 30 for three or four, as many as fit the page above the
# sheet's reference (a row fewer for each seat of the setup table; Letter is 18 mm shorter
# than A4): the reference moved to a page of its own for 3 and 4 players at 20 rows.
TURN_ROWS = {2: {"a4": 14, "letter": 14}, 3: {"a4": 17, "letter": 14}, 4: {"a4": 16, "letter": 13}}
# A turn's row (dense grid), and a line of a name in the setup table and in a side's head.
ROW_MM, SETUP_LINE_MM, HEAD_LINE_MM = 5.9, 3.2, 3.6


class TreasurePaper(Paper):
    axis = N_("Turn")
    round_label = N_("Turn %(n)s")
    round_kind = "turn"

    def facts(self, players: int) -> dict[str, object]:
        return {
            "market": [(market.KIND_LABELS[k], size, example, coins)
                       for k, size, example, coins in market.BLACK_MARKET_ROWS],
            "bandits": [(market.BANDITS[k], market.BANDIT_SKILLS[k]) for k in market.BANDITS],
            "reinforcements": market.REINFORCEMENTS, "reinforcement_coins": market.REINFORCEMENT_COINS,
            "chest_limit": rules.CHEST_LIMIT, "team_chest_limit": rules.TEAM_CHEST_LIMIT,
            "target": rules.TEAM_TARGET if players > 2 else rules.TARGET,
            "duel_target": rules.TARGET, "team_target": rules.TEAM_TARGET,
            "starting_coins": rules.STARTING_COINS, "dealt": rules.DEALT_PER_SIDE,
            "kept": rules.KEPT_PER_SIDE, "cursed_pay": turn.CURSED_PAY,
            "cursed_paintings": turn.CURSED_PAINTINGS, "joe": market.JOE_THRESHOLD,
            "mofette": market.MOFETTE_CURSED, "skill_coin": market.SKILL_COIN,
            "teams": rules.DEFAULT_TEAMS.get(players, rules.DEFAULT_TEAMS[2]),
            "turn_rows": TURN_ROWS.get(players, TURN_ROWS[4]),
            "fit_rows": partial(turn_rows, players),
            "loot_cards": len(market.ALL_CARDS), "colours": market.COLOUR_LABELS,
            "numbers": (market.NUMBERS[0], market.NUMBERS[-1]),
        }

    def detail(self, game: Game[Any], state: State, record: Mapping[str, Any], finished: bool,
               say: Say) -> dict[str, object]:
        players = record["players"]
        return {"turns": state.turns,
                "sides": [" & ".join(players[s] for s in state.sides[side]) for side in (0, 1)],
                "target": state.target, "corrections": state.corrections,
                "bandits": [market.BANDITS.get(b, b) for b in state.bandits],
                "log": log_rounds(game, players, record["settings"], record["entries"]),
                "blank_rows": 0 if finished else BLANK_ROWS}


def turn_rows(players: int, paper: str, setup_lines: list[int], head_lines: int) -> int:
    """The blank sheet's turns on ``paper``: a row fewer for each row's worth of lines the names
    take beyond one in the setup table (a 7 mm row holds two) and beyond one in a side's head."""
    extra = sum(max(0.0, lines * SETUP_LINE_MM + 1.2 - 7) for lines in setup_lines)
    extra += max(0, head_lines - 1) * HEAD_LINE_MM
    return TURN_ROWS.get(players, TURN_ROWS[4])[paper] - math.ceil(extra / ROW_MM)


PAPER = TreasurePaper()
