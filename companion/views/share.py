"""Share a game live: a read-only link with an unguessable token (and its QR code) to one
game's standings, which updates itself in place while the game is played (app.js asks
with the page's ETag; unchanged is a 304), until revoked."""
from __future__ import annotations

import secrets
from typing import Any, TypedDict, cast

from flask import Blueprint, abort, current_app, redirect, render_template, request, session, url_for

from ..forms.groups import ShareForm
from ..games.base import ReplayError
from ..history.colours import seat_colours
from ..i18n import locale_name, t
from ..pages.chart import totals_chart
from ..record.entries import now_iso, replay
from ..record.shape import Record, group_of
from ..serving import network
from ..storage.store import NoSuchGame
from . import current_group, store
from .groups import _qr
from .play import load


class Share(TypedDict):
    """A share link of a game, as the index's ``shares`` table keeps it."""

    id: str        # the link's secret token
    game: str
    group: str
    created: str


bp = Blueprint("share", __name__)



def _link_of(game_id: str) -> Share | None:
    return next((cast(Share, s) for s in store().index.table("shares").values() if s["game"] == game_id), None)


@bp.get("/games/<game_id>/share")
def manage(game_id: str) -> Any:
    record = load(game_id)  # 404 for another group's game
    link = _link_of(game_id)
    phones = network.base()
    url = phones.url_for("share.view", token=link["id"]) if link else None
    return render_template("share/manage.html", record=record, link=link, url=url,
                           qr=_qr(url) if url else None, form=ShareForm(), phones=phones)


def _refused(record: Record, game_id: str, form: ShareForm) -> Any:
    """The share page again after a form whose token did not check out; nothing changed."""
    return render_template("share/manage.html", record=record, link=_link_of(game_id), url=None,
                           qr=None, form=form, refused=True), 422


@bp.post("/games/<game_id>/share")
def create(game_id: str) -> Any:
    record = load(game_id)
    form = ShareForm()
    if not form.validate():
        return _refused(record, game_id, form)
    if _link_of(game_id) is None:
        doc: Share = {"id": secrets.token_urlsafe(16), "game": game_id, "group": group_of(record),
               "created": now_iso()}
        store().index.change_table("shares", lambda t: {**t, doc["id"]: doc})
    return redirect(url_for("share.manage", game_id=game_id), 303)


@bp.post("/games/<game_id>/share/revoke")
def revoke(game_id: str) -> Any:
    record = load(game_id)
    form = ShareForm()
    if not form.validate():
        return _refused(record, game_id, form)
    store().index.change_table("shares", lambda t: {k: s for k, s in t.items() if s["game"] != game_id})
    return redirect(url_for("share.manage", game_id=game_id), 303)


@bp.get("/s/<token>")
def view(token: str) -> Any:
    """The shared page: standings and chart only, no forms; open to whoever has the link,
    except phones of another group."""
    link = store().index.table("shares").get(token)
    if link is None:
        abort(404)
    try:
        record = store().load(link["game"])
    except NoSuchGame:
        abort(404)
    if group_of(record) != group_of(link):
        abort(404)
    # Group isolation covers share links too: a phone that joined another group gets 404.
    # Whoever joined none follows with the link alone -- also a phone that only sees the
    # household because it has no code: that is no membership of its own.
    joined = session.get("group")
    here = current_group() if joined else None
    if here is not None and here["id"] != group_of(record):
        abort(404)
    # app.js asks again every few seconds with the tag of what it shows: 304 while
    # nothing changed (a few bytes on a slow connection), the page when something did.
    colours = seat_colours(store(), group_of(record), record["players"])
    tag = f'{record.get("version", 0)}-{locale_name()}-{"-".join(colours)}'
    if tag in request.if_none_match:
        response = current_app.response_class(status=304)
    else:
        try:
            view_ = replay(record)
        except ReplayError:
            abort(404)
        totals = view_.game.totals_by_round(view_.state)
        response = current_app.make_response(render_template(
            "share/view.html", record=record, view=view_, players=record["players"],
            chart=totals_chart(record["players"], totals, label=t(view_.game.chart_label(view_.state)),
                               colours=colours) if totals else None, colours=colours,
            refresh=None if view_.finished else current_app.config["SHARE_POLL_SECONDS"], tag=f'"{tag}"'))
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-cache"  # each look asks the server again
    return response
