"""The HTTP server behind `serve`: cheroot (CherryPy's server, pure Python, on every OS),
for its TLS and its limits. Several listeners can run from one process (plain http beside
https): build each with `make_server`, run them together with `run`.

Out of the box cheroot gives each new connection a thread at once, which then waits for the
request: a few hundred connections that send nothing (a phone's browser opens spare ones) or
half a request hold every thread, and on https the handshake even holds the one thread that
accepts; a body trickled in 10 bytes at a time holds its worker for ever (its timeout counts
per read). Here a connection is held by the selector alone, without a thread, until its TLS
handshake is done and its whole request is in: head and body, up to the largest body its
page takes (an upload too; chunked or not; one that expects "100 Continue" is told so here).
Each request has a deadline on the monotonic clock: its head within SERVE_TIMEOUT, its body
after that at SERVE_MIN_BODY_RATE on average; past it the connection is closed. Past
SERVE_MAX_CONNECTIONS the one waiting longest makes room for the newcomer, and past
SERVE_MAX_PER_ADDRESS one of the same address's: whatever one device does, it takes no thread
and no other phone's room. Bodies in waiting hold at most BODIES_HELD of the largest upload
in memory, all connections together."""
from __future__ import annotations

import contextlib
import errno
import selectors
import signal
import socket
import ssl
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import click
from cheroot import connections, server, wsgi
from cheroot.makefile import MakeFile
from cheroot.ssl.builtin import BuiltinSSLAdapter
from flask import Flask

from ..markers import N_

HEAD_LIMIT = 64 * 1024  # request line and headers; a phone's are about 1 KiB
READ_SIZE = 256 * 1024  # one read of a body in waiting
FORM_ROOM = 1024 * 1024  # an upload's form fields and multipart framing beside the file itself
BODIES_HELD = 4  # bodies in waiting hold at most this many of the largest upload in memory
HTTPS_ONLY = N_("This address speaks https only: open it with https:// in front.")
CHUNKED = -1  # a chunked body's length: known at its last chunk
CONTINUE = b"HTTP/1.1 100 Continue\r\n\r\n"
# What a client on the table's network does when it drops an answer halfway (a phone that
# locks, walks out of the Wi-Fi, a browser that stops a download): not the server's fault.
DROPPED = (ssl.SSLEOFError, ssl.SSLZeroReturnError, ConnectionResetError, BrokenPipeError,
           ConnectionAbortedError)
_GONE = {errno.EPIPE, errno.ECONNRESET, errno.ECONNABORTED}


class _Slot:
    """One connection's place in its address's count, given back once when it closes."""

    def __init__(self, doorman: _Doorman | None, address: str | None) -> None:
        self.doorman, self.address = doorman, address

    def release(self) -> None:
        doorman, self.doorman = self.doorman, None
        if doorman is not None:
            doorman.released(self.address)


class _Waiting:
    """A connection whose next request has not fully arrived: what it sent so far, and how
    far that is read."""

    def __init__(self, sock: Any, conn: server.HTTPConnection | None, data: bytes = b"",
                 addr: Any = None, handshaken: bool = True, slot: _Slot | None = None) -> None:
        self.sock = sock
        self.conn = conn  # a kept-alive connection; a new one gets its own once its head is in
        self.data = bytearray(data)
        self.addr = addr
        self.handshaken = handshaken
        self.slot = slot or _Slot(None, None)
        self.started = time.monotonic()
        self.last_used = time.time()  # the name ConnectionManager reads; the oldest makes room
        self.body_at = -1  # where the body starts, once the head is all in
        self.length: int | None = None  # the body's, once known: CHUNKED, or None for none to wait for
        self.limit = 0  # the largest body the page takes
        self.chunk_at = 0  # a chunked body: where its next chunk's size line starts
        self.payload = 0  # a chunked body: the bytes of its chunks read so far
        self.held = 0  # bytes of it counted in the doorman's memory

    @property
    def body(self) -> int:
        return len(self.data) - self.body_at if self.body_at >= 0 else 0

    def overdue(self, now: float, timeout: float, rate: float) -> bool:
        """Past its deadline: the head within `timeout`, a body after it at `rate` bytes a
        second on average (a page's upload comes at Wi-Fi speed; a trickle falls behind)."""
        return now > self.started + timeout + self.body / rate

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.close()
        self.slot.release()


