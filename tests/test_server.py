"""With real processes and sockets: the server of `serve` under a LAN full of phones.
Connections that send nothing, half a request or stay idle between requests hold no
thread; an upload over the limit is refused before its body is sent; a TLS pair serves
https, beside plain http from the same process."""
from __future__ import annotations

import contextlib
import http.client
import os
import socket
import ssl
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from cheroot.makefile import MakeFile

from companion import create_app
from companion.record.entries import add_entry, new_record
from companion.serving import server, tls
from tests.conftest import free_port

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 10  # SERVE_TIMEOUT's default: what a page may take at most under the flood


def get(url: str, context: ssl.SSLContext | None = None, timeout: float = 120) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=timeout, context=context) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def wait_until_up(base: str, process: subprocess.Popen | None = None,
                  context: ssl.SSLContext | None = None) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            get(f"{base}/", context)
            return
        except OSError:
            assert process is None or process.poll() is None, "the server stopped"
            assert time.monotonic() < deadline, "the server did not answer"
            time.sleep(0.2)


@contextlib.contextmanager
def serving(tmp_path: Path, **config: int) -> Iterator[tuple[str, str]]:
    """`flask --app app serve` in its own process: its address and a game's id."""
    instance = tmp_path / "instance"
    app = create_app({"INSTANCE_PATH": str(instance)})
    record = new_record("beutelschneider", ["Anna", "Ben", "Cem", "Dora"], {})
    record = add_entry(record, "hand", {"players": [{"gold": g} for g in (30, 20, 20, 10)]})
    game_id = app.extensions["store"].create(record)
    port = free_port()
    env = {**os.environ, "COMPANION_INSTANCE_PATH": str(instance),
           **{f"COMPANION_{name}": str(value) for name, value in config.items()}}
    log = tmp_path / "server.log"
    with log.open("wb") as out:
        process = subprocess.Popen([sys.executable, "-m", "flask", "--app", "app", "serve", "--port",
                                    str(port), "--threads", "4"], cwd=ROOT, env=env, stdout=out,
                                   stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(base, process)
        yield base, game_id
    finally:
        process.terminate()
        assert process.wait(30) == 0, log.read_text()[-3000:]


def connect(base: str, source: str = "") -> socket.socket:
    """A connection to the server; from `source`, another loopback address (Linux routes
    all of 127/8 to lo), it is another device on the table's Wi-Fi."""
    host, port = base.rsplit("/", 1)[1].split(":")
    return socket.create_connection((host, int(port)), timeout=30,
                                    source_address=(source, 0) if source else None)


def answer(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    data = b""
    with contextlib.suppress(ConnectionResetError):
        while chunk := sock.recv(65536):
            data += chunk
    return data


def one_answer(sock: socket.socket) -> bytes:
    """One whole answer on a kept-alive connection; its status line."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, f"closed without an answer after {data!r}"
        data += chunk
    head, body = data.split(b"\r\n\r\n", 1)
    length = int(next(line.split(b":")[1] for line in head.split(b"\r\n")
                      if line.lower().startswith(b"content-length:")))
    while len(body) < length:
        body += sock.recv(65536)
    return head.split(b"\r\n")[0]


def held_open(base: str, game_id: str) -> list[socket.socket]:
    """200 connections as a flood or a room of careless phones leaves them: silent, half a
    request line, headers without their end, idle after a finished request, and a form's
    save cut off halfway through its body; from 10 addresses, 20 each (within
    SERVE_MAX_PER_ADDRESS)."""
    held = []
    for i in range(200):
        sock = connect(base, f"127.0.1.{i % 10 + 1}")
        kind = i % 5
        if kind == 1:
            sock.sendall(b"GET /games/")
        elif kind == 2:
            sock.sendall(f"GET /games/{game_id} HTTP/1.1\r\nHost: x\r\nAccept: text/html\r\n".encode())
        elif kind == 3:
            sock.sendall(b"GET /static/css/app.css HTTP/1.1\r\nHost: x\r\n\r\n")
            assert one_answer(sock) == b"HTTP/1.1 200 OK"  # and the connection is kept alive
        elif kind == 4:
            sock.sendall(b"POST /lang HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded"
                         b"\r\nContent-Length: 200\r\n\r\ncsrf_token=Ijc4")
        held.append(sock)
    return held


def test_a_game_page_answers_while_200_unfinished_and_idle_connections_are_held_open(tmp_path):
    with serving(tmp_path) as (base, game_id):
        held = held_open(base, game_id)
        try:
            start = time.monotonic()
            status, body = get(f"{base}/games/{game_id}")
            took = time.monotonic() - start
            assert status == 200 and b"Anna" in body
            # Waitress locked every phone out for about 100 s here, cheroot as it comes for
            # minutes (each connection took one of the 4 threads for 10 s).
            assert took < TIMEOUT
            # The flood is still held (nothing was closed to make room), and a finished
            # request on a kept-alive connection is answered on it again.
            held[3].sendall(b"GET /static/css/app.css HTTP/1.1\r\nHost: x\r\n\r\n")
            assert one_answer(held[3]) == b"HTTP/1.1 200 OK"
        finally:
            for sock in held:
                sock.close()


def test_a_connection_that_does_not_finish_its_request_within_the_timeout_is_closed(tmp_path):
    with serving(tmp_path, SERVE_TIMEOUT=4) as (base, game_id), \
            connect(base) as silent, connect(base) as halfway, connect(base) as kept:
        halfway.sendall(f"GET /games/{game_id} HTTP/1.1\r\nHost: x\r\n".encode())
        kept.sendall(b"GET /static/css/app.css HTTP/1.1\r\nHost: x\r\n\r\n")
        assert one_answer(kept) == b"HTTP/1.1 200 OK"
        start = time.monotonic()
        assert answer(silent) == b"" and answer(halfway) == b"" and answer(kept) == b""
        assert time.monotonic() - start < 4 + 5
        # A request that comes in pieces within the time is answered (the time counts from
        # the connect: the pieces take a tenth of it, room for a loaded machine).
        slow = connect(base)
        for piece in (b"GET /games/", game_id.encode(), b" HTTP/1.1\r\nHost: x\r\n", b"Connection: close\r\n\r\n"):
            slow.sendall(piece)
            time.sleep(0.1)
        assert answer(slow).startswith(b"HTTP/1.1 200")
        slow.close()


def test_a_form_whose_body_comes_in_pieces_is_answered(tmp_path):
    """Small bodies are waited for before a thread takes the request: one that arrives in
    pieces still reaches the page whole (here: the language switch, which needs its token)."""
    with serving(tmp_path) as (base, _):
        cookie, body = language_form(base)
        with connect(base) as sock:
            sock.sendall(f"POST /lang HTTP/1.1\r\nHost: x\r\nCookie: {cookie}\r\nConnection: close\r\n"
                         "Content-Type: application/x-www-form-urlencoded\r\n"
                         f"Content-Length: {len(body)}\r\n\r\n".encode())
            for piece in (body[:20], body[20:]):
                time.sleep(0.3)
                sock.sendall(piece)
            reply = answer(sock)
        assert reply.startswith(b"HTTP/1.1 303") and b"Location: /import" in reply


def language_form(base: str) -> tuple[str, bytes]:
    """A session's cookie and a language switch's form for it, with its token."""
    with connect(base) as sock:
        sock.sendall(b"GET /import HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        page = answer(sock).decode()
    cookie = page.split("Set-Cookie: ", 1)[1].split(";", 1)[0]
    token = page.split('name="csrf_token" value="', 1)[1].split('"', 1)[0]
    return cookie, f"csrf_token={token}&lang=de&next=/import".encode()


def read_continue(sock: socket.socket) -> bytes:
    told = b""
    while b"\r\n\r\n" not in told:
        told += sock.recv(65536)
    return told


def test_a_form_that_expects_100_continue_is_told_to_go_on_and_answered(tmp_path):
    with serving(tmp_path) as (base, _):
        cookie, body = language_form(base)
        with connect(base) as sock:
            sock.sendall(f"POST /lang HTTP/1.1\r\nHost: x\r\nCookie: {cookie}\r\nConnection: close\r\n"
                         "Expect: 100-continue\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                         f"Content-Length: {len(body)}\r\n\r\n".encode())
            assert read_continue(sock) == b"HTTP/1.1 100 Continue\r\n\r\n"
            sock.sendall(body)
            reply = answer(sock)
    # Told once: cheroot does not say it again after the body.
    assert reply.startswith(b"HTTP/1.1 303") and b"Location: /import" in reply


def test_a_chunked_form_is_answered_whole(tmp_path):
    """Waited for here up to its last chunk and trailers, then read by the page as sent."""
    with serving(tmp_path) as (base, _):
        cookie, body = language_form(base)
        with connect(base) as sock:
            sock.sendall(f"POST /lang HTTP/1.1\r\nHost: x\r\nCookie: {cookie}\r\nConnection: close\r\n"
                         "Content-Type: application/x-www-form-urlencoded\r\n"
                         "Transfer-Encoding: chunked\r\n\r\n".encode())
            for piece in (body[:20], body[20:]):
                sock.sendall(b"%x;note=1\r\n%s\r\n" % (len(piece), piece))
                time.sleep(0.2)
            sock.sendall(b"0\r\nX-Trailer: y\r\n\r\n")
            reply = answer(sock)
    assert reply.startswith(b"HTTP/1.1 303") and b"Location: /import" in reply


def test_forms_trickling_in_chunks_or_after_100_continue_do_not_stop_a_page(tmp_path):
    """Twice as many trickling forms as there are threads (4), chunked and after "100
    Continue", a bit every half second: each waits without a thread and is closed at
    SERVE_TIMEOUT, whole body or not (a worker's timeout counts per read, so a trickle held
    it for ever)."""
    stop = threading.Event()
    under_way = [threading.Event() for _ in range(8)]

    def trickle(sock: socket.socket, piece: bytes, sent: threading.Event) -> None:
        with contextlib.suppress(OSError):
            while not stop.wait(0.5):
                sock.sendall(piece)
                sent.set()

    with serving(tmp_path, SERVE_TIMEOUT=4) as (base, game_id):
        socks, threads = [], []
        for i in range(8):
            sock = connect(base)
            chunked = i % 2 == 1
            framing = b"Transfer-Encoding: chunked" if chunked else b"Expect: 100-continue\r\nContent-Length: 900"
            sock.sendall(b"POST /lang HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded"
                         b"\r\n" + framing + b"\r\n\r\n")
            if not chunked:
                assert read_continue(sock) == b"HTTP/1.1 100 Continue\r\n\r\n"
            threads.append(threading.Thread(target=trickle, args=(sock, b"1\r\na\r\n" if chunked else b"a",
                                                                  under_way[i])))
            socks.append(sock)
        try:
            for thread in threads:
                thread.start()
            assert all(sent.wait(60) for sent in under_way)  # all of them trickling
            status, body = get(f"{base}/games/{game_id}", timeout=4)
            assert status == 200 and b"Anna" in body
            # Closed without an answer, at SERVE_TIMEOUT: a trickle that held its connection
            # for ever would still be sending when the wait for the close gives up.
            for sock in socks:
                sock.settimeout(60)
                with contextlib.suppress(ConnectionResetError):
                    assert sock.recv(65536) == b""
        finally:
            stop.set()
            for thread in threads:
                thread.join(10)
            for sock in socks:
                sock.close()


def test_past_the_connection_limit_the_longest_waiting_connection_makes_room(tmp_path):
    with serving(tmp_path, SERVE_MAX_CONNECTIONS=50, SERVE_MAX_PER_ADDRESS=0) as (base, game_id):
        held = [connect(base) for _ in range(80)]
        try:
            time.sleep(0.5)  # all accepted
            assert get(f"{base}/games/{game_id}")[0] == 200
            assert answer(held[0]) == b""  # the first ones were closed
            held[-1].sendall(b"GET /static/css/app.css HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            assert answer(held[-1]).startswith(b"HTTP/1.1 200")  # the last ones are still served
        finally:
            for sock in held:
                sock.close()


def post_head(path: str, length: int | None, language: str = "en") -> bytes:
    framing = f"Content-Length: {length}" if length is not None else "Transfer-Encoding: chunked"
    return (f"POST {path} HTTP/1.1\r\nHost: x\r\nAccept-Language: {language}\r\n"
            f"Content-Type: multipart/form-data; boundary=x\r\n{framing}\r\n\r\n").encode()


@pytest.mark.parametrize(("mib", "language", "words"), [
    (100, "en", "That was too large."), (100, "de", "Das war zu groß."), (10, "de", "Das war zu groß.")])
def test_an_upload_over_the_limit_is_refused_before_its_body_is_sent(tmp_path, mib, language, words):
    """100 MiB: over what any page takes, the server refuses it; 10 MiB: over the import's
    2 MiB, the import page does; either from the Content-Length alone, in the app's words.
    The body is never sent, so none of it is stored anywhere (waitress waited for it)."""
    with serving(tmp_path) as (base, _):
        with connect(base) as sock:
            sock.sendall(post_head("/import", mib * 1024 * 1024, language))
            start = time.monotonic()
            reply = answer(sock)  # not one byte of the body was sent
        assert reply.startswith(b"HTTP/1.1 413")
        assert time.monotonic() - start < TIMEOUT
        assert words.encode() in reply and b"</html>" in reply


def test_a_chunked_upload_is_read_only_up_to_the_limit(tmp_path):
    """No Content-Length to go by: reading stops at the import's 2 MiB, and the answer comes
    while the client still has more to send."""
    with serving(tmp_path) as (base, _):
        with connect(base) as sock:
            sock.sendall(post_head("/import", None))
            chunk = b"%x\r\n%s\r\n" % (64 * 1024, b"a" * 64 * 1024)
            for _ in range(2 * 16 + 4):  # 2 MiB and a quarter, then nothing: more is to come
                sock.sendall(chunk)
            reply = answer(sock)
        assert reply.startswith(b"HTTP/1.1 413")


@pytest.fixture
def tls_pair(tmp_path) -> tuple[Path, Path, Path]:
    """The table's own authority and a server certificate for this machine (companion/serving/tls.py)."""
    files, _ = tls.ensure(tmp_path / "tls-instance", ["localhost"], ["127.0.0.1"])
    return files.ca, files.cert, files.key


def test_a_tls_pair_serves_https_beside_plain_http_from_one_process(tmp_path, tls_pair):
    ca, cert_file, key_file = tls_pair
    app = create_app({"INSTANCE_PATH": str(tmp_path / "instance")})
    http_port, https_port = free_port(), free_port()
    servers = [server.make_server(app, "127.0.0.1", http_port, 2),
               server.make_server(app, "127.0.0.1", https_port, 2, tls=(cert_file, key_file))]
    stop = threading.Event()
    thread = threading.Thread(target=server.run, args=(servers, stop))
    thread.start()
    trusted = ssl.create_default_context()
    trusted.load_verify_locations(cafile=str(ca))
    https = f"https://127.0.0.1:{https_port}"
    try:
        wait_until_up(https, context=trusted)
        # Connections that never start their handshake hold neither the thread that accepts
        # nor a worker.
        silent = [connect(https) for _ in range(50)]
        status, body = get(f"{https}/", trusted)
        assert status == 200 and b"Loot Ledger" in body
        assert get(f"http://127.0.0.1:{http_port}/")[0] == 200
        # Two requests on one kept-alive https connection, as a phone makes them.
        kept = http.client.HTTPSConnection("127.0.0.1", https_port, context=trusted, timeout=30)
        for path in ("/", "/static/css/app.css"):
            kept.request("GET", path)
            assert kept.getresponse().read() and kept.sock is not None
        kept.close()
        with pytest.raises(urllib.error.URLError, match="CERTIFICATE_VERIFY_FAILED"):
            get(f"{https}/", ssl.create_default_context())  # a phone that does not trust it yet
        # Plain http to the https port is told so, not left hanging.
        with connect(https) as sock:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            told = answer(sock).decode()
        assert told.startswith("HTTP/1.1 400")
        assert "speaks https only" in told and "spricht nur https" in told
        for sock in silent:
            sock.close()
    finally:
        stop.set()
        thread.join(30)
    assert not thread.is_alive()
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", https_port), timeout=2)


def test_a_kept_alive_connection_that_cannot_be_taken_back_is_closed_and_serving_goes_on(tmp_path):
    """A worker hands its kept-alive connection back in its `finally`: what fails there (a
    socket gone meanwhile, the selector closed at shutdown) would stop the whole server."""
    app = create_app({"INSTANCE_PATH": str(tmp_path / "instance")})
    httpd = server.make_server(app, "127.0.0.1", free_port(), 1)
    stop = threading.Event()
    thread = threading.Thread(target=server.run, args=([httpd], stop))
    thread.start()
    base = f"http://{httpd.bind_addr[0]}:{httpd.bind_addr[1]}"
    try:
        wait_until_up(base)
        ours, theirs = socket.socketpair()
        conn = server._Connection(httpd, theirs, MakeFile)
        theirs.close()  # gone before it is back
        httpd.put_conn(conn)  # as the worker does once it answered on it
        assert ours.recv(1) == b""  # closed
        ours.close()
        assert get(f"{base}/")[0] == 200 and httpd.interrupt is None
    finally:
        stop.set()
        thread.join(30)


# cheroot drops the socket it could not bind without closing it (a ResourceWarning).
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_a_port_in_use_is_refused_before_anything_is_served(tmp_path):
    app = create_app({"INSTANCE_PATH": str(tmp_path / "instance")})
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    free = free_port()
    servers = [server.make_server(app, "127.0.0.1", free, 1),
               server.make_server(app, "127.0.0.1", taken.getsockname()[1], 1)]
    with pytest.raises(OSError):
        server.run(servers)
    taken.close()
    with socket.socket() as again:
        again.bind(("127.0.0.1", free))  # the first one was let go again


@pytest.mark.parametrize(("name", "value"), [
    ("SERVE_TIMEOUT", "abc"), ("SERVE_TIMEOUT", 0), ("SERVE_MAX_CONNECTIONS", -1),
    ("SERVE_MAX_CONNECTIONS", "many"), ("SERVE_MAX_CONNECTIONS", True)])
def test_a_server_setting_it_cannot_use_is_named_and_nothing_is_served(tmp_path, name, value):
    app = create_app({"INSTANCE_PATH": str(tmp_path / "instance"), name: value})
    port = free_port()
    result = app.test_cli_runner().invoke(args=["serve", "--port", str(port)])
    assert result.exit_code == 1
    assert f"Error: {name} must be a number of at least" in result.output
    with socket.socket() as again:
        again.bind(("127.0.0.1", port))  # nothing listens there


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")  # cheroot's, as above
def test_serve_on_a_port_in_use_says_so(tmp_path):
    app = create_app({"INSTANCE_PATH": str(tmp_path / "instance")})
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = app.test_cli_runner().invoke(args=["serve", "--port", str(port)])
    assert result.exit_code == 1
    assert f"Error: port {port} is in use (another Loot Ledger?): stop it or serve --port " in result.output
    assert "Loot Ledger on" not in result.output  # nothing before it claims the app runs


def test_the_limits_come_from_the_settings(tmp_path):
    app = create_app({"INSTANCE_PATH": str(tmp_path / "instance"), "SERVE_TIMEOUT": 2.5})
    httpd = server.make_server(app, "127.0.0.1", free_port(), 3)
    assert (httpd.timeout, httpd.max_connections) == (2.5, 400)
    # The restore's 32 MiB backup and its form pass; anything larger is refused unread.
    assert httpd.max_request_body_size == 33 * 1024 * 1024
    app.config["SERVE_TIMEOUT"] = 10
    # Whole seconds, as HTTP/1.0's "Keep-Alive: timeout=10" header wants them.
    assert repr(server.make_server(app, "127.0.0.1", free_port(), 3).timeout) == "10"
