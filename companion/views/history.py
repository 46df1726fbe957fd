"""History: the group's finished games, newest first, filtered by game, player and date."""
from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, current_app, render_template, request

from .. import groups, stats
from ..games import GAMES
from ..store import Store
from . import group_id

bp = Blueprint("history", __name__)
PAGE = 50
DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")

# The group's finished games as statistics read them, kept per group until the index
# file changes: a page over 10,000 games then costs a filter and a slice, not a parse.
_PLAYS: dict[tuple[int, str], tuple[Any, list[stats.Play]]] = {}


def group_plays(gid: str | None = None) -> list[stats.Play]:
    store: Store = current_app.extensions["store"]
    gid = gid or group_id()
    key = store.index_key()
    cached = _PLAYS.get((id(store), gid))
    if cached and cached[0] == key:
        return cached[1]
    names = groups.resolver(groups.aliases(store, gid))
    found = stats.plays(groups.group_games(store, gid), names)
    if len(_PLAYS) > 32:
        _PLAYS.clear()
    _PLAYS[(id(store), gid)] = (key, found)
    return found


def _day(value: str | None) -> str:
    return value if value and DAY.match(value) else ""


@bp.get("/history")
def index() -> Any:
    everything = group_plays()
    game = request.args.get("game", "")
    game = game if game in GAMES else ""
    player = request.args.get("player", "")[:40]
    since, until = _day(request.args.get("from")), _day(request.args.get("to"))
    found = stats.history(everything, game=game, player=player, since=since, until=until)
    try:
        page = max(1, int(request.args.get("page", 1)))
    except ValueError:
        page = 1
    shown = found[(page - 1) * PAGE: page * PAGE]
    names = sorted({n for p in everything for n in p.names}, key=str.casefold)
    args = {k: v for k, v in (("game", game), ("player", player), ("from", since), ("to", until)) if v}
    return render_template("history/index.html", plays=shown, total=len(found), page=page,
                           pages=max(1, -(-len(found) // PAGE)), games=GAMES, names=names,
                           chosen={"game": game, "player": player, "from": since, "to": until},
                           args=args)
