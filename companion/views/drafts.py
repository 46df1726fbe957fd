"""Each player enters their own part (issue 38.2): a phone says once who holds it, sends its own
row of the current round, and the round is stored as one entry when the last row is in or
when one phone saves it for the rest. The draft itself: ``companion/record/drafts.py``.

The entry form stays the one form of the round: a phone that holds a seat gets a button "Send
my row" in it (``row=<seat>``), and every phone's Save sends ``draft=1`` while a draft is
going. Both are taken here before ``play.add`` runs, so the table's one-phone loop is as it was.
"""
from __future__ import annotations

import secrets
from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, session, url_for
from wtforms.fields.core import UnboundField

from ..forms.adapter import ADAPTERS
from ..forms.base import LedgerForm
from ..forms.groups import ShareForm
from ..games.base import RulesError, msg
from ..i18n import t
from ..markers import N_
from ..record import drafts
from ..record.drafts import Draft
from ..record.entries import Stale, add_entry, entries_version, replay
from ..record.shape import Record
from . import sent_before, store
from .play import SENT_BEFORE, _back, load, page, refused
from .saving import here, listed_here

bp = Blueprint("drafts", __name__)

GONE = N_("Another phone saved meanwhile, so this row belongs to a step that is over. Here is the "
          "game as it is now: enter your row again.")
ROW_IN = N_("Your row is in: %(n)s of %(total)s.")
WAITS = N_("Kept: the turn is stored as soon as the part of %(names)s is in, sent from their own phone.")
THEIRS = N_("This part is entered on its player's own phone. Nothing was saved.")
NO_SUCH_SEAT = N_("Choose one of the players.")


def _claims(game_id: str) -> dict[str, str]:
    """Which phone holds which seat of the game: seat (as text) → the phone's token. Kept on the
    server, so every phone knows whose secrets stay on another phone."""
    return {k: v for k, v in store().read_state(f"claims-{game_id}").items() if isinstance(v, str)}


def held(game_id: str) -> int | None:
    """The seat this phone holds in the game, if it said so."""
    mine = session.get("phone")
    return next((int(s) for s, token in _claims(game_id).items() if mine and token == mine), None)


@bp.app_template_global()
def secret_here(record: Record, seats: Any) -> bool:
    """Whether what the players of ``seats`` alone should see (Give Me The Treasure's choices
    and hand panels) may open on this phone: on the phone of a player who holds one, and on the
    shared phone as today for players who hold none (issue 38.3)."""
    claims, mine = _claims(record["id"]), session.get("phone")
    seats = [seats] if isinstance(seats, int) else list(seats)
    holders = {claims[str(s)] for s in seats if str(s) in claims}
    return not holders or (bool(mine) and mine in holders)


def rows_field(record: Record, kind: str) -> str | None:
    """The field of the form of ``kind`` that holds a row per seat (``drafts.ROWS``), if the
    round is told apart by player that way; else None."""
    form = ADAPTERS[record["game"]].forms.get(kind)
    return next((f for f in drafts.ROWS if isinstance(getattr(form, f, None), UnboundField)), None)


def row_seats(record: Record, kind: str, field: str) -> list[int]:
    """The key of each row of the round's form, top to bottom: its seat, unless its rows carry
    their seat (a Beutezug round, in rolling order); a row per side (a Give Me The Treasure
    turn, ``sides-<side>-…``) is keyed by its side."""
    if field == "sides":
        return [0, 1]
    rows = getattr(ADAPTERS[record["game"]].form(kind, record), field)
    carried = [getattr(row, "form", {}) for row in getattr(rows, "entries", ())]
    if carried and all("seat" in row for row in carried):
        return [int(row["seat"].data) for row in carried]
    return list(range(len(record["players"])))


def _sides(record: Record) -> list[list[int]]:
    teams = record["settings"].get("teams") or [0, 1]
    return [[seat for seat, team in enumerate(teams) if team == side] for side in (0, 1)]


def seats_of(record: Record, field: str, key: int) -> list[int]:
    """The seats whose phones send the row ``key``: its seat, or its side's seats."""
    return _sides(record)[key] if field == "sides" else [key]


def key_of(record: Record, field: str, seat: int) -> int:
    """The row a phone holding ``seat`` sends: the seat's own, or its side's."""
    return next((side for side, seats in enumerate(_sides(record)) if seat in seats), -1) \
        if field == "sides" else seat


def row_name(record: Record, field: str, key: int) -> str:
    if field == "sides":
        return " & ".join(record["players"][s] for s in _sides(record)[key] if s < len(record["players"]))
    return record["players"][key] if 0 <= key < len(record["players"]) else ""


