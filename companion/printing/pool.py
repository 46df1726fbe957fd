"""Where PDFs are made: a bounded pool of worker processes with a queue, and the caches in
front of it. No WeasyPrint in here (``companion.printing.pdf`` runs in the workers).

A request never renders in its own thread. It looks in the caches, else joins the render
of the same PDF already under way, else queues a new one, then waits for it -- but only
while one of a few waiting places is free and only for a while: the server's other
threads stay free for the phones at the table, and a request that cannot wait is answered
"being made, this page reloads" (``Pending``); the finished PDF lands in the cache for the
reload. A worker that dies (killed, out of memory) is replaced; the request it was serving
gets ``RenderInterrupted``, a message to try again, never a hang.

What is kept, and where:
- blank sheets without names and rules references, a fixed set: on disk in the instance
  folder (``pdf-cache/<build>/``), made once per build of the app (its version and a
  digest of the templates, styles, catalogs and rules they are made from);
- filled sheets, logs and blank sheets with names: the last few in memory. A record's
  version goes up with every change, so a key never goes stale.
"""
from __future__ import annotations

import hashlib
import multiprocessing
import os
import queue
import shutil
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from importlib import metadata
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from ..paths import PACKAGE, resource


class RenderInterrupted(RuntimeError):
    """The worker making this PDF stopped (killed, out of memory, too slow); try again."""


class RenderFailed(RuntimeError):
    """WeasyPrint refused the document: a fault of ours, not of the request."""


@dataclass
class Pending(Exception):
    """Not ready yet: the render is queued or under way; ``ahead`` renders come first. A PDF
    made of parts (the pack) says how many of its ``total`` parts are ``done``."""

    ahead: int
    done: int = 0
    total: int = 0


@dataclass
class Job:
    key: Hashable
    html: str
    paper: str
    landscape: bool
    future: Future[bytes]
    done: Callable[[Hashable, bytes], None] | None = None


class RenderPool:
    """``size`` worker processes, each fed by a thread of ours from one queue.

    The thread sends a job down its worker's pipe and waits for the answer; an end of
    file on the pipe means the worker died, and the thread starts a new one. Workers are
    started with ``spawn`` (a fork of a threaded server is unsafe) when the first job
    arrives, so an app that makes no PDF never starts one.
    """

    def __init__(self, size: int, nice: int, timeout: float):
        self.size, self.nice, self.timeout = max(1, size), nice, timeout
        self._jobs: queue.Queue[Job | None] = queue.Queue()
        self._inflight: dict[Hashable, Future[bytes]] = {}
        self._lock = threading.Lock()
        self._threads: list[threading.Thread] = []
        self._pids: dict[int, int] = {}          # slot -> pid of its worker
        self._busy: dict[int, Hashable] = {}     # slot -> key of the job it renders
        self.renders = 0                         # jobs sent to a worker (for tests and bench)

    # -- the requests' side --------------------------------------------------------------

    def joined(self, key: Hashable) -> Future[bytes] | None:
        """The render of ``key`` already queued or under way, if there is one."""
        with self._lock:
            return self._inflight.get(key)

    def submit(self, key: Hashable, html: str, paper: str, landscape: bool,
               done: Callable[[Hashable, bytes], None] | None = None) -> Future[bytes]:
        """Queue a render, or join the one of the same key; ``done`` keeps the PDF."""
        with self._lock:
            future = self._inflight.get(key)
            if future is not None:
                return future
            future = Future()
            self._inflight[key] = future
            self._jobs.put(Job(key, html, paper, landscape, future, done))
            self._start()
        return future

    def ahead_of(self, key: Hashable) -> int:
        """How many renders come before this one (queued or under way), roughly."""
        with self._lock:
            if key in self._busy.values():
                return 0
            return len(self._busy) + max(0, self._jobs.qsize() - 1)

    def pids(self) -> list[int]:
        with self._lock:
            return list(self._pids.values())

    def busy_pid(self, key: Hashable) -> int | None:
        with self._lock:
            return next((self._pids.get(slot) for slot, k in self._busy.items() if k == key), None)

    def _settle(self, job: Job, pdf: bytes | None = None, error: Exception | None = None) -> None:
        """Keep the PDF, then answer, then forget the job: a request arriving meanwhile
        joins the job or finds the PDF kept, never starts the same render again."""
        if pdf is not None and job.done is not None:
            job.done(job.key, pdf)
        if not job.future.cancelled():
            if pdf is not None:
                job.future.set_result(pdf)
            else:
                job.future.set_exception(error or RenderInterrupted("no answer"))
        with self._lock:
            if self._inflight.get(job.key) is job.future:
                del self._inflight[job.key]

    # -- the workers' side ---------------------------------------------------------------

    def _start(self) -> None:
        while len(self._threads) < self.size:
            thread = threading.Thread(target=self._feed, args=(len(self._threads),),
                                      name=f"pdf-worker-{len(self._threads)}", daemon=True)
            self._threads.append(thread)
            thread.start()

    def _spawn(self, slot: int) -> tuple[multiprocessing.process.BaseProcess, Connection]:
        context = multiprocessing.get_context("spawn")
        ours, theirs = context.Pipe()
        process = context.Process(target=_worker, args=(theirs, self.nice),
                                  name=f"loot-ledger-pdf-{slot}", daemon=True)
        process.start()
        theirs.close()
        with self._lock:
            self._pids[slot] = process.pid or 0
        return process, ours

    def _feed(self, slot: int) -> None:
        process, conn = None, None
        while True:
            job = self._jobs.get()
            if job is None:
                break
            if not job.future.set_running_or_notify_cancel():
                self._settle(job)
                continue
            if process is None or not process.is_alive():
                process, conn = self._spawn(slot)
            assert conn is not None
            with self._lock:
                self._busy[slot] = job.key
                self.renders += 1
            try:
                conn.send((job.html, job.paper, job.landscape))
                if not conn.poll(self.timeout):
                    process.kill()
                    raise RenderInterrupted("took too long")
                status, value = conn.recv()
            except (EOFError, OSError, RenderInterrupted) as error:
                # The worker is gone (or was stopped): its job is answered, a new one starts.
                process.join(5)
                conn.close()
                process, conn = self._spawn(slot)
                self._settle(job, error=error if isinstance(error, RenderInterrupted)
                             else RenderInterrupted("the render worker stopped"))
            else:
                if status == "ok":
                    self._settle(job, pdf=value)
                else:
                    self._settle(job, error=RenderFailed(value))
            finally:
                with self._lock:
                    self._busy.pop(slot, None)
        if process is not None:
            process.kill()

    def close(self) -> None:
        for _ in self._threads:
            self._jobs.put(None)


