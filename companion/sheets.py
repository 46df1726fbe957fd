"""What the print layouts show: each game's table numbers, read from its rules module, and
the rows of a filled sheet, read from a replayed record.

The numbers on a sheet or a rules reference (deal sizes, prices, the Black Market, chest
limits, ...) come from ``companion/games`` where they are data, so a sheet cannot drift
from the rules the app scores by. No Flask and no WeasyPrint in here.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from html.parser import HTMLParser
from typing import Any

from markupsafe import Markup

from . import columns
from .columns import KEEP
from .games.base import N_, Game, Msg, msg
from .games.beutelschneider import rules as bs
from .games.beutezug import cards as bzc
from .games.beutezug import rules as bz
from .games.scoot import rules as ls
from .games.scoot import score as lss
from .games.scoot import state as lst
from .games.treasure import market as gtm
from .games.treasure import rules as gt
from .games.treasure import turn as gtt
from .glyphs import width_mm
from .record import Record
from .records import View

BONUS_MARKS = bzc.BONUS_MARKS  # the phone's marks: one set (games/beutezug/cards.py)
# Hands to the default limit: more players, fewer points each per hand, longer games. Five
# players' twenty hands take denser rows, so the grid and its key still share one page.
BEUTELSCHNEIDER_HAND_ROWS = {3: 12, 4: 13, 5: 20}
# Turns to 20 coins for two and to 30 for three or four, and rounds of Loot and Scoot: the
# lengths of the games the table plays, as published pads count them.
TREASURE_TURN_ROWS = {2: 14, 3: 20, 4: 20}
SCOOT_LEDGER_ROWS = 28
# Rows a filled sheet of a game in progress adds, for the table to carry on with a pen.
BLANK_ROWS = 3

# The tie chain as a rule to look up (lss.DECIDED_BY says what decided a game, afterwards).
SCOOT_TIES = (N_("The most victory points win."), N_("Tied: the most money."),
              N_("Still tied: the highest total Adventurer levels."), N_("Still tied: the most looted rooms."),
              N_("Tied on everything: the table picks who most looks like a dwarf."))


def facts(slug: str, players: int) -> dict[str, Any]:
    """The numbers a player looks up at the table, for this game and player count."""
    if slug == "beutezug":
        return {
            "rounds": bzc.ROUNDS, "stacks": bzc.STACK_SIZES, "loot_chips": bzc.LOOT_CHIPS,
            "plus_colours": [c for c in bzc.BONUSES if c in ("orange", "green", "black", "pink")],
            "bonus_labels": bzc.BONUS_LABELS, "marks": BONUS_MARKS,
            "colour_marks": " ".join(BONUS_MARKS[c] for c in bzc.BONUSES
                                     if c in ("orange", "green", "black", "pink")),
            "chip_bonuses": list(enumerate(bzc.PLACEMENT_CHIP_BONUSES[:players], start=1)),
            "reroll_chip_bonus": bzc.REROLL_CHIP_BONUS, "zero_card_loot": bzc.ZERO_CARD_LOOT,
            "loot_range": bzc.LOOT_RANGE, "tie_steps": bz.TIE_BROKEN_BY,
        }
    if slug == "beutelschneider":
        return {
            "cards_dealt": bs.CARDS_DEALT, "dealt": bs.CARDS_DEALT.get(players),
            "trumps_left_out": bs.TRUMPS_LEFT_OUT, "left_out": bs.TRUMPS_LEFT_OUT.get(players, ()),
            "penalty": bs.CUTPURSE_PENALTY, "special_step": bs.SPECIAL_STEP,
            "gold_in_deck": bs.GOLD_IN_DECK, "limit": bs.SETTINGS_DEFAULTS["limit"],
            "cutpurses": bs.SETTINGS_DEFAULTS["cutpurses_in_deck"], "events": bs.EVENTS,
            "authorities": bs.AUTHORITIES, "hand_rows": BEUTELSCHNEIDER_HAND_ROWS.get(players, 12),
        }
    if slug == "give-me-the-treasure":
        teams = gt.DEFAULT_TEAMS.get(players, gt.DEFAULT_TEAMS[2])
        return {
            "market": [(gtm.KIND_LABELS[k], size, example, coins)
                       for k, size, example, coins in gtm.BLACK_MARKET_ROWS],
            "bandits": [(gtm.BANDITS[k], gtm.BANDIT_SKILLS[k]) for k in gtm.BANDITS],
            "reinforcements": gtm.REINFORCEMENTS, "reinforcement_coins": gtm.REINFORCEMENT_COINS,
            "chest_limit": gt.CHEST_LIMIT, "team_chest_limit": gt.TEAM_CHEST_LIMIT,
            "target": gt.TEAM_TARGET if players > 2 else gt.TARGET,
            "duel_target": gt.TARGET, "team_target": gt.TEAM_TARGET,
            "starting_coins": gt.STARTING_COINS, "dealt": gt.DEALT_PER_SIDE,
            "kept": gt.KEPT_PER_SIDE, "cursed_pay": gtt.CURSED_PAY,
            "cursed_paintings": gtt.CURSED_PAINTINGS, "joe": gtm.JOE_THRESHOLD,
            "mofette": gtm.MOFETTE_CURSED, "skill_coin": gtm.SKILL_COIN,
            "teams": teams, "turn_rows": TREASURE_TURN_ROWS.get(players, 20),
            "loot_cards": len(gtm.ALL_CARDS), "colours": gtm.COLOUR_LABELS,
            "numbers": (gtm.NUMBERS[0], gtm.NUMBERS[-1]),
        }
    if slug == "loot-and-scoot":
        return {
            "recruit": lst.RECRUIT_PRICES, "hire": lst.HIRE_PRICE, "hire_most": lst.MOST_HIRED_AT_ONCE,
            "beg": lst.BEG_GOLD, "upgrade": lst.UPGRADE_PRICES, "train": lst.TRAIN_PRICE,
            "max_characters": lst.MAX_CHARACTERS, "per_level": lst.GOLD_PER_LEVEL,
            "unclaimed_vp": lst.UNCLAIMED_TILE_VP, "gold_per_vp": lst.GOLD_PER_VP,
            "starting_gold": lst.STARTING_GOLD, "boss_level": lst.BOSS_LEVEL,
            "setup": lst.setup_for(players) if players in lst.REMOVED else None,
            "setups": {n: lst.setup_for(n) for n in sorted(lst.REMOVED)},
            "decided_by": SCOOT_TIES, "titles": lst.TITLES, "classes": lst.CLASSES,
            "pity": lst.DIVINE_PITY, "ledger_rows": SCOOT_LEDGER_ROWS,
            "example_payout": (ls.leave_payout([1, 2, 3], 0, "peaceful"),
                               ls.leave_payout([1, 2, 3], 0, "fled")),
        }
    raise LookupError(slug)


def seat_names(players: int, names: Sequence[str]) -> list[str]:
    """The names given, in seat order, and empty strings for the seats left blank."""
    return [names[i] if i < len(names) else "" for i in range(players)]


def sides_of(teams: Sequence[int], names: Sequence[str]) -> list[list[int]]:
    return [[s for s, t in enumerate(teams) if t == side] for side in (0, 1)]


# -- a logged game --------------------------------------------------------------------------

def detail(game: Game[Any], view: View[Any], record: Record, paper: str,
           say: Callable[[Any], str]) -> dict[str, Any]:
    """Per-game rows for the filled sheet, laid out like the blank sheet on ``paper``, and
    its log compacted to a line per round; ``say`` translates (the ledger measures words)."""
    players, entries = record["players"], record["entries"]
    state, n = view.state, len(players)
    log = partial(log_rounds, game, players, record["settings"], entries)
    if game.slug == "beutelschneider":
        running, hands = [0] * n, []
        for h, hand in enumerate(state.hands):
            running = [r + s for r, s in zip(running, hand.scores, strict=True)]
            hands.append({"no": h + 1, "dealer": players[(state.first_dealer + h) % n],
                          "cells": list(zip(hand.gold, hand.cutpurses, hand.special, hand.scores, running,
                                            strict=True))})
        return {"hands": hands, "limit": state.limit, "blank_rows": 0 if view.finished else BLANK_ROWS, "log": beyond_the_grid(log(), hand_in_grid),
                "log_in_grid": any(map(hand_in_grid, entries))}
    if game.slug == "beutezug":
        rounds, running = [], [0] * n
        for r, heists in enumerate(state.rounds):
            placement = state.placements[r] if r < len(state.placements) else ()
            by_seat = {h.seat: h for h in heists}
            cells = []
            for seat in range(n):
                heist = by_seat.get(seat)
                if heist:
                    running[seat] += heist.card.loot + (heist.loot_chip or 0)
                cells.append({"chip": placement.index(seat) + 1 if seat in placement else None,
                              "heist": heist, "total": running[seat]})
            rounds.append({"no": r + 1, "cells": cells,
                           "reroll": players[placement[-1]] if placement else ""})
        chips = [state.loot_chip(s) for s in range(n)]
        return {"rounds": rounds, "loot_chips": chips, "log": log(),
                "blank_rows": 0 if view.finished else max(0, bzc.ROUNDS - len(rounds))}
    if game.slug == "give-me-the-treasure":
        return {"turns": state.turns,
                "sides": [" & ".join(players[s] for s in state.sides[side]) for side in (0, 1)],
                "target": state.target, "corrections": state.corrections,
                "bandits": [gtm.BANDITS.get(b, b) for b in state.bandits], "log": log(),
                "blank_rows": 0 if view.finished else BLANK_ROWS}
    if game.slug == "loot-and-scoot":
        scores = lss.final_scores(state) if state.final is not None else None
        ledger = scoot_ledger(game, view, entries)
        return {"ledger": ledger, "bands": scoot_ledger_bands(ledger, n, paper, say), "scores": scores,
                "blank_rows": 0 if view.finished else BLANK_ROWS}
    return {}


# -- the log, compacted: one line per round -------------------------------------------------
# A filled sheet prints a line per round (hand, turn), not per entry, so its length follows
# the game's rounds; the full log, entry by entry, is a PDF of its own.

ROUND_LABELS = {"beutelschneider": N_("Hand %(n)s"), "beutezug": N_("Round %(n)s"),
                "give-me-the-treasure": N_("Turn %(n)s")}
ROUND_KINDS = {"beutelschneider": "hand", "beutezug": "round", "give-me-the-treasure": "turn"}


@dataclass
class LogRound:
    number: int                                   # 1, 2, ...: the round the entries lead to
    entries: list[Mapping[str, Any]] = field(default_factory=list)
    label: Msg = field(default_factory=lambda: msg(N_("End")))
    kind: str | None = None                       # the kind of entry the label names

    def labelled(self, entry: Mapping[str, Any]) -> bool:
        """Whether the entry's line keeps its kind's label: not when it is the row's one
        entry and of the kind the row's label names ("Hand 3 · Anna: 30", not "Hand 3 ·
        Hand Anna: 30")."""
        return not (len(self.entries) == 1 and entry["kind"] == self.kind)


