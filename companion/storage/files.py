"""Files on the disk, below the store: atomic replacement, and the errors a data folder has.

A write goes to a temporary file that is fsynced and then renamed over the old one, so a
crash leaves the old file or the new one, never half of either; the temporary file of an
interrupted write is cleared at the next start. A write the disk refuses (full, read-only,
not allowed) is ``NotSaved``, which every view turns into "Not saved: ..." for the phone.
"""
from __future__ import annotations

import errno
import json
import logging
import os
import secrets
import tempfile
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from filelock import Timeout
from tinydb.storages import Storage

# A temporary file older than this belongs to a write that was interrupted (a writer keeps
# one for milliseconds), so start-up removes it.
STALE_TEMP_SECONDS = 60
log = logging.getLogger(__name__)


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


class NotSaved(StoreError):
    """The disk refused a write (full, read-only, no permission) or the lock stayed taken:
    nothing of the change was kept. ``errno`` says why (None: the lock)."""

    def __init__(self, errno_: int | None, detail: str):
        self.errno = errno_
        self.detail = detail
        super().__init__(detail)

    @property
    def disk_full(self) -> bool:
        return self.errno in (errno.ENOSPC, errno.EDQUOT)


@contextmanager
def saving() -> Iterator[None]:
    """Turn the operating system's refusal of a write into ``NotSaved``."""
    try:
        yield
    except Timeout as error:
        raise NotSaved(None, str(error)) from error
    except OSError as error:
        raise NotSaved(error.errno, os.strerror(error.errno) if error.errno else str(error)) from error


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


def write_new_files(items: Iterable[tuple[str, str]]) -> None:
    """Write many new files at once, each either whole or not there after a crash: every
    temporary file written, all flushed to the disk with one ``sync`` (one ``fsync`` per
    file costs a disk round trip each: a 5,000-game import waited a minute for them), then
    each renamed into place and the folders synced. A failure removes the temporary files
    not yet renamed; those renamed are whole.

    Four system calls a file (open, write, close, rename): each lets the server's other
    threads have the interpreter, and waits to have it back, so each one counts while the
    table's phones are served. The temporary names share one random part, made once;
    ``items`` is read as the files are written, so making a file's text and writing it
    take turns, and the phones get their turns between."""
    temps: list[tuple[str, str]] = []
    mark = secrets.token_hex(4)
    try:
        for path, text in items:  # paths as text: a Path made for each file cost more than its write
            folder, name = os.path.split(path)
            tmp = os.path.join(folder, f".{name}.{mark}.tmp")
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            temps.append((tmp, path))
            try:
                data = memoryview(text.encode())
                while data:
                    data = data[os.write(fd, data):]
            finally:
                os.close(fd)
        os.sync()
        done = list(temps)
        while temps:
            tmp, path = temps[-1]
            os.replace(tmp, path)
            temps.pop()
    except BaseException:
        for tmp, _ in temps:
            with suppress(FileNotFoundError):
                os.unlink(tmp)
        raise
    for folder in {os.path.dirname(path) for _, path in done}:
        fsync_dir(Path(folder))


def remove_stale_temp_files(folders: Iterable[Path]) -> None:
    """Remove the temporary files interrupted writes left in ``folders``; a young one may
    belong to a write going on in another process right now, so it stays."""
    now = time.time()
    for folder in folders:
        for path in folder.glob(".*.tmp"):
            try:
                if now - path.stat().st_mtime > STALE_TEMP_SECONDS:
                    path.unlink()
                    log.warning("removed the temporary file of an interrupted write: %s", path)
            except FileNotFoundError:
                pass
            except OSError as error:  # a read-only folder: left for a start that can
                log.warning("temporary file of an interrupted write left: %s (%s)", path, error.strerror)


class AtomicJSONStorage(Storage):
    """TinyDB storage that refuses to read damaged files and writes atomically."""

    def __init__(self, path: str | Path):
        self.path = Path(path)

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
        write_atomically(self.path, json.dumps(data, ensure_ascii=False, separators=(",", ":")))

    def close(self) -> None:
        pass