def _worker(conn: Connection, nice: int) -> None:
    """A worker process's entry: only here is WeasyPrint imported, never in the server."""
    from . import pdf
    pdf.serve(conn, nice)


_POOLS: dict[tuple[int, int, float], RenderPool] = {}
_POOLS_LOCK = threading.Lock()


def pool(size: int, nice: int, timeout: float) -> RenderPool:
    """One pool per process and setting: apps made in one process (the tests make one per
    test) share their workers, whose work depends on nothing but the job."""
    with _POOLS_LOCK:
        key = (size, nice, timeout)
        if key not in _POOLS:
            _POOLS[key] = RenderPool(size, nice, timeout)
        return _POOLS[key]


class MemoryCache:
    """The last ``size`` PDFs by key; the key says everything the PDF depends on."""

    def __init__(self, size: int = 64):
        self.size = size
        self._items: OrderedDict[Hashable, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> bytes | None:
        with self._lock:
            pdf = self._items.get(key)
            if pdf is not None:
                self._items.move_to_end(key)
            return pdf

    def put(self, key: Hashable, pdf: bytes) -> None:
        with self._lock:
            self._items[key] = pdf
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def __contains__(self, key: Hashable) -> bool:
        with self._lock:
            return key in self._items

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


# What a printed page is made from: the code (any module may shape a page, the rules above
# all), its templates, style sheet, fonts and catalogs. A change to any of these is a new
# build, and the PDFs kept on disk for the old one are dropped.
SOURCES = (("package", "**/*.py"), ("package", "translations/*/LC_MESSAGES/*.po"),
           ("templates", "print/**/*.html"), ("templates", "games/*/print/**/*.html"),
           ("static", "css/print.css"), ("static", "fonts/**/*"))


def build_sources() -> list[tuple[str, Path]]:
    """Each file a build is made of, with the name it is hashed under."""
    found = []
    for where, pattern in SOURCES:
        root = PACKAGE if where == "package" else resource(where)
        found += [(f"{where}/{path.relative_to(root)}", path)
                  for path in sorted(root.glob(pattern)) if path.is_file()]
    return found


def build_id() -> str:
    try:
        version = metadata.version("loot-ledger")
    except metadata.PackageNotFoundError:
        version = "dev"
    digest = hashlib.sha256()
    for name, path in build_sources():
        digest.update(name.encode())
        digest.update(path.read_bytes())
    return f"{version}-{digest.hexdigest()[:12]}"


class DiskCache:
    """PDFs kept in ``folder/<build>/``: rendered once, served from the file ever after."""

    def __init__(self, folder: Path):
        self.root = folder
        self._cleaned = False

    @property
    def folder(self) -> Path:
        return self.root / _build()

    def _path(self, key: Hashable) -> Path:
        return self.folder / (hashlib.sha256(repr(key).encode()).hexdigest()[:32] + ".pdf")

    def get(self, key: Hashable) -> bytes | None:
        try:
            return self._path(key).read_bytes()
        except OSError:
            return None

    def __contains__(self, key: Hashable) -> bool:
        return self._path(key).is_file()

    def put(self, key: Hashable, pdf: bytes) -> None:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            if not self._cleaned:   # the PDFs of other builds will not be asked for again
                for old in self.root.iterdir():
                    if old != self.folder and old.is_dir():
                        shutil.rmtree(old, ignore_errors=True)
                self._cleaned = True
            path = self._path(key)
            tmp = path.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
            tmp.write_bytes(pdf)
            tmp.replace(path)
        except OSError:
            pass   # a full disk costs a render next time, nothing more


_BUILD: list[str] = []


def _build() -> str:
    # Read once per process, when the first PDF is looked for: the sources do not change
    # under a running app, and an app that makes no PDF never reads them.
    if not _BUILD:
        _BUILD.append(build_id())
    return _BUILD[0]


@dataclass
class Printing:
    """An app's way to its PDFs (``app.extensions["printing"]``)."""

    pool: RenderPool
    disk: DiskCache
    memory: MemoryCache
    waiting: threading.BoundedSemaphore
    wait_seconds: float

    def make(self, key: Hashable, html: Callable[[], str], paper: str, landscape: bool = False,
             *, keep_on_disk: bool = False, wait: bool = True) -> bytes:
        """The PDF of ``key``: from a cache, or rendered by a worker from ``html()``.

        ``wait=False`` (a command, not a request) waits as long as it takes; a request
        waits only in one of the few waiting places and only ``wait_seconds``, else gets
        ``Pending``. Raises ``RenderInterrupted`` or ``RenderFailed`` as the render did.
        """
        cache = self._cache(keep_on_disk)
        found = cache.get(key)
        if found is not None:
            return found
        future = self.pool.joined(key) or self.pool.submit(key, html(), paper, landscape, cache.put)
        if not wait:
            return future.result()
        if not self.waiting.acquire(blocking=False):
            raise Pending(self.pool.ahead_of(key))
        try:
            return future.result(timeout=self.wait_seconds)
        except FutureTimeout:
            raise Pending(self.pool.ahead_of(key)) from None
        finally:
            self.waiting.release()

    def kept(self, key: Hashable, keep_on_disk: bool = False) -> bool:
        """Whether the PDF of ``key`` is made and kept (it is served without a render)."""
        return key in self._cache(keep_on_disk)

    def queue(self, key: Hashable, html: Callable[[], str], paper: str, landscape: bool = False,
              *, keep_on_disk: bool = False) -> Future[bytes] | None:
        """Start a render without waiting for it (None: it is kept already)."""
        cache = self._cache(keep_on_disk)
        if cache.get(key) is not None:
            return None
        return self.pool.joined(key) or self.pool.submit(key, html(), paper, landscape, cache.put)

    def _cache(self, keep_on_disk: bool) -> DiskCache | MemoryCache:
        return self.disk if keep_on_disk else self.memory


def init_app(app: Any) -> None:
    config = app.config   # the PDF_* defaults: create_app
    app.extensions["printing"] = Printing(
        pool=pool(int(config["PDF_WORKERS"]), int(config["PDF_WORKER_NICE"]),
                  float(config["PDF_RENDER_TIMEOUT"])),
        disk=DiskCache(Path(app.instance_path) / "pdf-cache"),
        memory=MemoryCache(128),
        waiting=threading.BoundedSemaphore(max(1, int(config["PDF_WAITING"]))),
        wait_seconds=float(config["PDF_WAIT_SECONDS"]))
