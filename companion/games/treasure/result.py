"""A Give Me The Treasure game played on paper, entered as each side's final coins (see
..result).

Teammates share their side's coins, so each of them is entered with the same. The game ends
at the Inspection that finds a side at the target (20; teams 30) with more coins than the
other; equal coins there mean another turn, so a result never ends on them. Pat, the Police
Dog, wins at once whatever the coins: which side turned him the coins do not show, so there
the table ticks the winners; elsewhere the coins name them.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import N_, Msg, RulesError, msg
from ..result import Final, ResultRules, check_winners, named, places, rows, scores
from .paper import PAPER
from .rules import GiveMeTheTreasure, State


class Game(ResultRules, GiveMeTheTreasure):
    paper = PAPER

    def fresh(self, state: State) -> bool:
        return not state.bandits and not state.turns and not state.corrections

    def check_result(self, state: State, data: Mapping[str, Any]) -> Final:
        n, errors = len(state.players), dict[str, Msg]()
        table = rows(data, n, errors)
        seat_coins = scores(table, errors, 0, None)
        given = named(data, n, errors)
        pat = data.get("pat", False)
        if "players" in errors:
            raise RulesError(errors)
        coins = []
        for members in state.sides:
            first, *others = members
            for seat in others:
                if seat_coins[seat] != seat_coins[first] and f"players.{seat}.score" not in errors:
                    errors[f"players.{seat}.score"] = msg(N_(
                        "%(player)s shares the side's coins with %(mate)s: enter the same %(coins)s."),
                        player=state.players[seat], mate=state.players[first], coins=seat_coins[first])
            coins.append(seat_coins[first])
        sides = state.sides
        side_of = {seat: side for side, members in enumerate(sides) for seat in members}
        best: int | None = None
        if pat:  # which side turned Pat, no coin count shows: the table ticks it
            sides_named = {side_of[s] for s in given}
            if len(sides_named) != 1:
                errors["winners"] = msg(N_("Pat makes one side win: tick its players."))
            else:
                best = sides_named.pop()
                decided = self.decided(sorted(sides[best]), "pat")
        elif not any(key.startswith("players") for key in errors):
            best = 0 if coins[0] > coins[1] else 1
            where = f"players.{sides[best][0]}.score"
            if coins[0] == coins[1]:
                # No winner: the rules start another turn, so a final result never has them.
                errors[where] = msg(N_(
                    "Equal coins do not end the game (at or over %(target)s they mean another turn): "
                    "enter the coins at the end."), target=state.target)
                best = None
            elif coins[best] < state.target:
                errors[where] = msg(N_(
                    "The game ends at the Inspection that finds a side at %(target)s coins; the most "
                    "here is %(coins)s."), target=state.target, coins=coins[best])
                best = None
            else:
                decided = self.decided(sorted(sides[best]), "most-coins" if min(coins) >= state.target
                                       else "target", target=state.target)
        if best is not None and not errors:
            check_winners(state.players, given, sides[best], decided.words, errors)
        if errors or best is None:
            raise RulesError(errors)
        order = list(sides[best]) + list(sides[1 - best])
        notes = {s: msg(N_("Pat, the Police Dog won the game at once.")) for s in sides[best]} if pat else {}
        return Final(state.players, places(order, lambda s: side_of[s], seat_coins, notes), decided,
                     N_("Coins"))


GAME = Game()
