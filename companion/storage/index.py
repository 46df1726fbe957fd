"""The index: one file listing the games' summaries, plus the tables that are not derived
from the game files (groups, renames and merges of players, share links), and the keeping
of it true to the game files. The store owns one (``Store.index``); see store.py for the
three steps of a write that changes a game's summary: marker, game file, row.

A crash or a full disk between the steps leaves the marker in ``pending/``: whoever writes
next (any process) settles it (``settle_pending``), a read of a game whose row is behind
its file heals that row (``heal``), and the next start reconciles everything
(``reconcile``). ``rebuild`` makes the games list again from the files.

The games list (``games``) is the index's rows with the marked games read from their files:
a game saved while the disk refused its row (full) is listed as its file says, by every
process, from the moment it is acknowledged until its row is written. Rows are written,
and markers go, by the ways above; the reading alone writes nothing.
"""
from __future__ import annotations

import logging
import os
import re
import time
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager, suppress
from pathlib import Path
from typing import Any, Protocol, cast

from tinydb import TinyDB

from ..record.shape import Record, Row, group_of
from . import files
from .files import AtomicJSONStorage, DamagedFile, NoSuchGame, NotSaved, fsync_dir, saving

log = logging.getLogger("companion.storage.store")  # one log for the store and its index
RETRY_SECONDS = 30
STILL_SECONDS = 3  # a folder unchanged this long has the same time until it changes again
INDEX_SCHEMA = 1
# Tables the index keeps besides the games' summaries. They are not derived from the game
# files (groups, merges and renames of players, share links), so a rebuild keeps them.
TABLES = ("groups", "aliases", "shares")
# The index's version, as ``write`` puts it first in the file; within its first bytes.
VERSION_AT_START = re.compile(rb'\{"meta":\{"1":\{"schema":\d+,"version":(\d+)[,}]')
HEAD_BYTES = 64
IndexKey = tuple[int, int, int, int]  # version (-1: none), inode, size, time in ns
NO_INDEX: IndexKey = (-2, 0, 0, 0)


class GameFiles(Protocol):
    """What the index needs of the game files (``store.Store``): their folders, their locks
    and reading one."""

    games_dir: Path
    trash_dir: Path

    def lock(self, name: str, timeout: float = ...) -> AbstractContextManager[None]: ...

    def file(self, game_id: str) -> Path: ...

    def read_file(self, path: Path) -> Record: ...


