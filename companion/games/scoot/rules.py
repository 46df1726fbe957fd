"""Loot and Scoot: a gold ledger for the Inn and the Dungeons, and the final victory points.

Rules: the Loot and Scoot rulebook. The record runs: the first player
(drawn or entered), each player's two starting Adventurers in turn order, then one entry
per action and per happening in a Dungeon (``action``), one per trip out of a Dungeon
(``leave``), and after a Boss falls the final scoring (``final``), the unrevealed
Treasure rolls (``treasure_roll``) and, if everything is equal, the dwarf (``dwarf``).
The pieces and prices are in ``state``, the actions in ``actions``, the
scoring in ``score`` and the battle odds in ``odds``.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
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
    first_data,
    msg,
    msg_n,
    ranked,
    replace,
)
from .actions import DUNGEON_EVENTS, INN_ACTIONS, check, read_2d6, read_seat, within
from .explained import END, LEAVING, LOOTING, SETUP, TIES, TURN, explain
from .score import CODES, DECISIONS, ChainStep, chain, decide, final_scores, ranking, tied_on_everything
from .state import (
    BOSS_LEVEL,
    CLASSES,
    GOLD_PER_LEVEL,
    STARTING_ADVENTURERS,
    Final,
    State,
    new_state,
    roll_2d6,
)
from .terms import NAMES_AS_PRINTED, TERMS

__all__ = ["GAME", "LootAndScoot", "State", "roll_2d6"]

LOOT_VALUE_RANGE = (-10, 10)


def leave_payout(levels: Sequence[int], specials: int, how: str) -> int:
    """Gold for leaving a Dungeon (chapter 5).

    Peacefully, between battles: 3 gp per level of the highest room looted this turn plus
    1 gp per looted room or special tile. Running screaming or losing: the 3 gp per level
    only. Nathaniel loots levels 1, 2 and 3 and leaves: 3x3 + 3 = 12 gp (9 gp fleeing).
    """
    base = GOLD_PER_LEVEL * max(levels, default=0)
    return base + len(levels) + specials if how == "peaceful" else base


class Settings(TypedDict):
    """None: the rulebook has no options."""


class LootAndScoot(Game[State]):
    slug = "loot-and-scoot"
    title = "Loot and Scoot"
    terms = TERMS
    names_as_printed = NAMES_AS_PRINTED
    min_players = 2
    max_players = 4
    decisions = DECISIONS

    def first_seat(self, players: Sequence[str], settings: Mapping[str, Any],
                   entries: Sequence[tuple[str, Mapping[str, Any]]]) -> int | None:
        first = first_data(entries, "first_player")
        return None if first is None else first["seat"]

    def setup(self, players: Sequence[str], settings: Mapping[str, Any]) -> Settings:
        if errors := self.player_count_errors(players):
            raise RulesError(errors)
        return {}

    def start(self, players: Sequence[str], settings: Mapping[str, Any]) -> State:
        self.setup(players, settings)
        return new_state(tuple(players))

    # -- entries -------------------------------------------------------------------------

    def apply(self, state: State, kind: str, data: Mapping[str, Any]) -> State:
        handlers = {"first_player": self._first_player, "pick": self._pick, "action": self._action,
                    "leave": self._leave, "final": self._final, "treasure_roll": self._treasure_roll,
                    "dwarf": self._dwarf}
        if kind not in handlers:
            raise RulesError(msg(N_("Unknown entry kind %(kind)s."), kind=kind))
        new = handlers[kind](state, data)
        # Every handler returns a state of its own making, so the entry is logged on it in
        # place: a copy more per entry would be a tenth of the replay.
        new = replace(new) if new is state else new
        object.__setattr__(new, "log", (state.log, kind, data))
        return new

    def _first_player(self, state: State, data: Mapping[str, Any]) -> State:
        """Randomly determine the first player (chapter 2): the app draws, or the table says."""
        if state.phase != "first_player":
            raise RulesError(msg(N_("The first player is already chosen.")))
        errors: dict[str, Msg] = {}
        seat = read_seat(state, data["seat"], "seat", errors)
        check(errors)
        return replace(state, first_player=seat)

    def _turn_seat(self, state: State, data: Mapping[str, Any]) -> int:
        errors: dict[str, Msg] = {}
        seat = read_seat(state, data.get("seat", state.current), "seat", errors)
        check(errors)
        if seat != state.current:
            raise RulesError({"seat": msg(N_("It is %(player)s's turn."), player=state.players[state.current])})
        return seat

    def _pick(self, state: State, data: Mapping[str, Any]) -> State:
        """Each player in turn picks two different Level 1 Adventurers, never a pair
        a previous player picked (chapter 2: Beth cannot pick Squire/Wizard after Adam)."""
        if state.phase != "pick":
            raise RulesError(msg(N_("Every player has picked their starting Adventurers.")))
        seat = self._turn_seat(state, data)
        classes: list[str] = data["classes"]
        if len(classes) != STARTING_ADVENTURERS:
            raise RulesError({"classes": msg(N_("Pick two Level 1 Adventurers by class."))})
        first, second = sorted(classes)
        pair = (first, second)
        if first == second:
            raise RulesError({"classes": msg(N_("The two Adventurers must be of different classes."))})
        if pair in state.picks:
            raise RulesError({"classes": msg(N_("A previous player picked this pair; pick another."))})
        if any(state.pool.adventurers[CLASSES.index(c)] < 1 for c in pair):
            raise RulesError({"classes": msg(N_("No Adventurer of this class is left in the common pool."))})
        party, pool = state.parties[seat], state.pool
        for cls in pair:
            party, pool = party.adventurer(cls, 1, +1), pool.take_adventurer(cls)
        return replace(state.with_party(seat, party), pool=pool, picks=state.picks + (pair,))

    def _playing(self, state: State) -> None:
        if state.phase in ("first_player", "pick"):
            raise RulesError(msg(N_("Set up first: the first player, then everyone's two Adventurers.")))
        if state.phase != "play":
            raise RulesError(msg(N_("The game is over: a Boss has been killed.")))

    def _action(self, state: State, data: Mapping[str, Any]) -> State:
        """One action at the Inn (two per turn; begging takes both), or one happening in a
        Dungeon (Treasure, Poison, wounds) after the turn's first action (chapter 4)."""
        self._playing(state)
        seat = self._turn_seat(state, data)
        action: str = data["action"]
        if action in INN_ACTIONS:
            if state.looting:
                raise RulesError({"action": msg(N_("The party is in a Dungeon; the turn ends when it leaves."))})
            if action == "beg" and state.actions:
                raise RulesError({"action": msg(N_("Begging takes both actions."))})
            state = INN_ACTIONS[action](state, seat, data)
            state = replace(state, actions=state.actions + (2 if action == "beg" else 1))
            return self._end_turn(state) if state.actions >= 2 else state
        # The shape knows no other actions: the rest happen in a Dungeon.
        if state.actions != 1:
            raise RulesError({"action": msg(N_("A turn starts with an action; Lootin' comes after it."))})
        return replace(DUNGEON_EVENTS[action](state, seat, data), looting=True)

    def _end_turn(self, state: State) -> State:
        gold = tuple(p.gold for p in state.parties)
        return replace(state, turn=state.turn + 1, actions=0, looting=False, turn_specials=0,
                       turn_tiles=0, gold_by_turn=state.gold_by_turn + (gold,))

    def _leave(self, state: State, data: Mapping[str, Any]) -> State:
        """The party leaves a Dungeon: peacefully, running screaming, or beaten (chapter 5).

        Gold as ``leave_payout``; nothing looted after fleeing or losing earns a Divine Pity
        marker instead. A held Divine Pity is spent by winning the first battle, so it goes
        once a room other than the Boss (no Pity against a Boss) is looted. Loot icons draw
        Loot markers. Killing the Boss ends the game.
        """
        levels: list[int] = data["levels"]
        if state.boss_killed_by is not None and BOSS_LEVEL in levels:
            raise RulesError({"levels": msg(N_("A Boss has already been killed; the game is over."))})
        self._playing(state)
        seat = self._turn_seat(state, data)
        if state.actions != 1:
            raise RulesError(msg(N_("A turn starts with an action; Lootin' comes after it.")))
        errors: dict[str, Msg] = {}
        dungeon = read_seat(state, data["dungeon"], "dungeon", errors)
        how: str = data["how"]
        for i, level in enumerate(levels):
            if not 1 <= level <= BOSS_LEVEL:
                errors[f"levels.{i}"] = msg(N_("Room levels run from 1 to 6 (the Boss)."))
        loot = within(data.get("loot", 0), "loot", errors, lo=0, hi=len(levels))
        check(errors)
        party = state.parties[seat]
        if dungeon == seat:
            errors["dungeon"] = msg(N_("You cannot loot your own Dungeon. Ever."))
        elif state.taken[dungeon] + state.turn_tiles + len(levels) > state.setup.dungeon_rooms:
            errors["levels"] = msg(N_("That Dungeon holds only %(n)s tiles."), n=state.setup.dungeon_rooms)
        if levels.count(BOSS_LEVEL) > 1:
            errors["levels"] = msg(N_("A Dungeon has only one Boss."))
        elif BOSS_LEVEL in levels and how != "peaceful":
            errors["how"] = msg(N_("Beating the Boss wins the battle: the party leaves peacefully."))
        elif how == "peaceful" and not levels and not state.turn_tiles:
            # A party that saved itself from a Poison tile may leave peacefully (chapter 5),
            # with nothing looted; only one that met nothing at all cannot.
            errors["how"] = msg(N_("Nothing was looted: the party ran screaming or lost."))
        if loot > state.pool.loot:
            errors["loot"] = msg_n("Only %(n)s Loot marker is left.", "Only %(n)s Loot markers are left.",
                                   state.pool.loot)
        check(errors)
        pity = party.pity
        if pity and any(level < BOSS_LEVEL for level in levels):
            pity -= 1
        pool = replace(state.pool, loot=state.pool.loot - loot)
        if not levels and how != "peaceful" and pool.pity:
            pity, pool = pity + 1, replace(pool, pity=pool.pity - 1)
        elif pity < party.pity:
            pool = replace(pool, pity=pool.pity + 1)
        party = replace(party, gold=party.gold + leave_payout(levels, state.turn_specials, how),
                        rooms=party.rooms + tuple(levels), loot=party.loot + loot, pity=pity)
        taken = list(state.taken)
        taken[dungeon] += state.turn_tiles + len(levels)
        state = replace(state.with_party(seat, party), pool=pool, taken=tuple(taken))
        if BOSS_LEVEL in levels:
            state = replace(state, boss_killed_by=seat)
        return self._end_turn(state)

    def _final(self, state: State, data: Mapping[str, Any]) -> State:
        """Chapter 7: everyone reveals Loot markers; unclaimed tiles in one's own Dungeon
        count 3 VP each; each unrevealed Treasure among them is rolled next (2d6 gp)."""
        if state.phase in ("first_player", "pick", "play"):
            raise RulesError(msg(N_("Scoring comes after a Boss is killed.")))
        if state.final is not None:
            raise RulesError(msg(N_("The final scoring is already entered.")))
        rows = data["players"]
        n = len(state.players)
        if len(rows) != n:
            raise RulesError({"players": msg(N_("Enter a result for each of the %(n)s players."), n=n)})
        errors: dict[str, Msg] = {}
        loot, unclaimed, treasure = [], [], []
        lo, hi = LOOT_VALUE_RANGE
        for seat, row in enumerate(rows):
            p = f"players.{seat}."
            values = row.get("loot", [])
            if len(values) != state.parties[seat].loot:
                errors[p + "loot"] = msg_n("%(player)s drew %(n)s Loot marker: enter its value.",
                                           "%(player)s drew %(n)s Loot markers: enter each one's value.",
                                           state.parties[seat].loot, player=state.players[seat])
                values = []
            loot.append(tuple(within(v, f"{p}loot.{i}", errors, lo=lo, hi=hi) for i, v in enumerate(values)))
            left = state.setup.dungeon_rooms - state.taken[seat]
            unclaimed.append(within(row.get("unclaimed", 0), p + "unclaimed", errors, lo=0, hi=left))
            treasure.append(within(row.get("treasure", 0), p + "treasure", errors, lo=0,
                                   hi=min(unclaimed[-1], state.pool.treasure)))
        if not errors and sum(treasure) > state.pool.treasure:
            errors["treasure"] = msg_n("Only %(n)s Treasure tile was not found.",
                                       "Only %(n)s Treasure tiles were not found.", state.pool.treasure)
        check(errors)
        return replace(state, final=Final(tuple(loot), tuple(unclaimed), tuple(treasure)))

    def _roll_order(self, state: State) -> list[int]:
        assert state.final is not None
        return [seat for seat, n in enumerate(state.final.treasure) for _ in range(n)]

    def _treasure_roll(self, state: State, data: Mapping[str, Any]) -> State:
        """An unrevealed Treasure pays 2d6 gp from the Bank before gold turns into VP."""
        if state.phase != "treasure":
            raise RulesError(msg(N_("No unrevealed Treasure is waiting to be rolled.")))
        assert state.final is not None
        seat = self._roll_order(state)[len(state.final.rolls)]
        errors: dict[str, Msg] = {}
        if data.get("seat", seat) != seat:
            errors["seat"] = msg(N_("The next Treasure is %(player)s's."), player=state.players[seat])
        gold = read_2d6(data, errors)
        check(errors)
        return replace(state, final=replace(state.final, rolls=state.final.rolls + ((seat, gold),)))

    def _dwarf(self, state: State, data: Mapping[str, Any]) -> State:
        """The last tie-break: the tied player who most looks like a dwarf, by the table's eye."""
        tied = self._dwarf_choices(state)
        if len(tied) < 2:
            raise RulesError(msg(N_("No tie is left for the dwarf to settle.")))
        errors: dict[str, Msg] = {}
        seat = read_seat(state, data["seat"], "seat", errors)
        if not errors and seat not in tied:
            errors["seat"] = msg(N_("Pick one of the tied players."))
        check(errors)
        return replace(state, dwarf=seat)

    # -- reading the state ---------------------------------------------------------------

    def _dwarf_choices(self, state: State) -> list[int]:
        if state.phase != "over" or state.dwarf is not None:
            return []
        return tied_on_everything(final_scores(state))

    def choices(self, state: State) -> Sequence[Mapping[str, Any]]:
        """The dwarf: one of the players tied on everything."""
        tied = self._dwarf_choices(state)
        return tuple({"seat": seat} for seat in tied) if len(tied) > 1 else ()

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        decided = decide(final_scores(state), state.dwarf)
        if decided is None:
            return None
        winners, step = decided
        return self.decided(winners, CODES[step])

    def expect(self, state: State) -> Expect | None:
        names, now = state.players, state.players[state.current]
        phase = state.phase
        if phase == "first_player":
            return Expect("first_player", msg(N_("Who goes first?")), state.setup.lines() + (
                msg(N_("Let the app draw, or enter who goes first.")),), draw=True,
                rule=msg(N_("The first player is chosen at random: the one most recently in a brawl 20 feet "
                            "underground, or by dice.")), section=SETUP)
        if phase == "pick":
            return Expect("pick", msg(N_("%(player)s picks two Adventurers"), player=now), (),
                rule=msg(N_("From the first player on, each player in turn picks two Level 1 Adventurers of "
                            "different classes, never the same pair as a player before.")), section=SETUP)
        if phase == "play":
            return self._expect_turn(state)
        if phase == "final":
            return Expect("final", msg(N_("This is The End")), (
                msg(N_("%(player)s killed a Boss."), player=names[state.boss_killed_by or 0]),
                msg(N_("Reveal Loot markers; count the unclaimed tiles and unrevealed Treasure in each Dungeon.")),
            ), rule=msg(N_("Everyone reveals their looted tiles and Loot markers: a room scores its level, Poison "
                           "−1, each tile still in one's own Dungeon 3 VP.")), section=END)
        if phase == "treasure":
            assert state.final is not None
            seat = self._roll_order(state)[len(state.final.rolls)]
            return Expect("treasure_roll", msg(N_("Unrevealed Treasure")), (
                msg(N_("%(player)s takes 2d6 gp for an unrevealed Treasure."), player=names[seat]),), draw=True,
                rule=msg(N_("An unrevealed Treasure pays 2d6 gp from the Bank before every 5 gp turn into 1 VP.")),
                section=END)
        if len(self._dwarf_choices(state)) > 1:
            return Expect("dwarf", msg(N_("Who most looks like a dwarf?")), (
                msg(N_("Tied on victory points, money, Adventurer levels and looted rooms: the table picks.")),),
                rule=msg(N_("The last tie-break: of the players still tied, the one who most looks like a dwarf "
                            "wins.")), section=TIES)
        return None

    def _expect_turn(self, state: State) -> Expect:
        seat = state.current
        now, after = state.players[seat], state.players[(seat + 1) % len(state.players)]
        title = msg(N_("Turn %(n)s: %(player)s"), n=state.turn + 1, player=now)
        lines = []
        if state.turn == 0 and state.actions == 0:
            lines.append(msg(N_("Build the Dungeons first: %(rooms)s room tiles each, the Boss among them."),
                             rooms=state.setup.dungeon_rooms))
        if state.looting:
            lines.append(msg(N_("%(player)s is a-Lootin': enter Treasure, Poison and wounds, then how the party left."),
                             player=now))
            kind, section = "leave", LEAVING
            rule = msg(N_("Leaving between battles pays 3 gp per level of the highest room looted this turn and "
                          "1 gp per looted tile; running screaming or beaten, only the 3 gp per level."))
        elif state.actions == 0:
            lines.append(msg(N_("%(player)s takes a first action."), player=now))
            kind, section = "action", TURN
            rule = msg(N_("A turn is one action, then a second action (even the same one) or one trip "
                          "a-Lootin'; then the player to the left takes a turn."))
        else:
            lines.append(msg(N_("%(player)s takes a second action or goes a-Lootin'."), player=now))
            kind, section = "action", LOOTING
            rule = msg(N_("After the first action: a second action, or a-Lootin' in another player's Dungeon, "
                          "never one's own."))
        if state.parties[seat].pity:
            lines.append(msg(N_("Divine Pity: two more dice in the first battle, not against a Boss.")))
        lines.append(msg(N_("Then it is %(player)s's turn."), player=after))
        return Expect(kind, title, tuple(lines), rule=rule, section=section)

    explains = True

    def explanations(self, state: State) -> dict[str, Explanation]:
        """Every number and place the game page shows, with its making or its why.

        Makings (parts per entry, in the rulebook's words; they add up to the number):
        ``score/<seat>`` (gold while played, victory points at The End), ``gold/<seat>`` (the
        gp ledger: 5 gp at the start, then each entry's price or payout), ``hirelings/<seat>``,
        ``characters/<seat>``, ``roster/<seat>/<title>`` (Adventurers of one title, e.g.
        ``roster/0/knight``), ``pity/<seat>``, ``poison/<seat>``, ``loot/<seat>`` (Loot markers
        drawn), ``levels/<seat>`` (total Adventurer levels), ``looted/<seat>`` (room tiles
        looted), ``pool/<class>``, ``pool/hirelings``, ``pool/pity``, ``pool/loot``,
        ``pool/treasure``, ``pool/poison`` (the common pool and the bag); at The End
        ``vp/<seat>/<i>`` (the i-th part of the victory points: rooms, Poison, Loot markers,
        unclaimed tiles, gold), ``treasure/<seat>`` (the unrevealed Treasure's 2d6 gp) and
        ``money/<seat>`` (gold with it, the first tie-break).

        Whys: ``first`` (the first player, with its draw), ``order`` (the turn order),
        ``place/<seat>`` (the money while played; the tie chain against the neighbours at The
        End) and ``winner`` (the step of the chain that decided, with the dwarf's entry).
        """
        return explain(self, state)

    def standings(self, state: State) -> list[Standing]:
        """Gold while the game is played (money is never hidden); victory points at the end."""
        if state.final is None:
            return [replace(s, parts=((N_("Gold"), s.score),))
                    for s in ranked([(seat, p.gold) for seat, p in enumerate(state.parties)])]
        return ranking(final_scores(state), state.dwarf)

    def tie_chain(self, state: State) -> tuple[ChainStep, ...]:
        """The end screen's tie chain, step by step; empty until every Treasure is rolled."""
        return chain(final_scores(state), state.dwarf) if state.phase == "over" else ()

    def totals_by_round(self, state: State) -> list[list[int]]:
        """Each player's gold after each turn."""
        return [list(row) for row in state.gold_by_turn]

    def score_label(self, state: State) -> str:
        """Money while the game is played; victory points decide at The End."""
        return N_("Gold (gp)") if state.final is None else N_("Victory points")

    def chart_label(self, state: State) -> str:
        """The chart follows the money turn by turn, also once victory points decided."""
        return N_("Gold (gp) after each turn")

    def draw(self, state: State, rng: random.Random) -> dict[str, object]:
        """The first player, or the 2d6 of an unrevealed Treasure at the end."""
        if state.phase == "first_player":
            return {"seat": rng.randrange(len(state.players))}
        if state.phase == "treasure":
            assert state.final is not None
            return {"seat": self._roll_order(state)[len(state.final.rolls)], "dice": roll_2d6(rng)}
        raise RulesError(msg(N_("Nothing to draw now.")))


GAME = LootAndScoot()
