"""A game at the table: its page, new entries, draws, undo, corrections, note (export and
import of a record: views/transfer.py, on this blueprint)."""
from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, NamedTuple

from flask import (
    Blueprint,
    abort,
    current_app,
    flash,
    g,
    get_flashed_messages,
    redirect,
    render_template,
    request,
    url_for,
)
from markupsafe import Markup

from ..forms import GUARDS, DrawForm, EntryForm, NoteForm, UndoForm, guard_messages, new_submission, walk
from ..forms.adapter import ADAPTERS, Adapter
from ..forms.base import LedgerForm
from ..games import GAMES
from ..games.base import Expect, ReplayError, RulesError, msg
from ..history.colours import seat_colours
from ..i18n import t
from ..markers import N_
from ..pages.chart import totals_chart
from ..record.entries import (
    Repeated,
    Stale,
    View,
    add_entry,
    correct,
    entries_version,
    fitting_set_aside,
    put_back,
    put_back_set_aside,
    replay,
    restorable,
    set_aside,
    set_note,
    undo,
)
from ..record.mending import Mending, NeedsMending
from ..record.shape import Entry, Record, group_of
from ..record.summary import duration_minutes
from ..storage.store import NotSaved
from . import background, not_saved, sent_before, store
from .meanwhile import meanwhile
from .saving import here, listed_here, save

bp = Blueprint("play", __name__)

STALE_MESSAGE = N_("Another phone changed this game meanwhile, so your entry was not stored. "
                   "Here is the game as it is now; check your entry and send it again.")
# A one-button form says what did not happen, in its own words.
STALE_UNDO = N_("Another phone changed this game meanwhile, so nothing was undone. Here is the "
                "game as it is now: undo again if its last entry is still wrong.")
STALE_DRAW = N_("Another phone changed this game meanwhile, so nothing was drawn. Here is the "
                "game as it is now.")
STALE_PUT_BACK = N_("Another phone changed this game meanwhile, so nothing was put back. Here is "
                    "the game as it is now.")
NOT_SAVED = N_("Not saved")
NOTHING_CHANGED = N_("Nothing changed")
# A form sent a second time (Back, then Save; a double tap; a resend after a lost answer).
SENT_BEFORE = N_("This form was sent before and is stored already, so nothing new was stored.")
UNDONE_BEFORE = N_("This undo was sent before and is done already, so nothing more was undone.")
NOTE_SAVED = N_("Note saved.")
MENDED = N_("Corrected; the later entries were changed as shown.")
PUT_BACK = N_("The entries set aside that fit are back in the log.")
ASKED_AGAIN = N_("Corrected. Enter “%(step)s”: the form holds what the entry set aside held. Once it is "
                 "entered, one tap puts back the entries set aside after it.")
# The game page shows the latest eight entries; the whole log has a page of its own, so a long
# game (Loot and Scoot logs every action) keeps a small page on a slow connection.
LOG_TAIL = 8
# The rules use SystemRandom when the app draws: nobody at the table can predict it.
RNG = random.SystemRandom()



def load(game_id: str) -> Record:
    """The record of a game of this phone's group; any other id answers 404.

    Every game page goes through here (a save through ``listed_here`` and ``here``: views/saving.py), so
    a guessed id of another group's game looks exactly like an id that does not exist.
    """
    listed_here(game_id)
    return here(store().load(game_id))  # NoSuchGame: a 404 that knows a game in the trash


def _form_messages(form: LedgerForm) -> list[str]:
    return guard_messages(form)


@lru_cache(maxsize=256)
def _chart(players: tuple[str, ...], totals: tuple[tuple[int, ...], ...], label: str,
           colours: tuple[str, ...]) -> Markup:
    # A game page is reloaded often at the table and its chart only changes with an entry;
    # drawing it was a twentieth of the page's time.
    return totals_chart(players, totals, label=label, colours=colours)


def _next_form(adapter: Adapter, expect: Expect, record: Record,
               back: Entry | None) -> Any:
    """The form of the kind the rules expect; right after an undo, filled with what was
    taken back, so fixing one value of it is one change and Save."""
    kind = expect.kind
    if back is not None and (back["kind"] == kind or
                             {back["kind"], kind} <= set(adapter.own_forms)):
        return adapter.form(back["kind"], record, data=back["data"])
    return adapter.form(kind, record)


