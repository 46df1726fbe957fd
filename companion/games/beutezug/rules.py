"""Beutezug: seven rounds of heists; the placement chips set the order, the most loot wins.

Rules: the Beutezug rulebook. Each round every player chooses a loot card in
placement order and rolls for it in reverse order; each player keeps one card a round (the seized
card, or a 0-card after a failed heist). Points are the loot on one's cards plus a loot chip for
completing the four +1 colours; after each round the points give the next placement.
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
    Names,
    Outcome,
    RulesError,
    Standing,
    first_data,
    msg,
    msg_n,
    names_of,
    ranked,
)
from .cards import (
    LOOT_CHIPS,
    PLACEMENT_CHIP_BONUSES,
    ROUNDS,
    STACK_SIZES,
    Heist,
    has_four_colours,
    read_outcome,
    read_placement,
)
from .explained import explanations
from .now import NOW
from .odds import within

# The game's own names, imported from here by its forms, views and result sheet too.
from .state import State as State
from .state import bonus_inventory as bonus_inventory
from .state import points_groups as points_groups
from .terms import NAMES_AS_PRINTED, TERMS

SETTINGS_DEFAULTS: dict[str, Any] = {
    "loot_chips": list(LOOT_CHIPS),
    "placement_chip_bonuses": list(PLACEMENT_CHIP_BONUSES),
}
MOST_LOOT_CHIPS = 5

# Which loot card broke a tie on points ("End of the Game"): the highest, then the next ...
TIE_BROKEN_BY = (
    N_("Tie broken by the highest loot card."),
    N_("Tie broken by the second-highest loot card."),
    N_("Tie broken by the third-highest loot card."),
    N_("Tie broken by the fourth-highest loot card."),
    N_("Tie broken by the fifth-highest loot card."),
    N_("Tie broken by the sixth-highest loot card."),
    N_("Tie broken by the seventh-highest loot card."),
)
COIN_DECIDED = N_("Still tied after comparing every loot card: a coin flip decided.")
# The codes of the tie-break's steps (Outcome.decided_by), TIE_BROKEN_BY's order.
TIE_STEPS = ("highest-card", "second-highest-card", "third-highest-card", "fourth-highest-card",
             "fifth-highest-card", "sixth-highest-card", "seventh-highest-card")
DECISIONS = {"points": N_("Most loot points."), **dict(zip(TIE_STEPS, TIE_BROKEN_BY, strict=True)),
             "coin": COIN_DECIDED}

# What the game waits for, when an entry of another kind arrives.
WAITING = {
    "placement": N_("Give out the placement chips first."),
    "placement_tie": N_("Draw the placement chips of the tied players first."),
    "round": N_("The placement chips are given out: enter the round."),
    "coin": N_("Flip the coin for the tied players first."),
}


def final_tie(state: State) -> tuple[list[int], int | None]:
    """The seats still in the running for the win, and the tie-break step that decided it.

    ``None``: the points decided; 0-6: the highest, second-highest ... loot card decided;
    ``ROUNDS``: still tied after every card ("End of the Game").
    """
    top = points_groups(state)[0]
    if len(top) == 1:
        return top, None
    values = {s: state.loot_values(s) for s in top}
    for step in range(max(len(v) for v in values.values())):
        best = max(values[s][step] for s in top)
        top = [s for s in top if values[s][step] == best]
        if len(top) == 1:
            return top, step
    return top, ROUNDS


def _names(state: State, seats: Sequence[int]) -> Names:
    return names_of(state.players, seats)


def _order(state: State, seats: Sequence[int]) -> str:
    return ", ".join(state.players[s] for s in seats)


class Settings(TypedDict):
    loot_chips: list[int]                # their values, highest first
    placement_chip_bonuses: list[str]    # one bonus per placement chip


class Beutezug(Game[State]):
    slug = "beutezug"
    title = "Beutezug"
    terms = TERMS
    names_as_printed = NAMES_AS_PRINTED
    min_players = 2
    max_players = 5
    explains = True
    decisions = DECISIONS

    def first_seat(self, players: Sequence[str], settings: Mapping[str, Any],
                   entries: Sequence[tuple[str, Mapping[str, Any]]]) -> int | None:
        placement = first_data(entries, "placement")  # rolling is in reverse placement order
        return None if placement is None else placement["order"][-1]

    def setup(self, players: Sequence[str], settings: Mapping[str, Any]) -> Settings:
        errors: dict[str, Msg] = self.player_count_errors(players)
        out = {k: settings.get(k, v) for k, v in SETTINGS_DEFAULTS.items()}
        chips = out["loot_chips"]
        if len(chips) > MOST_LOOT_CHIPS:
            errors["loot_chips"] = msg(N_("Give at most %(max)s loot chip values."),
                                       max=MOST_LOOT_CHIPS)
            chips = []
        out["loot_chips"] = sorted((within(v, 0, 99, errors, "loot_chips") for v in chips),
                                   reverse=True)
        bonuses = out["placement_chip_bonuses"]
        if len(bonuses) != len(PLACEMENT_CHIP_BONUSES):
            errors["placement_chip_bonuses"] = msg(
                N_("Give one bonus for each of the %(n)s placement chips."),
                n=len(PLACEMENT_CHIP_BONUSES))
        else:
            out["placement_chip_bonuses"] = list(bonuses)
        if errors:
            raise RulesError(errors)
        return {"loot_chips": out["loot_chips"], "placement_chip_bonuses": out["placement_chip_bonuses"]}

    def start(self, players: Sequence[str], settings: Mapping[str, Any]) -> State:
        s = self.setup(players, settings)
        return State(players=tuple(players), loot_chips=tuple(s["loot_chips"]),
                     chip_bonuses=tuple(s["placement_chip_bonuses"]))

    # -- entries -------------------------------------------------------------------------

    def apply(self, state: State, kind: str, data: Mapping[str, Any]) -> State:
        if kind not in WAITING:
            raise RulesError(msg(N_("Unknown entry kind %(kind)s."), kind=kind))
        expected = self.expect(state)
        if expected is None:
            raise RulesError(msg(N_("The game is over after round %(n)s: no more entries."),
                                 n=ROUNDS))
        if kind != expected.kind:
            raise RulesError(msg(WAITING[expected.kind]))
        return {"placement": self._placement, "placement_tie": self._placement_tie,
                "round": self._round, "coin": self._coin}[kind](state, data)

    def _placement(self, state: State, data: Mapping[str, Any]) -> State:
        """"Each player randomly receives one of them. They give your turn order" ("Setup")."""
        errors: dict[str, Msg] = {}
        order = read_placement(data["order"], len(state.players), errors, "order")
        if errors:
            raise RulesError(errors)
        return replace(state, placements=(order,))

    def _placement_tie(self, state: State, data: Mapping[str, Any]) -> State:
        """"The player with the most points receives placement chip 1 ... In case of a tie,
        distribute the corresponding placement chips randomly" ("End of a round")."""
        errors: dict[str, Msg] = {}
        order = read_placement(data["order"], len(state.players), errors, "order")
        if errors:
            raise RulesError(errors)
        points = state.points
        for i in range(1, len(order)):
            if points[order[i]] > points[order[i - 1]]:
                raise RulesError({f"order.{i}": msg(
                    N_("%(player)s has more points than %(other)s and gets the better placement chip."),
                    player=state.players[order[i]], other=state.players[order[i - 1]])})
        return replace(state, placements=state.placements + (order,))

    def _round(self, state: State, data: Mapping[str, Any]) -> State:
        """One outcome per player in rolling order; loot chips go out at the end of the heist
        that completes the four colours, highest first, one per player ("Loot chips")."""
        rolling, n = state.rolling_order, len(state.players)
        rows = data["outcomes"]
        if len(rows) != n:
            raise RulesError({"outcomes": msg(
                N_("Enter exactly one outcome for each of the %(n)s players."), n=n)})
        errors: dict[str, Msg] = {}
        by_seat: dict[int, int] = {}            # seat -> index of its row in the entry
        if any("seat" in r for r in rows):
            for i, row in enumerate(rows):
                if "seat" not in row:  # seats for some rows: every row needs its own
                    errors[f"outcomes.{i}.seat"] = msg(N_("Enter a whole number."))
                    continue
                seat = within(row["seat"], 0, n - 1, errors, f"outcomes.{i}.seat")
                if f"outcomes.{i}.seat" in errors:
                    continue
                if seat in by_seat:
                    errors[f"outcomes.{i}.seat"] = msg(
                        N_("%(player)s already has an outcome this round."),
                        player=state.players[seat])
                by_seat[seat] = i
        else:
            by_seat = {seat: i for i, seat in enumerate(rolling)}
        if errors:
            raise RulesError(errors)

        taken = state.stack_counts
        heists: list[Heist] = []
        chips_left = list(state.loot_chips_left)
        for seat in rolling:
            i = by_seat[seat]
            path = f"outcomes.{i}."
            card = read_outcome(rows[i], state.round_no, errors, path)
            if path + "stack" in errors:
                continue
            taken[card.stack] += 1
            if taken[card.stack] > STACK_SIZES[card.stack]:
                errors[path + "stack"] = msg(
                    N_("Stack %(stack)s holds %(max)s cards; this would be card %(count)s."),
                    stack=card.stack, max=STACK_SIZES[card.stack], count=taken[card.stack])
            chip = None
            if state.loot_chip(seat) is None and chips_left \
                    and has_four_colours(state.cards(seat) + (card,)):
                chip = chips_left.pop(0)
            heists.append(Heist(seat, card, chip))
        if errors:
            raise RulesError(errors)
        after = replace(state, rounds=state.rounds + (tuple(heists),))
        if len(after.rounds) < ROUNDS:
            groups = points_groups(after)
            if all(len(g) == 1 for g in groups):
                after = replace(after, placements=after.placements + (tuple(g[0] for g in groups),))
        return after

    def _coin(self, state: State, data: Mapping[str, Any]) -> State:
        """"If several players are still tied after comparing all cards, they flip a coin"."""
        tied, _step = final_tie(state)
        errors: dict[str, Msg] = {}
        winner = within(data["winner"], 0, len(state.players) - 1, errors, "winner")
        if not errors and winner not in tied:
            errors["winner"] = msg(N_("Only %(players)s are in the coin flip."),
                                   players=_names(state, tied))
        if errors:
            raise RulesError(errors)
        return replace(state, coin=winner)

    def draw(self, state: State, rng: random.Random) -> dict[str, object]:
        expected = self.expect(state)
        if expected is None or not expected.draw:
            return super().draw(state, rng)
        if expected.kind == "coin":
            return {"winner": rng.choice(final_tie(state)[0])}
        if expected.kind == "placement":
            order = list(range(len(state.players)))
            rng.shuffle(order)
            return {"order": order}
        order = []
        for group in points_groups(state):
            group = list(group)
            rng.shuffle(group)
            order.extend(group)
        return {"order": order}

    # -- reading the state ---------------------------------------------------------------

    def expect(self, state: State) -> Expect | None:
        if not state.placements:
            return Expect("placement", msg(N_("Placement chips")), (
                msg(N_("Let the app draw the chips, or enter how the table drew them.")),
            ), draw=True, rule=msg(NOW["placement"][0]), section=NOW["placement"][1])
        if len(state.rounds) >= ROUNDS:
            if self.outcome(state) is not None:
                return None
            return Expect("coin", msg(N_("Coin flip")), (msg(
                N_("%(players)s are tied on points and on every loot card: let the app flip the coin, or enter who won the flip at the table."),
                players=_names(state, final_tie(state)[0])),), draw=True,
                rule=msg(NOW["coin"][0]), section=NOW["coin"][1])
        if state.placement is None:
            points = state.points
            return Expect("placement_tie", msg(N_("Placement chips for round %(n)s"), n=state.round_no),
                          tuple(msg_n("%(players)s are tied on %(n)s point: their placement chips are drawn at random.",
                                      "%(players)s are tied on %(n)s points: their placement chips are drawn at random.",
                                      points[g[0]], players=_names(state, g))
                                for g in points_groups(state) if len(g) > 1), draw=True,
                          rule=msg(NOW["placement_tie"][0]), section=NOW["placement_tie"][1])
        placement = state.placement
        lines = [
            msg(N_("Choosing order: %(players)s."), players=_order(state, placement)),
            msg(N_("Rolling order: %(players)s."), players=_order(state, state.rolling_order)),
            msg(N_("%(player)s holds the re-roll chip and rolls first."),
                player=state.players[placement[-1]]),
        ]
        for seat, before, now in state.placement_changes:
            if now < before:
                lines.append(msg(N_("%(player)s moves up from place %(before)s to %(now)s."),
                                 player=state.players[seat], before=before, now=now))
            elif now > before:
                lines.append(msg(N_("%(player)s moves down from place %(before)s to %(now)s."),
                                 player=state.players[seat], before=before, now=now))
        return Expect("round", msg(N_("Round %(n)s of %(total)s"), n=state.round_no, total=ROUNDS),
                      tuple(lines), rule=msg(NOW["round"][0]), section=NOW["round"][1])

    def outcome(self, state: State) -> Outcome | None:
        if len(state.rounds) < ROUNDS:
            return None
        # "The player with the most loot points wins."
        top, step = final_tie(state)
        if step is None:
            return self.decided((top[0],), "points")
        # "A tie is won by the player who has the highest loot card ... and so on."
        if step < ROUNDS:
            return self.decided((top[0],), TIE_STEPS[step])
        # "... they flip a coin to decide who wins."
        if state.coin is None:
            return None
        return self.decided((state.coin,), "coin")

    def standings(self, state: State) -> list[Standing]:
        points = state.points

        def parts(seat: int) -> tuple[tuple[str, int], ...]:
            return ((N_("Loot cards"), sum(c.loot for c in state.cards(seat))),
                    (N_("Loot chip"), state.loot_chip(seat) or 0))

        if len(state.rounds) < ROUNDS:
            return [replace(s, parts=parts(s.seat)) for s in ranked(list(enumerate(points)))]

        # After round 7 the tie-breaks of "End of the Game" order equal points.
        def key(seat: int) -> tuple[Any, ...]:
            return (-points[seat], tuple(-v for v in state.loot_values(seat)),
                    0 if seat == state.coin else 1)

        order = sorted(range(len(state.players)), key=lambda s: (key(s), s))
        out: list[Standing] = []
        for i, seat in enumerate(order):
            rank = out[-1].rank if out and key(order[i - 1]) == key(seat) else i + 1
            note = None
            below = order[i + 1] if i + 1 < len(order) else None
            if below is not None and points[below] == points[seat] and key(below) != key(seat):
                ours, theirs = state.loot_values(seat), state.loot_values(below)
                step = next((k for k, (a, b) in enumerate(zip(ours, theirs, strict=False)) if a != b), None)
                note = msg(TIE_BROKEN_BY[step] if step is not None else COIN_DECIDED)
            out.append(Standing(seat, rank, points[seat], parts(seat), note))
        return out

    def explanations(self, state: State) -> dict[str, Explanation]:
        """Every number and place of the game page (the shared standings and
        templates/games/beutezug/_state.html), with its making or its why (explained.py), by key.

        Makings: ``score/<seat>`` (loot points: the loot card of each round, the loot chip),
        ``card/<round>/<seat>`` (the loot of the card kept in round 1-7), ``lootchip/<seat>``,
        ``chips-left`` (how many loot chips are still in the supply), ``stack/<stack>`` (cards
        taken from the 0, 2, 3, 4 or 5 stack), ``round`` (the round to enter, n of 7),
        ``bonus/<seat>/<bonus>`` (how many of a bonus a seat has in the coming round, and from
        which card or chip).
        Whys: ``place/<seat>`` (the standings' rank: loot points; after round 7 the tie-break
        chain against the neighbours on equal points), ``winner`` (the chain step by step),
        ``placement/<round>/<seat>`` (the placement chip in round 1-7: drawn, or by loot points,
        equal points drawn), ``reroll/<round>`` (the re-roll chip), ``rolling/<round>`` (the
        rolling order).
        """
        outcome = self.outcome(state)
        return explanations(state, [(s.seat, s.rank, s.score) for s in self.standings(state)],
                            outcome.winners if outcome else ())

    def totals_by_round(self, state: State) -> list[list[int]]:
        running = [0] * len(state.players)
        out = []
        for heists in state.rounds:
            for h in heists:
                running[h.seat] += h.card.loot + (h.loot_chip or 0)
            out.append(list(running))
        return out


GAME = Beutezug()
