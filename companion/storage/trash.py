"""A group's Trash: a deleted game waits 30 days to be brought back, then goes for good.

Deleting moves the game's file from ``games/`` to ``trash/`` in the data folder, stamped
with when it was deleted, and the index forgets it. Every list, statistic, export and
backup reads the index and ``games/``, so each leaves a deleted game out without a check
of its own; bringing it back moves the file back. This module is the store's extension
for that folder: the store moves a game's file out of ``games/`` and back
(``Store.move_out``, ``move_in``: its locks, file format, atomic writes and the index's
markers).

A crash halfway leaves the game in both folders (it is still a game; the copy in the
trash is ignored and cleared by whoever looks next: the store's ``settle``) or, once its
file left ``games/``, in the trash only -- never in neither.

That rests on one rule: a game's id is never given to a second game while any group's
list or trash holds it (``Store.taken``; a restore into another group takes another id,
backup.py). A copy in the trash beside a game file of the same id and group is then always
what a crash left.

The clock is not trusted to destroy. A computer without a clock battery (a Raspberry Pi before
NTP answers) may start a month ahead, or a year behind, and be set right minutes later. So a
game past its 30 days is not removed at the first look that finds it so: that look writes
down when it saw it (``SEEN``), and only a look at least a day (``AGREE``) later that still
finds it past its days removes it. A look that finds it within its days again (the clock
was set back) forgets the sighting, and so does one whose clock is before it: a jump ahead,
one look, and the clock set back leave the trash as it was. Meanwhile a game past its days by
the clock is not shown or brought back, only kept. Emptying the trash on purpose is at once.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import suppress
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path

from ..record.entries import touched
from ..record.shape import Record, Row, group_of
from .store import DamagedFile, NoSuchGame, NotSaved, Store, fsync_dir

KEEP = timedelta(days=30)
# A game past its days goes only when a look at least this much later still finds it so.
AGREE = timedelta(days=1)
SEEN = "trash-expired"  # the state file: game id -> when a look first found it past its days


def _now(now: datetime | None) -> datetime:
    return now or datetime.now(UTC)


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def _folder(store: Store) -> Path:
    store.trash_dir.mkdir(exist_ok=True)
    return store.trash_dir


def _path(store: Store, game_id: str) -> Path:
    return store.trash_dir / store.file(game_id).name  # the store checks the id


def holder(store: Store, game_id: str) -> tuple[str, bool] | None:
    """Who has the id: (the group, whether the game is in its trash), or None if no game
    does. A file that cannot be read holds its id for a group no one is (``""``)."""
    for path, trashed in ((store.file(game_id), False), (_path(store, game_id), True)):
        try:
            return group_of(store.read_file(path)), trashed
        except NoSuchGame:
            continue
        except DamagedFile:
            return "", trashed
    return None


def _in_play(store: Store, game_id: str, record: Record, damaged: bool = True) -> bool:
    """Whether the trash's copy ``record`` is of a game still in play (what a crash of its
    delete left), not of another group's game of the same id (a folder from before
    ``Store.taken``: then both are kept). ``damaged``: the answer for a game file that
    cannot be read."""
    try:
        here = store.read_file(store.file(game_id))
    except NoSuchGame:
        return False
    except DamagedFile:
        return damaged  # left as it is, and so is the copy
    return group_of(here) == group_of(record)


def delete(store: Store, game_id: str, *, submission: str | None = None,
           now: datetime | None = None) -> Record:
    """Move a game to the trash; NoSuchGame if it is not (or no longer) there."""
    record = store.move_out(game_id, _folder(store), lambda record: touched(
        {**record, "deleted": _iso(_now(now))}, submission))
    purge(store, now=now)
    return record


class Duplicate(Exception):
    """The game to bring back is in the list already as another game of the same record
    (imported again after it was deleted): back, it would count every result twice."""

    def __init__(self, listed: str):
        self.listed = listed
        super().__init__(listed)


def _family(record: Record | Row) -> set[str]:
    """A game's id and the id of the game it was exported from (``origin``): two games
    sharing one are the same game."""
    return {str(k) for k in (record.get("id"), record.get("origin")) if k}


def same_game(store: Store, record: Record) -> str | None:
    """The listed game of ``record``'s group (and game) that is ``record`` under another id
    -- or None."""
    family, group = _family(record), group_of(record)
    return next((g["id"] for g in store.index.games().values()
                 if g["id"] != record.get("id") and _family(g) & family
                 and group_of(g) == group and g.get("game") == record.get("game")),
                None)


def holding(store: Store, record: Record, now: datetime | None = None) -> str | None:
    """The game in the trash of ``record``'s group that ``record`` (an import) was exported
    from or imported as before, or None."""
    origin, group = record.get("origin"), group_of(record)
    if not origin:
        return None
    expired = _iso(_now(now) - KEEP)
    return next((path.stem for path, found in _records(store)
                 if origin in _family(found) and group_of(found) == group
                 and found.get("game") == record.get("game") and found["deleted"] > expired
                 and not _in_play(store, path.stem, found)), None)


def restore(store: Store, game_id: str, *, submission: str | None = None) -> Record:
    """Bring a game back from the trash; NoSuchGame if it is not there, Duplicate if the
    same game is listed under another id."""
    def back(record: Record) -> Record:
        listed = same_game(store, {**record, "id": game_id})
        if listed is not None:
            raise Duplicate(listed)
        kept = record.copy()
        kept.pop("deleted", None)
        return touched(kept, submission)
    source = _path(store, game_id)
    try:
        record = store.read_file(source)
    except DamagedFile:
        raise NoSuchGame(game_id) from None
    if store.file(game_id).exists() and not _in_play(store, game_id, record):
        # Another group's game has the id (a folder from before ``Store.taken``): this one
        # comes back under a fresh id, its old one kept as its origin.
        new_id = store.create({**back(record), "origin": record.get("origin") or game_id})
        store.remove_file(game_id, source)
        return store.load(new_id)
    return store.move_in(game_id, source, back)


def find(store: Store, game_id: str, now: datetime | None = None) -> Record | None:
    """A game in the trash, or None (also once its 30 days are over)."""
    try:
        record = store.read_file(_path(store, game_id))
    except (NoSuchGame, DamagedFile):
        return None
    if _in_play(store, game_id, record):
        return None  # a delete cut short: the game is still here (the store clears the copy)
    return record if record.get("deleted", "") > _iso(_now(now) - KEEP) else None


def _records(store: Store) -> Iterator[tuple[Path, Record]]:
    for path in sorted(store.trash_dir.glob("*.json")):
        try:
            record = store.read_file(path)
        except (NoSuchGame, DamagedFile):
            continue  # gone meanwhile, or unreadable: left alone, as the store does
        if isinstance(record.get("deleted"), str):
            yield path, record


def until(record: Record) -> str:
    """When a game in the trash is removed for good."""
    return _iso(datetime.fromisoformat(record["deleted"]) + KEEP)


def listing(store: Store, group_id: str, now: datetime | None = None) -> list[Record]:
    """The group's games in the trash, the latest deleted first (expired ones purged)."""
    with suppress(NotSaved):  # a disk that takes no change: what is there is still shown
        purge(store, now=now)
    expired = _iso(_now(now) - KEEP)
    found = [record for path, record in _records(store)
             if group_of(record) == group_id and record["deleted"] > expired
             and not _in_play(store, path.stem, record)]
    return sorted(found, key=lambda r: (r["deleted"], r["id"]), reverse=True)


