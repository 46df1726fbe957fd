"""The half of the store that keeps the index true to the game files (mixed into
``store.Store``; see store.py for the three steps of a write: marker, game file, row).

A crash or a full disk between the steps leaves the marker in ``pending/``: whoever writes
next (any process) settles it (``_settle_pending``), a read of a game whose row is behind
its file heals that row (``_heal``), and the next start reconciles everything
(``reconcile``). ``rebuild_index`` makes the games list again from the files.
"""
from __future__ import annotations

import logging
import os
import time
from contextlib import AbstractContextManager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import files
from .files import DamagedFile, NoSuchGame, NotSaved, fsync_dir, saving
from .record import Record, Row, group_of

log = logging.getLogger("companion.store")  # the store's log, as before the split
RETRY_SECONDS = 30


class IndexKeeping:
    folder: Path
    games_dir: Path
    pending_dir: Path
    trash_dir: Path
    index_path: Path
    _settle_again: float = 0.0

    if TYPE_CHECKING:  # the store's half (store.Store) that this one uses
        def _lock(self, name: str, timeout: float = ...) -> AbstractContextManager[None]: ...
        def _path(self, game_id: str) -> Path: ...
        def _read(self, path: Path) -> Record: ...
        def index(self) -> dict[str, Row]: ...
        def _read_index(self) -> dict[str, Row]: ...
        def _write_index(self, games: dict[str, Row], **tables: dict[str, Any]) -> None: ...
        def _row(self, game_id: str, record: Record) -> Row: ...
        def reindex(self, game_id: str, record: Record | None = None) -> None: ...
        def _serve_unsaved(self, games: dict[str, Row]) -> None: ...

    def _fresh(self, game_id: str, record: Record) -> bool:
        """Whether the game's row was made from its file's last summary change or later."""
        row = self.index().get(game_id)
        return row is not None and row.get("v", 0) >= record.get("summary_version", 0)

    def _mark(self, game_id: str) -> None:
        """Note, before the game file changes, that its row is to be written."""
        with saving():
            os.close(os.open(self.pending_dir / game_id, os.O_WRONLY | os.O_CREAT, 0o644))
            fsync_dir(self.pending_dir)

    def _pending(self) -> list[str]:
        try:
            return [name for name in os.listdir(self.pending_dir) if not name.startswith(".")]
        except FileNotFoundError:
            return []

    def _index_after_write(self, game_id: str, record: Record) -> None:
        """The row of a game whose file was just written (under its lock). The change is
        kept whatever happens here: if the disk refuses the index, the marker stays."""
        try:
            self.reindex(game_id, record)
        except NotSaved as error:
            log.warning("game %s saved; its index row waits for a write that works (%s)",
                        game_id, error.detail)
            return
        with suppress(FileNotFoundError):
            os.unlink(self.pending_dir / game_id)
        if self._pending():
            self._settle_pending()

    def _heal(self, game_id: str) -> None:
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
        with self._lock(game_id) if timeout is None else self._lock(game_id, timeout=timeout):
            path = self._path(game_id)
            if not path.exists():
                self._drop_rows({game_id})
            else:
                record = self._read(path)
                if not self._fresh(game_id, record):
                    self.reindex(game_id, record)
                    log.warning("index row of game %s was behind its file: brought up to date", game_id)
                self._drop_leftover(game_id, record)
            with suppress(FileNotFoundError):
                os.unlink(self.pending_dir / game_id)

    def _drop_leftover(self, game_id: str, record: Record) -> None:
        """Remove the trash's copy of a game in play, if the crash of a delete (or of its
        restore) left one. Only a copy of the same group's game: ids are never shared
        between games (``Store.taken``), but a folder from before that rule may hold one."""
        copy = self.trash_dir / f"{game_id}.json"
        if not copy.exists():
            return
        try:
            trashed = self._read(copy)
        except (DamagedFile, NoSuchGame):
            return
        if group_of(trashed) == group_of(record):
            with saving():
                copy.unlink()
                fsync_dir(self.trash_dir)
            log.warning("game %s: the copy a delete cut short left in the trash is removed", game_id)

    def settle(self) -> None:
        """What a look at any page does: finish writes a crash cut short (their markers), so
        a delete halfway is sorted out before the next list shows it. A listing when there
        are none; a disk that refuses is tried again half a minute later, not on every page."""
        if (self._pending() and time.monotonic() >= self._settle_again
                and not self._settle_pending()):
            self._settle_again = time.monotonic() + RETRY_SECONDS

    def _settle_pending(self) -> bool:
        """Settle the games the markers name: games whose writer stopped between its game
        file and the index (a crash, a full disk), or a delete halfway. A game whose lock
        another writer holds is left to that writer. Never raises: the caller's own change is
        kept already. False if the disk refused something."""
        saved = True
        for game_id in self._pending():
            try:
                self._settle(game_id, timeout=0)
            except (DamagedFile, NoSuchGame) as error:
                log.error("no index row for %s: %s", game_id, error)  # shown when opened
                with suppress(FileNotFoundError):
                    os.unlink(self.pending_dir / game_id)
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

    def _drop_rows(self, game_ids: set[str]) -> None:
        with self._lock("index"):
            games = self._read_index()
            if game_ids & games.keys():
                self._write_index({k: v for k, v in games.items() if k not in game_ids})

    def reconcile(self) -> list[DamagedFile]:
        """At start-up: remove what interrupted writes left behind and make the index agree
        with the game files -- rows the markers ask for, game files no row lists (an import
        or restore cut short), rows of files that are gone, and rows older than a file
        changed since the index was written. Returns the game files that could not be read.

        A disk that refuses (full, read-only) does not stop the start: the games list is
        read as the files say it should be, and only the writes are refused.

        Costs a directory listing and a stat per game; only files that disagree are read.
        """
        files.remove_stale_temp_files((self.folder, self.games_dir, self.trash_dir))
        games: dict[str, Row] | None = None
        damaged: list[DamagedFile] = []
        try:
            with self._lock("index"):
                games, damaged = self._reconciled()
                if games is not None:
                    self._write_index(games)
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
            self._settle_pending()  # the markers: their rows are written now, so they go
            for copy in self.trash_dir.glob("*.json"):  # deletes cut short before the markers
                try:
                    if (self.games_dir / copy.name).exists():
                        self._settle(copy.stem, timeout=0)  # not a delete going on elsewhere
                except (DamagedFile, NoSuchGame, NotSaved):
                    pass  # listed as damaged above, gone meanwhile, or for the next start
        for bad in damaged:
            log.error("damaged game file left as it is: %s (%s)", bad.path, bad.reason)
        return damaged

    def _reconciled(self) -> tuple[dict[str, Row] | None, list[DamagedFile]]:
        """The games list as the game files make it (None: as it is), and the damaged files."""
        try:
            index_time = self.index_path.stat().st_mtime_ns
        except FileNotFoundError:
            index_time = 0
        damaged: list[DamagedFile] = []
        games = self._read_index()
        on_disk = {p.stem: p for p in self.games_dir.glob("*.json")}
        suspects = set(self._pending()) | (on_disk.keys() - games.keys())
        for game_id, path in on_disk.items():
            if game_id not in suspects and path.stat().st_mtime_ns > index_time:
                suspects.add(game_id)
        rows: dict[str, Row] = {}
        for game_id in sorted(suspects & on_disk.keys()):
            try:
                record = self._read(on_disk[game_id])
                if game_id not in games or not self._fresh(game_id, record):
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
                games[path.stem] = self._row(path.stem, self._read(path))
            except DamagedFile as error:
                damaged.append(error)
            except (ValueError, TypeError, KeyError, AttributeError) as error:
                # Reads as JSON but is no record we can summarise (edited by hand, say):
                # report it with the rest and go on with the other games.
                damaged.append(DamagedFile(path, f"not a game record this app reads ({error!r})"))
        with self._lock("index"):
            self._write_index(games)
        return damaged
