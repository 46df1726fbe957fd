"""A BG Stats export brought into the group: its summary, the one tap that stores it, and
the import running beside the table (companion/history/bgstats.py reads the file)."""
from __future__ import annotations

import hashlib
import logging
import threading
import time
from pathlib import Path
from typing import Any

from flask import Blueprint, abort, current_app, redirect, render_template, url_for

from .. import periods
from ..forms import guard_messages
from ..forms.groups import BGStatsImportForm
from ..games.base import msg
from ..history import bgstats, groups
from ..i18n import t
from ..markers import N_
from ..storage.store import NotSaved, Store
from ..text import is_token
from . import store
from .groups import _settings, mine

bp = Blueprint("bgstats", __name__)
log = logging.getLogger(__name__)
# Imports running or done in this process, by their file's token: (done, total, result).
JOBS: dict[str, dict[str, Any]] = {}
_JOBS_LOCK = threading.Lock()
# The plans the last summaries showed, by token: a server restarted since makes it again.
PLANS: dict[str, bgstats.Plan] = {}


def _folder(s: Store) -> Path:
    return s.folder / "imports"


def _pending(s: Store, token: str) -> Path:
    return _folder(s) / f"{token}.json"


def _plan(s: Store, gid: str, raw: bytes) -> bgstats.Plan:
    group: Any = groups.get(s, gid) or {}
    zone = periods.zone(group.get("timezone")) if group.get("timezone") else None
    plan = bgstats.plan(bgstats.read(raw, current_app.config["BACKUP_MAX_BYTES"]), gid,
                        bgstats.known_names(s, gid), zone, _breathe)
    return bgstats.against(s, gid, plan)


def summary(group: groups.Group, raw: bytes, form: Any) -> Any:
    """The restore form's answer for a BG Stats file: what an import would store, and the tap."""
    s = store()
    try:
        plan = _plan(s, group["id"], raw)
    except bgstats.BGStatsError as error:
        return _settings(group, 422, restore=form, messages=[
            t(msg(N_("The BG Stats export was not imported: %(why)s"), why=t(error.message)))])
    token = hashlib.sha256(group["id"].encode() + b"\0" + raw).hexdigest()[:32]
    try:
        _folder(s).mkdir(exist_ok=True)
        for old in _folder(s).glob("*.json"):  # summaries never tapped: gone after a day
            if time.time() - old.stat().st_mtime > 86400:
                old.unlink(missing_ok=True)
        _pending(s, token).write_bytes(raw)
    except OSError:
        return _settings(group, 507, restore=form, messages=[
            t(msg(N_("Not saved: the disk refused the file. Nothing was imported.")))])
    with _JOBS_LOCK:  # the tap stores this plan, not one made again (5,000 plays: 8 s)
        PLANS[token] = plan
        while len(PLANS) > 4:
            PLANS.pop(next(iter(PLANS)))
    confirm = BGStatsImportForm(formdata=None, token=token)
    return render_template("groups/bgstats.html", group=group, plan=plan, form=confirm,
                           refusals=[bgstats.refusal_text(r) for r in plan.refused])


BREATH = 0.0005  # seconds of the import's own work between two turns given to the phones
_last = threading.local()
_SERVING: set[int] = set()  # the threads answering a request now


def _serving() -> None:
    _SERVING.add(threading.get_ident())


def _served(_error: BaseException | None) -> None:
    _SERVING.discard(threading.get_ident())


bp.before_app_request(_serving)
bp.teardown_app_request(_served)


def _breathe() -> None:
    """While a phone's request is being answered, the interpreter to it every ``BREATH``
    seconds: a thread that only computes keeps it for 5 ms at a time, and a page that waits
    for it at each of its reads and writes took 15 times as long while 5,000 plays came in.
    Only then, and not at every play: a turn given is a system call that lets the machine's
    other processes run first, a millisecond each on a busy machine, which cost a 5,000-play
    summary seconds when it gave one a play with no phone asking."""
    if len(_SERVING) <= (threading.get_ident() in _SERVING):
        return  # no request but this thread's own
    now = time.perf_counter()
    if now - getattr(_last, "at", 0.0) >= BREATH:
        time.sleep(0)
        _last.at = time.perf_counter()


def _run(app: Any, s: Store, gid: str, token: str, raw: bytes, zone: Any) -> None:
    job = JOBS[token]

    def progress(done: int, total: int) -> None:
        job.update(done=done, total=total)
    # The rules' messages are translated where they are made: a request's context, of no one.
    with app.test_request_context("/"):
        with _JOBS_LOCK:
            made = PLANS.pop(token, None)
        plan = bgstats.Plan()
        try:
            plan = made or bgstats.plan(bgstats.read(raw, app.config["BACKUP_MAX_BYTES"]), gid,
                                        bgstats.known_names(s, gid), zone, _breathe)
            job["total"] = len(plan.plays)
            bgstats.store_plan(s, gid, plan, progress, _breathe)
            job.update(added=plan.added, present=plan.present, corrected=plan.corrected)
        except NotSaved as error:
            job.update(error=error.detail, added=plan.added)
        except bgstats.BGStatsError as error:
            job["error"] = t(error.message)
        except Exception as error:  # the page must not wait for ever: it says what stopped it
            log.exception("BG Stats import into %s stopped", gid)
            job.update(error=f"{type(error).__name__}: {error}"[:200], added=plan.added)
        finally:
            job["finished"] = True
            _pending(s, token).unlink(missing_ok=True)


@bp.post("/groups/<gid>/bgstats/import")
def start(gid: str) -> Any:
    group = mine(gid)
    form = BGStatsImportForm()
    token = form.token.data if is_token(form.token.data) else None
    if not form.validate() or token is None:
        return _settings(group, 422, messages=guard_messages(form) or [
            t(msg(N_("Choose the BG Stats export again: this summary is no longer here.")))])
    s = store()
    with _JOBS_LOCK:
        if token in JOBS and not JOBS[token].get("finished"):  # a second tap: the same import
            return redirect(url_for("bgstats.progress", gid=gid, token=token), 303)
        try:
            raw = _pending(s, token).read_bytes()
        except OSError:
            return _settings(group, 422, messages=[
                t(msg(N_("Choose the BG Stats export again: this summary is no longer here.")))])
        JOBS[token] = {"gid": gid, "done": 0, "total": 0, "finished": False}
    zone = periods.zone(group.get("timezone")) if group.get("timezone") else None
    # Beside the table: the phones' requests are served by the other threads meanwhile.
    worker = threading.Thread(target=_run, name=f"bgstats-{token[:8]}", daemon=True,
                              args=(current_app._get_current_object(), s, gid, token, raw, zone))  # type: ignore[attr-defined]
    worker.start()
    return redirect(url_for("bgstats.progress", gid=gid, token=token), 303)


@bp.app_template_global()
def bgstats_push(record: Any, view: Any) -> str:
    """The end screen's "Send to BG Stats" link for a finished game."""
    return bgstats.push_url(bgstats.push_data(record, view))


@bp.get("/groups/<gid>/bgstats/<token>")
def progress(gid: str, token: str) -> Any:
    group = mine(gid)
    job = JOBS.get(token) if is_token(token) else None
    if job is None or job["gid"] != gid:
        abort(404)
    return render_template("groups/bgstats_progress.html", group=group, job=dict(job))
