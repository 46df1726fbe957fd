"""Give Me The Treasure: how each number on the game page was made, and why each side holds
its place, read off the replayed state (issue 26). Only the explanation page asks for these.

Rules: the Give Me The Treasure rulebook. The section ids are those of
templates/games/give-me-the-treasure/print/rules.*.html.
"""
from __future__ import annotations

from ..base import N_, Explanation, Game, Making, Msg, Part, Why, msg, msg_n
from .market import BANDIT_SKILLS, BANDITS, KIND_LABELS, REINFORCEMENTS, VIPER, Combination
from .state import State, Turn

COINS_RULE = msg(N_(
    "A side's coins: its starting coins, plus the Black Market price of each combination it "
    "resold and the coins of its Bandit skill and its Reinforcements, less 2 coins for each "
    "Cursed Painting it paid off; a correction adds or takes coins."))
TURN_RULE = msg(N_(
    "In the Resale a side collects the Black Market price of each combination it resells and "
    "the coins of its Bandit skill and its Reinforcements, and pays 2 coins for each Cursed "
    "Painting it gets rid of."))
MARKET_RULE = msg(N_(
    "The Black Market pays by kind and size: 2, 3 or 4 cards of one number 2, 5 or 10 coins; "
    "a sequence of 3, 4 or 5 numbers 4, 6 or 10 coins in several colours, 6, 9 or 15 in one "
    "colour. The Great Treasure counts as the card its side wishes."))
REINFORCEMENT_RULE = msg(N_(
    "Super Rou-Rou and Ninja Leo bring 3 coins and Lucky 7 when their combination is resold "
    "that turn; Viper 1 coin for each Cursed Painting it discards; the Croc' Brothers apply a "
    "face-up card again. A card turned over stays used."))
PAID_RULE = msg(N_(
    "To get rid of a Cursed Painting its side pays 2 coins; resold with a combination that "
    "holds a 2, it is discarded free."))
CHEST_RULE = msg(N_(
    "A chest holds 5 Loot cards; in a team of two the Leader's holds 3 and the member's 4. "
    "Raoul keeps one card more (in a team, only as Leader)."))
TARGET_RULE = msg(N_(
    "The first side to 20 coins wins; in the team variant, 30. A table may set another "
    "target when it starts the game."))
PAT_RULE = msg(N_(
    "Pat, the Police Dog: the side that resells the four cards numbered 1 as one combination "
    "wins at once, whatever the coins."))
ARROW_RULE = msg(N_(
    "Setup: the Arrow, tossed like a coin, points at the side that divides the first turn."))


def _cards(combo: Combination) -> str:
    """The numbers resold, the Great Treasure's marked with a star."""
    return " ".join(f"★{c.number}" if c == combo.treasure else str(c.number) for c in combo.cards)


def _kind(combo: Combination) -> Msg:
    return msg(KIND_LABELS[combo.kind])


def _combo_label(turn: int, combo: Combination) -> Msg:
    return msg(N_("Turn %(turn)s: %(kind)s %(cards)s"), turn=turn, kind=_kind(combo), cards=_cards(combo))


def _turn_parts(state: State, turn: Turn, side: int) -> tuple[list[Part], list[Part], Part | None, Part | None]:
    """A side's share of one turn: combinations, Reinforcements, Bandit skill, paintings paid."""
    r, n, e = turn.sides[side], turn.number, turn.entry
    combos = [Part(_combo_label(n, c), c.value, e) for c in r.combinations]
    calls = []
    for call in r.reinforcements:
        if not call.coins:
            continue
        name = REINFORCEMENTS[call.card]
        if call.repeats:
            label = msg(N_("Turn %(turn)s: %(card)s repeat %(repeats)s"), turn=n, card=name,
                        repeats=REINFORCEMENTS[call.repeats])
        elif call.card == VIPER:
            label = msg_n("Turn %(turn)s: %(card)s, %(n)s Cursed Painting discarded",
                          "Turn %(turn)s: %(card)s, %(n)s Cursed Paintings discarded",
                          call.cursed, turn=n, card=name)
        else:
            label = msg(N_("Turn %(turn)s: %(card)s"), turn=n, card=name)
        calls.append(Part(label, call.coins, e))
    bandit = state.skill_bandits[side]
    skill = Part(msg(N_("Turn %(turn)s: %(bandit)s's skill"), turn=n, bandit=BANDITS[bandit]),
                 r.skill, e) if r.skill and bandit else None
    paid = Part(msg_n("Turn %(turn)s: %(n)s Cursed Painting paid off",
                      "Turn %(turn)s: %(n)s Cursed Paintings paid off", r.cursed_paid, turn=n),
                -r.paid, e) if r.paid else None
    return combos, calls, skill, paid