def _target(head: bytes) -> bytes:
    parts = head.split(b"\r\n", 1)[0].split(b" ")
    return parts[1] if len(parts) > 1 else b"/"


def _body_length(head: bytes, limit: int) -> int | None:
    """The length of the body to wait for (CHUNKED for a chunked one); None for none, or
    for one past the page's limit: the worker refuses that (413) from its length alone."""
    length = None
    for line in head.split(b"\r\n")[1:]:
        if line.startswith(b"transfer-encoding:"):
            # Other codings cheroot refuses (501) at once.
            return CHUNKED if line[18:].strip() == b"chunked" else None
        if line.startswith(b"content-length:"):
            value = line[15:].strip()
            length = int(value) if value.isdigit() and 0 < int(value) <= limit else None
    return length


def _without_continue(head: bytes) -> bytes | None:
    """The head without its "Expect: 100-continue", None if it has none: the client sends
    the body only once told to, so the doorman tells it, and no thread waits."""
    lines = head.split(b"\r\n")
    kept = [line for line in lines if line.lower().replace(b" ", b"") != b"expect:100-continue"]
    return None if len(kept) == len(lines) else b"\r\n".join(kept)


def _complete(waiting: _Waiting, page_limit: Any) -> bool:
    """Whether the request is all in: its head, and its body up to the page's limit (a save
    from a phone whose Wi-Fi drops halfway, or an upload at a trickle, then holds no
    thread). Read on from where the last look stopped: an upload comes in many reads."""
    data = waiting.data
    if waiting.body_at < 0:
        end = data.find(b"\r\n\r\n")
        if end < 0:
            # Bare LFs too: cheroot then answers 400 at once rather than the client waiting.
            return b"\n\n" in data or len(data) >= HEAD_LIMIT
        head = bytes(data[:end])
        waiting.limit = page_limit(_target(head))
        waiting.length = _body_length(head.lower(), waiting.limit)
        if waiting.length is not None and (plain := _without_continue(head)) is not None:
            del data[:end]
            data[:0] = plain
            end = len(plain)
            with contextlib.suppress(OSError):  # else the client sends the body after its wait
                waiting.sock.send(CONTINUE)
        waiting.body_at = end + 4
    if waiting.length is None:
        return True
    if waiting.length != CHUNKED:
        return waiting.body >= waiting.length
    return _chunks_done(waiting)


def _chunks_done(waiting: _Waiting) -> bool:
    """Whether a chunked body is all in (with its trailers), or past the page's limit (the
    page refuses it from what is in), or malformed (cheroot answers 400)."""
    data, start = waiting.data, waiting.body_at
    while True:
        at = start + waiting.chunk_at
        eol = data.find(b"\r\n", at, at + 1024)
        if eol < 0:
            return len(data) - at >= 1024  # a size line that long is none
        size = bytes(data[at:eol]).split(b";", 1)[0].strip()
        if not size or any(c not in b"0123456789abcdefABCDEF" for c in size) or len(size) > 16:
            return True
        length = int(size, 16)
        if length == 0:
            return data.find(b"\r\n\r\n", eol) >= 0  # the trailers' end
        if waiting.payload + min(length, len(data) - eol - 2) > waiting.limit:
            return True
        after = eol + 2 + length + 2
        if after > len(data):
            return False
        waiting.chunk_at = after - start
        waiting.payload += length


def _unread(rfile: Any, data: bytes | bytearray) -> None:
    """Put bytes read off the socket in front of what the connection's reader holds, for the
    worker thread to read as if they had just arrived (cheroot's reader is _pyio's)."""
    with rfile._read_lock:
        rfile._read_buf = bytes(data) + rfile._read_buf[rfile._read_pos:]
        rfile._read_pos = 0


