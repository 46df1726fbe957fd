"""A game's life beyond play: abandon and resume, the group's trash, the seat order before
the first entry, and the group's time zone and players' colours.

Every form here carries a CSRF token and a submission id (a double tap counts once), and
every game or trash address of another group answers 404, like the game pages.
"""
from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import format_date, format_timedelta

from .. import clock, periods, zones
from ..forms import CSRF_MESSAGE, ChangeForm, choices, guard_messages
from ..forms.lifecycle import ColourForm, EmptyTrashForm, StatusForm, ZoneForm
from ..games import GAMES
from ..games.base import RulesError, msg
from ..history import colours, groups, lifecycle
from ..i18n import locale_name, t
from ..markers import N_
from ..pages.chart import COLOUR_NAMES, legend_items
from ..record import entries as records
from ..record import summary
from ..record.entries import Repeated, Stale
from ..record.shape import group_of
from ..storage import trash
from ..storage.store import NoSuchGame
from ..text import Refused, clean, identity, number
from . import group_id, mine_in_trash, safe_next, sent_before, store, zone, zone_name
from .groups import _settings, mine
from .play import STALE_MESSAGE, load, page

bp = Blueprint("lifecycle", __name__)



def period_of_request() -> tuple[periods.Period, str | None]:
    """The statistics' period from ``?period=`` (``month``, ``year``, ``range`` with
    ``from``/``to``), and a message if it could not be read."""
    kind = request.args.get("period", "all")
    found, problem = periods.period(kind if kind in periods.KINDS else "all", zone(), clock.now(),
                                    # Not cut to ten characters: "2026-01-011" is no day either.
                                    clean(request.args.get("from", ""))[:40],
                                    clean(request.args.get("to", ""))[:40])
    return found, t(problem) if problem else None


# -- abandon, resume ------------------------------------------------------------------------

def _game_change(game_id: str, change: Any, done: str) -> Any:
    record = load(game_id)  # 404 for another group's game
    form = StatusForm()
    back = safe_next(form.next.data, url_for("play.game", game_id=game_id))
    if sent_before(record):
        return redirect(back, 303)  # a double tap: done already
    if not form.validate():
        return page(record, messages=guard_messages(form), status=422)
    try:
        store().update(game_id, lambda r: change(r, submission=form.submission.data))
    except Repeated:
        return redirect(back, 303)
    except RulesError as error:
        return page(load(game_id), messages=[t(m) for m in error.errors.values()], status=409)
    flash(t(done))
    return redirect(back, 303)


@bp.post("/games/<game_id>/abandon")
def abandon(game_id: str) -> Any:
    return _game_change(game_id, records.abandon, N_(
        "The game is abandoned. It stays in the history, where it can be resumed, and counts "
        "in no statistic."))


@bp.post("/games/<game_id>/resume")
def resume(game_id: str) -> Any:
    return _game_change(game_id, records.resume, N_("The game is resumed."))


# -- delete, the trash ---------------------------------------------------------------------

@bp.post("/games/<game_id>/delete")
def delete(game_id: str) -> Any:
    form = StatusForm()
    back = safe_next(form.next.data, url_for("home.index"))
    if back.rstrip("/") == url_for("play.game", game_id=game_id):
        back = url_for("home.index")  # the game's own page is gone with it
    gone = mine_in_trash(game_id)
    if gone is not None:
        # Deleted already: by this tap (a double tap), or by another phone meanwhile -- what
        # was asked for is done either way.
        return _in_the_trash(game_id, back, said=sent_before(gone))
    record = load(game_id)
    if not form.validate():
        return page(record, messages=guard_messages(form), status=422)
    try:
        trash.delete(store(), game_id, submission=form.submission.data, now=clock.now())
    except NoSuchGame:  # another phone deleted it between the two lines above
        if mine_in_trash(game_id) is None:
            abort(404)
    return _in_the_trash(game_id, back)


def _in_the_trash(game_id: str, back: str, said: bool = False) -> Any:
    if not said:
        flash(t(N_("The game is in the trash. It can be brought back from there for 30 days.")),
              f"deleted:{game_id}")
    return redirect(back, 303)


