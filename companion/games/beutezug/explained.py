"""Beutezug explains itself: how each number of the game page was made from the record, and why
each seat holds its place (``Game.explanations``; ``Making`` and ``Why`` in ../base.py).

Rules: the Beutezug rulebook. Computed only for the explanation page, from the
state a replay returns: which entry gave what is read off the state (the entries come in the
one order the rules ask for them), so the fold stays as fast as it was.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..base import N_, Explanation, Making, Msg, Names, Nn_, Part, Why, msg, msg_n, names_of, replace
from .cards import BONUS_LABELS, ROUNDS, STACK_LABELS, STACK_SIZES, LootCard
from .state import State, bonus_inventory, points_groups

# Which loot card the tie-break compares at each step of "End of the Game".
CARD_STEP = (
    N_("Highest loot card: %(values)s."),
    N_("Second-highest loot card: %(values)s."),
    N_("Third-highest loot card: %(values)s."),
    N_("Fourth-highest loot card: %(values)s."),
    N_("Fifth-highest loot card: %(values)s."),
    N_("Sixth-highest loot card: %(values)s."),
    N_("Seventh-highest loot card: %(values)s."),
)
CHAIN = N_("After round %(total)s the most loot points win. On equal points the highest loot card "
           "decides, then the second-highest, and so on through every card; still level after "
           "all of them, a coin flip.")
LOOT_POINTS = N_("Loot points: %(values)s.")
# Two sentences in a row: a chain of steps is one message whose parts are translated each.
THEN = N_("%(first)s %(then)s")
TIED_FOR_PLACES = Nn_("%(players)s are tied on %(n)s point: their placement chips are drawn at random.",
                   "%(players)s are tied on %(n)s points: their placement chips are drawn at random.")


def _join(lines: Sequence[Msg]) -> Msg:
    out = lines[-1]
    for line in reversed(lines[:-1]):
        out = msg(THEN, first=line, then=out)
    return out


def _names(state: State, seats: Sequence[int]) -> Names:
    return names_of(state.players, seats)


def _order(state: State, seats: Sequence[int]) -> str:
    return ", ".join(state.players[s] for s in seats)


def _listing(state: State, seats: Sequence[int], value: Callable[[int], int]) -> str:
    """"Kate 40, Johnny 40, Vincenzo 38": the seats by the value compared, highest first."""
    return ", ".join(f"{state.players[s]} {value(s)}" for s in sorted(seats, key=lambda s: -value(s)))


@dataclass(frozen=True)
class Entries:
    """Which entry (index into the record) gave each part of the state: the rules take a
    placement, then per round the round and, after equal points, the tie's draw; last the coin."""

    rounds: tuple[int, ...]        # round r's entry at [r - 1]
    placements: tuple[int, ...]    # the entry that set ``State.placements[i]``
    drawn: tuple[bool, ...]        # whether ``State.placements[i]`` needed a draw
    coin: int | None


def entries_of(state: State) -> Entries:
    index, rounds, placements, drawn = 0, [], [0], [True]
    for r in range(1, len(state.rounds) + 1):
        index += 1
        rounds.append(index)
        if len(state.placements) > r:
            tied = any(len(g) > 1 for g in points_groups(after_round(state, r)))
            index += 1 if tied else 0
            placements.append(index)
            drawn.append(tied)
    return Entries(tuple(rounds), tuple(placements), tuple(drawn),
                   index + 1 if state.coin is not None else None)


def after_round(state: State, r: int) -> State:
    return replace(state, rounds=state.rounds[:r])


def card_label(card: LootCard) -> Msg:
    if card.seized:
        return msg(N_("Round %(round)s: loot card from the %(stack)s stack"),
                   round=card.round, stack=card.stack)
    if card.loot:
        return msg(N_("Round %(round)s: 0-card without a bonus"), round=card.round)
    return msg(N_("Round %(round)s: 0-card with a bonus"), round=card.round)


def chain(state: State, seats: Sequence[int], share: bool = False) -> tuple[Msg, bool]:
    """The tie-break chain of "End of the Game" among ``seats``, step by step until one of them
    is ahead: loot points, then the highest loot card, the next ... and the coin. Also whether
    the coin decided. ``share``: seats the coin passed by share their place."""
    points, alive, lines = state.points, list(seats), []
    steps: list[tuple[str, Callable[[int], int]]] = [(LOOT_POINTS, points.__getitem__)]
    steps += [(CARD_STEP[k], lambda s, k=k: state.loot_values(s)[k])   # type: ignore[misc]
              for k in range(min(len(state.loot_values(s)) for s in alive))]
    for text, value in steps:
        lines.append(msg(text, values=_listing(state, alive, value)))
        best = max(value(s) for s in alive)
        alive = [s for s in alive if value(s) == best]
        if len(alive) == 1:
            lines.append(msg(N_("%(player)s is ahead."), player=state.players[alive[0]]))
            return _join(lines), False
        lines.append(msg(N_("Still tied: %(players)s."), players=_names(state, alive)))
    if state.coin in alive:
        lines.append(msg(N_("Equal on every loot card: the coin flip went to %(player)s."),
                         player=state.players[state.coin]))
        return _join(lines), True
    if share and state.coin is not None:
        lines.append(msg(N_("Equal on every loot card, and the coin flip went to another player: "
                            "%(players)s share the place."), players=_names(state, alive)))
    else:
        lines.append(msg(N_("Equal on every loot card: a coin flip decides.")))
    return _join(lines), False


