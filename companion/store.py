"""The only code that touches TinyDB.

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
That half of the store, keeping the index true to the files, is ``index.IndexKeeping``.
An ordinary entry leaves the summary as it is, so it writes the game file only.
"""
from __future__ import annotations

import json
import logging
import os
import re
import secrets
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, TypeGuard, cast

from filelock import FileLock
from tinydb import TinyDB
from tinydb.storages import Storage

from . import files
from .files import DamagedFile, NoSuchGame, NotSaved, StoreError, fsync_dir, saving
from .index import IndexKeeping
from .record import Record, Row

__all__ = ["DamagedFile", "NoSuchGame", "NotSaved", "Store", "StoreError", "fsync_dir"]

SCHEMA = 1
# Schema migrations: MIGRATIONS[n] turns a version-n record into version n+1.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
INDEX_SCHEMA = 1
# Tables the index keeps besides the games' summaries. They are not derived from the game
# files (groups, merges and renames of players, share links), so a rebuild keeps them.
TABLES = ("groups", "aliases", "shares")
MAX_ID = 40
# The index's version, as _write_index puts it first in the file; within its first bytes.
VERSION_AT_START = re.compile(rb'\{"meta":\{"1":\{"schema":\d+,"version":(\d+)[,}]')
HEAD_BYTES = 64
IndexKey = tuple[int, int, int, int]  # version (-1: none), inode, size, time in ns
NO_INDEX: IndexKey = (-2, 0, 0, 0)
log = logging.getLogger(__name__)
LOCK_TIMEOUT = 10  # seconds; a writer never holds the lock longer than one small write


def valid_id(value: Any) -> TypeGuard[str]:
    """Whether ``value`` can be a game's id: ours are 12 hex digits, a restore keeps ids of
    up to ``MAX_ID`` letters, digits, - and _ (longer would only reach the file system to be
    refused as a name too long)."""
    return (isinstance(value, str) and 0 < len(value) <= MAX_ID and value.isascii()
            and all(c.isalnum() or c in "-_" for c in value))


class AtomicJSONStorage(Storage):
    """TinyDB storage that refuses to read damaged files and writes atomically."""

    def __init__(self, path: str | Path, create: bool = True):
        self.path = Path(path)
        self.create = create

    def read(self) -> dict[str, Any] | None:
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return None
        return self.parse(raw)

    def parse(self, raw: bytes) -> dict[str, Any]:
        try:
            data = json.loads(raw)
        except (ValueError, UnicodeDecodeError) as error:
            raise DamagedFile(self.path, f"not valid JSON ({error})") from None
        if not isinstance(data, dict):
            raise DamagedFile(self.path, "not a TinyDB file")
        return data

    def write(self, data: dict[str, Any]) -> None:
        files.write_atomically(self.path, json.dumps(data, ensure_ascii=False, separators=(",", ":")))

    def close(self) -> None:
        pass