def _trash_page(messages: list[str] | None = None, status: int = 200) -> Any:
    items = []
    for record in trash.listing(store(), group_id(), now=clock.now()):
        items.append({"record": record, "summary": summary.summary(record), "until": trash.until(record)})
    return render_template("lifecycle/trash.html", items=items, games=GAMES,
                           messages=messages or []), status


@bp.get("/trash")
def trash_page() -> Any:
    return _trash_page()


IN_LIST_AGAIN = N_("This game was imported again after it was deleted, so it is in the list already "
                   "and was not brought back: it would count twice.")


@bp.post("/trash/<game_id>/restore")
def restore(game_id: str) -> Any:
    form = StatusForm()
    back = safe_next(form.next.data, url_for("lifecycle.trash_page"))
    if mine_in_trash(game_id) is None:
        listed = store().index.games().get(game_id)
        if listed is not None and group_of(listed) == group_id() and \
                sent_before(store().load(game_id)):
            return redirect(back, 303)  # a double tap: it is back already
        abort(404)
    if not form.validate():
        return _trash_page(guard_messages(form), 422)
    try:
        trash.restore(store(), game_id, submission=form.submission.data)
    except NoSuchGame:
        abort(404)
    except trash.Duplicate:
        return _trash_page([t(IN_LIST_AGAIN)], 409)
    flash(t(N_("The game is back.")))
    return redirect(back, 303)


def deleted_time(value: str | None) -> str | None:
    """A deletion time as the trash writes it (UTC, to the second), or None."""
    try:
        moment = datetime.fromisoformat(value or "") if len(value or "") <= 40 else None
    except ValueError:
        return None
    if moment is None or moment.tzinfo is None or moment.utcoffset() != timedelta(0):
        return None
    return value if periods.utc_iso(moment) == value else None


@bp.route("/trash/empty", methods=["GET", "POST"])
def empty() -> Any:
    """Emptying the trash asks first: a page that says what goes for good."""
    items = trash.listing(store(), group_id(), now=clock.now())
    form = EmptyTrashForm()
    if request.method == "POST":
        if not form.validate():
            return _trash_page([t(CSRF_MESSAGE)], 422)
        upto = deleted_time(form.upto.data)
        if upto is None:  # compared as text, "<script>" is later than any deletion
            return _trash_page([t(N_("Nothing was removed: confirm on the page that lists what goes."))], 422)
        gone = trash.purge(store(), group_id=group_id(), upto=upto)
        flash(t(msg(N_("Games removed for good: %(n)s."), n=gone)))
        return redirect(url_for("lifecycle.trash_page"), 303)
    if not items:
        return redirect(url_for("lifecycle.trash_page"), 303)
    form.upto.data = max(r["deleted"] for r in items)
    return render_template("lifecycle/empty.html", form=form, count=len(items))


# -- seat order before the first entry -------------------------------------------------------

@bp.post("/games/<game_id>/seats")
def seats(game_id: str) -> Any:
    record = load(game_id)
    form = ChangeForm()
    if sent_before(record):
        return redirect(url_for("play.game", game_id=game_id), 303)
    if not form.validate():
        return page(record, messages=guard_messages(form), status=422)
    try:  # "٠" is no seat number of the form's, though int() reads it
        typed = [number(v) for v in request.form.getlist("seat")]
    except Refused:
        typed = []
    order = [seat for seat in typed if seat is not None]
    try:
        store().update(game_id, lambda r: records.reseat(
            r, order, submission=form.submission.data, version=form.version_number()))
    except Repeated:
        pass
    except Stale:
        return page(load(game_id), messages=[t(STALE_MESSAGE)], status=409)
    except RulesError as error:
        return page(load(game_id), messages=[t(m) for m in error.errors.values()], status=422)
    return redirect(url_for("play.game", game_id=game_id), 303)


# -- the group's time zone and its players' colours ------------------------------------------

