"""Higher Card: two players each turn up a card (1 to 13); the higher card scores a point,
equal cards score nothing; the first to three points wins."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.base import Expect, Game, Msg, Outcome, RulesError, Standing, as_int, msg, ranked
from companion.markers import N_

from .paper import PAPER
from .state import TARGET, State

HIGHEST = 13


class HigherCard(Game[State]):
    slug = "higher-card"
    decisions: Mapping[str, str] = {"target": N_("First to %(n)s points.")}
    title = "Higher Card"
    min_players = 2
    max_players = 2
    # Its paper imports its State: State lives in state.py, so paper.py and rules.py do not
    # import each other (docs/adding-a-game.md).
    paper = PAPER

    def setup(self, players: Sequence[str], settings: Mapping[str, Any]) -> dict[str, Any]:
        if errors := self.player_count_errors(players):
            raise RulesError(errors)
        return {}

    def start(self, players: Sequence[str], settings: Mapping[str, Any]) -> State:
        return State(tuple(players))

    def apply(self, state: State, kind: str, data: Mapping[str, Any]) -> State:
        if kind != "round":
            raise RulesError(msg(N_("Unknown entry kind %(kind)s."), kind=kind))
        if self.outcome(state) is not None:
            raise RulesError(msg(N_("The game is over: no more rounds.")))
        # The record checked the entry's shape first (shapes.py): ``cards`` is a list of whole
        # numbers. What they mean is the rules' to check.
        cards: list[int] = data["cards"]
        if len(cards) != len(state.players):
            raise RulesError({"cards": msg(N_("Enter one card per player."))})
        errors: dict[str, Msg] = {}
        values = [as_int({"v": c}, "v", errors, f"cards.{seat}", lo=1, hi=HIGHEST)
                  for seat, c in enumerate(cards)]
        if errors:
            raise RulesError(errors)
        won = [int(v == max(values) and values.count(v) == 1) for v in values]
        return State(state.players, state.totals + (tuple(p + w for p, w in zip(state.points, won, strict=True)),))

    def expect(self, state: State) -> Expect | None:
        return None if self.outcome(state) else Expect("round", msg(N_("Turn up a card each")))

    def standings(self, state: State) -> list[Standing]:
        return ranked(list(enumerate(state.points)))

    def outcome(self, state: State) -> Outcome | None:
        winners = tuple(seat for seat, p in enumerate(state.points) if p >= TARGET)
        return self.decided(winners, "target", n=TARGET) if winners else None

    def totals_by_round(self, state: State) -> list[list[int]]:
        return [list(t) for t in state.totals]


GAME = HigherCard()