class Index:
    """The games list and the other tables of ``index.json``, kept true to the game files.

    Every change of it is made under the lock named ``index``; locks are always taken game
    first, then index.
    """

    def __init__(self, folder: Path, games: GameFiles,
                 summarize: Callable[[Record], Row]):
        """``summarize`` turns a record into what the games list keeps of it (records.py)."""
        self.folder = folder
        self.game_files = games
        self.summarize = summarize
        self.path = folder / "index.json"
        self.pending_dir = folder / "pending"
        self._cache: tuple[IndexKey, dict[str, dict[str, Any]]] | None = None
        self._settle_again = 0.0
        # The games list with the marked games' rows as their files make them, and what it
        # was made from: the index's key and each marked game's file (its size and time).
        self._marked: tuple[Any, dict[str, Row]] | None = None
        self._markers: tuple[tuple[int, int, int, int], list[str]] | None = None

    # -- reading ---------------------------------------------------------------------------

    def _tables(self) -> dict[str, dict[str, Any]]:
        """Every table of the index by name, each by id; cached until the file changes.

        A change is seen by the index's version, which every write counts up and puts at the
        very start of the file (read: its first bytes), and by its inode, size and time.
        Those alone miss two same-size writes within a second on a file system that keeps
        whole seconds (FAT, exFAT, small ext2): other processes kept the old tables and
        their next write put them back (a replaced access code back in force)."""
        try:
            fd = os.open(self.path, os.O_RDONLY)
        except FileNotFoundError:
            if self._cache and self._cache[0] == NO_INDEX:
                return self._cache[1]  # rebuilt at the start, on a disk that refused it
            return {name: {} for name in ("games", *TABLES)}
        try:  # one open file for the check and the read: a write meanwhile replaces another
            key, head = self._key(fd)
            if self._cache and self._cache[0] == key:
                return self._cache[1]
            chunks = [head]
            while chunk := os.read(fd, 1 << 20):
                chunks.append(chunk)
        finally:
            os.close(fd)
        data = AtomicJSONStorage(self.path).parse(b"".join(chunks))
        tables = {name: {doc["id"]: doc for doc in (data.get(name) or {}).values()
                         if isinstance(doc, dict) and "id" in doc}
                  for name in ("games", *TABLES)}
        self._cache = (key, tables)
        return tables

    @staticmethod
    def _key(fd: int) -> tuple[IndexKey, bytes]:
        st = os.fstat(fd)
        head = os.read(fd, HEAD_BYTES)
        found = VERSION_AT_START.match(head)
        return (int(found[1]) if found else -1, st.st_ino, st.st_size, st.st_mtime_ns), head

    def _rows(self) -> dict[str, Row]:
        """The rows the index file holds (what the index's own writes start from)."""
        return cast(dict[str, Row], self._tables()["games"])

    def games(self) -> dict[str, Row]:
        """The games' summaries by id, as the game files make them: the index's rows, and
        for a game whose row is still to be written (its marker: a full disk refused it,
        or a write is under way) the row its file makes, or none once its file is gone.
        Cached until the index file or a marked game's file changes."""
        rows = self._rows()
        marked = self._markers_seen()
        if not marked:
            return rows
        return self._with_marked(rows, marked)[1]

    def _markers_seen(self) -> list[str]:
        """``pending()`` for every read of the list: listed again only once the folder of
        markers changed (a stat costs a quarter of a listing). A listing taken more than
        ``STILL_SECONDS`` after the folder's last change stays right while its time does,
        even on a file system that keeps whole (FAT: even) seconds."""
        try:
            st = os.stat(self.pending_dir)
        except FileNotFoundError:
            return []
        key = (st.st_ino, st.st_size, st.st_nlink, st.st_mtime_ns)
        if self._markers is not None and self._markers[0] == key:
            return self._markers[1]
        marked = self.pending()
        if time.time_ns() - st.st_mtime_ns > STILL_SECONDS * 1_000_000_000:
            self._markers = (key, marked)
        return marked

    def _with_marked(self, rows: dict[str, Row], marked: list[str]) -> tuple[Any, dict[str, Row]]:
        files_now = []
        for game_id in sorted(marked):
            try:
                st = self.game_files.file(game_id).stat()
                files_now.append((game_id, st.st_size, st.st_mtime_ns))
            except NoSuchGame:
                continue  # no game's name: nothing to list
            except OSError:
                files_now.append((game_id, -1, -1))  # gone: a delete, or a create not yet written
        key = (self._cache[0] if self._cache else None, tuple(files_now))
        if self._marked is not None and self._marked[0] == key:
            return self._marked
        games = dict(rows)
        for game_id, size, _ in files_now:
            if size < 0:
                games.pop(game_id, None)
                continue
            try:
                record = self.game_files.read_file(self.game_files.file(game_id))
                if not self.fresh(game_id, record):
                    games[game_id] = self._row(game_id, record)
            except (OSError, ValueError, TypeError, KeyError, AttributeError, NoSuchGame, DamagedFile):
                continue  # damaged, or gone meanwhile: its row stays as the index has it
        self._marked = (key, games)
        return self._marked

    def key(self) -> Any:
        """Changes whenever the games list does: callers key what they derive from it on this."""
        rows = self._rows()
        marked = self._markers_seen()
        return self._with_marked(rows, marked)[0] if marked else (self._cache[0] if self._cache else None)

    def forget(self) -> None:
        """Read the file again next time (a benchmark's cold read)."""
        self._cache = self._marked = None

    def table(self, name: str) -> dict[str, Any]:
        """One of ``TABLES`` (groups, aliases, shares): its documents by id."""
        return self._tables()[name]

    def fresh(self, game_id: str, record: Record) -> bool:
        """Whether the game's row was made from its file's last summary change or later."""
        row = self._rows().get(game_id)
        return row is not None and row.get("v", 0) >= record.get("summary_version", 0)

    def differs(self, game_id: str, record: Record) -> bool:
        """Whether the game's row (or its absence) says other than ``record`` would."""
        listed = self._rows().get(game_id)
        return listed is None or {k: v for k, v in listed.items() if k != "v"} != \
            {"id": game_id, **self.summarize(record)}

    # -- writing ---------------------------------------------------------------------------

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
        with self.game_files.lock("index"):
            new = change({name: dict(self.table(name)) for name in TABLES})
            assert set(new) <= set(TABLES), sorted(new)
            self._write(dict(self._rows()), **new)
        return new

    def _row(self, game_id: str, record: Record) -> Row:
        """What the index keeps of a game, with the version of the file it was made from."""
        return {"id": game_id, "v": record.get("version", 0), **self.summarize(record)}

    def reindex(self, game_id: str, record: Record | None = None) -> None:
        """Write one game's summary into the index (when it starts, ends or changes)."""
        with self.game_files.lock("index"):
            if record is None:
                record = self.game_files.read_file(self.game_files.file(game_id))
            self._write({**self._rows(), game_id: self._row(game_id, record)})

    def unlist(self, *game_ids: str) -> None:
        """Take games out of the index (a file gone to the trash: trash.py)."""
        with self.game_files.lock("index"):
            games = dict(self._rows())
            if games.keys() & set(game_ids):
                self._write({k: v for k, v in games.items() if k not in game_ids})

    def _write(self, games: dict[str, Any], **tables: dict[str, Any]) -> None:
        # TinyDB's document ids are numbers; the game id stays a field, and the index keeps
        # a stable order (oldest first) so diffs of backups stay readable. Tables not
        # given are written as they are. Under the index lock.
        db = TinyDB(self.path, storage=AtomicJSONStorage)
        current = self._tables()  # under the index lock: the latest, and its version
        version = max(self._cache[0][0], 0) + 1 if self._cache else 1
        data = {
            "meta": {"1": {"schema": INDEX_SCHEMA, "version": version}},  # first: see _tables
            "games": {str(i): doc for i, doc in enumerate(
                sorted(games.values(), key=lambda d: (d.get("created", ""), d["id"])), 1)},
            **{name: {str(i): doc for i, doc in enumerate(
                sorted(tables.get(name, current[name]).values(), key=lambda d: d["id"]), 1)}
               for name in TABLES},
        }
        with saving():
            db.storage.write(data)

    def _serve_unsaved(self, games: dict[str, Any]) -> None:
        """Read the games list as ``games`` (what the start made of the game files) while
        the index file stays as it is: the disk refused to write it (full, read-only)."""
        tables = {**self._tables(), "games": games}
        try:
            fd = os.open(self.path, os.O_RDONLY)
        except FileNotFoundError:
            self._cache = (NO_INDEX, tables)
            return
        try:
            self._cache = (self._key(fd)[0], tables)
        finally:
            os.close(fd)

    # -- markers: a row still to be written --------------------------------------------------

    def mark(self, game_id: str) -> None:
        """Note, before the game file changes, that its row is to be written."""
        with saving():
            os.close(os.open(self.pending_dir / game_id, os.O_WRONLY | os.O_CREAT, 0o644))
            fsync_dir(self.pending_dir)

    def unmark(self, game_id: str) -> None:
        with suppress(FileNotFoundError):
            os.unlink(self.pending_dir / game_id)

    def marked(self, game_id: str) -> bool:
        return (self.pending_dir / game_id).exists()

    def pending(self) -> list[str]:
        """The games whose marker is there."""
        try:
            return [name for name in os.listdir(self.pending_dir) if not name.startswith(".")]
        except FileNotFoundError:
            return []

    def written(self, game_id: str, record: Record) -> None:
        """The row of a game whose file was just written (under its lock). The change is
        kept whatever happens here: if the disk refuses the index, the marker stays."""
        try:
            self.reindex(game_id, record)
        except NotSaved as error:
            log.warning("game %s saved; its index row waits for a write that works (%s)",
                        game_id, error.detail)
            return
        self.unmark(game_id)
        if self.pending():
            self.settle_pending()

    def written_many(self, made: list[tuple[str, Record]], rows: Mapping[str, Row] | None = None) -> None:
        """The rows of games whose files were just written (a BG Stats import), in one index
        write: one write per game would rewrite an ever larger index thousands of times.
        ``rows`` holds the summaries the caller made of the same records already."""
        rows = rows or {}
        new = {g: {"id": g, "v": r.get("version", 0), **rows[g]} if g in rows else self._row(g, r)
               for g, r in made}
        try:
            with self.game_files.lock("index"):
                self._write({**self.games(), **new})
        except NotSaved as error:
            log.warning("%s games saved; their index rows wait for a write that works (%s)",
                        len(made), error.detail)
            with suppress(NotSaved):  # else the next start finds the files no row lists
                for game_id, _ in made:
                    self.mark(game_id)

    # -- keeping it true to the game files ---------------------------------------------------

    def heal(self, game_id: str) -> None:
        """Bring one game's row up to date, if it still needs it once its lock is ours.

        Called on a read: a disk that refuses the index write leaves the row for later.
        """
        try:
            self._settle(game_id)
        except (NotSaved, NoSuchGame, DamagedFile) as error:
            log.warning("index row of game %s not brought up to date: %s", game_id, error)

    def _settle(self, game_id: str, timeout: float | None = None) -> None:
        """Finish, under the game's lock, what a write cut short left of one game: its row
        as its file says, and -- a delete halfway (``Store.move_out``) -- the trash's copy of
        a game whose file is still in ``games/``: the game file is the truth, so the delete
        is rolled back, as if the tap had never arrived; once the file is gone, it is done."""
        lock = self.game_files.lock(game_id) if timeout is None else self.game_files.lock(game_id, timeout=timeout)
        with lock:
            path = self.game_files.file(game_id)
            if not path.exists():
                self.unlist(game_id)
            else:
                record = self.game_files.read_file(path)
                if not self.fresh(game_id, record):
                    self.reindex(game_id, record)
                    log.warning("index row of game %s was behind its file: brought up to date", game_id)
                self._drop_leftover(game_id, record)
            self.unmark(game_id)

    def _drop_leftover(self, game_id: str, record: Record) -> None:
        """Remove the trash's copy of a game in play, if the crash of a delete (or of its
        restore) left one. Only a copy of the same group's game: ids are never shared
        between games (``Store.taken``), but a folder from before that rule may hold one."""
        trash_dir = self.game_files.trash_dir
        copy = trash_dir / f"{game_id}.json"
        if not copy.exists():
            return
        try:
            trashed = self.game_files.read_file(copy)
        except (DamagedFile, NoSuchGame):
            return
        if group_of(trashed) == group_of(record):
            with saving():
                copy.unlink()
                fsync_dir(trash_dir)
            log.warning("game %s: the copy a delete cut short left in the trash is removed", game_id)

    def settle(self) -> None:
        """What a look at any page does: finish writes a crash cut short (their markers), so
        a delete halfway is sorted out before the next list shows it. A listing when there
        are none; a disk that refuses is tried again half a minute later, not on every page."""
        if (self.pending() and time.monotonic() >= self._settle_again
                and not self.settle_pending()):
            self._settle_again = time.monotonic() + RETRY_SECONDS

    def settle_pending(self) -> bool:
        """Settle the games the markers name: games whose writer stopped between its game
        file and the index (a crash, a full disk), or a delete halfway. A game whose lock
        another writer holds is left to that writer. Never raises: the caller's own change is
        kept already. False if the disk refused something."""
        saved = True
        for game_id in self.pending():
            try:
                self._settle(game_id, timeout=0)
            except (DamagedFile, NoSuchGame) as error:
                log.error("no index row for %s: %s", game_id, error)  # shown when opened
                self.unmark(game_id)
            except NotSaved as error:
                if error.errno is not None:  # else its own writer holds it and will see to it
                    saved = False
                    log.warning("pending index row of %s left for later: %s", game_id, error)
            except FileNotFoundError:
                pass  # another process settled it meanwhile
            except (OSError, ValueError, TypeError, KeyError, AttributeError) as error:
                # A file it cannot read (no permission, not a file) or a record it cannot
                # summarize: damage, as reconcile says, but every page runs this first, so it
                # is logged and its marker kept for the next try, not raised.
                saved = False
                log.error("pending index row of %s left for later: %r", game_id, error)
        return saved

    def reconcile(self) -> list[DamagedFile]:
        """At start-up: remove what interrupted writes left behind and make the index agree
        with the game files -- rows the markers ask for, game files no row lists (an import
        or restore cut short), rows of files that are gone, and rows older than a file
        changed since the index was written. Returns the game files that could not be read.

        A disk that refuses (full, read-only) does not stop the start: the games list is
        read as the files say it should be, and only the writes are refused.

        Costs a directory listing and a stat per game; only files that disagree are read.
        """
        games_dir, trash_dir = self.game_files.games_dir, self.game_files.trash_dir
        files.remove_stale_temp_files((self.folder, games_dir, trash_dir))
        games: dict[str, Row] | None = None
        damaged: list[DamagedFile] = []
        try:
            with self.game_files.lock("index"):
                games, damaged = self._reconciled()
                if games is not None:
                    self._write(games)
        except NotSaved as error:
            if error.errno is None:
                raise  # another process has held the index for long: not a disk to work around
            if games is None:  # not even the lock: a read-only folder
                games, damaged = self._reconciled()
            if games is not None:
                self._serve_unsaved(games)
            log.error("the data folder refuses writes (%s): serving what it holds; every change "
                      "is refused until it takes writes again", error.detail)
        else:
            self.settle_pending()  # the markers: their rows are written now, so they go
            for copy in trash_dir.glob("*.json"):  # deletes cut short before the markers
                try:
                    if (games_dir / copy.name).exists():
                        self._settle(copy.stem, timeout=0)  # not a delete going on elsewhere
                except (DamagedFile, NoSuchGame, NotSaved):
                    pass  # listed as damaged above, gone meanwhile, or for the next start
        for bad in damaged:
            log.error("damaged game file left as it is: %s (%s)", bad.path, bad.reason)
        return damaged

    def _reconciled(self) -> tuple[dict[str, Row] | None, list[DamagedFile]]:
        """The games list as the game files make it (None: as it is), and the damaged files."""
        try:
            index_time = self.path.stat().st_mtime_ns
        except FileNotFoundError:
            index_time = 0
        damaged: list[DamagedFile] = []
        games = dict(self._rows())
        on_disk = {p.stem: p for p in self.game_files.games_dir.glob("*.json")}
        suspects = set(self.pending()) | (on_disk.keys() - games.keys())
        for game_id, path in on_disk.items():
            if game_id not in suspects and path.stat().st_mtime_ns > index_time:
                suspects.add(game_id)
        rows: dict[str, Row] = {}
        for game_id in sorted(suspects & on_disk.keys()):
            try:
                record = self.game_files.read_file(on_disk[game_id])
                if game_id not in games or not self.fresh(game_id, record):
                    rows[game_id] = self._row(game_id, record)
            except DamagedFile as error:
                damaged.append(error)
            except (OSError, ValueError, TypeError, KeyError, AttributeError) as error:
                damaged.append(DamagedFile(on_disk[game_id], f"not a game record this app reads ({error!r})"))
        gone = games.keys() - on_disk.keys()
        if not (rows or gone):
            return None, damaged
        log.warning("index reconciled with the game files: %d rows written, %d removed",
                    len(rows), len(gone))
        return {**{k: v for k, v in games.items() if k not in gone}, **rows}, damaged

    def rebuild(self) -> list[DamagedFile]:
        """Rebuild the games list from the game files; returns the files that could not be
        read. The other tables stay as they are.

        One write for the whole index, so rebuilding 10,000 games takes seconds, not hours.
        """
        damaged, games = [], {}
        for path in sorted(self.game_files.games_dir.glob("*.json")):
            try:
                games[path.stem] = self._row(path.stem, self.game_files.read_file(path))
            except DamagedFile as error:
                damaged.append(error)
            except (ValueError, TypeError, KeyError, AttributeError) as error:
                # Reads as JSON but is no record we can summarise (edited by hand, say):
                # report it with the rest and go on with the other games.
                damaged.append(DamagedFile(path, f"not a game record this app reads ({error!r})"))
        with self.game_files.lock("index"):
            self._write(games)
        return damaged