def _take_buffered(rfile: Any) -> bytes:
    with rfile._read_lock:
        data = rfile._read_buf[rfile._read_pos:]
        rfile._read_buf, rfile._read_pos = b"", 0
    return bytes(data)


# Its stubs leave out the private parts that _Doorman builds on.
_ConnectionManager: Any = connections.ConnectionManager


class _Doorman(_ConnectionManager):
    """Holds connections without a thread until a whole request is in (see above)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._lock = threading.Lock()
        self._per_address: dict[str, int] = {}
        self._held = 0  # bytes of bodies in waiting, all connections together

    # -- each address's count of connections, from accept to close ------------------------

    def _admit(self, address: str | None) -> _Slot | None:
        """A slot for a new connection from `address`, or None when that address has its
        SERVE_MAX_PER_ADDRESS already and none of its own is waiting to make room."""
        cap = getattr(self.server, "max_per_address", 0)
        if address is not None and cap:
            while self._count(address) >= cap:
                if not self._make_room(address):
                    return None
        with self._lock:
            if address is not None:
                self._per_address[address] = self._per_address.get(address, 0) + 1
        return _Slot(self, address)

    def _count(self, address: str) -> int:
        with self._lock:
            return self._per_address.get(address, 0)

    def released(self, address: str | None) -> None:
        with self._lock:
            if address is not None and address in self._per_address:
                self._per_address[address] -= 1
                if not self._per_address[address]:
                    del self._per_address[address]

    # -- waiting -------------------------------------------------------------------------

    def put(self, conn: server.HTTPConnection) -> None:
        # A kept-alive connection back from its worker: wait for its next head like a new one.
        try:
            waiting = _Waiting(conn.socket, conn, _take_buffered(conn.rfile),
                               slot=getattr(conn, "slot", None))
            conn.socket.setblocking(False)
            self._wait(waiting)
        except Exception:  # raised in the worker's `finally`, it would stop the whole server
            self.server.error_log("a kept-alive connection failed", traceback=True)
            with contextlib.suppress(Exception):
                conn.close()

    def _wait(self, waiting: _Waiting) -> None:
        sock = waiting.sock
        # What TLS has decrypted already: the selector would not wake up for it.
        while isinstance(sock, ssl.SSLSocket) and sock.pending():
            waiting.data += sock.recv(sock.pending())
        if _complete(waiting, self.server.page_limit):
            self._hand_over(waiting)
        else:
            self._hold(waiting, len(waiting.data))
            self._selector.register(waiting.sock.fileno(), selectors.EVENT_READ, data=waiting)

    def _hold(self, waiting: _Waiting, more: int) -> None:
        waiting.held += more
        self._held += more

    def _drop(self, sock_fd: int, waiting: _Waiting) -> None:
        """No longer waiting here: handed over, closed, or gone."""
        with contextlib.suppress(KeyError, ValueError):
            self._selector.unregister(sock_fd)
        self._held -= waiting.held
        waiting.held = 0

    def _run(self, expiration_interval: float) -> None:
        # ConnectionManager._run, with new connections and unfinished requests kept here.
        last_expiration_check = time.monotonic()
        select_timeout = min(expiration_interval, 0.05) if connections.IS_WINDOWS else expiration_interval
        while not self._stop_requested:
            try:
                active_list = list(self._selector.select(timeout=select_timeout))
            except OSError:
                self._remove_invalid_sockets()
                continue
            for sock_fd, waiting in active_list:
                try:
                    if waiting is self.server:
                        self._accept()
                    else:
                        self._read(sock_fd, waiting)
                except Exception:  # one connection's trouble must not stop the serving
                    self.server.error_log("a connection failed", traceback=True)
                    if waiting is not self.server:
                        self._drop(sock_fd, waiting)
                        waiting.close()
            now = time.monotonic()
            if (now - last_expiration_check) > expiration_interval:
                self._expire(now)
                last_expiration_check = now

    def _expire(self, threshold: float) -> None:
        """Close each connection past its deadline (`_Waiting.overdue`); `threshold` is now,
        on the monotonic clock (a clock set back or forward changes no deadline)."""
        rate = getattr(self.server, "min_body_rate", 0) or float("inf")
        for sock_fd, waiting in list(self._selector.connections):
            if isinstance(waiting, _Waiting) and waiting.overdue(threshold, self.server.timeout, rate):
                self._drop(sock_fd, waiting)
                waiting.close()

    def _accept(self) -> None:
        limit = getattr(self.server, "max_connections", 0)
        if limit and self._num_connections >= limit:
            self._make_room()
        try:
            sock, addr = self.server.socket.accept()
        except OSError as error:
            # Out of file descriptors (the OS allows fewer than max_connections): the longest
            # waiting makes room; the newcomer is accepted on the next round.
            if error.errno in (errno.EMFILE, errno.ENFILE) and not self._make_room():
                time.sleep(0.05)  # nothing to close: wait for a worker to finish, not spin
            return  # else gone before we got to it, or a timeout
        slot = self._admit(addr[0] if isinstance(addr, tuple) else None)
        if slot is None:  # that address has all it may have, each of them with a worker
            with contextlib.suppress(OSError):
                sock.close()
            return
        connections.prevent_socket_inheritance(sock)
        sock.setblocking(False)
        adapter = self.server.ssl_adapter
        if adapter is not None:
            sock = adapter.context.wrap_socket(sock, server_side=True, do_handshake_on_connect=False)
        self._selector.register(sock.fileno(), selectors.EVENT_READ,
                                data=_Waiting(sock, None, addr=addr, handshaken=adapter is None, slot=slot))

    def _make_room(self, address: str | None = None) -> bool:
        """Close the connection that has waited longest (of `address`, if given)."""
        oldest = min((c for _, c in self._selector.connections if isinstance(c, _Waiting)
                      and (address is None or c.slot.address == address)),
                     key=lambda c: c.last_used, default=None)
        if oldest is None:
            return False
        self._drop(oldest.sock.fileno(), oldest)
        oldest.close()
        return True

    def _read(self, sock_fd: int, waiting: _Waiting) -> None:
        sock = waiting.sock
        try:
            if not waiting.handshaken:
                sock.do_handshake()
                waiting.handshaken = True
            chunk = sock.recv(READ_SIZE)
            while chunk and isinstance(sock, ssl.SSLSocket) and sock.pending():
                chunk += sock.recv(READ_SIZE)
        except (BlockingIOError, ssl.SSLWantReadError, ssl.SSLWantWriteError):
            return  # more to come
        except ssl.SSLError as error:
            if "http request" in str(error).lower():  # plain http to the https port
                with contextlib.suppress(OSError):
                    socket.socket.send(sock, self.server.https_only)
            chunk = b""
        except OSError:
            chunk = b""
        if not chunk:  # the client went away (or cannot speak TLS)
            self._drop(sock_fd, waiting)
            waiting.close()
            return
        waiting.data += chunk
        self._hold(waiting, len(chunk))
        if _complete(waiting, self.server.page_limit):
            self._drop(sock_fd, waiting)
            self._hand_over(waiting)
        elif self._held > getattr(self.server, "max_held", 0) > 0:
            # Bodies from many connections at once past what memory should hold: this one
            # waits no longer (a page's form is never this large; an upload is sent again).
            self._drop(sock_fd, waiting)
            waiting.close()

    def _hand_over(self, waiting: _Waiting) -> None:
        """To a worker thread, with the whole request in front of the connection's reader."""
        sock = waiting.sock
        sock.settimeout(self.server.timeout)
        conn = waiting.conn
        if conn is None:
            makefile = self.server.ssl_adapter.makefile if self.server.ssl_adapter else MakeFile
            conn = self.server.ConnectionClass(self.server, sock, makefile)
            addr = waiting.addr if isinstance(waiting.addr, tuple) else ("0.0.0.0", 0)
            conn.remote_addr, conn.remote_port = addr[0], addr[1]
            conn.ssl_env = self.server.ssl_adapter.get_environ(sock) if self.server.ssl_adapter else {}
            conn.slot = waiting.slot
        _unread(conn.rfile, waiting.data)
        conn.last_used = time.time()
        self.server.process_conn(conn)