def purge(store: Store, *, now: datetime | None = None, group_id: str | None = None,
          upto: str | None = None) -> int:
    """Remove for good what has been in the trash for ``KEEP``, as two looks at least
    ``AGREE`` apart agree (see the module) -- or, to empty a group's trash, that group's
    games deleted at or before ``upto`` (what the person confirming saw, so a game deleted
    meanwhile on another phone stays). Also clears copies left in the trash by a crash of a
    game that is still in play. Returns how many went."""
    moment = _now(now)
    expired = _iso(moment - KEEP)
    seen = store.read_state(SEEN)
    sightings: dict[str, str] = {}

    def past_its_days(path: Path, record: Record) -> bool:
        """Past its days by this look, and by a look at least ``AGREE`` before it."""
        if record["deleted"] > expired:
            return False
        first = seen.get(path.stem)
        if not isinstance(first, str) or first > _iso(moment):  # none, or the clock went back since
            first = _iso(moment)
        sightings[path.stem] = first
        return first <= _iso(moment - AGREE)

    def why(path: Path, record: Record) -> str | None:
        if _in_play(store, path.stem, record):
            # Beside a game file that cannot be read, the copy may be the only good one.
            return "stale" if _in_play(store, path.stem, record, damaged=False) else None
        emptied = (group_id is not None and upto is not None
                   and group_of(record) == group_id and record["deleted"] <= upto)
        return "gone" if emptied or past_its_days(path, record) else None

    def still(path: Path, reason: str) -> bool:
        # Seen without the lock, a "stale" copy may be a delete under way in another
        # process, its game file about to go: removed then, the game would be lost.
        try:
            return why(path, store.read_file(path)) == reason
        except (NoSuchGame, DamagedFile):
            return False

    gone = 0
    for path, record in _records(store):
        reason = why(path, record)
        if reason is not None and store.remove_file(path.stem, path, partial(still, path, reason)):
            gone += reason == "gone"
            sightings.pop(path.stem, None)
    if gone:
        fsync_dir(store.trash_dir)
    if sightings != seen:
        # What this look saw, and nothing of games no longer past their days or no longer here.
        # Not written (a lock held long): the next look sees them first, later, never sooner.
        with suppress(NotSaved):
            store.change_state(SEEN, lambda _: sightings)
    return gone