def explanations(state: State, standings_order: Sequence[tuple[int, int, int]],
                 winners: Sequence[int]) -> dict[str, Explanation]:
    """Every number and place of the game page, by key (the keys: ``Beutezug.explanations``).
    ``standings_order``: (seat, rank, score) best first, as the standings have them;
    ``winners``: the outcome's, once the game is over."""
    at = entries_of(state)
    out: dict[str, Explanation] = {}
    players, points = state.players, state.points

    # -- loot points, cards, chips -----------------------------------------------------------
    chips: list[Part] = [Part(msg(N_("Loot chips of this game: %(chips)s"),
                                  chips=", ".join(map(str, state.loot_chips)) or "–"),
                              len(state.loot_chips))]
    for seat, name in enumerate(players):
        parts: list[Part] = []
        for r, heists in enumerate(state.rounds, start=1):
            heist = next(h for h in heists if h.seat == seat)
            part = Part(card_label(heist.card), heist.card.loot, at.rounds[r - 1])
            parts.append(part)
            out[f"card/{r}/{seat}"] = Making(
                msg(N_("Loot card of %(player)s, round %(round)s"), player=name, round=r),
                heist.card.loot, (part,),
                msg(N_("A seized loot card gives the loot printed on it.")) if heist.card.seized
                else msg(N_("A 0-card gives either a bonus or 1 loot point (our reading of the rules).")),
                "a-round" if heist.card.seized else "our-readings")
            if heist.loot_chip is not None:
                parts.append(Part(msg(N_("Round %(round)s: loot chip"), round=r), heist.loot_chip,
                                  at.rounds[r - 1]))
                chips.append(Part(msg(N_("Round %(round)s: %(player)s takes loot chip %(value)s"),
                                      round=r, player=name, value=heist.loot_chip),
                                  -1, at.rounds[r - 1]))
                out[f"lootchip/{seat}"] = Making(
                    msg(N_("Loot chip of %(player)s"), player=name), heist.loot_chip,
                    (Part(msg(N_("Round %(round)s: the four +1 colours complete: the highest loot chip left"),
                              round=r), heist.loot_chip, at.rounds[r - 1]),),
                    msg(N_("At the end of a heist after which your loot cards show +1 orange, green, "
                           "black and pink, take the highest loot chip still in the supply; one loot "
                           "chip per player.")), "loot-chips")
        out[f"score/{seat}"] = Making(
            msg(N_("Loot points of %(player)s"), player=name), points[seat], tuple(parts),
            msg(N_("Your loot points are the loot on your loot cards plus your loot chip.")),
            "end-of-a-round")
    out["chips-left"] = Making(
        msg(N_("Loot chips left")), len(state.loot_chips_left), tuple(chips),
        msg(N_("Each loot chip goes out once, the highest left first, at the end of the heist that "
               "completes a player's four +1 colours.")), "loot-chips")
    for stack, count in state.stack_counts.items():
        taken = [Part(msg_n("Round %(round)s: %(n)s card", "Round %(round)s: %(n)s cards", k, round=r),
                      k, at.rounds[r - 1])
                 for r, heists in enumerate(state.rounds, start=1)
                 if (k := sum(h.card.stack == stack for h in heists))]
        out[f"stack/{stack}"] = Making(
            msg(N_("Cards taken: %(stack)s"), stack=msg(STACK_LABELS[stack])), count, tuple(taken),
            msg(N_("Every player keeps one card a round: a seized card from its stack, or a 0-card "
                   "after a failed heist; this stack holds %(max)s cards."), max=STACK_SIZES[stack]),
            "a-round")
    if state.round_no <= ROUNDS:
        played = [Part(msg(N_("Round %(n)s played"), n=r), 1, at.rounds[r - 1])
                  for r in range(1, state.round_no)]
        out["round"] = Making(
            msg(N_("Round %(n)s of %(total)s"), n=state.round_no, total=ROUNDS), state.round_no,
            (*played, Part(msg(N_("The round to enter now")), 1)),
            msg(N_("You play %(total)s rounds; in each, every player keeps one loot card."), total=ROUNDS),
            "end-of-the-game-and-ties")

    # -- the bonuses of the coming round -----------------------------------------------------
    if state.placement:
        chip_entry = at.placements[len(state.rounds)]
        for seat, name in enumerate(players):
            sources = bonus_inventory(state, seat).sources
            for bonus in dict.fromkeys(s.bonus for s in sources):
                # A card's source names its round; the chips were given by the placement.
                given = tuple(Part(s.source, 1, at.rounds[s.source.args["round"] - 1]
                                   if "round" in s.source.args else chip_entry)
                              for s in sources if s.bonus == bonus)
                out[f"bonus/{seat}/{bonus}"] = Making(
                    msg(N_("%(bonus)s for %(player)s in round %(round)s"),
                        bonus=msg(BONUS_LABELS[bonus]), player=name, round=state.round_no),
                    len(given), given,
                    msg(N_("You may use the bonus of each of your loot cards and of your chips once per "
                           "round; bonuses of one colour add up.")), "bonuses")

    # -- placements, the re-roll chip, the rolling order --------------------------------------
    for i, order in enumerate(state.placements):
        r = i + 1
        if i == 0:
            rule, section, line = msg(N_("Each player receives a placement chip at random; it gives the "
                                         "turn order of round 1.")), "setup", None
            before = points
        else:
            rule, section = msg(N_("After each round the most loot points take placement chip 1, the next "
                                   "most chip 2, and so on; on equal points the chips are drawn at "
                                   "random.")), "end-of-a-round"
            before = after_round(state, i).points
            line = msg(N_("Loot points after round %(round)s: %(values)s."), round=i,
                       values=_listing(state, order, before.__getitem__))
        whys: dict[int, Why] = {}
        for chip, seat in enumerate(order, start=1):
            tied = [s for s in order if before[s] == before[seat]] if i else []
            lines = [m for m in (line, msg_n(*TIED_FOR_PLACES, before[seat], players=_names(state, tied))
                                 if len(tied) > 1 else None) if m is not None]
            whys[seat] = Why(
                msg(N_("Placement chip %(chip)s in round %(round)s: %(player)s"),
                    chip=chip, round=r, player=players[seat]),
                rule, section, _join(lines) if lines else None,
                at.placements[i] if i == 0 or len(tied) > 1 else None)
            out[f"placement/{r}/{seat}"] = whys[seat]
        last = whys[order[-1]]
        out[f"reroll/{r}"] = replace(
            last, title=msg(N_("Re-roll chip in round %(round)s: %(player)s"), round=r,
                            player=players[order[-1]]),
            rule=msg(N_("The last placed player, with the highest placement chip, also takes the re-roll "
                        "chip and rolls first.")))
        out[f"rolling/{r}"] = Why(
            msg(N_("Rolling order in round %(round)s"), round=r),
            msg(N_("Everyone chooses in placement order and rolls in reverse: the player who chose "
                   "last, with the re-roll chip, rolls first.")), "a-round",
            _join([msg(N_("Choosing order: %(players)s."), players=_order(state, order)),
                   msg(N_("Rolling order: %(players)s."), players=_order(state, order[::-1]))]))

    # -- the standings and the winner --------------------------------------------------------
    ended = len(state.rounds) >= ROUNDS
    seats = [seat for seat, _rank, _score in standings_order]
    for i, (seat, rank, score) in enumerate(standings_order):
        title = msg(N_("Place %(place)s: %(player)s"), place=rank, player=players[seat])
        if not ended:
            shared = [s for s, _r, sc in standings_order if sc == score]
            lines = [msg(LOOT_POINTS, values=_listing(state, seats, points.__getitem__))]
            if len(shared) > 1:
                lines.append(msg_n("%(players)s share the place on %(n)s loot point.",
                                   "%(players)s share the place on %(n)s loot points.",
                                   score, players=_names(state, shared)))
            out[f"place/{seat}"] = Why(title, msg(N_(
                "During the game the standings go by loot points alone, and equal points share a "
                "place; the tie-break comes after round %(total)s."), total=ROUNDS),
                "end-of-a-round", _join(lines))
            continue
        # Why not higher, why not lower: the chain against each neighbour on equal points.
        steps, coin = [], False
        for other in (seats[i - 1] if i else None, seats[i + 1] if i + 1 < len(seats) else None):
            if other is not None and points[other] == points[seat]:
                step, by_coin = chain(state, sorted((seat, other), key=seats.index), share=True)
                steps.append(step)
                coin = coin or by_coin
        out[f"place/{seat}"] = Why(
            title, msg(CHAIN, total=ROUNDS), "end-of-the-game-and-ties",
            _join(steps) if steps else msg(LOOT_POINTS,
                                           values=_listing(state, seats, points.__getitem__)),
            at.coin if coin else None)
    if winners:
        step, coin = chain(state, seats)
        out["winner"] = Why(msg(N_("Winner: %(player)s"), player=_names(state, winners)),
                            msg(CHAIN, total=ROUNDS), "end-of-the-game-and-ties", step,
                            at.coin if coin else None)
    return out
