"""Beutelschneider: a trick-taking game scored hand by hand until someone reaches the limit.

Rules: the Beutelschneider rulebook. A hand scores the gold taken in tricks,
minus 20 per Beutelschneider (cutpurse) among them, plus special points in tens.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any, TypedDict

from ..base import N_, Expect, Explanation, Game, Msg, Outcome, RulesError, Standing, as_int, msg, ranked
from . import explained
from .deck import (
    AUTHORITIES,
    CARDS_DEALT,
    CUTPURSE_PENALTY,
    EVENT_KEYS,
    EVENTS,
    GOLD_IN_DECK,
    SETTINGS_DEFAULTS,
    SPECIAL_STEP,
    TRUMPS_LEFT_OUT,
    event_most,
)
from .state import HandResult, State
from .terms import NAMES_AS_PRINTED, TERMS

# What the deck fixes is read here by the forms, the sheets and the shapes, as before it had
# a module of its own.
__all__ = ["AUTHORITIES", "CARDS_DEALT", "CUTPURSE_PENALTY", "EVENTS", "EVENT_KEYS", "GAME", "GOLD_IN_DECK",
           "SETTINGS_DEFAULTS", "SPECIAL_STEP", "TRUMPS_LEFT_OUT", "Beutelschneider", "HandResult", "State",
           "event_most", "gold_left", "hand_score", "special_points"]


def hand_score(gold: int, cutpurses: int, special: int) -> int:
    """Gold minus 20 per cutpurse kept in one's tricks, plus special points."""
    return gold - CUTPURSE_PENALTY * cutpurses + special


def special_points(counts: Iterable[int], other: int) -> int:
    """A player's special points in a hand: 10 per event scored, plus the others as written."""
    return SPECIAL_STEP * sum(counts) + other


def gold_left(gold: Sequence[int | None], alchemist: bool) -> int | None:
    """The gold of the one player left out: all the deck's gold is taken every hand, unless the
    Alchemist turned some of it to lead. ``None`` when it cannot be told (no one or more than
    one left out, the Alchemist, more gold than the deck holds)."""
    blanks = [g for g in gold if g is None]
    left = GOLD_IN_DECK - sum(g for g in gold if g is not None)
    return left if len(blanks) == 1 and not alchemist and left >= 0 else None


# What decides a game (Outcome.decided_by): each step's code and words.
DECISIONS = {
    "limit": N_("First to reach %(limit)s points."),
    "same-hand": N_("%(count)s players reached %(limit)s in the same hand; the highest total wins."),
    "played-on": N_("Highest total after playing on from a tie."),
    "shared": N_("Equal totals at the top; the table chose to share the win."),
}


class Settings(TypedDict):
    limit: int              # the points that end the game
    first_dealer: int       # a seat
    cutpurses_in_deck: int