def problems(adapter: Adapter, record: Record, form: EntryForm | None,
             messages: list[str]) -> list[tuple[str, str, str]]:
    """What a refusal says at the top of the form: (field name, what it is, its first
    message) for each refused field, in the order of the form, then the messages that
    belong to no field (field name and title empty). Every message stays next to its field."""
    if form is None:
        return [("", "", m) for m in messages]
    found = []
    for field in walk(form):
        first = next((e for e in field.errors or () if isinstance(e, str)), None)
        if first is not None and field.name not in GUARDS:
            found.append((field.name, adapter.field_title(record, form, field), t(first)))
    return found + [("", "", m) for m in messages]


def page(record: Record, form: EntryForm | None = None, messages: list[str] | None = None,
         status: int = 200, *, notice: str | None = None, notice_at: str = "next",
         refusal: str = NOT_SAVED) -> Any:
    try:
        view = replay(record)
    except ReplayError as error:
        return render_template("errors/broken.html", record=record, error=error), 500
    adapter = ADAPTERS[record["game"]]
    back = restorable(record)
    # Entries a correction set aside: the step it asks again is filled with what the first
    # held, and once that is entered the rest go back with one tap.
    aside = set_aside(record) if back is None and view.expect is not None else []
    returning = fitting_set_aside(record, view.state) if aside else []
    if form is None and view.expect is not None:
        form = _next_form(adapter, view.expect, record, back or (aside[0] if aside and not returning else None))
    if form is not None:
        form.version.data = str(entries_version(record))  # a hidden field's text
        if view.expect is not None and not form.kind.data:
            form.kind.data = view.expect.kind
        if not form.submission.data:
            form.submission.data = new_submission()
    version = entries_version(record)
    totals = view.game.totals_by_round(view.state)
    # Only a refused form has anything to say (walking a hand form's fields costs).
    said = (problems(adapter, record, g.get("refused_form") or form, messages or [])
            if status >= 400 or messages else [])
    colours = seat_colours(store(), group_of(record), record["players"])
    return render_template(
        "play/game.html", record=record, view=view, form=form, problems=said,
        refusal=t(refusal), notice=notice, notice_at=notice_at, version=version,
        # The one-button forms and the note are written by widgets.change_fields, each with
        # its own submission id (one form sent never makes another look sent), and never
        # filled from a posted form.
        back=back, put_back=back is not None and view.expect is not None, returning=returning,
        chart=(_chart(tuple(record["players"]), tuple(map(tuple, totals)),
                      t(view.game.chart_label(view.state)), colours) if totals else None), colours=colours,
        players=record["players"], adapter=adapter, log_tail=LOG_TAIL,
        minutes=duration_minutes(record, view),
    ), status


def _back(game_id: str, notice: str | None = None, anchor: str = "next",
          record: Record | None = None) -> Any:
    """The answer to a change that was made (or had been made already, ``notice``);
    ``record`` is the game as the save left it, if the save has it."""
    if background():
        body, status = page(record or load(game_id), notice=notice, notice_at=anchor)
        response = current_app.make_response((body, status))
        response.headers["Content-Location"] = url_for("play.game", game_id=game_id)
        return response
    if notice:
        flash(notice, anchor)
    # POST/redirect/GET: a reload of the page never sends the entry again; the anchor
    # lands on the next form (without JavaScript too).
    return redirect(url_for("play.game", game_id=game_id, _anchor=anchor), 303)


@bp.get("/games/<game_id>")
def game(game_id: str) -> Any:
    said = get_flashed_messages(with_categories=True, category_filter=["next", "about"])
    return page(load(game_id), notice=said[-1][1] if said else None,
                notice_at=said[-1][0] if said else "next")


def shows(adapter: Adapter, view: View[Any], kind: str) -> bool:
    """Whether the game page shows a form of ``kind`` now.

    It shows the form of the kind the rules expect next; a game whose turn offers several
    kinds at once renders them together (``adapter.own_forms``).
    """
    if view.expect is None:
        return False
    own = adapter.own_forms
    return kind == view.expect.kind or (kind in own and view.expect.kind in own)


