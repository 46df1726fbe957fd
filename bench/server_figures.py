"""The server under a LAN full of phones, from outside, with a real `serve`: a game page's p99
idle and while 200 connections are held open (silent, half a request, idle after one, a
form's body cut off halfway; each one the server closes is opened again, as a flood does), and how soon a 100 MiB upload to
/import gets its 413. `--root DIR` measures another checkout (main, for the "before")."""
from __future__ import annotations

import contextlib
import os
import selectors
import shutil
import socket
import statistics
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from bench.common import PLAYERS, ROOT, figure, free_port, hand, p99, serve
from companion import create_app
from companion.record.entries import add_entry, new_record

HELD = 200
READ_TIMEOUT = 150  # waitress let a phone in after about 100 s
HELD_SECONDS = 240  # the reads under the flood end after this, however few they were


class Flood:
    """HELD connections kept open: each closed by the server is opened again at once."""

    def __init__(self, port: int, game_id: str) -> None:
        self.port, self.game_id = port, game_id
        self.selector = selectors.DefaultSelector()
        self.stopping = threading.Event()
        self.reopened = 0
        for i in range(HELD):
            self._open(i % 5)
        self.thread = threading.Thread(target=self._hold, daemon=True)
        self.thread.start()

    def _open(self, kind: int) -> None:
        try:
            sock = socket.create_connection(("127.0.0.1", self.port), timeout=5)
            if kind == 1:
                sock.sendall(b"GET /games/")
            elif kind == 2:
                sock.sendall(f"GET /games/{self.game_id} HTTP/1.1\r\nHost: x\r\n".encode())
            elif kind == 3:  # one small request (its answer is read below), then idle
                sock.sendall(b"GET /static/icons/icon.svg HTTP/1.1\r\nHost: x\r\n\r\n")
            elif kind == 4:  # a form's save cut off halfway through its body
                sock.sendall(b"POST /lang HTTP/1.1\r\nHost: x\r\nContent-Length: 200\r\n\r\nlang=")
        except OSError:
            return
        sock.setblocking(False)
        self.selector.register(sock, selectors.EVENT_READ, kind)

    def _hold(self) -> None:
        while not self.stopping.is_set():
            for key, _ in self.selector.select(0.1):
                sock = key.fileobj
                try:
                    gone = not sock.recv(65536)  # type: ignore[union-attr]
                except BlockingIOError:
                    continue
                except OSError:
                    gone = True
                if gone:
                    self.selector.unregister(sock)
                    sock.close()  # type: ignore[union-attr]
                    self.reopened += 1
                    self._open(key.data)

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join()
        for key in list(self.selector.get_map().values()):
            key.fileobj.close()  # type: ignore[union-attr]


def spooled_mib(pid: int, temp: Path) -> float:
    """What the server holds in files of its temp folder, deleted ones too (a spooled body's
    file is unlinked as it is made, so a listing of the folder never shows it). Linux only."""
    total = 0
    fds = Path(f"/proc/{pid}/fd")
    for fd in os.listdir(fds):
        with contextlib.suppress(OSError):
            if os.readlink(fds / fd).startswith(str(temp)):
                total += os.stat(fds / fd).st_size
    return total / 1024 / 1024


def first_413(port: int, pid: int, temp: Path, mib: int = 100) -> tuple[float, float, float]:
    """Headers, then the body as fast as the server takes it, until the answer comes: the
    milliseconds to the 413's status line, the MiB sent by then, the most the server held
    in its temp folder meanwhile."""
    size = mib * 1024 * 1024
    head = (f"POST /import HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=x\r\n"
            f"Content-Length: {size}\r\n\r\n").encode()
    sock = socket.create_connection(("127.0.0.1", port), timeout=READ_TIMEOUT)
    sent = [0]
    peak = [0.0]

    def send_body() -> None:
        block = b"a" * (256 * 1024)
        with contextlib.suppress(OSError):
            while sent[0] < size:
                sock.sendall(block)
                sent[0] += len(block)

    def watch_temp() -> None:
        while sender.is_alive():
            peak[0] = max(peak[0], spooled_mib(pid, temp))
            time.sleep(0.02)

    start = time.perf_counter()
    sock.sendall(head)
    sender = threading.Thread(target=send_body, daemon=True)
    sender.start()
    threading.Thread(target=watch_temp, daemon=True).start()
    status = b""
    with contextlib.suppress(OSError):
        status = sock.recv(12)
    took = (time.perf_counter() - start) * 1000
    sent_mib = sent[0] / 1024 / 1024
    sock.close()
    sender.join(30)
    if not status.startswith(b"HTTP/1.1 413"):
        print(f"# no 413 for the upload: {status!r}", file=sys.stderr)
    return took, sent_mib, peak[0]


def server_figures(root: Path = ROOT, reads: int = 500) -> None:
    folder = Path(tempfile.mkdtemp())
    try:
        instance, temp = folder / "instance", folder / "temp"
        temp.mkdir()
        app = create_app({"INSTANCE_PATH": str(instance)})
        record = new_record("beutelschneider", PLAYERS, {"limit": 10000})
        for h in range(8):
            record = add_entry(record, "hand", hand([30, 20, 20, 10] if h % 2 else [10, 20, 20, 30]))
        game_id = app.extensions["store"].create(record)
        port = free_port()
        base = f"http://127.0.0.1:{port}"

        def read_page() -> float:
            start = time.perf_counter()
            try:
                with urllib.request.urlopen(f"{base}/games/{game_id}", timeout=READ_TIMEOUT) as response:
                    response.read()
            except (OSError, urllib.error.URLError):
                return READ_TIMEOUT * 1000.0
            return (time.perf_counter() - start) * 1000

        server = serve(root, port, {"COMPANION_INSTANCE_PATH": str(instance), "TMPDIR": str(temp)})
        try:
            idle = [read_page() for _ in range(reads)]
            flood = Flood(port, game_id)
            try:
                first = read_page()
                held: list[float] = []
                end = time.monotonic() + HELD_SECONDS
                while len(held) < reads and time.monotonic() < end:
                    held.append(read_page())
            finally:
                flood.stop()
            took, sent_mib, temp_mib = first_413(port, server.pid, temp)
        finally:
            server.terminate()
            server.wait(30)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    figure("flood_game_page_median_idle_ms", statistics.median(idle), "ms")
    figure(f"flood_game_page_median_while_{HELD}_held_ms", statistics.median(held), "ms")
    figure("flood_game_page_p99_idle_ms", p99(idle), "ms")
    figure(f"flood_game_page_first_read_while_{HELD}_held_ms", first, "ms")
    figure(f"flood_game_page_reads_while_{HELD}_held", len(held), "reads")
    figure(f"flood_game_page_p99_while_{HELD}_held_ms", p99(held), "ms")
    figure("flood_game_page_p99_ratio", p99(held) / p99(idle), "x")
    figure("flood_connections_reopened", flood.reopened, "connections")
    figure("upload_100_mib_first_413_ms", took, "ms")
    figure("upload_100_mib_sent_before_413", sent_mib, "MiB")
    figure("upload_100_mib_temp_folder_peak", temp_mib, "MiB")
