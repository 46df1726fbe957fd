"""Every phone of the group follows the game page while another phone enters (issue 38).

``static/js/follow.js`` asks ``/games/<id>/live`` every ``FOLLOW_POLL_SECONDS`` with the tag
of what it shows: 304 while nothing changed (a stat of the game file, no parse, no render),
the page's ``<main>`` when something did. That ``<main>`` is rendered once per version of the
game (and language and colours), whatever the number of phones asking: its CSRF token and
submission ids are left blank, and each phone fills in its own before it shows it.

A save that meets a newer version is applied anyway when nothing it was typed against has
changed meanwhile: ``companion/views/meanwhile.py``.
"""
from __future__ import annotations

import re
import threading
from collections import OrderedDict
from typing import Any

from flask import Blueprint, current_app, g, request
from flask_wtf.csrf import generate_csrf

from ..history.colours import seat_colours
from ..i18n import locale_name
from ..record.shape import Record, group_of
from . import group_id, store, zone_name
from .drafts import draft_tag
from .play import load, page

bp = Blueprint("follow", __name__)

# What a poll needs of a game without reading its file: keyed by the file's identity on
# disk (every save is an atomic rename, so a new inode), the record's version, group,
# players. A few hundred bytes a game.
_SEEN: OrderedDict[str, tuple[tuple[int, int, int], int, str, tuple[str, ...]]] = OrderedDict()
# The rendered <main> per game, version, language and colours: one render per change.
_MAINS: OrderedDict[tuple[Any, ...], str] = OrderedDict()
_KEEP = 256
_LOCK = threading.Lock()

_MAIN = re.compile(r"<main\b.*?</main>", re.S)
_SUBMISSION = re.compile(r'(<input\b[^>]*\bname="submission"[^>]*\bvalue=")[^"]*(")')
_SUBMISSION_FIRST = re.compile(r'(<input\b[^>]*\bvalue=")[^"]*("[^>]*\bname="submission")')


def _remember(cache: OrderedDict[Any, Any], key: Any, value: Any) -> None:
    with _LOCK:
        cache[key] = value
        cache.move_to_end(key)
        while len(cache) > _KEEP:
            cache.popitem(last=False)


def _seen(game_id: str) -> tuple[int, str, tuple[str, ...]] | None:
    """The game's version, group and players as of its file now, if it was read since it
    last changed; else None."""
    try:
        stat = (store().games_dir / f"{game_id}.json").stat()
    except OSError:
        return None
    kept = _SEEN.get(game_id)
    if kept is None or kept[0] != (stat.st_ino, stat.st_mtime_ns, stat.st_size):
        return None
    return kept[1], kept[2], kept[3]


def _read(game_id: str) -> Record:
    path = store().games_dir / f"{game_id}.json"
    try:
        before = path.stat()
    except OSError:
        before = None
    record = load(game_id)  # 404 for another group's game
    if before is not None:
        _remember(_SEEN, game_id, ((before.st_ino, before.st_mtime_ns, before.st_size),
                                   int(record.get("version", 0)), group_of(record), tuple(record["players"])))
    return record


def tag_of(game_id: str, version: int, group: str, players: tuple[str, ...]) -> str:
    """What the page shows depends on: the record's version, the phone's language, time zone
    and seat (``drafts``), the seats' colours and the draft of the round."""
    colours = seat_colours(store(), group, list(players))
    return f'{version}-{locale_name()}-{zone_name()}-{"-".join(colours)}-{draft_tag(game_id)}'


@bp.app_template_global()
def follow_tag(record: Record) -> str:
    """The tag a game page starts following with (what it shows)."""
    return tag_of(record["id"], int(record.get("version", 0)), group_of(record), tuple(record["players"]))


@bp.app_template_global()
def follow_every() -> float:
    return float(current_app.config["FOLLOW_POLL_SECONDS"])


@bp.get("/games/<game_id>/live")
def live(game_id: str) -> Any:
    seen = _seen(game_id)
    record = None
    if seen is None or seen[1] != group_id():
        record = _read(game_id)  # and 404 for a game of another group or none
        seen = int(record.get("version", 0)), group_of(record), tuple(record["players"])
    tag = tag_of(game_id, *seen)
    if tag in request.if_none_match:
        response = current_app.response_class(status=304)
    else:
        main = _MAINS.get((game_id, tag))
        if main is None:
            if record is None:
                record = _read(game_id)
                tag = tag_of(game_id, int(record.get("version", 0)), group_of(record), tuple(record["players"]))
            main = _MAINS.get((game_id, tag)) or _render(record)
            if main is None:  # a record that does not replay: its page says so, on a reload
                return current_app.response_class(status=204, headers={"Cache-Control": "no-cache"})
            _remember(_MAINS, (game_id, tag), main)
        response = current_app.response_class(f"<!doctype html><html><body>{main}</body></html>",
                                              mimetype="text/html")
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-cache"  # each look asks the server again
    return response


def _render(record: Record) -> str | None:
    """The game page's <main> for every phone: no CSRF token, no submission id (each phone
    puts in its own)."""
    # Only what follows needs the words for a form kept through another phone's save.
    g.live = True
    answer = page(record)
    body, status = answer if isinstance(answer, tuple) else (answer, 200)
    if status != 200 or not isinstance(body, str):
        return None
    found = _MAIN.search(body)
    if found is None:
        return None
    main = found.group(0).replace(generate_csrf(), "")
    main = _SUBMISSION.sub(r"\1\2", main)
    return _SUBMISSION_FIRST.sub(r"\1\2", main)