def refused(record: Record, form: EntryForm, messages: list[str], status: int = 422) -> Any:
    """The page again, with the refused form in its place and what was typed kept; or,
    when the page shows no form of that kind now (scoring during play, say), with the
    form's messages at the top."""
    adapter = ADAPTERS[record["game"]]
    if form.kind.data in adapter.standing_forms:
        # A form the game's state section always shows (a coin correction, say): it is
        # shown there again, with its messages and what was typed.
        g.refused_form = form
        return page(record, None, messages, status)
    if not shows(adapter, replay(record), form.kind.data or ""):
        messages = messages + [e for f in walk(form) if f.name not in GUARDS
                               for e in (f.errors or ()) if isinstance(e, str)]
        return page(record, None, messages, status)
    return page(record, form, messages, status)


@bp.get("/games/<game_id>/why/<path:key>")
def why(game_id: str, key: str) -> Any:
    """One number's making or one place's why (``Game.explanations``), on a page of its own:
    one tap from the game page, no JavaScript, and nothing added to the game page's weight."""
    record = load(game_id)
    try:
        view = replay(record)
    except ReplayError as error:
        return render_template("errors/broken.html", record=record, error=error), 500
    found = view.game.explanations(view.state).get(key)
    if found is None:
        abort(404)
    return render_template("play/why.html", record=record, view=view, it=found, key=key,
                           players=record["players"], entries=record["entries"],
                           adapter=ADAPTERS[record["game"]])


@bp.get("/games/<game_id>/log")
def log(game_id: str) -> Any:
    record = load(game_id)
    # The entries as entered, with no replay: the log of a record that does not replay (a
    # file edited by hand) is still the way to see what it holds.
    return render_template("play/log.html", record=record, players=record["players"],
                           adapter=ADAPTERS[record["game"]], title=t(GAMES[record["game"]].name(record["settings"])))


@bp.post("/games/<game_id>/entries")
def add(game_id: str) -> Any:
    # One read of the game file, under its lock: the form is checked against the record
    # it is then added to, and the answer is made from the record as saved.
    form: EntryForm | None = None
    said: list[str] | None = None

    def added(record: Record) -> Record | None:
        nonlocal form, said
        kind, form = _entry_form(record)
        said = adapter_of(record).refusals(kind, form, record)
        return _added(record, kind, form) if said is None else None

    saved = save(game_id, added)
    record = saved.record
    match saved.failure:
        case Stale():
            assert record is not None and form is not None
            keep = form if shows(adapter_of(record), replay(record), form.kind.data or "") else None
            return page(record, keep, [t(STALE_MESSAGE)], 409)
        case RulesError() as error:
            assert record is not None and form is not None
            return refused(record, form, adapter_of(record).attach(form, error))
        case NotSaved() as error:
            if record is None:  # the lock stayed taken: another phone's save was under way
                record = load(game_id)
                form = _entry_form(record)[1]
            assert form is not None
            return refused(record, form, *_not_saved(error))
    if saved.again:
        return _back(game_id, t(SENT_BEFORE), record=record)
    if said is not None:
        assert record is not None and form is not None
        return refused(record, form, said)
    return _back(game_id, record=saved.new)


def adapter_of(record: Record) -> Adapter:
    return ADAPTERS[record["game"]]


def _entry_form(record: Record) -> tuple[str, Any]:
    """The kind of entry the posted form is and the form filled from it; 400 for a kind
    this game has no form of."""
    adapter = adapter_of(record)
    kind = adapter.kind_of(request.form)
    if kind not in adapter.forms:
        abort(400)
    # Which kinds are allowed now is the rules' to say (apply refuses the rest with a
    # reason); a form from before another phone's entry is caught by its version.
    form = adapter.form(kind, record, formdata=request.form)
    form.kind.data = kind
    return kind, form


def _added(record: Record, kind: str, form: EntryForm) -> Record:
    adapter = adapter_of(record)
    return add_entry(record, kind, adapter.to_data(kind, form, record), source=adapter.source(form),
                     submission=form.submission.data,
                     version=meanwhile(record, kind, form.version_number(), request.form.get("after")),
                     resend_checked=True)


def _not_saved(error: NotSaved) -> tuple[list[str], int]:
    text, status = not_saved(error, headed=True)  # the game page's box says "Not saved"
    return [text], status