class Beutelschneider(Game[State]):
    slug = "beutelschneider"
    title = "Beutelschneider"
    terms = TERMS
    names_as_printed = NAMES_AS_PRINTED
    min_players = 3
    max_players = 5
    seat_settings = (("first_dealer", "seat"),)
    decisions = DECISIONS

    def first_seat(self, players: Sequence[str], settings: Mapping[str, Any],
                   entries: Sequence[tuple[str, Mapping[str, Any]]]) -> int | None:
        # The player left of the first dealer leads.
        return (int(settings.get("first_dealer", 0)) + 1) % len(players)

    def setup(self, players: Sequence[str], settings: Mapping[str, Any]) -> Settings:
        errors: dict[str, Msg] = self.player_count_errors(players)
        given = {**SETTINGS_DEFAULTS, **{k: settings[k] for k in SETTINGS_DEFAULTS if k in settings}}
        out: Settings = {
            "limit": as_int(given, "limit", errors, "limit", lo=10, hi=10000),
            "first_dealer": as_int(given, "first_dealer", errors, "first_dealer",
                                   lo=0, hi=max(len(players) - 1, 0)),
            "cutpurses_in_deck": as_int(given, "cutpurses_in_deck", errors,
                                        "cutpurses_in_deck", lo=1, hi=20),
        }
        if "limit" in errors and out["limit"] < 10:
            errors["limit"] = msg(N_("The limit must be at least 10 points."))
        if errors:
            raise RulesError(errors)
        return out

    def start(self, players: Sequence[str], settings: Mapping[str, Any]) -> State:
        s = self.setup(players, settings)
        return State(players=tuple(players), limit=s["limit"], first_dealer=s["first_dealer"],
                     cutpurses_in_deck=s["cutpurses_in_deck"], totals=(0,) * len(players))

    # -- entries -------------------------------------------------------------------------

    def apply(self, state: State, kind: str, data: Mapping[str, Any]) -> State:
        if kind == "hand":
            return self._hand(state, data)
        if kind == "tie_choice":
            return self._tie_choice(state, data)
        raise RulesError(msg(N_("Unknown entry kind %(kind)s."), kind=kind))

    def _hand(self, state: State, data: Mapping[str, Any]) -> State:
        if self.outcome(state) is not None or self._tie_pending(state):
            raise RulesError(msg(N_("The game is over: no more hands.")))
        n = len(state.players)
        rows = data["players"]
        if len(rows) != n:
            raise RulesError({"players": msg(N_("Enter a result for each of the %(n)s players."), n=n)})
        errors: dict[str, Msg] = {}
        gold, cutpurses, special, event_count = [], [], [], dict.fromkeys(EVENT_KEYS, 0)
        scored: list[tuple[tuple[str, int], ...]] = []
        others: list[int] = []
        # Who scored each event: a message about an event goes next to those players' field.
        event_seats: dict[str, list[int]] = {key: [] for key in EVENT_KEYS}
        for seat, row in enumerate(rows):
            p = f"players.{seat}."
            g = as_int(row, "gold", errors, p + "gold", lo=0, hi=GOLD_IN_DECK)
            c = as_int(row, "cutpurses", errors, p + "cutpurses", lo=0,
                       hi=state.cutpurses_in_deck, default=0)
            events = row.get("events", {})
            points = 0
            mine = []
            for key in EVENT_KEYS:
                count = as_int(events, key, errors, p + key, lo=0, hi=20, default=0)
                event_count[key] += count
                if count:
                    event_seats[key].append(seat)
                    mine.append((key, count))
                points += SPECIAL_STEP * count
            other = as_int(row, "other", errors, p + "other", lo=0, hi=1000, default=0)
            if other % SPECIAL_STEP:
                errors[p + "other"] = msg(N_("Special points come in tens."))
            gold.append(g)
            cutpurses.append(c)
            special.append(points + other)
            scored.append(tuple(mine))
            others.append(other)
        # No stop here: a row's bad value must not hide the deck's totals (all refusals at once).
        set_aside = as_int(data, "set_aside", errors, "set_aside", lo=0, default=0)
        if sum(gold) > GOLD_IN_DECK:
            errors["gold"] = msg(N_("The deck holds %(max)s in gold; this hand adds up to %(total)s."),
                                 max=GOLD_IN_DECK, total=sum(gold))
        alchemist = data.get("alchemist", False) is True
        if sum(gold) != GOLD_IN_DECK and not alchemist and "gold" not in errors \
                and not any(k.endswith(".gold") for k in errors):
            # Every trick goes to someone and the Dancer only moves small change: all the
            # gold is taken, unless the Alchemist turned some of it to lead.
            errors["alchemist"] = msg(N_("All %(max)s gold is taken every hand unless the Alchemist turned "
                                         "some to lead; this hand adds up to %(total)s."),
                                 max=GOLD_IN_DECK, total=sum(gold))
        if set_aside and event_count["guard"]:
            # One Guard: its trick was won by its player (special points) or by another (set aside).
            one_guard = msg(N_("There is one Guard: its player won its trick (special points) or lost it "
                             "(cutpurses set aside), not both in one hand."))
            errors["set_aside"] = one_guard
            errors.update({f"players.{seat}.guard": one_guard for seat in event_seats["guard"]})
        caught = event_count["guard"] + set_aside
        if sum(cutpurses) + caught > state.cutpurses_in_deck:
            errors["cutpurses"] = msg(
                N_("The deck holds %(max)s cutpurses; %(total)s are counted (kept plus set aside by the Guard)."),
                max=state.cutpurses_in_deck, total=sum(cutpurses) + caught)
        most = event_most(len(state.players), state.cutpurses_in_deck)
        for key, _label, fixed in EVENTS:
            problem: Msg | None = None
            if len(event_seats[key]) > 1:
                problem = msg(N_("There is one such card: only one player can score it in a hand."))
            elif fixed is not None and event_count[key] > most[key]:
                problem = msg(N_("At most %(max)s per hand."), max=most[key])
            elif key == "assassin" and event_count[key] > most[key]:
                problem = msg(N_("Only %(max)s authorities are in the deck with this many players."),
                              max=most[key])
            if problem is not None:
                errors.update({f"players.{seat}.{key}": problem for seat in event_seats[key]})
        if errors:
            raise RulesError(errors)
        scores = tuple(hand_score(g, c, s) for g, c, s in zip(gold, cutpurses, special, strict=True))
        hand = HandResult(tuple(gold), tuple(cutpurses), tuple(special), scores, tuple(scored),
                          tuple(others))
        totals = tuple(t + d for t, d in zip(state.totals, scores, strict=True))
        return replace(state, hands=state.hands + (hand,), totals=totals)

    def _tie_choice(self, state: State, data: Mapping[str, Any]) -> State:
        if not self._tie_pending(state):
            raise RulesError(msg(N_("There is no tie at the top to settle.")))
        choice = data["choice"]
        return replace(state, tie_choices=state.tie_choices + ((len(state.hands), choice),))

    # -- reading the state ---------------------------------------------------------------

    def _limit_reached(self, state: State) -> bool:
        return bool(state.hands) and max(state.totals) >= state.limit

    def _top(self, state: State) -> list[int]:
        best = max(state.totals)
        return [s for s, t in enumerate(state.totals) if t == best]

    def _choice_now(self, state: State) -> str | None:
        for hand_count, choice in state.tie_choices:
            if hand_count == len(state.hands):
                return choice
        return None

    def _tie_pending(self, state: State) -> bool:
        """The limit is reached, the top is shared, and the table has not chosen yet.

        The rules only say the player with most points wins; for equal totals the table
        decides whether to play on or share the win.
        """
        return (self._limit_reached(state) and len(self._top(state)) > 1
                and self._choice_now(state) is None)

    def outcome(self, state: State) -> Outcome | None:
        if not self._limit_reached(state):
            return None
        top = self._top(state)
        if len(top) == 1:
            reached = state.reached_in_last_hand
            # The table played on from a tie: the highest total wins, whoever else crossed since.
            if reached == 0 or any(choice == "another_hand" for _, choice in state.tie_choices):
                return self.decided((top[0],), "played-on")
            if reached > 1:
                return self.decided((top[0],), "same-hand", count=reached, limit=state.limit)
            return self.decided((top[0],), "limit", limit=state.limit)
        if self._choice_now(state) == "share":
            return self.decided(top, "shared")
        return None  # tie pending, or the table plays another hand

    def expect(self, state: State) -> Expect | None:
        if self.outcome(state) is not None:
            return None
        if self._tie_pending(state):
            return Expect("tie_choice", msg(N_("Tie at the top")), (
                msg(N_("The rules do not say what happens on equal totals: play another hand, or share the win.")),),
                rule=msg(N_("The rules say only that the most points win: with %(total)s each at the top, "
                            "the table chooses to play another hand or to share the win."),
                         total=max(state.totals)),
                section="our-readings")
        hand_no = len(state.hands) + 1
        dealer, leader = state.players[state.dealer], state.players[state.leader]
        return Expect("hand", msg(N_("Hand %(n)s"), n=hand_no), (
            msg(N_("%(player)s deals."), player=dealer),
            msg(N_("%(player)s leads the first trick."), player=leader),
        ), rule=msg(N_("%(dealer)s deals %(cards)s cards to each player; %(leader)s, left of the dealer, "
                       "leads the first trick, and whoever takes a trick leads the next."),
                    dealer=dealer, leader=leader, cards=CARDS_DEALT.get(len(state.players), 0)),
            section="playing-a-hand")

    def choices(self, state: State) -> Sequence[Mapping[str, Any]]:
        """A tie at the top: play another hand, or share the win."""
        return ({"choice": "another_hand"}, {"choice": "share"}) if self._tie_pending(state) else ()

    def standings(self, state: State) -> list[Standing]:
        """By total; while the game is played, each seat's points still to go to the limit
        (none for a seat already at it: only a tie at the top keeps the game going then)."""
        out = ranked(list(enumerate(state.totals)))
        if self.outcome(state) is not None:
            return out
        return [replace(s, to_go=state.limit - s.score) if s.score < state.limit else s for s in out]

    explains = True

    def explanations(self, state: State) -> dict[str, Explanation]:
        """Every number and place the game page shows, with its making or its why; the keys
        (hand numbers from 1, seats from 0):

        - ``score/<seat>``: the standings' total, hand by hand (a ``Making``);
        - ``hand/<n>/<seat>``: hand n's score, gold minus 20 per cutpurse plus each special
          point event (``Making``);
        - ``total/<n>/<seat>``: the running total after hand n (``Making``);
        - ``place/<seat>``: the standings' rank (``Why``), ``winner`` once the game is over;
        - ``dealer/<n>`` and ``leader/<n>``: who deals hand n and who leads its first trick,
          for every hand played and the next one (``Why``);
        - ``tie/<n>``: the table's choice on equal totals at the top after hand n (``Why``).
        """
        return explained.explanations(self, state)

    def totals_by_round(self, state: State) -> list[list[int]]:
        running = [0] * len(state.players)
        out = []
        for hand in state.hands:
            running = [r + s for r, s in zip(running, hand.scores, strict=True)]
            out.append(list(running))
        return out

    def chart_label(self, state: State) -> str:
        """Beutelschneider is played in hands, not rounds."""
        return N_("Totals after each hand")


GAME = Beutelschneider()
