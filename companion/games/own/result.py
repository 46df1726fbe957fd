"""An own game played on paper, entered as its result (see ..result): each seat's final total,
or its place where the game is scored by places (the row's ``score``), and who won.

The app knows of the game only its settings, so it checks what they fix: places counted as a
table counts them (1, 1, 3), and the winners the scores and the tie rule make: every seat equal
at the top where ties are shared (named by the scores), one of them where a tie is broken (the
table ticks it). A target is not checked: the table may end a game before a total reaches it.
A cooperative game (BG Stats' "cooperative") names no winner by its scores: the table won
together (every seat ticked) or nobody won (none ticked).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import N_, Msg, RulesError, msg, replace
from ..result import Final, ResultRules, check_winners, named, places, rows, scores
from .paper import PAPER
from .rules import Own, State, check_places
from .state import BREAK, HIGH, MOST_POINTS, PLACES, names


class Game(ResultRules, Own):
    paper = PAPER

    def fresh(self, state: State) -> bool:
        return not state.rounds and not state.over

    def check_result(self, state: State, data: Mapping[str, Any]) -> Final:
        n, errors = len(state.players), dict[str, Msg]()
        table = rows(data, n, errors)
        if state.scoring == PLACES:  # the row's score is the seat's place, as the result form has it
            table = [{"place": row.get("score")} for row in table]
            totals = check_places(state, table, errors) if "players" not in errors else (0,) * n
            errors = {k.replace(".place", ".score"): v for k, v in errors.items()}
        else:
            totals = tuple(scores(table, errors, -MOST_POINTS, MOST_POINTS))
        given = named(data, n, errors)
        if errors:
            raise RulesError(errors)
        if state.cooperative:
            return self._together(state, totals, given)
        # No total need reach a target: the table may end such a game before (``end``).
        ended = replace(state, totals=totals)
        top = ended.top
        winners = top
        decided = self.decided(top, "places" if state.scoring == PLACES else
                               "highest" if state.wins == HIGH else "lowest")
        if len(top) > 1 and state.ties == BREAK:
            if len(given) == 1 and given[0] in top:
                winners = given
            else:
                errors["winners"] = msg(N_("%(players)s are equal at the top and this game breaks a tie: "
                                           "tick the one who won the tie-break."), players=names(state, top))
                raise RulesError(errors)
            decided = self.decided(winners, "named", player=state.players[given[0]])
        elif len(top) > 1:
            decided = self.decided(top, "shared")
        check_winners(state.players, given, winners, decided.words, errors)
        if errors:
            raise RulesError(errors)
        order = sorted(range(n), key=lambda s: (s not in winners, ended.key(s), s))
        return Final(state.players, places(order, lambda s: (s in winners, ended.key(s)), list(totals)),
                     decided, N_("Finishing place") if state.scoring == PLACES else N_("Points"))

    def _together(self, state: State, totals: tuple[int, ...], given: tuple[int, ...]) -> Final:
        """A cooperative game: the table won together (every seat ticked) or nobody won (no
        seat ticked); the scores, where the game has them, are kept but name no winner."""
        n = len(state.players)
        if given and len(given) != n:
            raise RulesError({"winners": msg(N_("In a cooperative game everyone wins or loses together: "
                                                "tick every player, or no one if nobody won."))})
        ended = replace(state, totals=totals)
        decided = self.decided(given, "together" if given else "nobody")
        order = sorted(range(n), key=lambda s: (ended.key(s), s))
        return Final(state.players, places(order, ended.key, list(totals)), decided,
                     N_("Finishing place") if state.scoring == PLACES else N_("Points"))


GAME = Game()
