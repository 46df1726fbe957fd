"""A game played on paper, entered as its final result: one entry of kind ``result``.

The table kept score on paper and wants the game in its history and statistics without
typing every hand. The result (each seat's final score, what the game's tie-break needs,
who won) is one entry, accepted only as the first and only one of a record, and it ends the
game: its state is a ``Final``, which every reading of the rules (standings, winner, what
comes next) answers from. Each game checks a result as far as a final score allows (its
``result.py``): totals some sequence of legal entries reaches, the limit or target reached
where the game ends at one, and the winners. The scores and the game's own tie-break name
them; the table ticks who won only where the rules leave it open (a coin flip, the dwarf, a
tie broken by the table) and may tick elsewhere to confirm, which the scores must agree with.
A game checks every row before it answers, so one refusal names everything wrong at once.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .base import (
    N_,
    Expect,
    Explanation,
    Game,
    Making,
    Msg,
    Names,
    Outcome,
    Part,
    RulesError,
    Standing,
    Why,
    as_int,
    msg,
    names_of,
)

RESULT = "result"
ENTERED = N_("Entered from the paper score sheet as the final result.")
# A tie at the top whose tie-break another app did not keep (a BG Stats play: no loot cards,
# no money): the result's ``tie_unrecorded`` says so, and the winners it names stand.
UNRECORDED = "unrecorded"
UNRECORDED_WORDS = N_("Equal at the top: the table decided, the tie-break was not recorded.")


def unrecorded_tie(data: Mapping[str, Any], given: Sequence[int], top: Sequence[int],
                   breaks: Iterable[Any]) -> list[int] | None:
    """The winners of a tie at the top taken as entered: those named among the tied (all of
    them, a shared win, where none is named; where a winner named is not tied, all of them,
    so that the winners' check names whom the points make the winners); None where the
    result does not say its tie-break went unrecorded, or where it gives any of the values
    the game's tie-break reads (``breaks``: the tied players' values, None for each not
    given), which the game's tie-break then decides by."""
    if data.get("tie_unrecorded") is not True or len(top) < 2 or any(b is not None for b in breaks):
        return None
    return list(given) if given and set(given) <= set(top) else list(top)


def with_unrecorded(decisions: Mapping[str, str]) -> dict[str, str]:
    """A game's ways of deciding a tie, and the tie-break another app did not record."""
    return {**decisions, UNRECORDED: UNRECORDED_WORDS}


@dataclass(frozen=True)
class Final:
    """The end of a game entered as its result: places, winners and what decided them."""

    players: tuple[str, ...]
    standings: tuple[Standing, ...]
    outcome: Outcome
    score_label: str


def rows(data: Mapping[str, Any], n: int, errors: dict[str, Msg]) -> list[Mapping[str, Any]]:
    """The result's rows, one per seat; an empty row for each one not sent, refused there."""
    given = data.get("players")
    if not isinstance(given, Sequence) or isinstance(given, str) or len(given) != n:
        errors["players"] = msg(N_("Enter a result for each of the %(n)s players."), n=n)
        return [{} for _ in range(n)]
    return [row if isinstance(row, Mapping) else {} for row in given]


def scores(table: Sequence[Mapping[str, Any]], errors: dict[str, Msg], lo: int | None,
           hi: int | None) -> list[int]:
    if "players" in errors:  # no rows to read: the row count is the message
        return [0] * len(table)
    return [as_int(row, "score", errors, f"players.{seat}.score", lo=lo, hi=hi)
            for seat, row in enumerate(table)]


def named(data: Mapping[str, Any], n: int, errors: dict[str, Msg]) -> tuple[int, ...]:
    """The winners the table names: distinct seats, or none (the scores name them)."""
    value = data.get("winners", [])
    if (not isinstance(value, list)
            or any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < n for s in value)
            or len(set(value)) != len(value)):
        errors["winners"] = msg(N_("Tick who won."))
        return ()
    return tuple(sorted(value))


def open_tie(given: Sequence[int], tied: Sequence[int]) -> list[int] | None:
    """The one of ``tied`` the table ticked, where the rules leave the winner to the table;
    None when it ticked no one of them, or more than one."""
    return list(given) if len(given) == 1 and given[0] in tied else None


