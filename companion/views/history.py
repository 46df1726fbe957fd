"""History: the group's finished and abandoned games, newest first, filtered by game, player
and date (days in the group's time zone)."""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

from flask import Blueprint, render_template, request

from .. import clock, periods
from ..games import GAMES
from ..games.base import Msg
from ..history import groups, stats
from ..i18n import t
from ..storage.store import Store
from ..text import clean, whole
from . import group_id, store, zone

bp = Blueprint("history", __name__)
PAGE = 50
DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")

# What the pages derive from the index per group (its finished games as statistics read
# them, its players), kept until the index file changes: a page over 10,000 games then
# costs a filter and a slice, not a pass over every summary.
_DERIVED: dict[tuple[int, str, str], tuple[Any, Any]] = {}


T = TypeVar("T")


def _derived(what: str, gid: str, compute: Callable[[Store, str], T]) -> T:
    kept = store()
    key = kept.index.key()
    cached = _DERIVED.get((id(kept), gid, what))
    if cached and cached[0] == key:
        return cast(T, cached[1])
    value = compute(kept, gid)
    if len(_DERIVED) > 64:
        _DERIVED.clear()
    _DERIVED[(id(kept), gid, what)] = (key, value)
    return value


def group_names(gid: str | None = None) -> dict[str, str]:
    """The one way History and statistics call a player (groups.names_now): renames and
    merges, and look-alike names as first typed, so "Anna" and "ＡＮＮＡ" are one player."""
    return _derived("names", gid or group_id(), groups.names_now)


def group_plays(gid: str | None = None) -> list[stats.Play]:
    return _derived("plays", gid or group_id(), lambda store, gid: stats.plays(
        groups.group_games(store, gid), group_names(gid)))


def group_history(gid: str | None = None) -> list[stats.Play]:
    """The finished and the abandoned games (the history lists both; statistics count only
    the finished ones: ``group_plays``)."""
    return _derived("history", gid or group_id(), lambda store, gid: stats.plays(
        groups.group_games(store, gid), group_names(gid), statuses=("finished", "abandoned")))


def titled(plays: Sequence[stats.Play]) -> dict[str, stats.Named]:
    """Each game by slug, its title in the page's language, and after them the games their
    host named in ``plays`` (stats.games_of), as the history and statistics list them."""
    return stats.games_of(plays, {slug: stats.Named(slug, t(game.title)) for slug, game in GAMES.items()})


def group_players(gid: str | None = None) -> dict[str, int]:
    """The group's players with their number of games (groups.players), cached."""
    return _derived("players", gid or group_id(), groups.players)


def _day_errors(since: str, until: str, problem: Msg | None) -> dict[str, str]:
    """The filter's message next to the day it is about: one that is no date (or outside
    the calendar), else the last day (before the first)."""
    if problem is None:
        return {}
    for key, value in (("from", since), ("to", until)):
        day = periods.parse_day(value) if value else None
        if value and (not DAY.match(value) or day is None
                      or not periods.FIRST_DAY <= day <= periods.LAST_DAY):
            return {key: t(problem)}
    return {"to": t(problem)}


@bp.get("/history")
def index() -> Any:
    everything = group_history()
    game = request.args.get("game", "")
    games = titled(everything)
    game = game if game in games else ""
    player = request.args.get("player", "")[:40]
    since, until = (clean(request.args.get(k, ""))[:40] for k in ("from", "to"))
    period, problem = periods.period("range" if since or until else "all", zone(), clock.now(), since, until)
    day_errors = _day_errors(since, until, problem)
    # A filter that cannot be read shows no game, not every game as if it were filtered.
    found = [] if problem else stats.history(everything, game=game, player=player, period=period)
    try:
        page = max(1, whole(request.args.get("page")) or 1)
    except ValueError:
        page = 1
    shown = found[(page - 1) * PAGE: page * PAGE]
    names = sorted({n for p in everything for n in p.names}, key=str.casefold)
    args = {k: v for k, v in (("game", game), ("player", player), ("from", since), ("to", until)) if v}
    abandoned = sum(p.status == "abandoned" for p in found)
    return render_template("history/index.html", plays=shown, total=len(found) - abandoned,
                           abandoned=abandoned, day_errors=day_errors,
                           now=clock.now(), page=page,
                           pages=max(1, -(-len(found) // PAGE)), games=games, names=names,
                           chosen={"game": game, "player": player, "from": since, "to": until},
                           args=args), 422 if problem else 200