def held_by_other(record: Record, field: str, key: int) -> bool:
    """Whether a player of the row ``key`` holds a phone, and it is not this one."""
    claims, mine = _claims(record["id"]), session.get("phone")
    holders = {claims[str(s)] for s in seats_of(record, field, key) if str(s) in claims}
    return bool(holders) and not (mine and mine in holders)


def elsewhere(record: Record, field: str, key: int) -> bool:
    """Whether the row ``key`` is a secret held on another phone than this one: a turn's side
    (its Reinforcements) whose player holds a phone (issue 38.3). Such a row comes from that
    phone only, and the round waits for it."""
    return field in drafts.SECRET and held_by_other(record, field, key)


def draftable(record: Record, kind: str) -> bool:
    return rows_field(record, kind) is not None


def _draft(record: Record) -> Draft | None:
    view = replay(record)
    if view.expect is None:
        return None
    return drafts.current(store().read_state(drafts.state_name(record["id"])),
                          entries_version(record), view.expect.kind)


def draft_tag(game_id: str) -> str:
    """What of the draft and this phone's seat the game page shows, for follow.py's tag: the
    seat and the draft file's last change (a stat, no read)."""
    changed = []
    for name in (drafts.state_name(game_id), f"claims-{game_id}"):
        try:
            changed.append(str((store().folder / f"{name}.json").stat().st_mtime_ns))
        except OSError:
            changed.append("0")
    return f"{session.get('phone', '')}-{'-'.join(changed)}"


@bp.app_template_global()
def draft_here(record: Record) -> dict[str, Any] | None:
    """What the game page says of the draft and this phone's seat, where the round has rows."""
    view = replay(record)
    if view.expect is None or not draftable(record, view.expect.kind):
        return None
    seat = held(record["id"])
    draft = _draft(record)
    field = rows_field(record, view.expect.kind)
    assert field is not None
    keys = row_seats(record, view.expect.kind, field)
    waits = [k for k in keys if elsewhere(record, field, k)]
    if seat is None and draft is None and not waits:
        return None
    rows = draft["rows"] if draft else {}
    kept = draft.get("kept", []) if draft else []
    return {"seat": seat, "in": [row_name(record, field, k) for k in sorted(int(s) for s in rows)],
            "total": len(keys), "field": field, "rows": {int(k): v for k, v in rows.items()},
            "waits": [row_name(record, field, k) for k in waits if str(k) not in rows], "elsewhere": waits,
            "own": None if seat is None else key_of(record, field, seat),
            # For follow.js, which shows the rows other phones sent filled in: each with the
            # place of its row in the form (``players-<index>-…``) and whose it is.
            # A secret row held on another phone (the cards a player keeps, a side's turn) is
            # never in this phone's page, not even as data.
            "sent": [{"key": k, "index": i, "name": row_name(record, field, k), "fields": rows[str(k)],
                      "kept": str(k) in kept}
                     for i, k in enumerate(keys) if str(k) in rows and not (
                         field in drafts.HIDDEN and held_by_other(record, field, k))]}


@bp.route("/games/<game_id>/phone", methods=["GET", "POST"])
def phone(game_id: str) -> Any:
    """Which player holds this phone, for this game (kept in the phone's session)."""
    record = load(game_id)
    form = ShareForm()
    problem = None
    if request.method == "POST":
        seat = request.form.get("seat", "")
        if not form.validate():
            problem = t(msg(N_("This form could not be checked (it may have been open for a long time). "
                                 "Check it and send it again.")))
        elif seat == "" or (seat.isdigit() and len(seat) < 3 and int(seat) < len(record["players"])):
            mine = session.setdefault("phone", secrets.token_hex(8))
            # One seat a phone, one phone a seat: the latest to claim it holds it.
            store().change_state(f"claims-{game_id}", lambda claims: {
                **{k: v for k, v in claims.items() if v != mine and k != seat}, **({seat: mine} if seat else {})})
            return redirect(url_for("play.game", game_id=game_id, _anchor="next"), 303)
        else:
            problem = t(msg(NO_SUCH_SEAT))
    return render_template("play/phone.html", record=record, players=record["players"], form=form,
                           seat=held(game_id), problem=problem), 422 if problem else 200


def _checked() -> bool:
    """The form's CSRF token holds (a row is stored before any form of the round validates):
    a bare form of ours checks it, as Flask-WTF's settings say."""
    return bool(LedgerForm().validate())


@bp.before_app_request
def _rows() -> Any:
    """A row sent, or a round saved for the rest while a draft is going: taken here."""
    if request.endpoint != "play.add":
        return None
    game_id = (request.view_args or {})["game_id"]
    # A Save from a page shown before the draft began (its form kept while typed) saves the
    # rest too: the rows already in are never dropped by it.
    if {"row", "draft"} & set(request.form) or store().read_state(drafts.state_name(game_id)).get("rows"):
        return take(game_id)
    return None


