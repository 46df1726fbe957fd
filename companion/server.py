"""The HTTP server behind `serve`: cheroot (CherryPy's server, pure Python, on every OS),
for its TLS and its limits. Several listeners can run from one process (plain http beside
https): build each with `make_server`, run them together with `run`.

Out of the box cheroot gives each new connection a thread at once, which then waits for the
request: a few hundred connections that send nothing (a phone's browser opens spare ones) or
half a request hold every thread, and on https the handshake even holds the one thread that
accepts. Here a connection is held by the selector alone, without a thread, until its TLS
handshake is done and its request line and headers are all in, and its body too if it is a
form's (up to BODY_IN_WAITING, chunked or not; one that expects "100 Continue" is told so
here); one that does not get there within SERVE_TIMEOUT is closed,
and past SERVE_MAX_CONNECTIONS the one waiting longest makes room for the newcomer."""
from __future__ import annotations

import contextlib
import errno
import selectors
import signal
import socket
import ssl
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click
from cheroot import connections, server, wsgi
from cheroot.makefile import MakeFile
from cheroot.ssl.builtin import BuiltinSSLAdapter
from flask import Flask

from .games.base import N_

HEAD_LIMIT = 64 * 1024  # request line and headers; a phone's are about 1 KiB
BODY_IN_WAITING = 64 * 1024  # bodies up to this are waited for without a thread: every form's
FORM_ROOM = 1024 * 1024  # an upload's form fields and multipart framing beside the file itself
HTTPS_ONLY = N_("This address speaks https only: open it with https:// in front.")


class _Waiting:
    """A connection whose next request has not fully arrived: what it sent so far."""

    def __init__(self, sock: Any, conn: server.HTTPConnection | None, head: bytes = b"",
                 addr: Any = None, handshaken: bool = True) -> None:
        self.sock = sock
        self.conn = conn  # a kept-alive connection; a new one gets its own once its head is in
        self.head = head
        self.addr = addr
        self.handshaken = handshaken
        self.last_used = time.time()  # the name ConnectionManager._expire reads

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.close()


CHUNKED = -1  # _small_body's answer for a chunked body: waited for up to BODY_IN_WAITING
CONTINUE = b"HTTP/1.1 100 Continue\r\n\r\n"


def _complete(head: bytes) -> bool:
    """Whether the request is all in: its head, and its body if that is a small form's
    (a save from a phone whose Wi-Fi drops halfway then holds no thread either)."""
    end = head.find(b"\r\n\r\n")
    if end < 0:
        # Bare LFs too: cheroot then answers 400 at once rather than the client waiting.
        return b"\n\n" in head or len(head) >= HEAD_LIMIT
    length = _small_body(head[:end].lower())
    if length == CHUNKED:
        return _chunks_done(head[end + 4:])
    return length is None or len(head) - end - 4 >= length


def _small_body(head: bytes) -> int | None:
    """The length of a body small enough to wait for here (CHUNKED for a chunked one); None
    for none or a larger one (read by the worker, as the page asks for it). Without a
    deadline for the whole body a worker would wait for a trickle, chunk by chunk, for ever."""
    length = None
    for line in head.split(b"\r\n")[1:]:
        if line.startswith(b"transfer-encoding:"):
            # Other codings cheroot refuses (501) at once.
            return CHUNKED if line[18:].strip() == b"chunked" else None
        if line.startswith(b"content-length:"):
            value = line[15:].strip()
            length = int(value) if value.isdigit() and int(value) <= BODY_IN_WAITING else None
    return length


def _chunks_done(body: bytes) -> bool:
    """Whether a chunked body is all in, or past BODY_IN_WAITING (an upload: the worker
    reads on, up to the page's limit), or malformed (cheroot answers 400)."""
    if len(body) > BODY_IN_WAITING:
        return True
    at = 0
    while (eol := body.find(b"\r\n", at)) >= 0:
        size = body[at:eol].split(b";", 1)[0].strip()
        if not size or any(c not in b"0123456789abcdefABCDEF" for c in size):
            return True
        if int(size, 16) == 0:
            return body.find(b"\r\n\r\n", eol) >= 0  # the trailers' end
        at = eol + 2 + int(size, 16) + 2
    return False


def _expects_continue(head: bytes) -> bytes | None:
    """A small body's head without its "Expect: 100-continue", None if it has none: the
    client sends the body only once told to, so the doorman tells it, and no thread waits."""
    end = head.find(b"\r\n\r\n")
    if end < 0:
        return None
    lines = head[:end].split(b"\r\n")
    kept = [line for line in lines if line.lower().replace(b" ", b"") != b"expect:100-continue"]
    if len(kept) == len(lines) or _small_body(b"\r\n".join(kept).lower()) is None:
        return None
    return b"\r\n".join(kept) + head[end:]


