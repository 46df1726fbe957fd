"""Beutelschneider on paper: the numbers its sheet and rules reference look up, and the rows
of a filled sheet (a hand per row: its dealer, each seat's gold, cutpurses, special points,
the hand's points and the running total)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import N_, Game, Paper, Say
from ..paper import BLANK_ROWS, Entry, beyond_the_grid, log_rounds
from . import rules
from .rules import State

# Hands to the default limit: more players, fewer points each per hand, longer games. Five
# players' twenty hands take denser rows, so the grid and its key still share one page.
HAND_ROWS = {3: 12, 4: 13, 5: 20}


def hand_in_grid(entry: Entry) -> bool:
    """A hand's row in the grid is the whole hand (gold, cutpurses, special points, the
    total): its log line would say it again. Not so when it was corrected (the line is
    marked) or had the Alchemist (the grid does not show it)."""
    return (entry["kind"] == "hand" and not entry.get("edits")
            and not entry["data"].get("alchemist"))


class BeutelschneiderPaper(Paper):
    landscape = True
    axis = N_("Hand")
    round_label = N_("Hand %(n)s")
    round_kind = "hand"

    def facts(self, players: int) -> dict[str, object]:
        return {
            "cards_dealt": rules.CARDS_DEALT, "dealt": rules.CARDS_DEALT.get(players),
            "trumps_left_out": rules.TRUMPS_LEFT_OUT, "left_out": rules.TRUMPS_LEFT_OUT.get(players, ()),
            "penalty": rules.CUTPURSE_PENALTY, "special_step": rules.SPECIAL_STEP,
            "gold_in_deck": rules.GOLD_IN_DECK, "limit": rules.SETTINGS_DEFAULTS["limit"],
            "cutpurses": rules.SETTINGS_DEFAULTS["cutpurses_in_deck"], "events": rules.EVENTS,
            "authorities": rules.AUTHORITIES, "hand_rows": HAND_ROWS.get(players, 12),
        }

    def detail(self, game: Game[Any], state: State, record: Mapping[str, Any], finished: bool,
               say: Say) -> dict[str, object]:
        players, entries = record["players"], record["entries"]
        totals = game.totals_by_round(state)
        hands = [{"no": h + 1, "dealer": players[state.dealer_of(h)],
                  "cells": list(zip(hand.gold, hand.cutpurses, hand.special, hand.scores, totals[h],
                                    strict=True))}
                 for h, hand in enumerate(state.hands)]
        log = log_rounds(game, players, record["settings"], entries)
        return {"hands": hands, "limit": state.limit, "blank_rows": 0 if finished else BLANK_ROWS,
                "log": beyond_the_grid(log, hand_in_grid), "log_in_grid": any(map(hand_in_grid, entries))}


PAPER = BeutelschneiderPaper()
