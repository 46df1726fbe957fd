"""Give Me The Treasure on paper: the numbers its sheet and rules reference look up (the
Black Market, the Bandits, the chest limits, ...), and the rows of a filled sheet (a turn per
row, each side's coins and what made them)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import N_, Game, Paper, Say
from ..paper import BLANK_ROWS, log_rounds
from . import market, rules, turn
from .rules import State

# Turns to 20 coins for two and to 30 for three or four: the lengths of the games the table
# plays, as published pads count them.
TURN_ROWS = {2: 14, 3: 20, 4: 20}


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
            "turn_rows": TURN_ROWS.get(players, 20),
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


PAPER = TreasurePaper()