def _too_large_page(app: Flask, headers: dict[bytes, bytes]) -> bytes:
    """The app's own 413 page, in the phone's language, for a body the server refuses
    before the app sees the request."""
    from flask import render_template
    passed = {name.decode("latin-1"): value.decode("latin-1") for name, value in headers.items()
              if name.lower() in (b"cookie", b"accept-language")}  # the session holds the language
    with app.test_request_context("/", headers=passed):
        return render_template("errors/error.html", code=413).encode()


class _Request(server.HTTPRequest):
    def simple_response(self, status: Any, msg: Any = "") -> None:
        app = self.server.wsgi_app
        if not str(status).startswith("413") or not isinstance(app, Flask):
            return super().simple_response(status, msg)
        try:
            page = _too_large_page(app, self.inheaders)
        except Exception:  # the plain words rather than no answer
            return super().simple_response(status, msg)
        self.close_connection = True
        head = (f"{self.server.protocol} 413 Request Entity Too Large\r\n"
                f"Content-Type: text/html; charset=utf-8\r\nContent-Length: {len(page)}\r\n"
                "Connection: close\r\n\r\n").encode("latin-1")
        with contextlib.suppress(OSError):
            self.conn.wfile.write(head + page)
        return None


class _Connection(server.HTTPConnection):
    RequestHandlerClass = _Request
    slot: _Slot | None = None

    def close(self) -> None:
        try:
            super().close()
        finally:
            if self.slot is not None:
                self.slot.release()


