"""How each number on a Beutelschneider game page was made, and why each seat holds its place.

Read off the replayed state (``Beutelschneider.explanations``): every hand keeps what its
scores were made of, so nothing is counted a second time. Sections are those of the rules
reference (templates/games/beutelschneider/print/rules.*.html).
"""
from __future__ import annotations

from ..base import N_, Explanation, Game, Making, Msg, Nn_, Part, Why, msg, msg_n, names_of
from .deck import CARDS_DEALT, CUTPURSE_PENALTY, SPECIAL_STEP
from .state import State

PLAYING = "playing-a-hand"
SCORING = "scoring-a-hand"
END = "end"
OURS = "our-readings"

# A scored event as a line of a hand's making, in the rulebook's words: (singular, plural),
# the plural None where one card can score it once a hand at most.
EVENT_LINES: dict[str, tuple[str, str | None]] = {
    "night_watchman": (N_("Night Watchman takes the last trick"), None),
    "guard": Nn_("Guard: %(n)s cutpurse caught", "Guard: %(n)s cutpurses caught"),
    "assassin": Nn_("Assassin: %(n)s authority murdered", "Assassin: %(n)s authorities murdered"),
    "seduction": (N_("Adventurer/Countess played second, trick won"), None),
    "bard": (N_("Bard drives out a couple"), None),
    "muscleman": Nn_("Muscleman: %(n)s Tavern Maid", "Muscleman: %(n)s Tavern Maids"),
}


def _event_line(key: str, count: int) -> Msg:
    one, many = EVENT_LINES[key]
    return msg(one) if many is None else msg_n(one, many, count)


def entry_indexes(state: State) -> tuple[list[int], dict[int, int]]:
    """The record index of each hand, and of each tie choice by the number of hands before
    it: the record is the hands in order, a choice after a hand that tied at the top."""
    choices = {count for count, _ in state.tie_choices}
    hands: list[int] = []
    ties: dict[int, int] = {}
    index = 0
    for count in range(len(state.hands) + 1):
        if count in choices:
            ties[count] = index
            index += 1
        if count < len(state.hands):
            hands.append(index)
            index += 1
    return hands, ties


def hand_making(state: State, n: int, seat: int, entry: int) -> Making:
    """Hand ``n`` (from 1): gold, minus 20 per cutpurse kept, plus 10 per event scored."""
    hand = state.hands[n - 1]
    parts = [Part(msg(N_("Hand %(n)s: gold"), n=n), hand.gold[seat], entry)]
    cutpurses = hand.cutpurses[seat]
    if cutpurses:
        parts.append(Part(msg_n("%(n)s cutpurse × −%(penalty)s", "%(n)s cutpurses × −%(penalty)s",
                                cutpurses, penalty=CUTPURSE_PENALTY), -CUTPURSE_PENALTY * cutpurses, entry))
    parts += [Part(_event_line(key, count), SPECIAL_STEP * count, entry) for key, count in hand.events[seat]]
    if hand.other[seat]:
        parts.append(Part(msg(N_("Other special points")), hand.other[seat], entry))
    return Making(
        msg(N_("%(player)s, hand %(n)s"), player=state.players[seat], n=n), hand.scores[seat], tuple(parts),
        msg(N_("A hand scores the gold in one's tricks, minus %(penalty)s for each cutpurse among them, "
               "plus the special points: %(step)s each time a trump or special card scores."),
            penalty=CUTPURSE_PENALTY, step=SPECIAL_STEP),
        SCORING)


TOTAL_RULE = msg(N_("A total adds up the scores of the hands played; it can go below zero."))
PLACE_RULE = msg(N_("Places go by total, highest first; equal totals share a place."))
TIE_RULE = msg(N_("The rules say only that the most points win; on equal totals at the top the "
                  "table chooses to play another hand or to share the win."))


def _deal(state: State, n: int) -> dict[str, Explanation]:
    """Who deals hand ``n`` and who leads its first trick."""
    seats = len(state.players)
    dealer = (state.first_dealer + n - 1) % seats
    leader = (dealer + 1) % seats
    cards = CARDS_DEALT.get(seats, 0)
    return {
        f"dealer/{n}": Why(
            msg(N_("Hand %(n)s: %(player)s deals"), n=n, player=state.players[dealer]),
            msg(N_("%(first)s dealt the first hand, as set when the game began; the deal passes "
                   "to the left each hand."), first=state.players[state.first_dealer]),
            OURS,
            msg(N_("%(player)s deals %(cards)s cards to each player."), player=state.players[dealer],
                cards=cards)),
        f"leader/{n}": Why(
            msg(N_("Hand %(n)s: %(player)s leads the first trick"), n=n, player=state.players[leader]),
            msg(N_("The player to the left of the dealer leads the first trick; whoever takes a "
                   "trick leads the next.")),
            PLAYING,
            msg(N_("%(dealer)s deals hand %(n)s."), dealer=state.players[dealer], n=n)),
    }


