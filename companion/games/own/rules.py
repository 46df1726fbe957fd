"""A game of the table's own: its rules are what the host sets when the game begins.

The app knows nothing of how the game is played, only how it is scored (``scoring``):

- ``rounds``: every seat scores each round; the totals run on. The game ends after the round
  in which a total reaches the ``target`` ("first to 100"), or when the table ends it.
- ``final``: the table enters each seat's final score once, at the end.
- ``places``: no points, the table enters who came where (1, 2, 2, 4); a win/loss game is
  places 1 and 2.

The highest total wins, or the lowest (``wins``). With the lowest winning, a target still
ends the game when a total reaches it, and the lowest total then wins, as in Hearts. Equal
scores at the top share the win (``ties: share``) or go to a tie-break (``ties: break``): the
table names the winner among the tied, or the app draws one (``Game.draw``), stored as an
entry either way.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, cast

from ..base import (
    N_,
    Expect,
    Explanation,
    Game,
    Msg,
    Outcome,
    RulesError,
    Standing,
    as_int,
    msg,
    msg_n,
    replace,
)
from . import explained
from .state import (
    BREAK,
    ENDING,
    FINAL,
    HIGH,
    LOW,
    MAX_NAME,
    MODE_WORDS,
    MOST_POINTS,
    MOST_TARGET,
    PLACES,
    ROUNDS,
    SCORINGS,
    SETTINGS_DEFAULTS,
    SHARE,
    WINS_WORDS,
    State,
    names,
)

__all__ = ["ENDING", "GAME", "Own", "State"]


def _rows(data: Mapping[str, Any], state: State, errors: dict[str, Msg]) -> list[Mapping[str, Any]]:
    """One row per seat, in seat order; a row for a seat past the table is a player not seated."""
    n = len(state.players)
    given: list[Mapping[str, Any]] = data["players"]
    if len(given) < n:
        errors["players"] = msg_n("Enter a score for the %(n)s player.", "Enter a score for each of the %(n)s players.", n)
        return []
    if len(given) > n:
        errors[f"players.{n}"] = msg_n("Only %(n)s player is seated: this row is for no one at the table.",
                                       "Only %(n)s players are seated: this row is for no one at the table.", n)
        return []
    return given


def _scores(state: State, rows: Sequence[Mapping[str, Any]], errors: dict[str, Msg]) -> tuple[int, ...]:
    return tuple(as_int(row, "score", errors, f"players.{seat}.score", lo=-MOST_POINTS, hi=MOST_POINTS)
                 for seat, row in enumerate(rows))


def check_places(state: State, rows: Sequence[Mapping[str, Any]], errors: dict[str, Msg]) -> tuple[int, ...]:
    """Places as a table counts them: 1 first, equal places shared and the next ones skipped
    (1, 1, 3); anything else is refused on every place that does not fit, all at once."""
    n = len(state.players)
    places = [as_int(row, "place", errors, f"players.{seat}.place", lo=1, hi=n) for seat, row in enumerate(rows)]
    if errors:
        return tuple(places)
    for seat in sorted(range(n), key=lambda s: (places[s], s)):
        better = sum(1 for p in places if p < places[seat])
        if places[seat] != better + 1:
            errors[f"players.{seat}.place"] = msg_n(
                "%(n)s player is ahead of %(player)s, so %(player)s is place %(place)s (equal places are shared: 1, 1, 3).",
                "%(n)s players are ahead of %(player)s, so %(player)s is place %(place)s (equal places are shared: 1, 1, 3).",
                better, player=state.players[seat], place=better + 1)
    return tuple(places)


COOPERATIVE_ONLY = N_("A cooperative game is entered as its result: everyone won together, or nobody won.")

# What decides a game (Outcome.decided_by): each step's code and words.
DECISIONS = {
    "together": N_("A cooperative game: everyone won together."),
    "nobody": N_("A cooperative game: nobody won, the game beat the table."),
    "shared": N_("Equal at the top: the win is shared."),
    "drawn": N_("Equal at the top: the app drew %(player)s."),
    "named": N_("Equal at the top: the table named %(player)s the winner."),
    "places": N_("First place."),
    "target-highest": N_("A total reached %(target)s; the highest total wins."),
    "target-lowest": N_("A total reached %(target)s; the lowest total wins."),
    "highest": WINS_WORDS[HIGH],
    "lowest": WINS_WORDS[LOW],
}


class Own(Game[State]):
    slug = "own-game"
    decisions = DECISIONS
    title = N_("Any other game")  # what the pages offer; the game itself is called by ``name``
    min_players = 1
    max_players = 12
    # (English, German), in the order a table meets them, for its rules page.
    terms = (("round", "Runde"), ("score, points", "Punkte"), ("total", "Summe"), ("target", "Ziel"),
             ("final score", "Endstand"), ("place", "Platz"), ("team", "Team"),
             ("tie at the top", "Gleichstand an der Spitze"), ("tie-break", "Entscheidung bei Gleichstand"))

    def name(self, settings: Mapping[str, Any]) -> str:
        """What the table calls this game, as its host named it."""
        return str(settings.get("name") or "") or self.title

    def highest_wins(self, settings: Mapping[str, Any]) -> bool:
        return settings.get("scoring") != PLACES and settings.get("wins", HIGH) == HIGH

    def has_points(self, settings: Mapping[str, Any]) -> bool:
        return settings.get("scoring") != PLACES

    def setup(self, players: Sequence[str], settings: Mapping[str, Any]) -> dict[str, object]:
        errors: dict[str, Msg] = {}
        if not self.min_players <= len(players) <= self.max_players:
            errors["players"] = msg(N_("A game of your own is played by %(min)s to %(max)s players or teams."),
                                    min=self.min_players, max=self.max_players)
        out = dict(SETTINGS_DEFAULTS)
        out.update({k: settings[k] for k in SETTINGS_DEFAULTS if k in settings})
        if settings.get("cooperative") is True:  # kept only where set: older records stay as they are
            out["cooperative"] = True
        name = out["name"]
        if len(name) > MAX_NAME:
            errors["name"] = msg(N_("At most %(max)s characters."), max=MAX_NAME)
        if out["scoring"] not in SCORINGS:
            errors["scoring"] = msg(N_("Choose how the game is scored."))
        if out["wins"] not in (HIGH, LOW):
            errors["wins"] = msg(N_("Choose whether the highest or the lowest total wins."))
        if out["ties"] not in (SHARE, BREAK):
            errors["ties"] = msg(N_("Choose whether a tie at the top is shared or broken."))
        if out["target"] is not None:
            if out["scoring"] != ROUNDS:
                errors["target"] = msg(N_("Only a game scored by rounds ends at a target."))
            else:
                as_int(out, "target", errors, "target", lo=1, hi=MOST_TARGET)
        if errors:
            raise RulesError(errors)
        return out

    def start(self, players: Sequence[str], settings: Mapping[str, Any]) -> State:
        s = self.setup(players, settings)  # checked: the name a text, the target a whole number or none
        target = s["target"]
        return State(players=tuple(players), name=str(s["name"]), scoring=str(s["scoring"]),
                     wins=str(s["wins"]), target=cast("int | None", target),
                     ties=str(s["ties"]), totals=(0,) * len(players),
                     cooperative=s.get("cooperative") is True)

    # -- entries -------------------------------------------------------------------------

    def apply(self, state: State, kind: str, data: Mapping[str, Any]) -> State:
        if state.cooperative and kind in ("round", "end", "final", "places", "tie_break"):
            raise RulesError(msg(COOPERATIVE_ONLY))
        if kind == "round":
            return self._round(state, data)
        if kind == "end":
            return self._end(state)
        if kind == "final":
            return self._final(state, data)
        if kind == "places":
            return self._places(state, data)
        if kind == "tie_break":
            return self._tie_break(state, data)
        raise RulesError(msg(N_("Unknown entry kind %(kind)s."), kind=kind))

    def _open(self, state: State, scoring: str) -> None:
        """Refuse an entry of another scoring mode, or one after the end."""
        if state.scoring != scoring:
            raise RulesError(msg(MODE_WORDS[state.scoring]))
        if state.over:
            raise RulesError(msg(N_("The game is over: nothing more is scored.")))

    def _round(self, state: State, data: Mapping[str, Any]) -> State:
        self._open(state, ROUNDS)
        errors: dict[str, Msg] = {}
        scores = _scores(state, _rows(data, state, errors), errors)
        if errors:
            raise RulesError(errors)
        totals = tuple(t + s for t, s in zip(state.totals, scores, strict=True))
        return replace(state, rounds=state.rounds + (scores,), totals=totals)

    def _end(self, state: State) -> State:
        self._open(state, ROUNDS)
        if not state.rounds:
            raise RulesError(msg(N_("Score a round before ending the game.")))
        return replace(state, closed=True)

    def _final(self, state: State, data: Mapping[str, Any]) -> State:
        self._open(state, FINAL)
        errors: dict[str, Msg] = {}
        scores = _scores(state, _rows(data, state, errors), errors)
        if errors:
            raise RulesError(errors)
        return replace(state, totals=scores, closed=True)

    def _places(self, state: State, data: Mapping[str, Any]) -> State:
        self._open(state, PLACES)
        errors: dict[str, Msg] = {}
        rows = _rows(data, state, errors)
        if "players" in errors:
            errors["players"] = msg_n("Enter a place for the %(n)s player.", "Enter a place for each of the %(n)s players.",
                                      len(state.players))
        places = check_places(state, rows, errors) if rows else ()
        if errors:
            raise RulesError(errors)
        return replace(state, totals=places, closed=True)

    def _tie_break(self, state: State, data: Mapping[str, Any]) -> State:
        if not self._tie_pending(state):
            raise RulesError(msg(N_("Nothing is tied at the top to break.")))
        errors: dict[str, Msg] = {}
        winner = as_int(data, "winner", errors, "winner", lo=0, hi=len(state.players) - 1)
        if not errors and winner not in state.top:
            errors["winner"] = msg(N_("Only %(players)s are tied at the top."), players=names(state, state.top))
        drawn = data.get("drawn", False)
        if errors:
            raise RulesError(errors)
        return replace(state, tie_winner=winner, tie_drawn=drawn)

    def choices(self, state: State) -> Sequence[Mapping[str, Any]]:
        """A tie at the top to break: the table names one of the tied (or lets the app draw)."""
        return tuple({"winner": seat} for seat in state.top) if self._tie_pending(state) else ()

    def draw(self, state: State, rng: random.Random) -> dict[str, object]:
        if not self._tie_pending(state):
            return super().draw(state, rng)
        return {"winner": rng.choice(state.top), "drawn": True}

    # -- reading the state ---------------------------------------------------------------

    def _tie_pending(self, state: State) -> bool:
        return (state.over and state.ties == BREAK and len(state.top) > 1
                and state.tie_winner is None)

    def expect(self, state: State) -> Expect | None:
        if self._tie_pending(state):
            return Expect("tie_break", msg(N_("Tie-break")), (
                msg(N_("%(players)s are tied at the top: name the winner, or let the app draw one."),
                    players=names(state, state.top)),), draw=True,
                rule=msg(N_("This game's tie rule: a tie at the top is broken, by the table or by a draw.")))
        if state.over:
            return None
        if state.scoring == FINAL:
            return Expect("final", msg(N_("Final scores")), (msg(N_("Enter every score once the game is over.")),))
        if state.scoring == PLACES:
            return Expect("places", msg(N_("Places")), (msg(N_("Enter who came where once the game is over.")),))
        lines = []
        if state.target is not None:
            lines.append(msg(N_("The game ends after the round in which a total reaches %(target)s."),
                             target=state.target))
        if state.rounds:
            lines.append(msg(N_("%(players)s leads with %(total)s.") if len(state.top) == 1
                             else N_("%(players)s lead with %(total)s each."),
                             players=names(state, state.top), total=state.totals[state.top[0]]))
        return Expect("round", msg(N_("Round %(n)s"), n=len(state.rounds) + 1), tuple(lines),
                      rule=msg(WINS_WORDS[state.wins]) if state.scoring == ROUNDS else None)

    def outcome(self, state: State) -> Outcome | None:
        if not state.over or self._tie_pending(state):
            return None
        top = state.top
        if len(top) > 1 and state.tie_winner is None:
            return self.decided(top, "shared")
        if len(top) > 1:
            return self.decided((state.tie_winner,) if state.tie_winner is not None else top,
                                "drawn" if state.tie_drawn else "named",
                                player=state.players[state.tie_winner or 0])
        if state.scoring == PLACES:
            return self.decided(top, "places")
        if state.reached:
            return self.decided(top, "target-highest" if state.wins == HIGH else "target-lowest",
                                target=state.target)
        return self.decided(top, "highest" if state.wins == HIGH else "lowest")

    def standings(self, state: State) -> list[Standing]:
        """Best first, equal scores sharing a place; a tie-break's winner alone on top. While a
        game with a target is played, how far each total is from it."""
        order = sorted(range(len(state.players)),
                       key=lambda s: (s != state.tie_winner, state.key(s), s))
        out: list[Standing] = []
        for i, seat in enumerate(order):
            shared = out and state.key(order[i - 1]) == state.key(seat) and order[i - 1] != state.tie_winner
            rank = out[-1].rank if shared else i + 1
            note = msg(N_("Won the tie-break.")) if seat == state.tie_winner else None
            to_go = None
            if state.target is not None and not state.over:
                to_go = state.target - state.totals[seat]
            out.append(Standing(seat, rank, state.totals[seat], note=note, to_go=to_go))
        return out

    def totals_by_round(self, state: State) -> list[list[int]]:
        running = [0] * len(state.players)
        out = []
        for scores in state.rounds:
            running = [r + s for r, s in zip(running, scores, strict=True)]
            out.append(list(running))
        return out

    def score_label(self, state: State) -> str:
        if state.scoring == PLACES:
            return N_("Finishing place")
        return N_("Points")

    explains = True

    def explanations(self, state: State) -> dict[str, Explanation]:
        """``score/<seat>`` (round by round, or the final score), ``round/<n>/<seat>`` and
        ``total/<n>/<seat>`` (rounds from 1), ``place/<seat>``, ``winner`` once the game is
        over, ``tie`` once a tie-break is recorded (with its entry)."""
        return explained.explanations(self, state)


GAME = Own()
