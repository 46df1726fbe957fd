"""A game's life around its play: the games in progress as the home page lists them, and
when a game entered afterwards was played.

The index keeps a summary of each game that changes only when a game starts, ends or is
set aside, so an ordinary entry never rewrites it (bench: append one entry). What a game
in progress has reached -- the round, hand or turn, the leader, the last activity --
changes with every entry, so the list of games in progress reads their files instead:
a handful, each read again only when its file changed (its modification time and size).
History and statistics still read nothing but the index.
"""
from __future__ import annotations

import threading
from datetime import date, datetime, time
from zoneinfo import ZoneInfo

from ..games.base import Msg, ReplayError, msg
from ..markers import N_
from ..periods import AHEAD, EARLIEST, utc_iso
from ..record.entries import replay
from ..record.shape import Progress, Row
from ..record.summary import progress
from ..storage.store import DamagedFile, NoSuchGame, Store
from . import groups

_PROGRESS: dict[tuple[str, str], tuple[tuple[int, int], Progress]] = {}
_PROGRESS_LOCK = threading.Lock()
_KEEP = 512


def _progress(store: Store, game_id: str) -> Progress | None:
    """What a game in progress has reached, read from its file when that changed."""
    path = store.file(game_id)
    try:
        st = path.stat()
    except FileNotFoundError:
        return None
    key, cache_key = (st.st_mtime_ns, st.st_size), (str(store.folder), game_id)
    cached = _PROGRESS.get(cache_key)
    if cached and cached[0] == key:
        return cached[1]
    try:
        record = store.load(game_id)
        found = progress(record, replay(record))
    except (NoSuchGame, DamagedFile, ReplayError):
        return None
    with _PROGRESS_LOCK:
        if len(_PROGRESS) >= _KEEP:
            _PROGRESS.clear()
        _PROGRESS[cache_key] = (key, found)
    return found


def in_progress(store: Store, group_id: str) -> list[Row]:
    """The group's games in progress (and any that no longer replay, to be looked at),
    each its summary and what it has reached; the latest activity first."""
    out: list[Row] = []
    for game in groups.group_games(store, group_id):
        if game.get("status") in ("playing", "broken"):
            found = _progress(store, game["id"]) if game["status"] == "playing" else None
            out.append({**game, **found} if found else {**game})
    return sorted(out, key=lambda g: (g.get("last") or g["created"], g["id"]), reverse=True)


def leaders(game: Row) -> list[int]:
    """The seats in first place, or none while everyone is level."""
    ranks = game.get("ranks") or []
    first = [seat for seat, rank in enumerate(ranks) if rank == 1]
    return [] if len(first) == len(ranks) else first


def reached(game: Row) -> Msg | None:
    """What a game in progress (or abandoned) waits for: "Hand 4", "Round 3 of 5"..."""
    data = game.get("reached")
    return msg(data["text"], **data.get("args", {})) if data else None


def form_default(zone: ZoneInfo, now: datetime) -> tuple[date, time]:
    """The new-game form's day and start time: now, to the minute, in the group's zone."""
    local = now.astimezone(zone)
    return local.date(), local.time().replace(second=0, microsecond=0)


def shown_text(day: date, start: time) -> str:
    return f"{day.isoformat()}T{start:%H:%M}"


def played_on_from_form(day: date | None, start: time | None, zone: ZoneInfo, now: datetime,
              shown: str = "") -> tuple[str | None, Msg | None]:
    """When the table began, from the new-game form's day and start time in the group's
    zone: None (now) when left as the form showed them (``shown``) -- a form may stay open
    a long while before "Start" -- or empty; a message for a start in the future or before
    1970 (``EARLIEST``, which an import of the record would refuse)."""
    if day is None and start is None:
        return None, None
    today, this_minute = form_default(zone, now)
    day, start = day or today, start or this_minute
    if shown_text(day, start) == shown:
        return None, None
    moment = datetime.combine(day, start, tzinfo=zone)
    if moment > now + AHEAD:
        return None, msg(N_("The game cannot start in the future."))
    if moment < EARLIEST:  # compared as it is: day 1 east of UTC has no UTC to convert to
        return None, msg(N_("The game cannot start before 1970."))
    return utc_iso(moment), None