def _unread(rfile: Any, data: bytes) -> None:
    """Put bytes read off the socket in front of what the connection's reader holds, for the
    worker thread to read as if they had just arrived (cheroot's reader is _pyio's)."""
    with rfile._read_lock:
        rfile._read_buf = data + rfile._read_buf[rfile._read_pos:]
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

    def put(self, conn: server.HTTPConnection) -> None:
        # A kept-alive connection back from its worker: wait for its next head like a new one.
        try:
            waiting = _Waiting(conn.socket, conn, _take_buffered(conn.rfile))
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
            waiting.head += sock.recv(sock.pending())
        self._continue(waiting)
        if _complete(waiting.head):
            self._hand_over(waiting)
        else:
            self._selector.register(waiting.sock.fileno(), selectors.EVENT_READ, data=waiting)

    def _run(self, expiration_interval: float) -> None:
        # ConnectionManager._run, with new connections and unfinished heads kept here.
        last_expiration_check = time.time()
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
                        with contextlib.suppress(KeyError, ValueError):
                            self._selector.unregister(sock_fd)
                        waiting.close()
            now = time.time()
            if (now - last_expiration_check) > expiration_interval:
                self._expire(threshold=now - self.server.timeout)
                last_expiration_check = now

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
        connections.prevent_socket_inheritance(sock)
        sock.setblocking(False)
        adapter = self.server.ssl_adapter
        if adapter is not None:
            sock = adapter.context.wrap_socket(sock, server_side=True, do_handshake_on_connect=False)
        self._selector.register(sock.fileno(), selectors.EVENT_READ,
                                data=_Waiting(sock, None, addr=addr, handshaken=adapter is None))

    def _make_room(self) -> bool:
        oldest = min((c for _, c in self._selector.connections if isinstance(c, _Waiting)),
                     key=lambda c: c.last_used, default=None)
        if oldest is None:
            return False
        self._selector.unregister(oldest.sock.fileno())
        oldest.close()
        return True

    def _read(self, sock_fd: int, waiting: _Waiting) -> None:
        sock = waiting.sock
        try:
            if not waiting.handshaken:
                sock.do_handshake()
                waiting.handshaken = True
            chunk = sock.recv(HEAD_LIMIT)
            while chunk and isinstance(sock, ssl.SSLSocket) and sock.pending():
                chunk += sock.recv(HEAD_LIMIT)
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
            self._selector.unregister(sock_fd)
            waiting.close()
            return
        waiting.head += chunk
        self._continue(waiting)
        if _complete(waiting.head):
            self._selector.unregister(sock_fd)
            self._hand_over(waiting)

    def _continue(self, waiting: _Waiting) -> None:
        head = _expects_continue(waiting.head)
        if head is not None:
            waiting.head = head
            with contextlib.suppress(OSError):  # else the client sends the body after its wait
                waiting.sock.send(CONTINUE)

    def _hand_over(self, waiting: _Waiting) -> None:
        """To a worker thread, with the head in front of the connection's reader."""
        sock = waiting.sock
        sock.settimeout(self.server.timeout)
        conn = waiting.conn
        if conn is None:
            makefile = self.server.ssl_adapter.makefile if self.server.ssl_adapter else MakeFile
            conn = self.server.ConnectionClass(self.server, sock, makefile)
            addr = waiting.addr if isinstance(waiting.addr, tuple) else ("0.0.0.0", 0)
            conn.remote_addr, conn.remote_port = addr[0], addr[1]
            conn.ssl_env = self.server.ssl_adapter.get_environ(sock) if self.server.ssl_adapter else {}
        _unread(conn.rfile, waiting.head)
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


def _https_only_answer(app: Flask) -> bytes:
    """For plain http sent to the https port: the request is never readable there, so the
    phone's language is unknown; the words in both."""
    from .i18n import t
    lines = []
    for language in ("en", "de"):
        with app.test_request_context("/", headers={"Accept-Language": language}):
            lines.append(t(HTTPS_ONLY))
    body = "\n".join(lines).encode()
    return (b"HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n"
            b"Content-Length: %d\r\n\r\n%s" % (len(body), body))


class Server(wsgi.Server):
    max_connections = 0
    https_only = b""
    ConnectionClass = _Connection

    def prepare(self) -> None:
        super().prepare()
        self._connections._selector.close()  # type: ignore[has-type]
        self._connections = _Doorman(self)


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
        # The largest upload any page takes (a group's backup, an imported record); each page
        # then holds its own limit, also before reading (MAX_CONTENT_LENGTH).
        "max_request_body_size": max(int(config["MAX_CONTENT_LENGTH"] or 0),
                                     int(config["BACKUP_MAX_BYTES"])) + FORM_ROOM,
    }


def make_server(app: Flask, host: str, port: int, threads: int = 8,
                tls: tuple[str | Path, str | Path] | None = None) -> Server:
    """A server of `app` on host:port, not started yet; with `tls` (certificate file, key
    file) it speaks https only."""
    settings = limits(app)
    httpd = Server((host, port), app, numthreads=threads, max=threads, request_queue_size=128,
                   timeout=settings["timeout"])
    httpd.max_connections = settings["max_connections"]
    httpd.max_request_body_size = settings["max_request_body_size"]
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
