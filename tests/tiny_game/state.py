"""Higher Card's state, read by its rules and its paper (a module of its own, so that neither
imports the other)."""
from __future__ import annotations

from dataclasses import dataclass

TARGET = 3


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    totals: tuple[tuple[int, ...], ...] = ()  # the points after each round

    @property
    def points(self) -> tuple[int, ...]:
        return self.totals[-1] if self.totals else (0,) * len(self.players)