def take(game_id: str) -> Any:
    listed_here(game_id)
    if not _checked():
        # play.add's own form refuses it, with the form as typed and its message: a row
        # from a page of another site must not reach the draft either.
        return None
    name = drafts.state_name(game_id)
    record = form = said = None
    again = gone = passing = theirs = False
    notice = None
    try:
        with store().changing(game_id) as game:
            record = here(game.record)
            again = sent_before(record)
            if again:
                raise Stale()  # answered below, as a save sent twice
            adapter = ADAPTERS[record["game"]]
            kind = adapter.kind_of(request.form)
            if kind not in adapter.forms or not draftable(record, kind):
                if {"row", "draft"} & set(request.form):
                    abort(400)
                passing = True
                raise Stale()  # another kind of entry: play.add's, as always
            version = request.form.get("version", "")
            if version != str(entries_version(record)):
                gone = True
                raise Stale()
            draft = _draft(record)
            if draft is not None and draft["kind"] != kind:
                draft = None
            if draft is None and store().read_state(name).get("rows"):
                store().change_state(name, lambda _old: {})  # void: for a step that is over
            seat_text = request.form.get("row")
            seat = held(game_id) if seat_text is None else (
                int(seat_text) if seat_text.isdigit() and len(seat_text) < 3 else -1)
            field = rows_field(record, kind)
            assert field is not None
            order = row_seats(record, kind, field)
            if seat is not None and 0 <= seat < len(record["players"]):
                seat = key_of(record, field, seat)  # a turn's row is the side's
            if seat is not None and seat not in order:
                abort(400)
            if seat is not None and elsewhere(record, field, seat):
                theirs = True
                raise Stale()  # another phone's secret: never taken from this one
            index = order.index(seat) if seat is not None else -1
            # A row that carries its seat is the sender's seat's, whatever it said.
            own = [[k, str(seat) if k == f"{field}-{index}-seat" else v]
                   for k, v in drafts.row_of(request.form, field, index)] if seat is not None else []
            if seat_text is None and draft is not None:
                # Rows a Save kept (no phone sent them): the Save that showed them changes
                # them (follow.js fills them in and says so); a page without it had them blank.
                shown = request.form.getlist("shown")
                for i, k in enumerate(order):
                    typed = drafts.row_of(request.form, field, i)
                    if k != seat and str(k) in draft.get("kept", []) and str(k) in shown and typed:
                        draft = drafts.with_row(draft, entries_version(record), kind, k, typed, kept=True)
            if seat is not None and (seat_text is not None or any(v.strip() for _, v in own)):
                draft = drafts.with_row(draft, entries_version(record), kind, seat, own)
            missing = [k for k in order if elsewhere(record, field, k) and str(k) not in (draft or {"rows": {}})["rows"]]
            if seat_text is None and missing:
                # Save while a side's secret row is still on its phone: what this phone typed
                # for the other rows is kept in the draft, and the round waits for that row.
                for i, k in enumerate(order):
                    if k != seat and k not in missing and str(k) not in (draft or {"rows": {}})["rows"]:
                        draft = drafts.with_row(draft, entries_version(record), kind, k,
                                                drafts.row_of(request.form, field, i), kept=True)
            complete = draft is not None and len(draft["rows"]) == len(order)
            if draft is not None:
                # Kept before the round is tried: a round the rules refuse keeps every row in.
                kept = dict(draft)
                store().change_state(name, lambda _old: kept)
            if seat_text is None and missing:
                notice = t(msg(WAITS, names=", ".join(row_name(record, field, k) for k in missing)))
            elif seat_text is not None and not complete:
                assert draft is not None
                notice = t(msg(ROW_IN, n=len(draft["rows"]), total=len(order)))
            else:
                # The last row, or Save for the rest: the round as one phone would send it.
                form = adapter.form(kind, record, formdata=drafts.merged(request.form, field, draft, order))
                form.kind.data = kind
                said = adapter.refusals(kind, form, record)
                if said is None:
                    game.new = add_entry(record, kind, adapter.to_data(kind, form, record),
                                         source=adapter.source(form), submission=form.submission.data,
                                         version=entries_version(record), resend_checked=True)
    except Stale:
        if passing:
            return None
        assert record is not None
        if again:
            return _back(game_id, t(SENT_BEFORE), record=record)
        if theirs:
            return page(record, None, [t(msg(THEIRS))], 403)
        return page(record, None, [t(msg(GONE))] if gone else [], 409)
    except RulesError as error:
        assert record is not None and form is not None
        return refused(record, form, ADAPTERS[record["game"]].attach(form, error))
    if said is not None:
        assert record is not None and form is not None
        return refused(record, form, said)
    if game.new is not None:
        store().change_state(name, lambda _old: {})
        return _back(game_id, record=game.new)
    return _back(game_id, notice, record=record)
