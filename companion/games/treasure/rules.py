"""Give Me The Treasure (Duel of Crooks): the coin tally of two sides of bandits.

Rules: the Give Me The Treasure rulebook. Two sides (two players, or teams of
2 against 2 or 2 against 1) divide and choose Loot, then resell combinations on the Black
Market for coins. At the Inspection that finds a side at the target (20; teams 30) the game
ends and the most coins win; equal coins at or over the target mean another turn.

The Black Market is read by kind and size (see ``market``): any 2/3/4 cards of one
number -> 2/5/10 coins; a sequence of 3/4/5 numbers in several colours -> 4/6/10; in one
colour -> 6/9/15. The tile prints one example per row; Pat's four 1s show the rows are not
meant for those numbers only. This is our reading, not the printed letter.

The app does not track the draw pile or the chests: the table enters what each side resold,
and the app prices it, applies the Bandit skill and the Reinforcements, and keeps the coins.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, TypedDict

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
    first_data,
    msg,
    msg_n,
)
from ..base import replace as fast_replace
from .explained import explanations
from .market import BANDITS, RAOUL, REINFORCEMENTS, key_of
from .state import CHEST_LIMIT as CHEST_LIMIT  # the game's own names, read from here too
from .state import FREE_DISCARDS as FREE_DISCARDS
from .state import TEAM_CHEST_LIMIT as TEAM_CHEST_LIMIT
from .state import Correction, Turn
from .state import State as State
from .terms import NAMES_AS_PRINTED, TERMS
from .turn import read_turn

TARGET = 20           # "The person who first collects 20 coins wins the game."
TEAM_TARGET = 30      # Variant for 3 or 4 People: "collected 30 gold coins"
STARTING_COINS = 2    # Setup 1: 2 coins each (team variant: each team)
DEALT_PER_SIDE, KEPT_PER_SIDE = 3, 2
DEFAULT_TEAMS = {2: (0, 1), 3: (0, 0, 1), 4: (0, 0, 1, 1)}
SETTINGS_DEFAULTS: dict[str, Any] = {
    "teams": None, "leaders": None, "target": None,
    "starting_coins": STARTING_COINS, "bandit_skills": True, "free_discard": FREE_DISCARDS[0],
}


def _seat_list(value: Sequence[int], n: int, path: str, errors: dict[str, Msg]) -> list[int] | None:
    """A setting's value per seat or side (a list of whole numbers: the shape's)."""
    if len(value) != n:
        errors[path] = msg(N_("Give %(n)s values, one each."), n=n)
        return None
    return list(value)


def _one_each(values: Sequence[Any], n: int, path: str, errors: dict[str, Msg]) -> Sequence[Any]:
    """An entry's list of ``n`` values, one per seat or side (its type is the shape's)."""
    if len(values) != n:
        errors[path] = msg(N_("Give %(n)s values, one each."), n=n)
        return []
    return values


# What decides a game (Outcome.decided_by): each step's code and words.
DECISIONS = {
    "pat": N_("Pat, the Police Dog: the four cards numbered 1 resold, an immediate win."),
    "target": N_("First to %(target)s coins at the Inspection."),
    "most-coins": N_("Both sides reached %(target)s coins; the most coins win."),
}


class Settings(TypedDict):
    teams: list[int]        # each seat's side, 0 or 1
    leaders: list[int]      # each side's Leader, a seat
    target: int             # the coins that end the game
    starting_coins: int
    bandit_skills: bool
    free_discard: str       # one of FREE_DISCARDS


class GiveMeTheTreasure(Game[State]):
    slug = "give-me-the-treasure"
    title = "Give Me The Treasure"
    terms = TERMS
    names_as_printed = NAMES_AS_PRINTED
    min_players = 2
    max_players = 4
    seat_settings = (("teams", "by_seat"), ("leaders", "seats"))
    explains = True
    decisions = DECISIONS

    def first_seat(self, players: Sequence[str], settings: Mapping[str, Any],
                   entries: Sequence[tuple[str, Mapping[str, Any]]]) -> int | None:
        deal = first_data(entries, "deal")  # the Arrow side leads
        return None if deal is None else int(settings["leaders"][deal["first_divider"]])

    def setup(self, players: Sequence[str], settings: Mapping[str, Any]) -> Settings:
        errors: dict[str, Msg] = {}
        n = len(players)
        if not self.min_players <= n <= self.max_players:
            raise RulesError({"players": msg(N_(
                "Give Me The Treasure is played by 2 people, or by 3 or 4 in two teams."))})
        out = dict(SETTINGS_DEFAULTS)
        out.update({k: settings[k] for k in SETTINGS_DEFAULTS if k in settings and settings[k] is not None})
        teams = out["teams"] if out["teams"] is not None else DEFAULT_TEAMS[n]
        raw = _seat_list(teams, n, "teams", errors) or list(DEFAULT_TEAMS[n])
        teams = [as_int({"t": t}, "t", errors, f"teams.{i}", lo=0, hi=1) for i, t in enumerate(raw)]
        sizes = sorted(teams.count(side) for side in (0, 1))
        if "teams" not in errors and sizes != {2: [1, 1], 3: [1, 2], 4: [2, 2]}[n]:
            errors["teams"] = msg(N_("Two sides: 1 against 1, 2 against 1 or 2 against 2."))
        firsts = [teams.index(side) if side in teams else 0 for side in (0, 1)]
        leaders = out["leaders"] if out["leaders"] is not None else firsts
        raw = _seat_list(leaders, 2, "leaders", errors) or firsts
        leaders = [as_int({"l": v}, "l", errors, f"leaders.{i}", lo=0, hi=n - 1) for i, v in enumerate(raw)]
        for side, seat in enumerate(leaders):
            if f"leaders.{side}" not in errors and 0 <= seat < n and teams[seat] != side:
                errors[f"leaders.{side}"] = msg(N_("The Leader must be a member of the team."))
        if out["target"] is None:
            out["target"] = TEAM_TARGET if n > 2 else TARGET
        out["target"] = as_int(out, "target", errors, "target", lo=5, hi=200)
        out["starting_coins"] = as_int(out, "starting_coins", errors, "starting_coins", lo=0, hi=20)
        if out["free_discard"] not in FREE_DISCARDS:
            errors["free_discard"] = msg(N_("Choose how many Cursed Paintings a combination holding a 2 "
                                            "frees."))
        if errors:
            raise RulesError(errors)
        return {"teams": teams, "leaders": leaders, "target": out["target"],
                "starting_coins": out["starting_coins"], "bandit_skills": out["bandit_skills"],
                "free_discard": out["free_discard"]}

    def start(self, players: Sequence[str], settings: Mapping[str, Any]) -> State:
        s = self.setup(players, settings)
        return State(players=tuple(players), teams=tuple(s["teams"]), leaders=(s["leaders"][0], s["leaders"][1]),
                     target=s["target"], starting_coins=s["starting_coins"],
                     bandit_skills=s["bandit_skills"], free_discard=s["free_discard"])

    # -- entries -------------------------------------------------------------------------

    def apply(self, state: State, kind: str, data: Mapping[str, Any]) -> State:
        if kind == "deal":
            after = self._deal(state, data)
        elif kind == "keep":
            after = self._keep(state, data)
        elif kind == "turn":
            after = self._turn(state, data)
        elif kind == "correction":
            after = self._correction(state, data)
        else:
            raise RulesError(msg(N_("Unknown entry kind %(kind)s."), kind=kind))
        return fast_replace(after, applied=state.applied + 1)

    def _deal(self, state: State, data: Mapping[str, Any]) -> State:
        """Setup 2 and 4: a Bandit per player, 3 Reinforcements per side, the Arrow tossed."""
        if state.bandits:
            raise RulesError(msg(N_("The Bandits are already dealt.")))
        errors: dict[str, Msg] = {}
        n = len(state.players)
        bandits = _one_each(data["bandits"], n, "bandits", errors)
        keys = [key_of(b, BANDITS) for b in bandits]
        for i, key in enumerate(keys):
            if key is None:
                errors[f"bandits.{i}"] = msg(N_("The Bandits are Raoul, Chipo, Joe and Mofette."))
            elif key in keys[:i]:
                errors[f"bandits.{i}"] = msg(N_("Each Bandit tile is dealt once."))
        if bandits and not errors and n == 3 and RAOUL not in keys:
            errors["bandits"] = msg(N_("With 3 people the Bandits dealt include Raoul."))
        first = as_int(data, "first_divider", errors, "first_divider", lo=0, hi=1)
        dealt: list[tuple[str, ...]] = []
        if data.get("dealt"):
            for side, row in enumerate(_one_each(data["dealt"], 2, "dealt", errors)):
                cards = self._cards(row, f"dealt.{side}", errors, dealt, DEALT_PER_SIDE)
                dealt.append(cards)
        if errors:
            raise RulesError(errors)
        state = replace(state, bandits=tuple(keys), first_divider=first, dealt=tuple(dealt),  # type: ignore[arg-type]
                        deal_entry=state.applied)
        if data.get("reinforcements"):
            return self._keep(state, data)
        return state

    def _cards(self, row: Sequence[str], path: str, errors: dict[str, Msg], taken: Sequence[Sequence[str]],
               count: int) -> tuple[str, ...]:
        """Read ``count`` distinct Reinforcement cards, none of them already in ``taken``."""
        if len(row) != count:
            errors[path] = msg_n("Give %(n)s Reinforcement card.", "Give %(n)s Reinforcement cards.", count)
            return ()
        out: list[str] = []
        already = {c for cards in taken for c in cards}
        for i, name in enumerate(row):
            key = key_of(name, REINFORCEMENTS)
            if key is None:
                errors[f"{path}.{i}"] = msg(N_("There is no Reinforcement card %(name)s."), name=name)
            elif key in out or key in already:
                errors[f"{path}.{i}"] = msg(N_("Each Reinforcement card exists once."))
            else:
                out.append(key)
        return tuple(out)

    def _keep(self, state: State, data: Mapping[str, Any]) -> State:
        """Each side keeps 2 of its 3: one each in a team of two, both for one person."""
        if not state.bandits:
            raise RulesError(msg(N_("Deal the Bandits first.")))
        if state.reinforcements:
            raise RulesError(msg(N_("The Reinforcements are already kept.")))
        errors: dict[str, Msg] = {}
        rows = _one_each(data["reinforcements"], len(state.players), "reinforcements", errors)
        kept: list[tuple[str, ...]] = []
        for seat, row in enumerate(rows):
            side = state.teams[seat]
            count = KEPT_PER_SIDE // len(state.sides[side])
            cards = self._cards(row, f"reinforcements.{seat}", errors, kept, count)
            for i, card in enumerate(cards):
                if state.dealt and card not in state.dealt[side]:
                    errors[f"reinforcements.{seat}.{i}"] = msg(
                        N_("%(name)s was not dealt to this side."), name=REINFORCEMENTS[card])
            kept.append(cards)
        if errors:
            raise RulesError(errors)
        return replace(state, reinforcements=tuple(kept))

    def _turn(self, state: State, data: Mapping[str, Any]) -> State:
        if not state.reinforcements:
            raise RulesError(msg(N_("Deal the Bandits and keep the Reinforcements first.")))
        if self.outcome(state) is not None:
            raise RulesError(msg(N_("The game is over: no more turns.")))
        sides, pat = read_turn(state, data)
        before = state.coins
        after = (before[0] + sides[0].coins, before[1] + sides[1].coins)
        turn = Turn(len(state.turns) + 1, state.divider, sides, after, pat, state.applied)
        return fast_replace(state, turns=state.turns + (turn,))

    def _correction(self, state: State, data: Mapping[str, Any]) -> State:
        if self.outcome(state) is not None:
            raise RulesError(msg(N_("The game is over: undo or edit a turn instead.")))
        errors: dict[str, Msg] = {}
        side = as_int(data, "side", errors, "side", lo=0, hi=1)
        coins = as_int(data, "coins", errors, "coins", lo=-200, hi=200)
        reason = data["reason"].strip()
        if not reason:
            errors["reason"] = msg(N_("Say why the coins change."))
        if not errors and coins == 0:
            errors["coins"] = msg(N_("A correction changes the coins."))
        if not errors and state.coins[side] + coins < 0:
            # The coins' number and the side's (one person or a team) each have their say.
            errors["coins"] = msg_n("%(has)s %(n)s coin; coins cannot go below zero.",
                                    "%(has)s %(n)s coins; coins cannot go below zero.",
                                    state.coins[side], has=msg_n("%(side)s has", "%(side)s have",
                                                                 len(state.sides[side]), side=state.side_name(side)))
        if errors:
            raise RulesError(errors)
        return fast_replace(state, corrections=state.corrections + (
            Correction(side, coins, reason, len(state.turns), state.applied),))

    def draw(self, state: State, rng: random.Random) -> dict[str, object]:
        """Shuffle the Bandit tiles (with 3 people, Raoul among them) and the Reinforcements,
        deal, and toss the Arrow for the first dividing side."""
        if state.bandits:
            raise RulesError(msg(N_("Nothing to draw now.")))
        n = len(state.players)
        if n == 3:
            tiles = [RAOUL, *rng.sample([b for b in BANDITS if b != RAOUL], 2)]
            rng.shuffle(tiles)
        else:
            tiles = rng.sample(list(BANDITS), n)
        cards = rng.sample(list(REINFORCEMENTS), 2 * DEALT_PER_SIDE)
        return {"bandits": tiles, "dealt": [cards[:DEALT_PER_SIDE], cards[DEALT_PER_SIDE:]],
                "first_divider": rng.randrange(2)}

    # -- reading the state ---------------------------------------------------------------

    def outcome(self, state: State) -> Outcome | None:
        """Pat wins at once; otherwise the Inspection that finds a side at the target ends the
        game and the most coins win; equal coins there mean another turn."""
        if not state.turns:
            return None
        last = state.turns[-1]
        if last.pat is not None:
            return self.decided(state.sides[last.pat], "pat")
        coins = last.coins_after
        if max(coins) < state.target or coins[0] == coins[1]:
            return None
        best = 0 if coins[0] > coins[1] else 1
        return self.decided(state.sides[best], "most-coins" if min(coins) >= state.target else "target",
                            target=state.target)

    def expect(self, state: State) -> Expect | None:
        if not state.bandits:
            return Expect("deal", msg(N_("Bandits and Reinforcements")), (
                msg(N_("Let the app deal and toss the Arrow, or enter what the table dealt.")),), draw=True,
                rule=msg(N_("Each person is dealt a Bandit tile at random and each side 3 "
                            "Reinforcement cards; the Arrow, tossed like a coin, points at the side "
                            "that divides first.")), section="setup")
        if not state.reinforcements:
            return Expect("keep", msg(N_("Reinforcements kept")), (
                msg(N_("Hand the phone over: only the cards' owner should look.")),),
                rule=msg(N_("Each side keeps 2 of the 3 Reinforcement cards dealt to it face down "
                            "(in a team of two, one each); the others go back unseen.")),
                section="setup")
        if self.outcome(state) is not None:
            return None
        lines = []
        coins = state.turns[-1].coins_after if state.turns else None
        if coins and coins[0] == coins[1] >= state.target:
            lines.append(msg(N_("Equal coins at or over %(target)s: another turn."), target=state.target))
        # Who divides and who chooses, in the one sentence of the rule: the strip above the form
        # stays short on a phone at large text. The coins and each chest limit are the state
        # section's, each opening its making.
        # A side is one person or a team of two: each half of the sentence agrees with its own.
        d, c = state.divider, 1 - state.divider
        divider, chooser = state.side_name(d), state.side_name(c)
        return Expect("turn", msg(N_("Turn %(n)s"), n=len(state.turns) + 1), tuple(lines), rule=msg(
            N_("%(divides)s the 5 Loot cards 2 + 3 or 1 + 4, one face down; %(takes)s a share."),
            divides=msg_n("%(side)s divides", "%(side)s divide", len(state.sides[d]), side=divider),
            takes=msg_n("%(side)s takes", "%(side)s take", len(state.sides[c]), side=chooser),
            divider=divider, chooser=chooser),
            section="a-turn")

    def parts(self, state: State, side: int) -> tuple[tuple[str, int], ...]:
        """How a side's coins are made up, for the score breakdown."""
        turns = [t.sides[side] for t in state.turns]
        return ((N_("Starting coins"), state.starting_coins),
                (N_("Black Market"), sum(t.market for t in turns)),
                (N_("Reinforcements"), sum(t.reinforcement_coins for t in turns)),
                (N_("Bandit skill"), sum(t.skill for t in turns)),
                (N_("Cursed Paintings paid off"), -sum(t.paid for t in turns)),
                (N_("Corrections"), sum(c.coins for c in state.corrections if c.side == side)))

    def standings(self, state: State) -> list[Standing]:
        """Seats by their side's coins; teammates share a place. Pat's side is first whatever
        its coins."""
        result = self.outcome(state)
        pat = state.turns[-1].pat if state.turns and result is not None else None
        coins = state.coins
        # How far each side is from the target while the game is played; at the target with
        # equal coins it is 0 (another turn decides).
        to_go = [None if result is not None else max(0, state.target - c) for c in coins]

        def key(side: int) -> tuple[bool, int]:
            return (side == pat, coins[side])
        order = sorted((0, 1), key=key, reverse=True)
        out: list[Standing] = []
        for place, side in enumerate(order):
            rank = 1 if place == 0 or key(side) == key(order[0]) else len(state.sides[order[0]]) + 1
            note = msg(N_("Pat, the Police Dog won the game at once.")) if side == pat else None
            out.extend(Standing(seat, rank, coins[side], self.parts(state, side), note, to_go[side])
                       for seat in state.sides[side])
        return out

    def explanations(self, state: State) -> dict[str, Explanation]:
        """Every number and place the game page shows (``explain``), by key:

        - ``score/<seat>`` and ``coins/<side>``: a side's coins, a part per combination resold,
          Reinforcement, Bandit skill coin, Cursed Paintings paid off and correction;
        - per turn ``n`` and side: ``after/<n>/<side>`` (the coins at its Inspection, from the
          coins before it), ``turn/<n>/<side>`` (what the turn brought), ``combo/<n>/<side>/<j>``
          (the Black Market price of its ``j``-th combination), ``reinforcements/<n>/<side>``,
          ``skill/<n>/<side>``, ``paid/<n>/<side>``;
        - ``target`` and ``chest/<seat>`` (the chest limit);
        - ``first`` (the Arrow's toss), ``divider/<n>`` (who divides and who chooses turn ``n``)
          and ``divider`` (the turn the table plays now);
        - ``place/<seat>`` and, once the game is over, ``winner``.
        """
        return explanations(self, state)

    def totals_by_round(self, state: State) -> list[list[int]]:
        return [[t.coins_after[side] for side in state.teams] for t in state.turns]

    def score_label(self, state: State) -> str:
        """The standings count coins, the game's own score (the target is 20 or 30 coins)."""
        return N_("Coins")

    def chart_label(self, state: State) -> str:
        return N_("Coins after each turn")


GAME = GiveMeTheTreasure()
