"""The only code that touches TinyDB.

Measured on this machine: a single TinyDB file rewrites everything on each write, is not
crash-safe and loses writes across processes. So every game lives in a file of its own
(one TinyDB document: the record) and a small index file lists the games. Every write
goes to a temporary file that is fsynced and then renamed over the old one, and every
read-modify-write holds a lock that also holds across processes (``filelock``).

A file that cannot be read is never written over: ``DamagedFile`` names it, and the
other games keep working.
"""
from __future__ import annotations

import json
import os
import secrets
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from filelock import FileLock
from tinydb import TinyDB
from tinydb.storages import Storage

SCHEMA = 1
# Schema migrations: MIGRATIONS[n] turns a version-n record into version n+1.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
INDEX_SCHEMA = 1
# Tables the index keeps besides the games' summaries. They are not derived from the game
# files (groups, merges and renames of players, share links), so a rebuild keeps them.
TABLES = ("groups", "aliases", "shares")
LOCK_TIMEOUT = 10  # seconds; a writer never holds the lock longer than one small write


class StoreError(Exception):
    pass


class DamagedFile(StoreError):
    """A data file that does not read as JSON of a known schema. It is left as it is."""

    def __init__(self, path: Path, reason: str):
        self.path = path
        self.reason = reason
        super().__init__(f"{path}: {reason}")


class NoSuchGame(StoreError, LookupError):
    pass