def _https_only_answer(app: Flask) -> bytes:
    """For plain http sent to the https port: the request is never readable there, so the
    phone's language is unknown; the words in both."""
    from ..i18n import t
    lines = []
    for language in ("en", "de"):
        with app.test_request_context("/", headers={"Accept-Language": language}):
            lines.append(t(HTTPS_ONLY))
    body = "\n".join(lines).encode()
    return (b"HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n"
            b"Content-Length: %d\r\n\r\n%s" % (len(body), body))


class Server(wsgi.Server):
    max_connections = 0
    max_per_address = 0
    min_body_rate = 0.0
    max_held = 0
    https_only = b""
    ConnectionClass = _Connection

    page_limits: Callable[[bytes], int] | None = None  # the largest body each page takes

    def page_limit(self, target: bytes) -> int:
        if self.page_limits is not None:
            return self.page_limits(target)
        return int(self.max_request_body_size or 0)

    def prepare(self) -> None:
        super().prepare()
        self._connections._selector.close()  # type: ignore[has-type]
        self._connections = _Doorman(self)

    def error_log(self, msg: str = "", level: int = 20, traceback: bool = False) -> None:
        # A phone gone halfway through its answer is one line, not a traceback that looks
        # like the app broke.
        error = sys.exc_info()[1]
        if isinstance(error, DROPPED) or (isinstance(error, OSError) and error.errno in _GONE):
            sys.stderr.write(f"a phone dropped its connection before the answer was sent "
                             f"({type(error).__name__})\n")
            sys.stderr.flush()
            return
        super().error_log(msg, level, traceback)


class BadSetting(click.ClickException):
    """A server setting that is not a number it can use; the message names it (and `serve`
    prints it, as for any ClickException)."""


def _setting(config: Any, name: str, kind: type, least: float) -> Any:
    value = config[name]
    try:
        number = kind(value)
    except (TypeError, ValueError):
        number = None
    if number is None or isinstance(value, bool) or number < least:
        raise BadSetting(f"{name} must be a number of at least {least}, not {value!r}")
    return number


def _whole(seconds: float) -> float:
    return int(seconds) if seconds.is_integer() else seconds


