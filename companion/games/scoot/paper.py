"""Loot and Scoot on paper: the numbers its sheet and rules reference look up (prices, the
Inn's actions, the setups), and a filled sheet's gold ledger: a row per round, a column per
seat with that player's turn in few words and their gp after it."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..base import N_, Game, Paper, Say
from ..paper import BLANK_ROWS, Entry
from . import rules
from . import state as st
from .score import final_scores
from .state import State

LEDGER_ROWS = 28    # rounds of a blank sheet's ledger, as published pads count them
KEEP = "\u00a0"     # a no-break space: words that belong together keep together
GP_AFTER = f"{KEEP}→\u202f"   # "→ 12": a narrow no-break space, so the gp never leaves its arrow
SHORT = {"recruit": N_("Recruit"), "hire": N_("Hire"), "beg": N_("Beg"), "build": N_("Build"),
         "train": N_("Train"), "trade": N_("Trade"), "treasure": N_("Treasure"),
         "poison": N_("Poison"), "wounds": N_("Wounds"), "peaceful": N_("left"),
         "fled": N_("fled"), "lost": N_("lost")}


@dataclass
class LedgerRound:
    """A round of turns: each player's turn (its entries) and gp after it."""

    number: int
    turns: dict[int, list[Entry]] = field(default_factory=dict)
    gold: dict[int, int] = field(default_factory=dict)


def ledger(game: Game[Any], state: State, entries: Sequence[Entry]) -> dict[str, object]:
    """The gold ledger as the blank sheet lays it out. Entries before play (first player,
    picks) and after the Boss fell (final scoring, Treasure rolls, the dwarf) are set
    apart, with what each did to the gold (their log lines show it): the one replay the
    sheet makes."""
    before: list[Entry] = []
    after: list[Entry] = []
    changes: dict[int, list[tuple[int, int]]] = {}
    rounds: list[LedgerRound] = []
    n = len(state.players)
    current = game.start(state.players, {})
    for entry in entries:
        new = game.apply(current, entry["kind"], entry["data"])
        if current.phase in ("first_player", "pick"):
            before.append(entry)
            changes[entry["id"]] = st.gold_changes(entry["kind"], current, new)
        elif current.phase != "play":
            after.append(entry)
            changes[entry["id"]] = st.gold_changes(entry["kind"], current, new)
        else:
            turn, seat = current.turn, current.current
            if not rounds or rounds[-1].number != turn // n + 1:
                rounds.append(LedgerRound(turn // n + 1))
            rounds[-1].turns.setdefault(seat, []).append(entry)
            if turn < len(state.gold_by_turn):
                rounds[-1].gold[seat] = state.gold_by_turn[turn][seat]
        current = new
    return {"before": before, "rounds": rounds, "after": after, "changes": changes,
            "starting_gold": st.STARTING_GOLD}


def turn_words(entries: Sequence[Entry], say: Say) -> str:
    """A turn in few words: its actions, what a Dungeon gave, how the party left; * marks a
    corrected entry. Words that belong together keep together."""
    words = []
    for entry in entries:
        data, kind = entry["data"], entry["kind"]
        word = ""
        if kind == "action":
            action = data.get("action")
            word = say(SHORT[action]) if action in SHORT else str(action)
            if action in ("recruit", "train") and data.get("class") in st.TITLES:
                word += KEEP + say(st.TITLES[data["class"]][0])
            elif action == "hire":
                word += f"{KEEP}{data.get('count') or 1}"
            elif action == "build" and data.get("upgrade") in st.TITLES:
                word += KEEP + say(st.TITLES[data["upgrade"]][0])
            elif action == "treasure":
                word += f"{KEEP}{sum(data['dice']) if data.get('dice') else data.get('total')}"
        elif kind == "leave":
            word = say(SHORT[data["how"]]) if data.get("how") in SHORT else ""
            if data.get("levels"):
                word += KEEP + "(" + ("," + KEEP).join(str(v) for v in data["levels"]) + ")"
        words.append(word + ("*" if entry.get("edits") else ""))
    return (KEEP + "· ").join(words)


def ledger_rows(book: Mapping[str, Any], players: int, say: Say) -> list[list[str]]:
    """The ledger's rounds as rows of text: the round, then for each player the turn and
    the gp after it (round 0: the starting gold)."""
    rows = [["0"] + [f"{say(N_('Start'))}{GP_AFTER}{book['starting_gold']}"] * players]
    for r in book["rounds"]:
        rows.append([str(r.number)] + [
            turn_words(r.turns[seat], say) + (f"{GP_AFTER}{r.gold[seat]}" if seat in r.gold else "")
            if seat in r.turns else "" for seat in range(players)])
    return rows


class ScootPaper(Paper):
    def facts(self, players: int) -> dict[str, object]:
        return {
            "recruit": st.RECRUIT_PRICES, "hire": st.HIRE_PRICE, "hire_most": st.MOST_HIRED_AT_ONCE,
            "beg": st.BEG_GOLD, "upgrade": st.UPGRADE_PRICES, "train": st.TRAIN_PRICE,
            "max_characters": st.MAX_CHARACTERS, "per_level": st.GOLD_PER_LEVEL,
            "unclaimed_vp": st.UNCLAIMED_TILE_VP, "gold_per_vp": st.GOLD_PER_VP,
            "starting_gold": st.STARTING_GOLD, "boss_level": st.BOSS_LEVEL,
            "setup": st.setup_for(players) if players in st.REMOVED else None,
            "setups": {n: st.setup_for(n) for n in sorted(st.REMOVED)},
            "decided_by": SCOOT_TIES, "titles": st.TITLES, "classes": st.CLASSES,
            "pity": st.DIVINE_PITY, "ledger_rows": LEDGER_ROWS,
            "example_payout": (rules.leave_payout([1, 2, 3], 0, "peaceful"),
                               rules.leave_payout([1, 2, 3], 0, "fled")),
        }

    def detail(self, game: Game[Any], state: State, record: Mapping[str, Any], finished: bool,
               say: Say) -> dict[str, object]:
        book = ledger(game, state, record["entries"])
        return {"ledger": book, "ledger_rows": ledger_rows(book, len(state.players), say),
                "scores": final_scores(state) if state.final is not None else None,
                "blank_rows": 0 if finished else BLANK_ROWS}

    def chart_rounds(self, totals: list[list[int]], players: int) -> list[list[int]]:
        # Its totals are by turn; the chart counts what the ledger above it counts: rounds.
        return totals[players - 1::players] + ([totals[-1]] if len(totals) % players else [])


# The tie chain as a rule to look up, in the fewest words: score.DECIDED_BY says what decided a
# game, afterwards, at more length (printed here, it runs the rules reference onto a second
# Letter page), and in the past tense ("the table picked").
SCOOT_TIES = (N_("The most victory points win."), N_("Tied: the most money."),
              N_("Still tied: the highest total Adventurer levels."), N_("Still tied: the most looted rooms."),
              N_("Tied on everything: the table picks who most looks like a dwarf."))
PAPER = ScootPaper()