def _one_button(game_id: str, form: LedgerForm, change: Any, stale: str,
                repeated: str = SENT_BEFORE, done: str | None = None) -> Any:
    """A form that is one button (draw, undo, put back): drop a repeat, check the token,
    then make ``change(record, submission, version)``, all on one read of the record under
    its lock. A refusal says in ``stale``'s words what did not happen."""
    valid = False

    def changed(record: Record) -> Record | None:
        nonlocal valid
        valid = form.validate()
        return change(record, form.submission.data, form.version_number()) if valid else None

    saved = save(game_id, changed)
    record = saved.record
    match saved.failure:
        case Stale():
            assert record is not None
            return page(record, messages=[t(stale)], status=409, refusal=NOTHING_CHANGED)
        case RulesError() as error:
            assert record is not None
            return page(record, messages=[t(m) for m in error.errors.values()], status=409,
                        refusal=NOTHING_CHANGED)
        case NotSaved() as error:
            messages, status = _not_saved(error)
            return page(record or load(game_id), messages=messages, status=status)
    assert record is not None
    if saved.again:
        return _back(game_id, t(repeated), record=record)
    if not valid:
        return page(record, messages=_form_messages(form), status=422, refusal=NOTHING_CHANGED)
    return _back(game_id, t(done) if done else None, record=saved.new)


def _drawn(record: Record, submission: str, version: int | None) -> Record:
    """The record with the random result the rules ask for now, drawn by the app."""
    view = replay(record)
    if view.expect is None or not view.expect.draw:
        raise RulesError(msg(N_("Nothing to draw now.")))
    data = view.game.draw(view.state, RNG)
    return add_entry(record, view.expect.kind, data, source="app", submission=submission,
                     version=version, resend_checked=True)


@bp.post("/games/<game_id>/draw")
def draw(game_id: str) -> Any:
    return _one_button(game_id, DrawForm(), _drawn, STALE_DRAW)


@bp.post("/games/<game_id>/undo")
def undo_last(game_id: str) -> Any:
    return _one_button(game_id, UndoForm(), lambda r, submission, version: undo(
        r, submission=submission, version=version, resend_checked=True), STALE_UNDO, UNDONE_BEFORE)


@bp.post("/games/<game_id>/put-back")
def put_back_undone(game_id: str) -> Any:
    """Restore the entry undone last, as it was, until another entry has been made."""
    return _one_button(game_id, UndoForm(), lambda r, submission, version: put_back(
        r, submission=submission, version=version, resend_checked=True), STALE_PUT_BACK)


@bp.post("/games/<game_id>/put-back-set-aside")
def put_back_aside(game_id: str) -> Any:
    """Return the entries a correction set aside, as far as they fit, once the step it asked
    again is entered."""
    return _one_button(game_id, UndoForm(), lambda r, submission, version: put_back_set_aside(
        r, submission=submission, version=version, resend_checked=True), STALE_PUT_BACK, done=PUT_BACK)


@bp.route("/games/<game_id>/entries/<int:entry_id>/edit", methods=["GET", "POST"])
def edit(game_id: str, entry_id: int) -> Any:
    if request.method == "GET":
        return _correction_page(_correction(load(game_id), entry_id))
    # A correction sent: one read of the game file, under its lock, as for a new entry.
    shown: Correction | None = None
    messages: list[str] = []
    status = 200
    mending = preview = later = None
    again = False

    def corrected(current: Record) -> Record | None:
        nonlocal shown, again, messages, status
        shown = _correction(current, entry_id, request.form)
        record, entry, number, form = shown
        again = sent_before(record)
        said = None if again else adapter_of(record).refusals(entry["kind"], form, record,
                                                              before=number - 1)
        if said is not None:
            messages, status = said, 422
            return None
        if again:
            return None
        return correct(record, entry_id, adapter_of(record).to_data(entry["kind"], form, record),
                       submission=form.submission.data, version=form.version_number(),
                       mend=bool(request.form.get("mend")), answers=_answers(),
                       key=current_app.config["SECRET_KEY"], resend_checked=True)

    # The correction is built before a repeat is looked for: a correction of an entry that
    # is gone answers 404 first.
    saved = save(game_id, corrected, repeats=False)
    match saved.failure:
        case NeedsMending() as needed:
            # Shown before it is stored: the same form, sent again with "mend", stores it.
            assert shown is not None
            mending, status = needed.mending, 409
            preview = _preview(shown.record, mending)
        case Stale():
            messages, status = [t(STALE_MESSAGE)], 409
        case RulesError() as error:
            assert shown is not None
            messages, status = adapter_of(shown.record).attach(shown.form, error), 422
            later = getattr(error, "entry_id", None)
        case NotSaved() as error:
            messages, status = _not_saved(error)
            if shown is None:  # the lock stayed taken: another phone's save was under way
                shown = _correction(load(game_id), entry_id, request.form)
        case None:
            assert shown is not None
            if again:
                return _back(game_id, t(SENT_BEFORE), record=shown.record)
            if saved.new is not None:
                return _back(game_id, _corrected(saved.new, entry_id), record=saved.new)
    assert shown is not None
    return _correction_page(shown, messages, status, mending, preview, later)


