"""A game record in and out: its JSON export, and the import of one (docs/record-format.md).

The routes are on play's blueprint: their addresses and endpoint names (``play.record_json``,
``play.import_game``) are the ones links and phones already know."""
from __future__ import annotations

import json
from typing import Any

from flask import Response, redirect, render_template, request, url_for

from ..forms import ImportForm
from ..games import GAMES
from ..history.transfer import ImportError_, add, export_record, import_record
from ..i18n import t
from ..storage.store import NotSaved
from . import group_id, not_saved, store
from .play import _form_messages, bp, load


@bp.get("/games/<game_id>/record.json")
def record_json(game_id: str) -> Any:
    record = load(game_id)
    body = json.dumps(export_record(record), ensure_ascii=False, indent=2)
    return Response(body, mimetype="application/json", headers={
        "Content-Disposition": f'attachment; filename="{record["game"]}-{game_id}.json"'})


@bp.route("/import", methods=["GET", "POST"])
def import_game() -> Any:
    form = ImportForm()
    messages: list[str] = []
    status = 422 if request.method == "POST" else 200
    already = None
    if request.method == "POST":
        if not form.validate():
            messages = _form_messages(form)
        else:
            try:
                record = import_record(form.file.data.read(), group=group_id())
            except ImportError_ as error:
                messages = [t(error.message)]
            else:
                try:
                    game_id, found = add(store(), record, copy=bool(form.copy.data))
                except NotSaved as error:
                    text, status = not_saved(error)  # no "Not saved" box on this page
                    messages = [text]
                else:
                    if found is None:
                        return redirect(url_for("play.game", game_id=game_id), 303)
                    # The same game counted twice would count every win twice: nothing is
                    # added unless the table asks for a copy.
                    here = store().index.games().get(found[0], {})
                    already = {"id": found[0], "same": found[1], "players": here.get("players", []),
                               "title": GAMES[record["game"]].title, "trashed": not here}
                    status = 200 if found[1] else 409
    return render_template("play/import.html", form=form, messages=messages, already=already), status