def _making(title: Msg, parts: list[Part], rule: Msg, section: str) -> Making:
    return Making(title, sum(p.value for p in parts), tuple(parts), rule, section)


def _coins(state: State, out: dict[str, Explanation]) -> None:
    """``coins/<side>`` and ``score/<seat>``, and per turn ``after/<n>/<side>`` (the coins at
    its Inspection), ``turn/<n>/<side>`` (what the turn brought), ``combo/<n>/<side>/<j>``,
    ``reinforcements/<n>/<side>``, ``skill/<n>/<side>`` and ``paid/<n>/<side>``."""
    for side in (0, 1):
        name = state.side_name(side)
        start = Part(msg(N_("Starting coins")), state.starting_coins)
        total = [start]
        corrections = [(c.after_turn, Part(msg(N_("Correction: %(reason)s"), reason=c.reason), c.coins, c.entry))
                       for c in state.corrections if c.side == side]
        before = start
        for turn in state.turns:
            n = turn.number
            combos, calls, skill, paid = _turn_parts(state, turn, side)
            mine = [*combos, *calls, *([skill] if skill else []), *([paid] if paid else [])]
            between = [p for after, p in corrections if after == n - 1]
            total += between + mine
            out[f"after/{n}/{side}"] = _making(
                msg(N_("%(side)s after turn %(turn)s"), side=name, turn=n),
                [before, *between, *mine], COINS_RULE, "black-market")
            out[f"turn/{n}/{side}"] = _making(
                msg(N_("%(side)s in turn %(turn)s"), side=name, turn=n), mine, TURN_RULE, "a-turn")
            for j, (part, combo) in enumerate(zip(combos, turn.sides[side].combinations, strict=True)):
                label = msg_n("%(kind)s, %(n)s card: %(cards)s", "%(kind)s, %(n)s cards: %(cards)s",
                              combo.size, kind=_kind(combo), cards=_cards(combo))
                out[f"combo/{n}/{side}/{j}"] = _making(
                    msg(N_("Turn %(turn)s: a combination of %(side)s"), turn=n, side=name),
                    [Part(label, part.value, part.entry)], MARKET_RULE, "black-market")
            out[f"reinforcements/{n}/{side}"] = _making(
                msg(N_("Turn %(turn)s: Reinforcements of %(side)s"), turn=n, side=name),
                calls, REINFORCEMENT_RULE, "reinforcements")
            bandit = state.skill_bandits[side]
            out[f"skill/{n}/{side}"] = _making(
                msg(N_("Turn %(turn)s: Bandit skill of %(side)s"), turn=n, side=name),
                [skill] if skill else [],
                msg(N_("%(bandit)s: %(skill)s"), bandit=BANDITS[bandit], skill=msg(BANDIT_SKILLS[bandit]))
                if bandit else msg(N_("No Bandit skill counts in a practice game.")), "bandits")
            out[f"paid/{n}/{side}"] = _making(
                msg(N_("Turn %(turn)s: Cursed Paintings of %(side)s paid off"), turn=n, side=name),
                [paid] if paid else [], PAID_RULE, "loot-cards")
            before = Part(msg(N_("After turn %(turn)s"), turn=n), turn.coins_after[side], turn.entry)
        total += [p for after, p in corrections if after == len(state.turns)]
        coins = _making(msg(N_("Coins of %(side)s"), side=name), total, COINS_RULE, "black-market")
        out[f"coins/{side}"] = coins
        for seat in state.sides[side]:
            out[f"score/{seat}"] = coins


def _seats(state: State, out: dict[str, Explanation]) -> None:
    """``target`` and ``chest/<seat>``."""
    out["target"] = Making(msg(N_("Target")), state.target,
                           (Part(msg(N_("Target of this game")), state.target),), TARGET_RULE, "end-and-ties")
    for seat, limit in enumerate(state.chest_limits):
        side = state.teams[seat]
        if len(state.sides[side]) == 1:
            parts = [Part(msg(N_("One person on a side")), 5)]
        elif state.leaders[side] == seat:
            parts = [Part(msg(N_("Leader of a team of two")), 3)]
        else:
            parts = [Part(msg(N_("Member of a team of two")), 4)]
        if limit > parts[0].value:
            parts.append(Part(msg(N_("Raoul's skill")), limit - parts[0].value, state.deal_entry))
        out[f"chest/{seat}"] = _making(msg(N_("Chest limit of %(player)s"), player=state.players[seat]),
                                       parts, CHEST_RULE, "chest-limits")


