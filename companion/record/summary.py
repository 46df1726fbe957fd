"""What is read off a game record besides its rules: when it was played (start, end, play
time without pauses, entered afterwards) and what the games list keeps of it (``summary``,
``progress``) -- the index's rows, made without the list ever opening a game file.
"""
from __future__ import annotations

from datetime import datetime, timedelta
from itertools import pairwise
from typing import Any

from ..games import get_game
from ..games.base import Msg, ReplayError
from ..games.result import RESULT
from .entries import View, replay, status
from .shape import MsgData, Progress, Record, Row, group_of

# A longer gap between two entries is a pause, not play time; a game started in the app
# more than this after the table began playing was entered afterwards (from paper).
PAUSE = timedelta(minutes=30)


# -- time --------------------------------------------------------------------------------

def parse_time(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


def played_on(record: Record) -> str:
    """When the table began playing: given for a game entered afterwards, else the time it
    was started in the app (records from before the field was kept have only that)."""
    return str(record.get("played_on") or record["created"])


def result_only(record: Record) -> bool:
    """Played on paper and entered as its final result alone (games/result.py)."""
    entries = record["entries"]
    return len(entries) == 1 and entries[0]["kind"] == RESULT


def entered_afterwards(record: Record) -> bool:
    """Played on paper and entered later: its entry times say when it was typed, not played."""
    return result_only(record) or parse_time(record["created"]) - parse_time(played_on(record)) > PAUSE  # type: ignore[operator]


def started(record: Record) -> str:
    entries = record["entries"]
    if entered_afterwards(record) or not entries:
        return played_on(record)
    return str(entries[0]["at"])


def ended(record: Record, view: View[Any]) -> str | None:
    if not view.finished or not record["entries"]:
        return None
    # A game entered afterwards is dated by when it was played; its end is not known.
    return played_on(record) if entered_afterwards(record) else record["entries"][-1]["at"]


def shown_end(record: Record, view: View[Any]) -> str | None:
    """When the game ended, for a page to say: None while it goes on, and for a game
    entered afterwards, whose end is not known (``ended`` dates it by its day for lists)."""
    return None if entered_afterwards(record) else ended(record, view)


def last_activity(record: Record) -> str:
    """The latest time anything was entered, undone or corrected."""
    times = [record["created"]] + [e["at"] for e in record["entries"]] + [
        e["undone_at"] for e in record.get("undone", ()) if e.get("undone_at")] + [
        edit["at"] for e in record["entries"] for edit in e.get("edits", ())]
    return str(max(times, key=lambda at: parse_time(at)))  # type: ignore[arg-type, return-value]


def play_minutes(record: Record) -> int | None:
    """Time played, from the start through each entry, leaving out pauses longer than
    ``PAUSE``; None for a game entered afterwards (its entry times are typing times)."""
    if entered_afterwards(record):
        return None
    times = [parse_time(played_on(record))] + [parse_time(e["at"]) for e in record["entries"]]
    played = sum((gap for a, b in pairwise(times)
                  if timedelta(0) <= (gap := b - a) <= PAUSE),  # type: ignore[operator]
                 timedelta())
    return round(played.total_seconds() / 60)


def duration_minutes(record: Record, view: View[Any]) -> int | None:
    return play_minutes(record) if view.finished else None


# -- what the index keeps ----------------------------------------------------------------

def _msg_data(message: Msg) -> MsgData:
    """A message as JSON (for the index): its id and its values as text or numbers."""
    return {"text": message.text, "args": {k: v if isinstance(v, (int, float)) else str(v)
                                           for k, v in message.args.items()}}


def progress(record: Record, view: View[Any]) -> Progress:
    """Where a game stands: what it waits for (the round, hand or turn reached), scores
    and places by seat, rounds played and the last time anything was entered."""
    by_seat = {s.seat: s for s in view.standings}
    seats = range(len(record["players"]))
    return {
        "reached": _msg_data(view.expect.title) if view.expect is not None else None,
        "rounds": len(view.game.totals_by_round(view.state)), "entries": len(record["entries"]),
        "scores": [by_seat[i].score for i in seats], "ranks": [by_seat[i].rank for i in seats],
        "last": last_activity(record),
    }


def summary(record: Record, view: View[Any] | None = None) -> Row:
    """What the games list needs without opening the game file; ``view``, the record's
    replay where the caller has made it already (an import checked each game by it).

    Scores and winners are only kept once a game is over or abandoned, so an ordinary
    entry does not change the summary and does not rewrite the index. (The list of games
    in progress reads their few files instead: see lifecycle.in_progress.)
    """
    out: Row = {
        "game": record["game"], "players": list(record["players"]),
        "group": group_of(record), "created": record["created"],
    }
    game = get_game(record["game"])
    settings = record.get("settings") or {}
    if game.name(settings) != game.title:
        # A game its host names: counted by that name, and offered again with its settings.
        out["name"] = game.name(settings)
        out["settings"] = dict(settings)
    if not game.highest_wins(settings):
        out["lowest_wins"] = True
    if record.get("origin"):  # the game an imported record was exported from (transfer.py)
        out["origin"] = record["origin"]
    if entered_afterwards(record):
        out["afterwards"] = True
    if result_only(record):
        out["result_only"] = True
    if record.get("played_day"):  # entered without a time: the day alone (views/result.py)
        out["played_day"] = record["played_day"]
    if view is None:
        try:
            view = replay(record)
        except ReplayError:
            return {**out, "status": "broken"}
    state = status(record, view)
    if state == "playing":
        return {**out, "status": "playing"}
    if state == "abandoned":
        # Dated by when it stopped, so the history shows it among the games of that day.
        where = progress(record, view)
        return {**out, "status": "abandoned", "abandoned": record["abandoned"],
                "started": started(record), "ended": where["last"], **where}
    by_seat = {s.seat: s for s in view.standings}
    return {
        **out, "status": "finished", "started": started(record), "ended": ended(record, view),
        "minutes": duration_minutes(record, view), "rounds": len(view.game.totals_by_round(view.state)),
        "scores": [by_seat[i].score for i in range(len(record["players"]))],
        "ranks": [by_seat[i].rank for i in range(len(record["players"]))],
        "winners": sorted(view.outcome.winners),  # type: ignore[union-attr]
    }
