"""What a game of the table's own is: its settings' words and its state, read by the rules
(``rules``) and their explanations (``explained``)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..base import N_, Names, names_of

ROUNDS, FINAL, PLACES = "rounds", "final", "places"
SCORINGS = (ROUNDS, FINAL, PLACES)
HIGH, LOW = "high", "low"
SHARE, BREAK = "share", "break"
MAX_NAME = 40  # as a player's name (records.MAX_NAME): the game's name is one on a phone line
MOST_POINTS = 1_000_000  # a score's size, either way: beyond any game, within any sheet column
MOST_TARGET = 100_000
SETTINGS_DEFAULTS: dict[str, Any] = {
    "name": "", "scoring": ROUNDS, "wins": HIGH, "target": None, "ties": SHARE}
# The entry that ends the game, by scoring mode.
ENDING = {ROUNDS: "end", FINAL: "final", PLACES: "places"}


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    name: str
    scoring: str
    wins: str
    target: int | None
    ties: str
    rounds: tuple[tuple[int, ...], ...] = ()
    # Running totals (``rounds``), the final scores (``final``) or the places (``places``).
    totals: tuple[int, ...] = ()
    # The table said the game is over: its ``end``, ``final`` or ``places`` entry.
    closed: bool = False
    tie_winner: int | None = None
    tie_drawn: bool = False  # the app drew the tie-break, rather than the table naming one
    # The players play together against the game (BG Stats' "cooperative"): they all win,
    # or nobody does. Such a game is entered as its result (result.py).
    cooperative: bool = False

    @property
    def reached(self) -> bool:
        return self.target is not None and bool(self.rounds) and max(self.totals) >= self.target

    @property
    def over(self) -> bool:
        """No more scores: the table closed the game, or a round took a total to the target."""
        return self.closed or self.reached

    def key(self, seat: int) -> int:
        """Lower is better: places as they are, totals by ``wins``."""
        score = self.totals[seat]
        return -score if self.scoring != PLACES and self.wins == HIGH else score

    @property
    def top(self) -> tuple[int, ...]:
        best = min(self.key(s) for s in range(len(self.players)))
        return tuple(s for s in range(len(self.players)) if self.key(s) == best)


def names(state: State, seats: Sequence[int]) -> Names:
    return names_of(state.players, seats)


MODE_WORDS = {
    ROUNDS: N_("This game is scored round by round."),
    FINAL: N_("This game is scored by final scores only."),
    PLACES: N_("This game is scored by places, with no points."),
}
WINS_WORDS = {HIGH: N_("The highest total wins."), LOW: N_("The lowest total wins.")}
