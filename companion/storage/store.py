"""The game records on disk; with the index (index.py) and files.py, the only code that
touches TinyDB.

Measured on this machine: a single TinyDB file rewrites everything on each write, is not
crash-safe and loses writes across processes. So every game lives in a file of its own
(one TinyDB document: the record) and a small index file lists the games. Every write
goes to a temporary file that is fsynced and then renamed over the old one (``files``), and
every read-modify-write holds a lock that also holds across processes (``filelock``).

A file that cannot be read is never written over: ``DamagedFile`` names it, and the
other games keep working.

The game files are the truth; the index is derived from them. A change that alters a game's
summary is three steps: a marker in ``pending/`` naming the game, the game file, the index
row (which records the file version it was made from, ``v``); the marker goes once the row
is written. A crash or a full disk between the steps leaves the marker, and whoever writes
next (any process), or the next start (``reconcile``), brings the row up to date; reading a
game whose row is older than its file's last summary change (``summary_version``) does too.
The index file and the keeping of it true to the files are the store's ``Index``
(``Store.index``).
An ordinary entry leaves the summary as it is, so it writes the game file only.
"""
from __future__ import annotations

import json
import logging
import os
import secrets
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeGuard, cast

from filelock import FileLock
from tinydb import TinyDB

from ..record.shape import Record, Row
from . import files
from .files import (
    AtomicJSONStorage,
    DamagedFile,
    NoSuchGame,
    NotSaved,
    StoreError,
    fsync_dir,
    saving,
    write_new_files,
)
from .index import Index

__all__ = ["DamagedFile", "NoSuchGame", "NotSaved", "Store", "StoreError", "fsync_dir"]

SCHEMA = 1
# Schema migrations: MIGRATIONS[n] turns a version-n record into version n+1.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
MAX_ID = 40
log = logging.getLogger(__name__)
LOCK_TIMEOUT = 10  # seconds; a writer never holds the lock longer than one small write


def valid_id(value: Any) -> TypeGuard[str]:
    """Whether ``value`` can be a game's id: ours are 12 hex digits, a restore keeps ids of
    up to ``MAX_ID`` letters, digits, - and _ (longer would only reach the file system to be
    refused as a name too long)."""
    return (isinstance(value, str) and 0 < len(value) <= MAX_ID and value.isascii()
            and all(c.isalnum() or c in "-_" for c in value))


@dataclass
class Change:
    """A record read under its game's lock (``Store.changing``) and what it becomes."""

    record: Record
    new: Record | None = None