def log_rounds(game: Game[Any], players: Sequence[str], settings: Mapping[str, Any],
               entries: Sequence[Mapping[str, Any]]) -> list[LogRound]:
    """The entries grouped by the round they belong to: those before round n's last entry
    (a placement draw, a deal) with it, those after the last round (a coin flip, the
    table's choice on a tie) in a round of their own. Read off a replay, entry by entry."""
    state = game.start(players, settings)
    rounds: list[LogRound] = []
    for entry in entries:
        number = len(game.totals_by_round(state)) + 1
        if not rounds or rounds[-1].number != number:
            rounds.append(LogRound(number))
        rounds[-1].entries.append(entry)
        state = game.apply(state, entry["kind"], entry["data"])
    played = len(game.totals_by_round(state))
    for r in rounds:
        if r.number <= played:
            r.label, r.kind = msg(ROUND_LABELS[game.slug], n=r.number), ROUND_KINDS[game.slug]
    return rounds


def hand_in_grid(entry: Mapping[str, Any]) -> bool:
    """A Beutelschneider hand's row in the grid is the whole hand (gold, cutpurses, special
    points, the total): its log line would say it again. Not so when it was corrected (the
    line is marked) or had the Alchemist (the grid does not show it)."""
    return (entry["kind"] == "hand" and not entry.get("edits")
            and not entry["data"].get("alchemist"))


