"""Loot and Scoot: the final scoring and the chain of tie-breaks.

Loot and Scoot rulebook, chapter 7 (This is The End, My Friends).
Looted room tiles score their level (the Boss 6), a Poison tile -1, Loot markers their
value (cursed ones less than nothing), each unclaimed tile in one's own Dungeon 3 VP, and
1 VP per 5 gp after unrevealed Treasure paid 2d6 gp. Ties: most money, then the highest
total Adventurer levels, then the most looted rooms, then who most looks like a dwarf.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..base import N_, Msg, Standing, msg
from .state import GOLD_PER_VP, UNCLAIMED_TILE_VP, State

# The steps of the tie chain, in the order chapter 7 gives them.
DECIDED_BY = (
    N_("Most victory points."),
    N_("Tied on victory points: the player with the most money wins."),
    N_("Tied on victory points and money: the highest total Adventurer levels wins."),
    N_("Tied on victory points, money and Adventurer levels: the most looted rooms wins."),
    N_("Tied on everything: the table picked who most looks like a dwarf."),
)
NOTES = (
    "",
    N_("Ahead on money."),
    N_("Ahead on total Adventurer levels."),
    N_("Ahead on looted rooms."),
    N_("Picked as the one who most looks like a dwarf."),
)
DWARF_STEP = len(DECIDED_BY) - 1
# The steps' codes (Outcome.decided_by), in DECIDED_BY's order.
CODES = ("points", "money", "levels", "rooms", "dwarf")
DECISIONS = dict(zip(CODES, DECIDED_BY, strict=True))


@dataclass(frozen=True)
class Score:
    """One player's final score, every part of it."""

    seat: int
    rooms: int        # VP: the levels of the looted room tiles
    poison: int       # VP: -1 per Poison tile
    loot: int         # VP: the Loot markers
    unclaimed: int    # VP: 3 per tile left in one's own Dungeon
    gold: int         # gp, unrevealed Treasure included
    levels: int       # total Adventurer levels
    looted: int       # looted room tiles

    @property
    def gold_vp(self) -> int:
        return self.gold // GOLD_PER_VP

    @property
    def vp(self) -> int:
        return self.rooms + self.poison + self.loot + self.unclaimed + self.gold_vp

    @property
    def parts(self) -> tuple[tuple[str, int], ...]:
        return (
            (N_("Looted rooms (VP: their levels)"), self.rooms),
            (N_("Poison"), self.poison),
            (N_("Loot markers"), self.loot),
            (N_("Unclaimed tiles"), self.unclaimed),
            (N_("Gold (1 VP per 5 gp)"), self.gold_vp),
        )

    @property
    def key(self) -> tuple[int, int, int, int]:
        """What chapter 7 compares, in order: VP, money, Adventurer levels, looted rooms."""
        return (self.vp, self.gold, self.levels, self.looted)


def final_scores(state: State) -> list[Score]:
    final = state.final
    assert final is not None
    out = []
    for seat, party in enumerate(state.parties):
        treasure = sum(gp for s, gp in final.rolls if s == seat)
        out.append(Score(
            seat=seat, rooms=sum(party.rooms), poison=-party.poison, loot=sum(final.loot[seat]),
            unclaimed=UNCLAIMED_TILE_VP * final.unclaimed[seat], gold=party.gold + treasure,
            levels=party.adventurer_levels, looted=len(party.rooms)))
    return out


def tied_on_everything(scores: list[Score]) -> list[int]:
    """The seats the dwarf step must choose between (one seat: no choice needed)."""
    best = max(s.key for s in scores)
    return [s.seat for s in scores if s.key == best]


def decide(scores: list[Score], dwarf: int | None) -> tuple[tuple[int, ...], int] | None:
    """The winner and the step of the chain that decided; ``None`` while the dwarf is unpicked."""
    top = scores
    for step in range(DWARF_STEP):
        best = max(s.key[step] for s in top)
        top = [s for s in top if s.key[step] == best]
        if len(top) == 1:
            return (top[0].seat,), step
    if dwarf is None or dwarf not in [s.seat for s in top]:
        return None
    return (dwarf,), DWARF_STEP


def ranking(scores: list[Score], dwarf: int | None) -> list[Standing]:
    """Places by the tie chain; a place is shared only when every step is equal."""
    order = sorted(scores, key=lambda s: (tuple(-k for k in s.key), s.seat != dwarf, s.seat))
    out: list[Standing] = []
    for i, score in enumerate(order):
        ahead = out[-1] if out else None
        same = ahead is not None and order[i - 1].key == score.key and order[i - 1].seat != dwarf
        rank = ahead.rank if same and ahead else i + 1
        out.append(Standing(seat=score.seat, rank=rank, score=score.vp, parts=score.parts,
                            note=_note(score, order[i + 1] if i + 1 < len(order) else None, dwarf)))
    return out


def _note(score: Score, behind: Score | None, dwarf: int | None) -> Msg | None:
    """Why this seat is ahead of the next one on equal victory points."""
    if behind is None or behind.vp != score.vp:
        return None
    for step in range(1, DWARF_STEP):
        if score.key[step] != behind.key[step]:
            return msg(NOTES[step])
    return msg(NOTES[DWARF_STEP]) if score.seat == dwarf else None


# The chain as the end screen lists it: what each step compares, and how it went.
STEPS = (N_("Victory points"), N_("Money (gp)"), N_("Adventurer levels"), N_("Looted rooms"),
         N_("Most looks like a dwarf"))


@dataclass(frozen=True)
class ChainStep:
    """One step of the tie chain among the players still tied when it comes: their values, and
    ``result``: "decided" (``seat`` alone ahead), "equal", "waiting" (the dwarf not yet
    picked) or "unneeded" (an earlier step decided)."""

    label: str
    values: tuple[tuple[int, int], ...]
    result: str
    seat: int | None = None


def chain(scores: list[Score], dwarf: int | None) -> tuple[ChainStep, ...]:
    top, out = scores, []
    for step, label in enumerate(STEPS):
        if len(top) == 1:
            out.append(ChainStep(label, (), "unneeded"))
            continue
        if step == DWARF_STEP:
            picked = dwarf if dwarf in [s.seat for s in top] else None
            out.append(ChainStep(label, (), "decided" if picked is not None else "waiting", picked))
            continue
        values = tuple((s.seat, s.key[step]) for s in top)
        best = max(v for _, v in values)
        top = [s for s in top if s.key[step] == best]
        out.append(ChainStep(label, values, "decided" if len(top) == 1 else "equal", top[0].seat))
    return tuple(out)