class Store(IndexKeeping):
    """Game records by id, and the index of games and player names."""

    def __init__(self, folder: str | Path,
                 summarize: Callable[[Record], Row] = lambda r: {}):
        """``summarize`` turns a record into what the index keeps of it (see records.py)."""
        self.folder = Path(folder)
        self.summarize = summarize
        self.games_dir = self.folder / "games"
        self.locks_dir = self.folder / "locks"
        self.index_path = self.folder / "index.json"
        self.pending_dir = self.folder / "pending"
        self.trash_dir = self.folder / "trash"   # made by the first delete (companion/trash.py)
        for d in (self.folder, self.games_dir, self.locks_dir, self.pending_dir):
            try:
                d.mkdir(parents=True, exist_ok=True)
            except OSError as error:  # a read-only folder: served as it is, writes refused
                log.error("cannot make %s (%s): every write will be refused", d, error.strerror)
        self._index_cache: tuple[IndexKey, dict[str, dict[str, Any]]] | None = None
        # Small state the disk refused (a full disk): kept in this process meanwhile.
        self._states: dict[str, dict[str, Any]] = {}
        self._states_lock = threading.Lock()

    # -- locking ---------------------------------------------------------------------------

    @contextmanager
    def _lock(self, name: str, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
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
        if not self._fresh(game_id, record) or (self.pending_dir / game_id).exists():
            self._heal(game_id)  # a write cut short: its row, or a delete halfway
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
        with self._lock(game_id):
            if self.taken(game_id):
                raise StoreError(f"game {game_id} exists already")
            self._write_listed(game_id, path, record)
        return game_id

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
        self._mark(game_id)
        self._write(path, record)
        self._index_after_write(game_id, record)

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
        with self._lock(game_id):
            record = change(self._read(path))
            # The marker first: a crash at any step after it is rolled back by whoever looks
            # next (``_settle``) -- the game file is still there, so the game stays and the
            # copy goes -- or finished, once the game file is gone.
            self._mark(game_id)
            self._write(into / path.name, record)
            self.unlist(game_id)
            with saving():
                path.unlink()
                fsync_dir(self.games_dir)
            with suppress(FileNotFoundError):
                os.unlink(self.pending_dir / game_id)
        return record

    def move_in(self, game_id: str, source: Path,
                change: Callable[[Record], Record]) -> Record:
        """Make the file ``source`` (from ``move_out``) the game again, changed, as ``create``
        does -- marker, file, row -- then remove ``source``. ``change`` may raise to refuse;
        then nothing is written. A game already here is one a crash left in both folders:
        only ``source`` goes."""
        path = self._path(game_id)
        with self._lock(game_id):
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
        with self._lock(game_id):
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
        path = self._path(game_id)
        with self._lock(game_id):
            record = self._read(path)
            new = change(record)
            # The index only changes when a game starts, ends or changes its summary, so an
            # ordinary entry costs one small file write however many games there are. It is
            # updated before the game's lock is let go (locks are always taken game first,
            # then index), so a finishing entry and another phone's undo cannot leave the
            # index saying the opposite of the file.
            listed = self.index().get(game_id)
            changed = listed is None or {k: v for k, v in listed.items() if k != "v"} != \
                {"id": game_id, **self.summarize(new)}
            if changed:
                new["summary_version"] = new.get("version", 0)
                self._mark(game_id)
            self._write(path, new)
            if changed:
                self._index_after_write(game_id, new)
        if not changed and self._pending():
            self._settle_pending()
        return new

    # -- index -----------------------------------------------------------------------------

    def _tables(self) -> dict[str, dict[str, Any]]:
        """Every table of the index by name, each by id; cached until the file changes.

        A change is seen by the index's version, which every write counts up and puts at the
        very start of the file (read: its first bytes), and by its inode, size and time.
        Those alone miss two same-size writes within a second on a file system that keeps
        whole seconds (FAT, exFAT, small ext2): other processes kept the old tables and
        their next write put them back (a replaced access code back in force)."""
        try:
            fd = os.open(self.index_path, os.O_RDONLY)
        except FileNotFoundError:
            if self._index_cache and self._index_cache[0] == NO_INDEX:
                return self._index_cache[1]  # rebuilt at the start, on a disk that refused it
            return {name: {} for name in ("games", *TABLES)}
        try:  # one open file for the check and the read: a write meanwhile replaces another
            key, head = self._key(fd)
            if self._index_cache and self._index_cache[0] == key:
                return self._index_cache[1]
            chunks = [head]
            while chunk := os.read(fd, 1 << 20):
                chunks.append(chunk)
        finally:
            os.close(fd)
        data = AtomicJSONStorage(self.index_path).parse(b"".join(chunks))
        tables = {name: {doc["id"]: doc for doc in (data.get(name) or {}).values()
                         if isinstance(doc, dict) and "id" in doc}
                  for name in ("games", *TABLES)}
        self._index_cache = (key, tables)
        return tables

    @staticmethod
    def _key(fd: int) -> tuple[IndexKey, bytes]:
        st = os.fstat(fd)
        head = os.read(fd, HEAD_BYTES)
        found = VERSION_AT_START.match(head)
        return (int(found[1]) if found else -1, st.st_ino, st.st_size, st.st_mtime_ns), head

    def _serve_unsaved(self, games: dict[str, Row]) -> None:
        """Read the games list as ``games`` (what the start made of the game files) while
        the index file stays as it is: the disk refused to write it (full, read-only)."""
        tables = {**self._tables(), "games": games}
        try:
            fd = os.open(self.index_path, os.O_RDONLY)
        except FileNotFoundError:
            self._index_cache = (NO_INDEX, tables)
            return
        try:
            self._index_cache = (self._key(fd)[0], tables)
        finally:
            os.close(fd)

    def index(self) -> dict[str, Row]:
        """The games' summaries by id, cached until the index file changes."""
        return cast(dict[str, Row], self._tables()["games"])

    def index_key(self) -> IndexKey | None:
        """Changes whenever the index does: callers key what they derive from it on this."""
        self._tables()
        return self._index_cache[0] if self._index_cache else None

    def table(self, name: str) -> dict[str, Any]:
        """One of ``TABLES`` (groups, aliases, shares): its documents by id."""
        return self._tables()[name]

    def change_table(self, name: str,
                     change: Callable[[dict[str, Any]], dict[str, Any]]) -> dict[str, Any]:
        """Read, change and write one table under the index lock; return the new table.

        ``change`` gets a copy and may raise to refuse; then nothing is written.
        """
        assert name in TABLES, name
        return self.change_tables(lambda tables: {name: change(tables[name])})[name]

    def change_tables(self, change: Callable[[dict[str, dict[str, Any]]], dict[str, dict[str, Any]]]
                      ) -> dict[str, dict[str, Any]]:
        """``change_table`` for changes that span tables (a rename and the renamed player's
        colour) in one write: ``change`` gets a copy of every table and returns those it
        changed."""
        with self._lock("index"):
            new = change({name: dict(self.table(name)) for name in TABLES})
            assert set(new) <= set(TABLES), sorted(new)
            self._write_index(self._read_index(), **new)
        return new

    def _row(self, game_id: str, record: Record) -> Row:
        """What the index keeps of a game, with the version of the file it was made from."""
        return {"id": game_id, "v": record.get("version", 0), **self.summarize(record)}

    def reindex(self, game_id: str, record: Record | None = None) -> None:
        """Write one game's summary into the index (when it starts, ends or changes)."""
        with self._lock("index"):
            if record is None:
                record = self._read(self._path(game_id))
            self._write_index({**self._read_index(), game_id: self._row(game_id, record)})

    def _read_index(self) -> dict[str, Row]:
        return dict(self.index())

    def _write_index(self, games: dict[str, Row], **tables: dict[str, Any]) -> None:
        # TinyDB's document ids are numbers; the game id stays a field, and the index keeps
        # a stable order (oldest first) so diffs of backups stay readable. Tables not
        # given are written as they are.
        db = TinyDB(self.index_path, storage=AtomicJSONStorage)
        current = self._tables()  # under the index lock: the latest, and its version
        version = max(self._index_cache[0][0], 0) + 1 if self._index_cache else 1
        data: dict[str, dict[str, Any]] = {
            "meta": {"1": {"schema": INDEX_SCHEMA, "version": version}},  # first: see _tables
            "games": {str(i): doc for i, doc in enumerate(
                sorted(games.values(), key=lambda d: (d.get("created", ""), d["id"])), 1)},
            **{name: {str(i): doc for i, doc in enumerate(
                sorted(tables.get(name, current[name]).values(), key=lambda d: d["id"]), 1)}
               for name in TABLES},
        }
        with saving():
            db.storage.write(data)

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
            with self._lock(name):
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