def beyond_the_grid(rounds: Sequence[LogRound],
                    in_grid: Callable[[Mapping[str, Any]], bool]) -> list[LogRound]:
    """The log by round without the entries the sheet's grid already shows in full, and
    without the rounds left empty by that: the printed sheet says each thing once."""
    told = [replace(r, entries=[e for e in r.entries if not in_grid(e)]) for r in rounds]
    return [r for r in told if r.entries]


@dataclass
class ScootRound:
    """A round of Loot and Scoot turns: each player's turn (its entries) and gp after it."""

    number: int
    turns: dict[int, list[Mapping[str, Any]]] = field(default_factory=dict)
    gold: dict[int, int] = field(default_factory=dict)


SCOOT_SHORT = {"recruit": N_("Recruit"), "hire": N_("Hire"), "beg": N_("Beg"), "build": N_("Build"),
               "train": N_("Train"), "trade": N_("Trade"), "treasure": N_("Treasure"),
               "poison": N_("Poison"), "wounds": N_("Wounds"), "peaceful": N_("left"),
               "fled": N_("fled"), "lost": N_("lost")}


def scoot_ledger(game: Game[Any], view: View[Any], entries: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The gold ledger as the blank sheet lays it out: a row per round, a column per seat with
    that player's turn and gp after it. Entries before play (first player, picks) and after
    the Boss fell (final scoring, Treasure rolls, the dwarf) are set apart, with what each
    did to the gold (their log lines show it): the one replay the sheet makes."""
    state = view.state
    start = game.start(state.players, {})
    before: list[Mapping[str, Any]] = []
    after: list[Mapping[str, Any]] = []
    changes: dict[int, list[tuple[int, int]]] = {}
    rounds: list[ScootRound] = []
    n = len(state.players)
    current = start
    for entry in entries:
        new = game.apply(current, entry["kind"], entry["data"])
        if current.phase in ("first_player", "pick"):
            before.append(entry)
            changes[entry["id"]] = lst.gold_changes(entry["kind"], current, new)
        elif current.phase != "play":
            after.append(entry)
            changes[entry["id"]] = lst.gold_changes(entry["kind"], current, new)
        else:
            turn, seat = current.turn, current.current
            if not rounds or rounds[-1].number != turn // n + 1:
                rounds.append(ScootRound(turn // n + 1))
            rounds[-1].turns.setdefault(seat, []).append(entry)
            if turn < len(state.gold_by_turn):
                rounds[-1].gold[seat] = state.gold_by_turn[turn][seat]
        current = new
    return {"before": before, "rounds": rounds, "after": after, "changes": changes,
            "starting_gold": lst.STARTING_GOLD}


# -- the ledger, printed as lines ------------------------------------------------------------
# A long game has hundreds of rounds, and a table cell is most of what a sheet costs
# (about a millisecond each): the ledger's rounds are lines of text in columns
# (companion/columns.py), five to a band between two rules, under a table head that
# repeats on every page.

SCOOT_LEDGER_PT = 8           # the ledger's type size
GP_AFTER = f"{KEEP}→\u202f"   # "→ 12": a narrow no-break space, so the gp never leaves its arrow
SCOOT_ROUND_MM = 10.0         # the round column
SCOOT_BAND = 5                # rounds between two rules
# Printable width: the paper's width, less print.css's page margins of 11 mm a side.
PAPER_WIDTH_MM = {"a4": 210.0, "letter": 215.9}
PAGE_MARGINS_MM = 22.0


def scoot_turn(entries: Sequence[Mapping[str, Any]], say: Callable[[Any], str]) -> str:
    """A turn in few words: its actions, what a Dungeon gave, how the party left; * marks a
    corrected entry. ``say`` translates. Words that belong together keep together."""
    words = []
    for entry in entries:
        data, kind = entry["data"], entry["kind"]
        word = ""
        if kind == "action":
            action = data.get("action")
            word = say(SCOOT_SHORT[action]) if action in SCOOT_SHORT else str(action)
            if action in ("recruit", "train") and data.get("class") in lst.TITLES:
                word += KEEP + say(lst.TITLES[data["class"]][0])
            elif action == "hire":
                word += f"{KEEP}{data.get('count') or 1}"
            elif action == "build" and data.get("upgrade") in lst.TITLES:
                word += KEEP + say(lst.TITLES[data["upgrade"]][0])
            elif action == "treasure":
                word += f"{KEEP}{sum(data['dice']) if data.get('dice') else data.get('total')}"
        elif kind == "leave":
            word = say(SCOOT_SHORT[data["how"]]) if data.get("how") in SCOOT_SHORT else ""
            if data.get("levels"):
                word += KEEP + "(" + ("," + KEEP).join(str(v) for v in data["levels"]) + ")"
        words.append(word + ("*" if entry.get("edits") else ""))
    return (KEEP + "· ").join(words)


def scoot_ledger_bands(ledger: Mapping[str, Any], players: int, paper: str,
                       say: Callable[[Any], str]) -> dict[str, Any]:
    """The ledger's rounds as lines, five rounds to a band: the round, then for each player
    the turn and the gp after it (round 0: the starting gold), each in its column of the
    page's width; the widths (mm) of the round column and a player's, for the table head;
    and where the rules between the columns go."""
    column = (PAPER_WIDTH_MM[paper] - PAGE_MARGINS_MM - SCOOT_ROUND_MM) / players
    # Offsets from the band's text box, which starts a cell's padding (1 mm) in.
    starts = [0.0] + [SCOOT_ROUND_MM + seat * column for seat in range(players)]
    rooms = [SCOOT_ROUND_MM - 2] + [column - 2] * players
    rows = [["0"] + [f"{say(N_('Start'))}{GP_AFTER}{ledger['starting_gold']}"] * players]
    for r in ledger["rounds"]:
        rows.append([str(r.number)] + [
            scoot_turn(r.turns[seat], say) + (f"{GP_AFTER}{r.gold[seat]}" if seat in r.gold else "")
            if seat in r.turns else "" for seat in range(players)])
    bands = []
    for first in range(0, len(rows), SCOOT_BAND):
        text = []
        for row in rows[first:first + SCOOT_BAND]:
            # The round's number in the middle of its column.
            number = (SCOOT_ROUND_MM - width_mm(row[0], SCOOT_LEDGER_PT)) / 2 - 1
            text += columns.lines(row, [number] + starts[1:], rooms, SCOOT_LEDGER_PT)
        bands.append("\n".join(text))
    # The heavy rules (1.6 pt) before each player's column, from the table's padding box,
    # which starts half a rule (0.3 pt) in from its edge.
    edges = [SCOOT_ROUND_MM + seat * column - 0.1 for seat in range(players)]
    return {"round": SCOOT_ROUND_MM, "column": column, "bands": bands,
            "rules": [(round(e - 0.28, 2), round(e + 0.28, 2)) for e in edges]}


# -- the log of a filled sheet --------------------------------------------------------------

# An em space between two cells of a log line, where a line may break; the zero-width space
# after it is where it breaks: WeasyPrint starts a line broken at the em space itself with
# the em space, and Pango reads a right-to-left name first on that line as the line's
# direction (2→8 printed 8→2).
CELL_GAP = "\u2003\u200b"
MINUS = "\u2212"
# A hyphen-minus before a number that follows no letter or digit ("Anna -3 gp", "(-2)"):
# on paper the same minus as everywhere else (−3), which is also as wide as the plus.
NEGATIVE = re.compile(r"(?<![\w\-])-(?=\d)")


def minus(value: Any) -> str:
    """A number as printed: −3 with the minus sign, not a hyphen."""
    return str(value).replace("-", MINUS)


def signed(number: int) -> str:
    """+3, 0, −3: with the minus sign, not a hyphen."""
    return f"{number:+d}".replace("-", MINUS) if number else "0"
VOID = {"br", "img", "wbr", "hr", "input"}


class _LogLine(HTMLParser):
    """Rewrites one entry of the game page's log for print: ``<span class="kind">`` becomes
    ``<b>`` and each ``<span class="cell">`` gives way to its text, cells parted by an em
    space. The words stay those of play/<game>/_entry.html; only boxes go. WeasyPrint lays
    out every inline element as a box of its own: the ~50 spans of a ten-hand log cost
    ~18 ms of the sheet's render, the same words as text a fraction of that."""

    def __init__(self, kind: bool = True) -> None:
        super().__init__(convert_charrefs=False)
        self.kind = kind                 # False: the kind's label is left out, words and all
        self.skipping = 0                # depth inside a label being left out
        self.out: list[str] = []
        self.closers: list[str] = []     # what each open element's end tag becomes
        self.after_cell = False          # a cell just ended (whitespace since is held)
        self.held = ""

    def _flush(self) -> None:
        if self.after_cell:
            self.out.append(self.held)
            self.after_cell, self.held = False, ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.skipping:
            self.skipping += tag not in VOID
            return
        classes = (dict(attrs).get("class") or "").split()
        if tag == "span" and classes == ["cell"]:
            if self.after_cell:
                self.out.append(CELL_GAP)
                self.after_cell, self.held = False, ""
            self.closers.append("cell")
            return
        self._flush()
        if tag == "span" and classes == ["kind"]:
            if not self.kind:
                self.skipping = 1
                return
            self.out.append("<b>")
            self.closers.append("</b>")
            return
        self.out.append(self.get_starttag_text() or "")
        if tag not in VOID:
            self.closers.append(f"</{tag}>")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.skipping:
            return
        self._flush()
        self.out.append(self.get_starttag_text() or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if self.skipping:
            self.skipping -= 1
            return
        closer = self.closers.pop() if self.closers else f"</{tag}>"
        if closer == "cell":
            self.after_cell = True
        else:
            self._flush()
            self.out.append(closer)

    def handle_data(self, data: str) -> None:
        if self.skipping:
            return
        if self.after_cell and not data.strip():
            self.held += data
            return
        self._flush()
        self.out.append(NEGATIVE.sub(MINUS, data))

    def handle_entityref(self, name: str) -> None:
        self.handle_data(f"&{name};")

    def handle_charref(self, name: str) -> None:
        self.handle_data(f"&#{name};")


# A side of a Give Me The Treasure turn that did nothing but what its quiet note says
# ("nothing resold"): on paper, turn after turn, it is left out and the key says it once.
QUIET_SIDE = re.compile(r'<div class="cell">[^<]*:\s*<span class="quiet">[^<]*</span>\s*</div>')
QUIET_NOTE = re.compile(r'<span class="quiet">[^<]*</span>')


def log_line(markup: str, kind: bool = True) -> Markup:
    """One log entry, rendered by the game page's template, with fewer boxes for print;
    without its kind's label when the row's own label already says it (``kind=False``)."""
    parser = _LogLine(kind)
    text = str(markup)
    kept = QUIET_SIDE.sub("", text)
    quiet = QUIET_NOTE.search(text)
    if quiet and kept != text and '<div class="cell">' not in kept:
        kept += " " + quiet.group(0)  # no side did anything: said once, not an empty row
    parser.feed(kept)
    parser.close()
    parser._flush()
    return Markup("".join(parser.out))