def _corrected(record: Record, entry_id: int) -> str | None:
    """What the game page says after a correction stored with a mend."""
    if not request.form.get("mend"):
        return None
    aside = set_aside(record)
    view = replay(record)
    if aside and aside[0].get("dropped") == entry_id and view.expect is not None:
        return t(msg(ASKED_AGAIN, step=view.expect.title))
    return t(MENDED)


def _answers() -> list[int]:
    """The table's answers to the choices a mend asks, in order (a number each; anything
    else is no answer, and the question is asked again)."""
    given = request.form.getlist("answer")
    return [int(a) for a in given if a.isdigit() and len(a) < 3]


def _preview(record: Record, mending: Mending) -> Any:
    """The game as the mend leaves it, and as each answer of a question it asks would."""
    if mending.question is None:
        return replay({**record, "id": "", "entries": mending.entries})
    return [replay({**record, "id": "", "entries": m.entries}) if m is not None else None
            for m in mending.question.outcomes]


class Correction(NamedTuple):
    """An entry's correction form, filled from the entry or from what was sent."""

    record: Record
    entry: Entry
    number: int
    form: EntryForm


def _correction(record: Record, entry_id: int, formdata: Any = None) -> Correction:
    entry = next((e for e in record["entries"] if e["id"] == entry_id), None)
    if entry is None:
        abort(404)
    form = adapter_of(record).form(entry["kind"], record, data=entry["data"], formdata=formdata)
    return Correction(record, entry, record["entries"].index(entry) + 1, form)


def _correction_page(shown: Correction, messages: list[str] | None = None, status: int = 200,
                     mending: Any = None, preview: Any = None, later: int | None = None) -> Any:
    record, entry, number, form = shown
    adapter = adapter_of(record)
    form.version.data = str(entries_version(record))
    form.kind.data = entry["kind"]
    if not form.submission.data:
        form.submission.data = new_submission()
    return render_template("play/edit.html", record=record, entry=entry, entry_number=number,
                           form=form, problems=problems(adapter, record, form, messages or []),
                           refusal=t(NOT_SAVED), adapter=adapter, mending=mending, preview=preview, later=later,
                           players=record["players"]), status


@bp.post("/games/<game_id>/note")
def note(game_id: str) -> Any:
    form = NoteForm()
    valid = False

    def noted(record: Record) -> Record | None:
        nonlocal valid
        valid = form.validate()
        return set_note(record, form.note.data or "", submission=form.submission.data) if valid else None

    saved = save(game_id, noted, repeats=False)  # one read, as a save of an entry
    record = saved.record
    match saved.failure:
        case Repeated():
            return _back(game_id, t(NOTE_SAVED), anchor="about", record=record)
        case NotSaved() as error:
            messages, status = _not_saved(error)
            # The page again with the note as typed in its field, so it can be sent again.
            return page({**(record or load(game_id)), "note": form.note.data or ""},
                        messages=messages, status=status)
    assert record is not None
    if not valid:
        return page(record, messages=_form_messages(form) or
                    [t(e) for errs in form.errors.values() for e in errs], status=422)
    return _back(game_id, t(NOTE_SAVED), anchor="about", record=saved.new)