def _roles(state: State, out: dict[str, Explanation], expects_turn: bool) -> None:
    """``first``, ``divider/<n>`` for every turn played (and the next), ``divider`` for the
    turn the table plays now."""
    if state.first_divider is None:
        return
    first, second = state.side_name(state.first_divider), state.side_name(1 - state.first_divider)
    out["first"] = Why(msg(N_("%(side)s divides first"), side=first), ARROW_RULE, "setup",
                       draw=state.deal_entry)
    rule = msg(N_("The Arrow points at the dividing side, and after every turn the sides swap "
                  "roles: %(first)s divides the odd turns, %(second)s the even ones."),
               first=first, second=second)
    for n in range(1, len(state.turns) + 1 + expects_turn):
        divider = (state.first_divider + n - 1) % 2
        out[f"divider/{n}"] = Why(
            msg(N_("%(divider)s divides turn %(turn)s, %(chooser)s chooses"), turn=n,
                divider=state.side_name(divider), chooser=state.side_name(1 - divider)),
            rule, "a-turn", draw=state.deal_entry)
    if expects_turn:
        out["divider"] = out[f"divider/{len(state.turns) + 1}"]


def _places(game: Game[State], state: State, out: dict[str, Explanation]) -> None:
    """``place/<seat>`` and, once the game is over, ``winner``."""
    outcome = game.outcome(state)
    pat = state.turns[-1].pat if outcome is not None and state.turns else None
    coins = state.coins
    # The tie-break chain: the target, then the most coins, then (equal coins at the target)
    # another turn, until the sides are apart.
    tied = next((t for t in state.turns if t.coins_after[0] == t.coins_after[1] >= state.target), None)
    step: Msg | None = None
    if outcome is not None and pat is None and tied is not None:
        step = msg(N_("Equal coins at the target after turn %(turn)s (%(coins)s each): the game went "
                      "on, and turn %(last)s separated the sides."),
                   turn=tied.number, coins=tied.coins_after[0], last=state.turns[-1].number)
    elif outcome is not None and pat is None and min(coins) >= state.target:
        step = msg(N_("Both sides reached the target at the Inspection of turn %(turn)s; the most "
                      "coins decide."), turn=state.turns[-1].number)
    elif coins[0] == coins[1]:
        step = msg(N_("Equal coins: the sides share the place until a turn separates them."))
    for s in game.standings(state):
        side = state.teams[s.seat]
        title = msg(N_("Place %(rank)s: %(player)s"), rank=s.rank, player=state.players[s.seat])
        if pat is not None:
            out[f"place/{s.seat}"] = Why(title, PAT_RULE, "reinforcements")
            continue
        rule = msg(N_("Seats rank by their side's coins, most first, and teammates share their side's "
                      "place: %(side)s has %(coins)s, %(other)s %(other_coins)s."),
                   side=state.side_name(side), coins=coins[side],
                   other=state.side_name(1 - side), other_coins=coins[1 - side])
        out[f"place/{s.seat}"] = Why(title, rule, "end-and-ties", step)
    if outcome is None:
        return
    best = state.teams[outcome.winners[0]]
    title = msg(N_("Winner: %(side)s"), side=state.side_name(best))
    if pat is not None:
        out["winner"] = Why(title, PAT_RULE, "reinforcements", draw=None)
        return
    out["winner"] = Why(title, msg(N_(
        "At the Inspection that finds a side at %(target)s coins or more the game ends, and the side "
        "with the most coins wins: %(side)s with %(coins)s to %(other_coins)s."),
        target=state.target, side=state.side_name(best), coins=coins[best], other_coins=coins[1 - best]),
        "end-and-ties", step)


def explanations(game: Game[State], state: State) -> dict[str, Explanation]:
    out: dict[str, Explanation] = {}
    _coins(state, out)
    _seats(state, out)
    expect = game.expect(state)
    _roles(state, out, expect is not None and expect.kind == "turn")
    _places(game, state, out)
    return out
