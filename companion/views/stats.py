"""Statistics of the group: players, one player, two players head to head, one game -- each
for a period (this month, this year, all time, from one day to another) in the group's
time zone."""
from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, render_template, request
from flask_babel import format_percent

from ..history import stats
from ..i18n import t
from ..markers import N_
from ..pages.bars import bar_chart, column_chart
from ..periods import Period
from ..text import identity
from . import group_id
from .history import _derived, group_players, group_plays, titled
from .lifecycle import period_of_request

bp = Blueprint("stats", __name__)


def _player(name: str) -> str:
    """The player of this group called ``name`` (any case), or 404 -- also for other groups'."""
    wanted = identity(name)
    found = next((p for p in group_players() if identity(p) == wanted), None)
    if found is None:
        abort(404)
    return found


def _period() -> tuple[Period, list[stats.Play], dict[str, object]]:
    """The period asked for, the group's finished games in it (kept, like the group's games,
    until the index changes), and what the page's period switch needs."""
    period, problem = period_of_request()
    found = group_plays()
    if period.bounded:
        found = _derived(f"plays {period.since} {period.until}", group_id(),
                         lambda store, gid: stats.during(group_plays(gid), period))
    return period, found, {"period": period, "messages": [problem] if problem else []}


# The players chart stays a phone screen high: those with the most games; the table under
# it lists everyone, and the caption says how many the chart leaves out.
CHART_PLAYERS = 12


@bp.get("/stats")
def index() -> Any:
    _, everything, switch = _period()
    overview = stats.players_overview(everything)
    games = titled(everything)
    played = {key: sum(1 for p in everything if p.game == key) for key in games}
    chart = bar_chart([(n, w, f"{w}/{g}") for n, g, w in overview[:CHART_PLAYERS]],
                      label=t(N_("Wins and games per player"))) if overview else None
    by_game, by_player = stats.play_time(everything)
    return render_template("stats/index.html", overview=overview, played=played, games=games,
                           chart=chart, chart_players=CHART_PLAYERS, minutes_by_game=by_game, minutes_by_player=by_player,
                           since=min((p.ended for p in group_plays() if p.ended), default=None), **switch)


@bp.get("/players/<path:name>")
def player(name: str) -> Any:
    name = _player(name)
    _, everything, switch = _period()
    mine = stats.player_stats(everything, name)
    games = titled(everything)
    chart = bar_chart([(games[g].title if g in games else g, r.win_rate * 100,
                        format_percent(r.win_rate)) for g, r in sorted(mine.by_game.items())],
                      label=t(N_("Win rate per game"))) if mine.by_game else None
    others = sorted((n for n in group_players() if n != name), key=str.casefold)
    vs = request.args.get("vs", "")
    duel = None
    if vs:
        duel = stats.head_to_head(everything, name, _player(vs))
    nemesis, victim = stats.rivals(everything, name)
    recent = stats.history(everything, player=name)[:10]
    return render_template("stats/player.html", name=name, s=mine, chart=chart, games=games,
                           others=others, duel=duel, recent=recent, nemesis=nemesis,
                           victim=victim, least=stats.RIVALS_LEAST, **switch)


@bp.get("/stats/games/<path:slug>")
def game(slug: str) -> Any:
    _, everything, switch = _period()
    games = titled(group_plays())  # a named game is known by any of its games
    if slug not in games:
        abort(404)
    result = stats.game_stats(everything, slug)
    spread = stats.distribution(result.scores)
    chart = column_chart([(str(lo) if lo == hi else f"{lo}–{hi}", c) for lo, hi, c in spread],
                         label=t(N_("Score distribution"))) if spread else None
    return render_template("stats/game.html", game=games[slug], s=result, chart=chart, **switch)