def group_settings(group: groups.Group, zone_form: ZoneForm | None = None) -> dict[str, object]:
    """What the group page's time zone and colours section shows (its template calls this):
    ``zone_form`` is a refused one, shown again with its message."""
    players = sorted(groups.players(store(), group["id"]), key=str.casefold)
    current, lang = zone_name(), locale_name()
    home, nearby = zones.short_list(current, lang)
    query = request.args.get("zone_q", "")[:60]
    found = zones.search(query, lang)
    offered = {z for z, _ in nearby + found}
    if zone_form is None:
        # A search that found one zone picks it; else the zone the group shows times in.
        zone_form = ZoneForm(formdata=None, zone=found[0][0] if len(found) == 1 else current)
    colour_form = ColourForm(formdata=None, prefix=ColourForm.PREFIX)
    colour_form.player.choices = choices((p, p) for p in players)
    picks = colours.chosen(store(), group["id"])
    return {"zone_form": zone_form, "zone_chosen": bool(group.get("timezone")),
            "zone_region": zones.REGION_NAMES.get(home, ""), "zone_nearby": nearby,
            "zone_found": found, "zone_query": query,
            # The zone in use stays on the list, wherever it is.
            "zone_other": [] if current in offered else [(current, zones.labels(lang).get(current, current))],
            "colour_form": colour_form, "colour_names": COLOUR_NAMES,
            "picks": [(p, picks.get(identity(p))) for p in players]}


@bp.post("/groups/<gid>/zone")
def set_zone(gid: str) -> Any:
    group = mine(gid)
    form = ZoneForm()
    if not form.validate() or not periods.is_zone(form.zone.data):
        if "csrf_token" in form.errors:
            return _settings(group, 422, messages=[t(CSRF_MESSAGE)])
        # Next to the field: a value no list offers ("Factory", "localtime", made up).
        form.zone.errors = [t(N_("Choose a time zone from the list."))]
        return _settings(group, 422, zone=form)

    def change(table: dict[str, Any]) -> dict[str, Any]:
        doc = dict(table.get(gid) or groups.get(store(), gid) or {})
        doc["timezone"] = form.zone.data
        return {**table, gid: doc}
    store().index.change_table("groups", change)
    flash(t(msg(N_("The group's time zone is %(zone)s."), zone=form.zone.data)))
    return redirect(url_for("groups.settings", gid=gid) + "#time-zone", 303)


@bp.post("/groups/<gid>/colours")
def set_colour(gid: str) -> Any:
    group = mine(gid)
    form = ColourForm(prefix=ColourForm.PREFIX)
    if not form.validate():
        return _settings(group, 422, messages=[t(CSRF_MESSAGE)] if "csrf_token" in form.errors
                         else [t(N_("Choose one of the colours offered."))])
    try:
        colours.choose(store(), gid, form.player.data or "", form.colour.data or "")
    except groups.GroupError as error:
        return _settings(group, 422, messages=[t(error.message)])
    flash(t(N_("The colour is saved.")))
    return redirect(url_for("groups.settings", gid=gid) + "#player-colours", 303)


def _ago(value: str | None, now: datetime) -> str:
    """How long ago, in words of the page's language ("12 minutes ago", "vor 12 Minuten")."""
    moment = summary.parse_time(value)
    if moment is None:
        return ""
    delta = moment - now
    if abs(delta.total_seconds()) < 60:
        return t(N_("just now"))
    return str(format_timedelta(delta, add_direction=True))


def _day(value: str | date) -> str:
    """A day in words of the page's language; a time as its day in the phone's zone."""
    if isinstance(value, str):
        moment = summary.parse_time(value)
        return str(format_date(moment, "medium", rebase=True)) if moment else ""
    return str(format_date(value, "medium"))


def _playtime(minutes: int | None) -> str:
    """Play time in hours and minutes ("3 h 05 min", "45 min")."""
    if minutes is None:
        return "–"
    if minutes < 60:
        return t(msg(N_("%(n)s min"), n=minutes))
    return t(msg(N_("%(h)s h %(m)s min"), h=minutes // 60, m=f"{minutes % 60:02d}"))


@bp.record_once
def _template_helpers(state: Any) -> None:
    state.app.jinja_env.globals.update(
        entered_afterwards=summary.entered_afterwards,
        started=summary.started, shown_end=summary.shown_end,
        group_settings=group_settings, reached=lifecycle.reached, leaders=lifecycle.leaders,
        legend_items=legend_items,
        # The calendar's ends, for every date input's min and max.
        first_day=periods.FIRST_DAY, last_day=periods.LAST_DAY)
    state.app.jinja_env.filters.update(ago=_ago, day=_day, playtime=_playtime)