class Store:
    """Game records by id; ``index`` is the index of games and player names."""

    def __init__(self, folder: str | Path,
                 summarize: Callable[[Record], Row] = lambda r: {}):
        """``summarize`` turns a record into what the index keeps of it (see records.py)."""
        self.folder = Path(folder)
        self.games_dir = self.folder / "games"
        self.locks_dir = self.folder / "locks"
        self.index = Index(self.folder, self, summarize)
        self.trash_dir = self.folder / "trash"   # made by the first delete (companion/storage/trash.py)
        for d in (self.folder, self.games_dir, self.locks_dir, self.index.pending_dir):
            try:
                d.mkdir(parents=True, exist_ok=True)
            except OSError as error:  # a read-only folder: served as it is, writes refused
                log.error("cannot make %s (%s): every write will be refused", d, error.strerror)
        # Small state the disk refused (a full disk): kept in this process meanwhile.
        self._states: dict[str, dict[str, Any]] = {}
        self._states_lock = threading.Lock()

    # -- locking ---------------------------------------------------------------------------

    @contextmanager
    def lock(self, name: str, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
        """The lock named ``name`` (a game's id, ``index``, a state file's name), held across
        processes; ``NotSaved`` if another writer keeps it longer than ``timeout``."""
        with saving():
            lock = FileLock(self.locks_dir / f"{name}.lock", timeout=timeout)
            lock.acquire()
        try:
            yield
        finally:
            lock.release()

    def _path(self, game_id: str) -> Path:
        if not valid_id(game_id):
            raise NoSuchGame(game_id)
        return self.games_dir / f"{game_id}.json"

    # -- game records ----------------------------------------------------------------------

    def _read(self, path: Path) -> Record:
        data = AtomicJSONStorage(path).read()
        if data is None:
            raise NoSuchGame(path.stem)
        try:
            record = dict(data["record"]["1"])
        except (KeyError, TypeError):
            raise DamagedFile(path, "no game record in the file") from None
        schema = record.get("schema")
        if not isinstance(schema, int) or schema > SCHEMA or schema < 1:
            raise DamagedFile(path, f"unknown schema version {schema!r}")
        while record["schema"] < SCHEMA:
            record = MIGRATIONS[record["schema"]](record)
        return cast(Record, record)

    def load(self, game_id: str) -> Record:
        record = self._read(self._path(game_id))
        if not self.index.fresh(game_id, record) or self.index.marked(game_id):
            self.index.heal(game_id)  # a write cut short: its row, or a delete halfway
        return record

    def _write(self, path: Path, record: Record) -> None:
        # The file is a TinyDB database with one table holding one document. We write the
        # whole database through the storage: the record was just read under the same lock,
        # and TinyDB's own upsert would parse the file a second time first.
        with saving():
            TinyDB(path, storage=AtomicJSONStorage).storage.write({"record": {"1": record}})

    def create(self, record: Record, game_id: str | None = None) -> str:
        """Store a new record under a fresh unguessable id and list it in the index.

        A restore passes the id the game had (``game_id``); a game of that id already here
        or in the trash is a ``StoreError`` and is left as it is.
        """
        while game_id is None:
            candidate = secrets.token_hex(6)
            if not self.taken(candidate):
                game_id = candidate
        path = self._path(game_id)
        record = {**record, "id": game_id, "schema": SCHEMA}
        with self.lock(game_id):
            if self.taken(game_id):
                raise StoreError(f"game {game_id} exists already")
            self._write_listed(game_id, path, record)
        return game_id

    def create_many(self, items: list[tuple[str, Record]], rows: Mapping[str, Row] | None = None,
                    progress: Callable[[int], None] | None = None, chunk: int = 500) -> list[str]:
        """Store new records under the ids given, their files ``chunk`` at a time (``progress``
        told how many are written after each), then their index rows in one write (an import
        of thousands of games); an id taken already is left as it is. ``rows`` are the
        summaries of records whose replay the caller made already (``Index.summarize``'s
        output for the same record), so each game is replayed once. Returns the ids stored.

        Unlike ``create`` no marker is left per game: every page a phone opens settles the
        markers it finds, and would write the rows one by one while they are being written.
        A crash midway leaves whole game files no row lists, which the next start lists
        (``Index.reconcile``); a disk that refuses the index gets the markers then. The ids
        are stored, and durable, once this returns."""
        made: dict[str, Record] = {}
        # One lock for all, not one per game (a file each: a third of the time): the ids
        # are new ones, derived from what is imported, which no other writer makes.
        with self.lock("create-many"):
            taken = self.ids_taken()  # one listing, not two stats per game
            for game_id, given in items:
                if game_id in taken or game_id in made or not valid_id(game_id):
                    continue
                record: Record = {**given, "id": game_id, "schema": SCHEMA}
                record["summary_version"] = record.get("version", 0)
                made[game_id] = record
            ids, written, games = list(made), 0, str(self.games_dir)
            try:
                for start in range(0, len(ids), chunk):
                    # The game files as _write writes one (a TinyDB file of one document).
                    with saving():
                        write_new_files((os.path.join(games, f"{game_id}.json"), json.dumps(
                            {"record": {"1": made[game_id]}}, ensure_ascii=False, separators=(",", ":")))
                            for game_id in ids[start:start + chunk])
                    written = min(start + chunk, len(ids))
                    if progress:
                        progress(written)
            finally:  # the rows of the files written, also when the disk refused the next ones
                if written:
                    self.index.written_many([(g, made[g]) for g in ids[:written]], rows or {})
        return ids

    def ids_taken(self) -> set[str]:
        """Every id ``taken`` says is taken, from one listing of the games and the trash."""
        found: set[str] = set()
        for folder in (self.games_dir, self.trash_dir):
            with suppress(FileNotFoundError):
                found.update(name[:-5] for name in os.listdir(folder) if name.endswith(".json"))
        return found

    def taken(self, game_id: str) -> bool:
        """Whether a game, listed or in any group's trash, has this id. A second game never
        gets it: in ``games/`` beside a trashed copy, it would make that copy look like what
        a crash leaves (trash.py) and the trashed game would be removed for good."""
        name = self._path(game_id).name
        return (self.games_dir / name).exists() or (self.trash_dir / name).exists()

    def _write_listed(self, game_id: str, path: Path, record: Record) -> None:
        """Write a game's file and its index row, in the order a crash cannot lose: the
        pending marker, the file (its row's version in it), the row. Under the game's lock."""
        record["summary_version"] = record.get("version", 0)
        self.index.mark(game_id)
        self._write(path, record)
        self.index.written(game_id, record)

    def file(self, game_id: str) -> Path:
        """The game's file (whether or not it is there); NoSuchGame for an id that cannot be
        one."""
        return self._path(game_id)

    def read_file(self, path: Path) -> Record:
        """A record in a file of this store's format outside ``games/`` (the trash)."""
        return self._read(path)

    def move_out(self, game_id: str, into: Path,
                 change: Callable[[Record], Record]) -> Record:
        """Move a game's file, changed, into the folder ``into`` of the data folder, and
        its row out of the index. The copy is written first: a crash halfway leaves the game
        in both folders, still a game, never in neither."""
        path = self._path(game_id)
        with self.lock(game_id):
            record = change(self._read(path))
            # The marker first: a crash at any step after it is rolled back by whoever looks
            # next (``Index.settle_pending``) -- the game file is still there, so the game
            # stays and the copy goes -- or finished, once the game file is gone.
            self.index.mark(game_id)
            self._write(into / path.name, record)
            self.index.unlist(game_id)
            with saving():
                path.unlink()
                fsync_dir(self.games_dir)
            self.index.unmark(game_id)
        return record

    def move_in(self, game_id: str, source: Path,
                change: Callable[[Record], Record]) -> Record:
        """Make the file ``source`` (from ``move_out``) the game again, changed, as ``create``
        does -- marker, file, row -- then remove ``source``. ``change`` may raise to refuse;
        then nothing is written. A game already here is one a crash left in both folders:
        only ``source`` goes."""
        path = self._path(game_id)
        with self.lock(game_id):
            record = self._read(source)
            if not path.exists():
                record = change(record)
                self._write_listed(game_id, path, record)
            with saving():
                source.unlink()
                fsync_dir(source.parent)
        return record

    def remove_file(self, game_id: str, path: Path, still: Callable[[], bool] = lambda: True) -> bool:
        """Remove ``path``, a file of the game's (its copy in the trash), under the game's
        lock, if ``still()`` says so once the lock is ours (what was seen before it may be
        a delete going on in another process); whether it went."""
        with self.lock(game_id):
            if not path.exists() or not still():
                return False
            path.unlink()
            return True

    def update(self, game_id: str, change: Callable[[Record], Record]) -> Record:
        """Read, change and write one record under its lock; return the new record.

        ``change`` may raise to refuse the change; then nothing is written. ``NotSaved``
        when the disk refuses the game file; once the game file is written the change is
        kept, and an index the disk refuses is brought up to date later (see the module).
        """
        with self.changing(game_id) as game:
            new = game.new = change(game.record)
        return new

    @contextmanager
    def changing(self, game_id: str) -> Iterator[Change]:
        """``update`` for a caller that reads the record itself before it decides (a view
        that checks a form against it): the block gets the record, read once under the
        game's lock, as ``record``; what it sets as ``new`` is written when it ends. A block
        that raises, or sets nothing, writes nothing."""
        path = self._path(game_id)
        with self.lock(game_id):
            game = Change(self._read(path))
            yield game
            new = game.new
            if new is None:
                return
            # The index only changes when a game starts, ends or changes its summary, so an
            # ordinary entry costs one small file write however many games there are. It is
            # updated before the game's lock is let go (locks are always taken game first,
            # then index), so a finishing entry and another phone's undo cannot leave the
            # index saying the opposite of the file.
            changed = self.index.differs(game_id, new)
            if changed:
                new["summary_version"] = new.get("version", 0)
                self.index.mark(game_id)
            self._write(path, new)
            if changed:
                self.index.written(game_id, new)
        if not changed and self.index.pending():
            self.index.settle_pending()

    # -- small state files -----------------------------------------------------------------

    def read_state(self, name: str) -> dict[str, Any]:
        """A small JSON file of the data folder that is not a game (e.g. wrong-code counts)."""
        if name in self._states:
            return dict(self._states[name])
        try:
            data = json.loads((self.folder / f"{name}.json").read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except ValueError:
            return {}  # only ever counters: a torn one starts again rather than locking out
        return data if isinstance(data, dict) else {}

    def change_state(self, name: str, change: Callable[[dict[str, Any]], dict[str, Any]]) -> dict[str, Any]:
        """Change a small state file. One the disk refuses (full, read-only) is kept in this
        process until the disk takes it again: counters of wrong codes must neither lock
        the table out on a full disk nor stop counting."""
        try:
            with self.lock(name):
                new = change(self.read_state(name))
                with saving():
                    files.write_atomically(self.folder / f"{name}.json", json.dumps(new))
            self._states.pop(name, None)
            return new
        except NotSaved as error:
            if error.errno is None:
                raise  # the lock stayed taken: another writer is at it
            log.warning("%s kept in memory only: %s", name, error.detail)
        with self._states_lock:
            new = self._states[name] = change(self.read_state(name))
        return new

    def game_ids(self) -> list[str]:
        return sorted(p.stem for p in self.games_dir.glob("*.json"))
