"""How each number on an own game's page was made, and why each seat holds its place.

The record is the rounds in order, then the entry that closed the game (``end``, ``final`` or
``places``), then the tie-break: so each part names its entry by position alone.
"""
from __future__ import annotations

from ..base import N_, Explanation, Game, Making, Msg, Part, Why, msg, msg_n
from .state import FINAL, HIGH, PLACES, ROUNDS, WINS_WORDS, State, names

TOTAL_RULE = msg(N_("A total adds up the scores of the rounds played."))
PLACE_RULE = {
    HIGH: msg(N_("Places go by total, highest first; equal totals share a place.")),
    "low": msg(N_("Places go by total, lowest first; equal totals share a place.")),
}
ENTERED_PLACES = msg(N_("The table entered the places at the end of the game; equal places are shared."))
ENTERED_FINAL = msg(N_("The table entered the final scores at the end of the game."))


def tie_entry(state: State) -> int:
    """Where the tie-break stands in the record: after the rounds and the closing entry."""
    return len(state.rounds) + (1 if state.closed else 0)


def _scores(state: State, seat: int, player: str) -> dict[str, Explanation]:
    out: dict[str, Explanation] = {}
    if state.scoring == ROUNDS:
        by_round = [Part(msg(N_("Round %(n)s"), n=n), scores[seat], n - 1)
                    for n, scores in enumerate(state.rounds, 1)]
        for n in range(1, len(state.rounds) + 1):
            out[f"total/{n}/{seat}"] = Making(msg(N_("%(player)s after round %(n)s"), player=player, n=n),
                                              sum(p.value for p in by_round[:n]), tuple(by_round[:n]),
                                              TOTAL_RULE)
        out[f"score/{seat}"] = Making(msg(N_("Total of %(player)s"), player=player), state.totals[seat],
                                      tuple(by_round), TOTAL_RULE)
    elif state.closed:
        label, rule = ((msg(N_("Place entered")), ENTERED_PLACES) if state.scoring == PLACES
                       else (msg(N_("Final score")), ENTERED_FINAL))
        out[f"score/{seat}"] = Making(msg(N_("%(player)s's final score"), player=player) if state.scoring == FINAL
                                      else msg(N_("%(player)s's place"), player=player),
                                      state.totals[seat], (Part(label, state.totals[seat], 0),), rule)
    return out


def _win(state: State, winners: tuple[int, ...]) -> tuple[Msg | None, int | None]:
    """The step that decided the win, and the tie-break's entry where one did."""
    if state.tie_winner is not None:
        return (msg(N_("%(players)s were equal at the top; the app drew %(player)s.") if state.tie_drawn
                    else N_("%(players)s were equal at the top; the table named %(player)s the winner."),
                    players=names(state, state.top), player=state.players[state.tie_winner]),
                tie_entry(state))
    if len(winners) > 1:
        return msg(N_("%(players)s are equal at the top and share the win, as this game's tie rule says."),
                   players=names(state, winners)), None
    if state.reached:
        return msg(N_("A total reached %(target)s after round %(n)s, which ended the game."),
                   target=state.target, n=len(state.rounds)), None
    return None, None


def explanations(game: Game[State], state: State) -> dict[str, Explanation]:
    out: dict[str, Explanation] = {}
    for seat, player in enumerate(state.players):
        out.update(_scores(state, seat, player))
    rule = ENTERED_PLACES if state.scoring == PLACES else PLACE_RULE[state.wins]
    outcome = game.outcome(state)
    winners = outcome.winners if outcome is not None else ()
    step, entry = _win(state, winners)
    if outcome is not None:
        out["winner"] = Why(msg(N_("Who won")), msg(WINS_WORDS[state.wins]) if state.scoring != PLACES
                            else ENTERED_PLACES, step=step or outcome.words, draw=entry)
    if state.tie_winner is not None:
        out["tie"] = Why(msg(N_("Tie-break")), msg(N_("This game's tie rule: a tie at the top is broken, "
                                                      "by the table or by a draw.")), step=step, draw=entry)
    standings = game.standings(state)
    for s in standings:
        title = msg(N_("%(player)s: place %(rank)s"), player=state.players[s.seat], rank=s.rank)
        if s.seat in winners:
            out[f"place/{s.seat}"] = Why(title, rule, step=step, draw=entry)
            continue
        tied = sum(1 for other in standings if other.rank == s.rank)
        shared = msg_n("%(n)s player shares place %(rank)s.", "%(n)s players share place %(rank)s.",
                       tied, rank=s.rank) if tied > 1 else None
        out[f"place/{s.seat}"] = Why(title, rule, step=shared)
    return out