def _win(game: Game[State], state: State, ties: dict[int, int]) -> tuple[Msg, int | None] | None:
    """The step that decided the win and the entry of the table's choice it rests on, if any;
    ``None`` while the game is played."""
    outcome = game.outcome(state)
    if outcome is None:
        return None
    names = names_of(state.players, outcome.winners)
    total, played = max(state.totals), len(state.hands)
    if len(outcome.winners) > 1:
        return msg(N_("Equal totals at the top, %(total)s points each: the table chose to share the "
                      "win between %(players)s."), total=total, players=names), ties.get(played)
    played_on = [count for count, choice in state.tie_choices if choice == "another_hand"]
    if played_on:  # whoever crossed the limit since, the tie was played on to the highest total
        tied = played_on[-1]
        return msg(N_("Equal totals at the top after hand %(tied)s: the table chose to play another "
                      "hand, and after hand %(n)s %(player)s has the highest total, %(total)s."),
                   tied=tied, n=played, player=names, total=total), ties.get(tied)
    reached = state.reached_in_last_hand
    if reached > 1:
        return msg(N_("%(count)s players reached %(limit)s in hand %(n)s; of them %(player)s has the "
                      "highest total, %(total)s."),
                   count=reached, limit=state.limit, n=played, player=names, total=total), None
    return msg(N_("%(player)s alone reached %(limit)s, in hand %(n)s, with %(total)s points."),
               player=names, limit=state.limit, n=played, total=total), None


def explanations(game: Game[State], state: State) -> dict[str, Explanation]:
    out: dict[str, Explanation] = {}
    hands, ties = entry_indexes(state)
    for seat, player in enumerate(state.players):
        by_hand = [Part(msg(N_("Hand %(n)s"), n=n), hand.scores[seat], hands[n - 1])
                   for n, hand in enumerate(state.hands, 1)]
        for n in range(1, len(state.hands) + 1):
            out[f"hand/{n}/{seat}"] = hand_making(state, n, seat, hands[n - 1])
            out[f"total/{n}/{seat}"] = Making(msg(N_("%(player)s after hand %(n)s"), player=player, n=n),
                                              sum(p.value for p in by_hand[:n]), tuple(by_hand[:n]),
                                              TOTAL_RULE, SCORING)
        out[f"score/{seat}"] = Making(msg(N_("Total of %(player)s"), player=player), state.totals[seat],
                                      tuple(by_hand), TOTAL_RULE, SCORING)
    expect = game.expect(state)
    for n in range(1, len(state.hands) + (2 if expect is not None and expect.kind == "hand" else 1)):
        out.update(_deal(state, n))
    for count, choice in state.tie_choices:
        out[f"tie/{count}"] = Why(
            msg(N_("Tie at the top after hand %(n)s"), n=count), TIE_RULE, OURS,
            msg(N_("The table chose to play another hand.")) if choice == "another_hand"
            else msg(N_("The table chose to share the win.")),
            ties[count])

    win = _win(game, state, ties)
    limit_rule = msg(N_("The game ends after the hand in which a player reaches the limit of %(limit)s "
                        "points; the highest total wins."), limit=state.limit)
    if win is not None:
        out["winner"] = Why(msg(N_("Who won")), limit_rule, END, *win)
    standings = game.standings(state)
    outcome = game.outcome(state)
    for s in standings:
        title = msg(N_("%(player)s: place %(rank)s"), player=state.players[s.seat], rank=s.rank)
        if win is not None and outcome is not None and s.seat in outcome.winners:
            out[f"place/{s.seat}"] = Why(title, limit_rule, END, *win)
            continue
        tied = sum(1 for other in standings if other.score == s.score)
        step, draw = None, None
        if tied > 1:
            step = msg_n("%(n)s player with %(total)s points shares place %(rank)s.",
                         "%(n)s players with %(total)s points share place %(rank)s.",
                         tied, total=s.score, rank=s.rank)
            if s.rank == 1 and len(state.hands) in ties:  # played on from a tie at the top
                draw = ties[len(state.hands)]
        out[f"place/{s.seat}"] = Why(title, PLACE_RULE, END, step, draw)
    return out