def fsync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that a crash leaves either the old or the new file.

    On any failure (a full disk included) the temporary file is removed and the original
    is untouched.
    """
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    fsync_dir(path.parent)


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
        try:
            data = json.loads(raw)
        except (ValueError, UnicodeDecodeError) as error:
            raise DamagedFile(self.path, f"not valid JSON ({error})") from None
        if not isinstance(data, dict):
            raise DamagedFile(self.path, "not a TinyDB file")
        return data

    def write(self, data: dict[str, Any]) -> None:
        write_atomically(self.path, json.dumps(data, ensure_ascii=False, separators=(",", ":")))

    def close(self) -> None:
        pass


class Store:
    """Game records by id, and the index of games and player names."""

    def __init__(self, folder: str | Path,
                 summarize: Callable[[dict[str, Any]], dict[str, Any]] = lambda r: {}):
        """``summarize`` turns a record into what the index keeps of it (see records.py)."""
        self.folder = Path(folder)
        self.summarize = summarize
        self.games_dir = self.folder / "games"
        self.locks_dir = self.folder / "locks"
        for d in (self.folder, self.games_dir, self.locks_dir):
            d.mkdir(parents=True, exist_ok=True)
        self.index_path = self.folder / "index.json"
        self._index_cache: tuple[tuple[int, int], dict[str, dict[str, Any]]] | None = None

    # -- locking ---------------------------------------------------------------------------

    @contextmanager
    def _lock(self, name: str) -> Iterator[None]:
        with FileLock(self.locks_dir / f"{name}.lock", timeout=LOCK_TIMEOUT):
            yield

    def _path(self, game_id: str) -> Path:
        if not game_id or not all(c.isalnum() or c in "-_" for c in game_id):
            raise NoSuchGame(game_id)
        return self.games_dir / f"{game_id}.json"

    # -- game records ----------------------------------------------------------------------

    def _read(self, path: Path) -> dict[str, Any]:
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
        return record

    def load(self, game_id: str) -> dict[str, Any]:
        return self._read(self._path(game_id))

    def _write(self, path: Path, record: dict[str, Any]) -> None:
        # The file is a TinyDB database with one table holding one document. We write the
        # whole database through the storage: the record was just read under the same lock,
        # and TinyDB's own upsert would parse the file a second time first.
        TinyDB(path, storage=AtomicJSONStorage).storage.write({"record": {"1": record}})

    def create(self, record: dict[str, Any], game_id: str | None = None) -> str:
        """Store a new record under a fresh unguessable id and list it in the index.

        A restore passes the id the game had (``game_id``); a game of that id already here
        is a ``StoreError`` and is left as it is.
        """
        while game_id is None:
            candidate = secrets.token_hex(6)
            if not self._path(candidate).exists():
                game_id = candidate
        path = self._path(game_id)
        record = {**record, "id": game_id, "schema": SCHEMA}
        with self._lock(game_id):
            if path.exists():
                raise StoreError(f"game {game_id} exists already")
            self._write(path, record)
            self.reindex(game_id, record)
        return game_id

    def update(self, game_id: str, change: Callable[[dict[str, Any]], dict[str, Any]]) -> dict[str, Any]:
        """Read, change and write one record under its lock; return the new record.

        ``change`` may raise to refuse the change; then nothing is written.
        """
        path = self._path(game_id)
        with self._lock(game_id):
            record = self._read(path)
            new = change(record)
            self._write(path, new)
            # The index only changes when a game starts, ends or changes its summary, so an
            # ordinary entry costs one small file write however many games there are. It is
            # updated before the game's lock is let go (locks are always taken game first,
            # then index), so a finishing entry and another phone's undo cannot leave the
            # index saying the opposite of the file.
            if {"id": game_id, **self.summarize(new)} != self.index().get(game_id):
                self.reindex(game_id, new)
        return new

    # -- index -----------------------------------------------------------------------------

    def _tables(self) -> dict[str, dict[str, Any]]:
        """Every table of the index by name, each by id; cached until the file changes."""
        try:
            st = self.index_path.stat()
        except FileNotFoundError:
            return {name: {} for name in ("games", *TABLES)}
        key = (st.st_mtime_ns, st.st_size)
        if self._index_cache and self._index_cache[0] == key:
            return self._index_cache[1]
        data = AtomicJSONStorage(self.index_path).read() or {}
        tables = {name: {doc["id"]: doc for doc in (data.get(name) or {}).values()
                         if isinstance(doc, dict) and "id" in doc}
                  for name in ("games", *TABLES)}
        self._index_cache = (key, tables)
        return tables

    def index(self) -> dict[str, Any]:
        """The games' summaries by id, cached until the index file changes."""
        return self._tables()["games"]

    def index_key(self) -> tuple[int, int] | None:
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
        with self._lock("index"):
            new = change(dict(self.table(name)))
            self._write_index(self._read_index(), **{name: new})
        return new

    def reindex(self, game_id: str, record: dict[str, Any] | None = None) -> None:
        """Write one game's summary into the index (when it starts, ends or changes)."""
        with self._lock("index"):
            if record is None:
                record = self.load(game_id)
            self._write_index({**self._read_index(), game_id: {"id": game_id, **self.summarize(record)}})

    def unlist(self, game_id: str) -> None:
        """Take one game out of the index (its file has gone to the trash: trash.py)."""
        with self._lock("index"):
            games = self._read_index()
            if games.pop(game_id, None) is not None:
                self._write_index(games)

    def rebuild_index(self) -> list[DamagedFile]:
        """Rebuild the index from the game files; returns the files that could not be read.

        One write for the whole index, so rebuilding 10,000 games takes seconds, not hours.
        """
        damaged, games = [], {}
        for path in sorted(self.games_dir.glob("*.json")):
            try:
                games[path.stem] = {"id": path.stem, **self.summarize(self._read(path))}
            except DamagedFile as error:
                damaged.append(error)
            except (ValueError, TypeError, KeyError, AttributeError) as error:
                # Reads as JSON but is no record we can summarise (edited by hand, say):
                # report it with the rest and go on with the other games.
                damaged.append(DamagedFile(path, f"not a game record this app reads ({error!r})"))
        with self._lock("index"):
            self._write_index(games)
        return damaged

    def _read_index(self) -> dict[str, Any]:
        return dict(self.index())

    def _write_index(self, games: dict[str, Any], **tables: dict[str, Any]) -> None:
        # TinyDB's document ids are numbers; the game id stays a field, and the index keeps
        # a stable order (oldest first) so diffs of backups stay readable. Tables not
        # given are written as they are.
        db = TinyDB(self.index_path, storage=AtomicJSONStorage)
        current = self._tables()
        db.storage.write({
            "meta": {"1": {"schema": INDEX_SCHEMA}},
            "games": {str(i): doc for i, doc in enumerate(
                sorted(games.values(), key=lambda d: (d.get("created", ""), d["id"])), 1)},
            **{name: {str(i): doc for i, doc in enumerate(
                sorted(tables.get(name, current[name]).values(), key=lambda d: d["id"]), 1)}
               for name in TABLES},
        })

    # -- small state files -----------------------------------------------------------------

    def read_state(self, name: str) -> dict[str, Any]:
        """A small JSON file of the data folder that is not a game (e.g. wrong-code counts)."""
        try:
            data = json.loads((self.folder / f"{name}.json").read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except ValueError:
            return {}  # only ever counters: a torn one starts again rather than locking out
        return data if isinstance(data, dict) else {}

    def change_state(self, name: str, change: Callable[[dict[str, Any]], dict[str, Any]]) -> dict[str, Any]:
        with self._lock(name):
            new = change(self.read_state(name))
            write_atomically(self.folder / f"{name}.json", json.dumps(new))
        return new

    def game_ids(self) -> list[str]:
        return sorted(p.stem for p in self.games_dir.glob("*.json"))
