"""A group's backup, restore, results as CSV and plays for BG Stats."""
from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, current_app, flash, redirect, request, url_for

from ..forms.groups import RestoreForm
from ..games.base import msg, msg_n
from ..history import backup, groups
from ..history import bgstats as bgstats_format
from ..i18n import t
from ..markers import N_
from ..record.entries import now_iso
from . import bgstats as bgstats_view
from . import not_saved, store
from .groups import _settings, mine, refused

bp = Blueprint("backup", __name__)


@bp.app_context_processor
def _damaged_games() -> dict[str, Any]:
    # The Group page's backup section names the games its backup can carry only as bytes.
    return {"damaged_games": lambda gid: backup.damaged_games(store(), gid)}


def _download(body: str, mimetype: str, filename: str) -> Response:
    return Response(body, mimetype=mimetype,
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


def _stem(group: groups.Group) -> str:
    return f"loot-ledger-{group['id']}-{now_iso()[:10]}"


@bp.get("/groups/<gid>/backup.json")
def download_backup(gid: str) -> Any:
    group = mine(gid)
    body = json.dumps(backup.backup(store(), gid), ensure_ascii=False, indent=1)
    return _download(body, "application/json", f"{_stem(group)}.json")


@bp.get("/groups/<gid>/results.csv")
def results(gid: str) -> Any:
    group = mine(gid)
    body = backup.results_csv(groups.group_games(store(), gid), groups.names_now(store(), gid))
    return _download(body, "text/csv", f"{_stem(group)}-results.csv")


@bp.get("/groups/<gid>/bgstats.json")
def bgstats(gid: str) -> Any:
    group = mine(gid)
    data = backup.bgstats(store(), gid, t(groups.display_name(group)))
    # Named as BG Stats names its own export, which its import looks for.
    return _download(json.dumps(data, ensure_ascii=False, indent=1), "application/json",
                     "BGStatsExport.json")


@bp.post("/groups/<gid>/restore")
def restore(gid: str) -> Any:
    group = mine(gid)
    # A backup may be larger than an ordinary upload (MAX_CONTENT_LENGTH).
    limit = current_app.config["BACKUP_MAX_BYTES"]
    request.max_content_length = limit + 64 * 1024  # room for the form around the file
    form = RestoreForm()
    if not form.validate():
        return _settings(group, 422, restore=form, messages=refused(form) or
                         [t(e) for errs in form.errors.values() for e in errs])
    raw = form.file.data.read(limit + 1)
    if bgstats_format.sniff(raw):  # BG Stats' own export: its summary first (views/bgstats.py)
        return bgstats_view.summary(group, raw, form)
    try:
        done = backup.restore(store(), gid, raw, limit)
    except backup.BackupError as error:
        return _settings(group, 422, restore=form,
                         messages=[t(msg(N_("The backup was not restored: %(why)s"), why=t(error.message)))])
    except backup.Interrupted as error:
        text, status = not_saved(error.error)
        return _settings(group, status, restore=form, messages=[text, t(msg_n(
            "%(n)s game of the backup was restored before that; restoring the same backup again "
               "adds the rest.",
            "%(n)s games of the backup were restored before that; restoring the same backup "
               "again adds the rest.", error.added))])
    added, present, trashed = done
    flash(t(msg(N_("Restored: %(added)s, %(present)s."),  # "1 game added", "2 games added"
                added=msg_n("%(n)s game added", "%(n)s games added", added),
                present=msg_n("%(n)s already here", "%(n)s already here", present))))
    if trashed:
        flash(t(msg_n("%(n)s game of the backup is in this group's trash and was left there: "
                         "bring it back from the trash.",
                      "%(n)s games of the backup are in this group's trash and were left there: "
                         "bring them back from the trash.", trashed)))
    if done.damaged:
        flash(t(msg_n("%(n)s game of the backup was damaged when the backup was made and could not be "
                         "restored: %(ids)s.",
                      "%(n)s games of the backup were damaged when the backup was made and could not be "
                         "restored: %(ids)s.", len(done.damaged), ids=", ".join(done.damaged))))
    return redirect(url_for("groups.settings", gid=gid), 303)