def limits(app: Flask) -> dict[str, Any]:
    """The server's limits from the app's settings."""
    config = app.config
    return {
        # Whole seconds stay whole: cheroot writes it into HTTP/1.0's Keep-Alive header.
        "timeout": _whole(_setting(config, "SERVE_TIMEOUT", float, 0.1)),
        "max_connections": _setting(config, "SERVE_MAX_CONNECTIONS", int, 0),
        "max_per_address": _setting(config, "SERVE_MAX_PER_ADDRESS", int, 0),
        "min_body_rate": _setting(config, "SERVE_MIN_BODY_RATE", float, 1),
        # The largest upload any page takes (a group's backup, an imported record); each page
        # then holds its own limit, also before reading (MAX_CONTENT_LENGTH).
        "max_request_body_size": max(int(config["MAX_CONTENT_LENGTH"] or 0),
                                     int(config["BACKUP_MAX_BYTES"])) + FORM_ROOM,
    }


# Pages that take more than MAX_CONTENT_LENGTH (each raises its own request's limit).
LARGER_UPLOADS = {"backup.restore"}


def _page_limits(app: Flask, largest: int) -> Callable[[bytes], int]:
    """The largest body each page takes, by the request's target: what the doorman waits for
    at most before a worker (and the page) answers 413."""
    ordinary = min(int(app.config["MAX_CONTENT_LENGTH"] or largest), largest)
    pages = app.url_map.bind("table")

    def limit(target: bytes) -> int:
        try:
            endpoint, _ = pages.match(target.split(b"?", 1)[0].decode("latin-1"), method="POST")
        except Exception:  # no such page, another method, a redirect: the page answers that
            return ordinary
        return largest if endpoint in LARGER_UPLOADS else ordinary
    return limit


def make_server(app: Flask, host: str, port: int, threads: int = 8,
                tls: tuple[str | Path, str | Path] | None = None) -> Server:
    """A server of `app` on host:port, not started yet; with `tls` (certificate file, key
    file) it speaks https only."""
    settings = limits(app)
    httpd = Server((host, port), app, numthreads=threads, max=threads, request_queue_size=128,
                   timeout=settings["timeout"])
    httpd.max_connections = settings["max_connections"]
    httpd.max_request_body_size = settings["max_request_body_size"]
    httpd.page_limits = _page_limits(app, settings["max_request_body_size"])
    httpd.max_per_address = settings["max_per_address"]
    httpd.min_body_rate = settings["min_body_rate"]
    httpd.max_held = BODIES_HELD * settings["max_request_body_size"]
    httpd.max_request_header_size = HEAD_LIMIT
    httpd.keep_alive_conn_limit = None  # type: ignore[assignment] # max_connections bounds them all, idle ones first to go
    if tls is not None:
        cert, key = tls
        httpd.ssl_adapter = BuiltinSSLAdapter(str(cert), str(key))
        httpd.https_only = _https_only_answer(app)
    return httpd


def bind(servers: Sequence[wsgi.Server]) -> None:
    """Bind every one of them, or none: a port in use fails before anything is served (or
    announced as served)."""
    prepared: list[wsgi.Server] = []
    try:
        for httpd in servers:
            if not httpd.ready:
                httpd.prepare()
            prepared.append(httpd)
    except BaseException:
        for httpd in prepared:
            httpd.stop()
        raise


def run(servers: Sequence[wsgi.Server], stop: threading.Event | None = None) -> None:
    """Serve on all of them until Ctrl-C or SIGTERM (or `stop` is set), or until one of them
    fails; then stop them all. Those not bound yet are bound first (see `bind`)."""
    bind(servers)
    stopping = stop or threading.Event()
    failures: list[BaseException] = []

    def serve(httpd: wsgi.Server) -> None:
        try:
            httpd.serve()
        except BaseException as error:  # the main thread raises it after stopping the others
            failures.append(error)
        finally:
            stopping.set()

    def on_term(*_: Any) -> None:
        stopping.set()

    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, on_term) if main else None
    threads = [threading.Thread(target=serve, args=(s,), name=f"serve-{s.bind_addr}", daemon=True)
               for s in servers]
    for thread in threads:
        thread.start()
    try:
        # A timed wait, so that Ctrl-C reaches the main thread on every OS.
        while not stopping.wait(0.5):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        for httpd in servers:
            httpd.stop()
        for thread in threads:
            thread.join(10)
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
    if failures and not isinstance(failures[0], KeyboardInterrupt | SystemExit):
        raise failures[0]