def names(players: Sequence[str], seats: Sequence[int]) -> Names:
    return names_of(players, seats)


def check_winners(players: Sequence[str], given: Sequence[int], winners: Sequence[int],
                  decided_by: Msg, errors: dict[str, Msg]) -> None:
    """A named winner the scores contradict is refused, saying whom the rules make the winner
    (nobody named: the scores' winners stand)."""
    if given and "winners" not in errors and tuple(given) != tuple(sorted(winners)):
        errors["winners"] = msg(N_("By these scores %(players)s won. %(why)s Check the scores or who won."),
                                players=names(players, sorted(winners)), why=decided_by)


def places(order: Sequence[int], key: Callable[[int], Any], score: Sequence[int],
           notes: Mapping[int, Msg] | None = None) -> tuple[Standing, ...]:
    """Standings for seats in ``order`` (best first); equal ``key`` shares a place."""
    out: list[Standing] = []
    for i, seat in enumerate(order):
        shared = out and key(order[i - 1]) == key(seat)
        rank = out[-1].rank if shared else i + 1
        out.append(Standing(seat, rank, score[seat], note=(notes or {}).get(seat)))
    return tuple(out)


class ResultRules(Game[Any]):
    """What a game's rules add for a result: comes first among a game's bases, so a
    ``result`` entry and the ``Final`` state it makes are answered here, everything else by
    the game's own rules (the ``super()`` calls, which mypy cannot see are never Game's)."""

    takes_result = True

    def check_result(self, state: Any, data: Mapping[str, Any]) -> Final:
        """The result as a ``Final``; RulesError with a message per field otherwise."""
        raise NotImplementedError

    def fresh(self, state: Any) -> bool:
        """Nothing entered yet: only then can a result be the game's one entry."""
        raise NotImplementedError

    def apply(self, state: Any, kind: str, data: Mapping[str, Any]) -> Any:
        if isinstance(state, Final):
            raise RulesError(msg(N_("This game was entered as its final result: nothing comes after it.")))
        if kind == RESULT:
            if not self.fresh(state):
                raise RulesError(msg(N_("A final result can only be the first and only entry of a game.")))
            return self.check_result(state, data if isinstance(data, Mapping) else {})
        return super().apply(state, kind, data)  # type: ignore[safe-super]  # a game's own

    def expect(self, state: Any) -> Expect | None:
        return None if isinstance(state, Final) else super().expect(state)  # type: ignore[safe-super]

    def standings(self, state: Any) -> list[Standing]:
        return list(state.standings) if isinstance(state, Final) else super().standings(state)  # type: ignore[safe-super]

    def outcome(self, state: Any) -> Outcome | None:
        if isinstance(state, Final):
            return state.outcome
        return super().outcome(state)  # type: ignore[safe-super]

    def totals_by_round(self, state: Any) -> list[list[int]]:
        return [] if isinstance(state, Final) else super().totals_by_round(state)  # type: ignore[safe-super]

    def score_label(self, state: Any) -> str:
        return state.score_label if isinstance(state, Final) else super().score_label(state)

    def chart_label(self, state: Any) -> str:
        return N_("Totals by round") if isinstance(state, Final) else super().chart_label(state)

    def explanations(self, state: Any) -> dict[str, Explanation]:
        if not isinstance(state, Final):
            return super().explanations(state)
        out: dict[str, Explanation] = {}
        for s in state.standings:
            out[f"score/{s.seat}"] = Making(msg(N_("%(player)s's final score"), player=state.players[s.seat]),
                                            s.score, (Part(msg(N_("Final score")), s.score, 0),), msg(ENTERED))
            out[f"place/{s.seat}"] = Why(msg(N_("%(player)s's place"), player=state.players[s.seat]),
                                         msg(ENTERED), step=s.note)
        out["winner"] = Why(msg(N_("The winner")), state.outcome.words)
        return out

    def draw(self, state: Any, rng: random.Random) -> dict[str, object]:
        if isinstance(state, Final):
            raise RulesError(msg(N_("Nothing to draw now.")))
        return super().draw(state, rng)
