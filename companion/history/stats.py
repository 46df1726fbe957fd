"""Statistics of a group: pure functions over the index's game summaries.

Nothing here opens a game file: a summary (summary.summary) holds who played, the
scores and places by seat, the winners' seats, when the game started and ended, its
play time in minutes and rounds. Names are read through the group's aliases first, so a
merged or renamed player's games count for the name they have now. Only finished games
count; the history also lists abandoned ones (``plays(..., statuses=...)``).

Scores are only compared within one game: 40 in Beutezug and 40 in Beutelschneider mean
different things, so averages and bests are per game. A game its host names (a game of the
table's own) counts per name: names compared as player names are ("Skat" and " skat" are one
game), called as first typed.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..periods import Period
from ..text import identity

RIVALS_LEAST = 3  # games played together before a nemesis or favourite victim is named


@dataclass(frozen=True)
class Play:
    """One finished game as the statistics read it."""

    id: str
    game: str
    ended: str
    names: tuple[str, ...]  # by seat, as the players are called now
    typed: tuple[str, ...]  # by seat, as the table typed them
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    winners: frozenset[int]
    minutes: int | None
    rounds: int | None
    folded: tuple[str, ...] = ()  # the names' identities, so a lookup does not fold them again
    status: str = "finished"  # or "abandoned" (listed in the history, counted nowhere)
    afterwards: bool = False  # entered afterwards, from paper
    result_only: bool = False  # only its final result was entered (games/result.py)
    played_day: str | None = None  # entered without a time: the day alone (views/result.py)
    reached: Mapping[str, Any] | None = None  # an abandoned game: what it waited for
    title: str = ""  # the name its host gave a game it names ("" for the game's own title)
    lowest_wins: bool = False  # its best score is the lowest

    def seat_of(self, name: str) -> int | None:
        folded = identity(name)
        return self.folded.index(folded) if folded in self.folded else None

    def won(self, name: str) -> bool:
        return self.seat_of(name) in self.winners


def plays(summaries: Iterable[Mapping[str, Any]], names: Mapping[str, str],
          statuses: tuple[str, ...] = ("finished",)) -> list[Play]:
    """Finished games (or those of ``statuses``), oldest first, with every name read
    through ``names`` (groups.resolver)."""
    out = []
    first_named: dict[str, str] = {}
    for s in sorted(summaries, key=lambda s: (s.get("created", ""), s.get("id", ""))):
        if s.get("status") not in statuses:
            continue
        typed = tuple(s["players"])
        now = tuple(names.get(identity(n), n) for n in typed)
        game = game_key(s)
        out.append(Play(
            id=s["id"], game=game, ended=s.get("ended") or s.get("created", ""),
            title=first_named.setdefault(game, s["name"]) if s.get("name") else "",
            lowest_wins=bool(s.get("lowest_wins")),
            names=now, typed=typed, folded=tuple(identity(n) for n in now),
            scores=tuple(s.get("scores", ())), ranks=tuple(s.get("ranks", ())),
            winners=frozenset(s.get("winners", ())), minutes=s.get("minutes"),
            rounds=s.get("rounds"), status=s["status"], afterwards=bool(s.get("afterwards")),
            result_only=bool(s.get("result_only")), played_day=s.get("played_day"),
            reached=s.get("reached")))
    out.sort(key=lambda p: (p.ended, p.id))
    return out


def game_key(summary: Mapping[str, Any]) -> str:
    """What statistics count a game as: its rules' slug, and for a game its host names the
    name too (as ``identity`` folds it)."""
    name = summary.get("name")
    return f"{summary['game']}:{identity(name)}" if name else str(summary["game"])


@dataclass(frozen=True)
class Named:
    """A game its host named, as the pages list it beside the games (``games_of``)."""

    slug: str  # its key, as ``game_key`` makes it
    title: str


def games_of(all_plays: Iterable[Play], games: Mapping[str, Any]) -> dict[str, Any]:
    """``games`` (slug -> its rules) and after them the games counted by the name their host
    gave them (key -> ``Named``, as first typed), each with a ``title`` for the pages."""
    named = sorted({p.game: p.title for p in all_plays if p.title}.items(), key=lambda kv: kv[1].casefold())
    return {**games, **{key: Named(key, title) for key, title in named}}


def during(all_plays: Sequence[Play], period: Period) -> list[Play]:
    """The games that ended within ``period`` (all of them for all time)."""
    return [p for p in all_plays if p.ended in period] if period.bounded else list(all_plays)


def history(all_plays: Sequence[Play], *, game: str = "", player: str = "",
            period: Period | None = None) -> list[Play]:
    """Newest first, filtered by game, player and the period it ended in."""
    out = []
    for p in reversed(all_plays):
        # A game's slug finds it under every name its host gave it, too.
        if (game and p.game != game and not p.game.startswith(f"{game}:")) or \
                (period is not None and p.ended not in period):
            continue
        if player and p.seat_of(player) is None:
            continue
        out.append(p)
    return out


# -- one player ----------------------------------------------------------------------------

@dataclass
class Record:
    """Games, wins and scores of one player (in one game, or across all)."""

    played: int = 0
    wins: int = 0
    total: int = 0
    best: int | None = None
    minutes: int = 0  # play time (games entered afterwards have none)

    def add(self, won: bool, score: int, minutes: int | None = None, lowest_wins: bool = False) -> None:
        self.played += 1
        self.wins += won
        self.total += score
        better = min if lowest_wins else max
        self.best = score if self.best is None else better(self.best, score)
        self.minutes += minutes or 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0

    @property
    def average(self) -> float | None:
        return self.total / self.played if self.played else None


@dataclass
class PlayerStats:
    name: str
    played: int = 0
    wins: int = 0
    current_streak: int = 0
    longest_streak: int = 0
    last_played: str | None = None
    by_game: dict[str, Record] = field(default_factory=dict)

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0

    @property
    def minutes(self) -> int:
        return sum(r.minutes for r in self.by_game.values())


def player_stats(all_plays: Sequence[Play], name: str) -> PlayerStats:
    """Games, wins, win rate, average and best score per game, streaks, last played.

    A shared win counts as a win. A streak is wins in a row in the order the games ended;
    the current streak is the run that includes the player's latest game.
    """
    stats = PlayerStats(name)
    run = 0
    for p in all_plays:  # oldest first
        seat = p.seat_of(name)
        if seat is None:
            continue
        won = seat in p.winners
        stats.played += 1
        stats.wins += won
        run = run + 1 if won else 0
        stats.longest_streak = max(stats.longest_streak, run)
        stats.last_played = p.ended
        stats.by_game.setdefault(p.game, Record()).add(won, p.scores[seat], p.minutes, p.lowest_wins)
    stats.current_streak = run
    return stats


@dataclass(frozen=True)
class Rival:
    name: str
    beaten: int  # games one of the two won and the other did not
    together: int


def rivals(all_plays: Sequence[Play], name: str,
           least: int = RIVALS_LEAST) -> tuple[Rival | None, Rival | None]:
    """``name``'s nemesis (who most often won a game that ``name`` lost) and favourite
    victim (who most often lost a game that ``name`` won), among the players of at least
    ``least`` games together; a shared win beats nobody. Equal counts go to the higher
    share of the games together, then to the name first in the alphabet."""
    together: dict[str, int] = {}
    beat_me: dict[str, int] = {}
    i_beat: dict[str, int] = {}
    for p in all_plays:
        seat = p.seat_of(name)
        if seat is None:
            continue
        mine = seat in p.winners
        for other, who in enumerate(p.names):
            if other == seat:
                continue
            together[who] = together.get(who, 0) + 1
            theirs = other in p.winners
            if theirs and not mine:
                beat_me[who] = beat_me.get(who, 0) + 1
            elif mine and not theirs:
                i_beat[who] = i_beat.get(who, 0) + 1

    def most(counts: dict[str, int]) -> Rival | None:
        fit = [(-n, -n / together[w], w.casefold(), w) for w, n in counts.items() if together[w] >= least]
        if not fit:
            return None
        who = min(fit)[3]
        return Rival(who, counts[who], together[who])
    return most(beat_me), most(i_beat)


@dataclass
class HeadToHead:
    a: str
    b: str
    together: int = 0
    a_ahead: int = 0
    b_ahead: int = 0
    level: int = 0
    a_wins: int = 0
    b_wins: int = 0
    last: list[Play] = field(default_factory=list)


def head_to_head(all_plays: Sequence[Play], a: str, b: str, keep: int = 10) -> HeadToHead:
    """Games both played: who finished ahead (by place), who won, the latest few."""
    out = HeadToHead(a, b)
    for p in all_plays:
        sa, sb = p.seat_of(a), p.seat_of(b)
        if sa is None or sb is None or sa == sb:
            continue
        out.together += 1
        if p.ranks[sa] < p.ranks[sb]:
            out.a_ahead += 1
        elif p.ranks[sb] < p.ranks[sa]:
            out.b_ahead += 1
        else:
            out.level += 1
        out.a_wins += sa in p.winners
        out.b_wins += sb in p.winners
        out.last.append(p)
    out.last = out.last[::-1][:keep]
    return out


# -- one game ------------------------------------------------------------------------------

@dataclass
class GameStats:
    game: str
    played: int = 0
    leaderboard: list[tuple[str, Record]] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    average_minutes: float | None = None
    average_rounds: float | None = None
    minutes: int = 0  # play time of all its games


def _mean(values: Sequence[int]) -> float | None:
    return sum(values) / len(values) if values else None


def game_stats(all_plays: Sequence[Play], game: str) -> GameStats:
    """Leaderboard (most wins, then win rate, then average), every score, average length."""
    out = GameStats(game)
    board: dict[str, Record] = {}
    minutes, rounds = [], []
    for p in all_plays:
        if p.game != game:
            continue
        out.played += 1
        for seat, name in enumerate(p.names):
            board.setdefault(name, Record()).add(seat in p.winners, p.scores[seat], p.minutes, p.lowest_wins)
            out.scores.append(p.scores[seat])
        if p.minutes is not None:
            minutes.append(p.minutes)
        if p.rounds is not None:
            rounds.append(p.rounds)
    out.leaderboard = sorted(board.items(), key=lambda kv: (
        -kv[1].wins, -kv[1].win_rate, -(kv[1].average or 0), kv[0].casefold()))
    out.average_minutes, out.average_rounds = _mean(minutes), _mean(rounds)
    out.minutes = sum(minutes)
    return out


def distribution(scores: Sequence[int], bins: int = 8) -> list[tuple[int, int, int]]:
    """Scores counted in up to ``bins`` equal ranges: (low, high, count), low to high."""
    if not scores:
        return []
    lo, hi = min(scores), max(scores)
    width = max(1, -(-(hi - lo + 1) // bins))  # ceiling division
    counts: dict[int, int] = {}
    for s in scores:
        counts[(s - lo) // width] = counts.get((s - lo) // width, 0) + 1
    return [(lo + i * width, lo + (i + 1) * width - 1, counts.get(i, 0))
            for i in range((hi - lo) // width + 1)]


def players_overview(all_plays: Sequence[Play]) -> list[tuple[str, int, int]]:
    """(name, games, wins) for everyone who played, most games first."""
    games: dict[str, list[int]] = {}
    for p in all_plays:
        for seat, name in enumerate(p.names):
            row = games.setdefault(name, [0, 0])
            row[0] += 1
            row[1] += seat in p.winners
    return sorted(((n, g, w) for n, (g, w) in games.items()), key=lambda r: (-r[1], r[0].casefold()))


def play_time(all_plays: Sequence[Play]) -> tuple[dict[str, int], dict[str, int]]:
    """Minutes played per game and per player (a game counts for everyone at the table)."""
    by_game: dict[str, int] = {}
    by_player: dict[str, int] = {}
    for p in all_plays:
        if p.minutes is None:
            continue
        by_game[p.game] = by_game.get(p.game, 0) + p.minutes
        for name in p.names:
            by_player[name] = by_player.get(name, 0) + p.minutes
    return by_game, by_player
