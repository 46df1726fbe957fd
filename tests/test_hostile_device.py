"""With a real `serve` process and real sockets: one device on the table's Wi-Fi that is
hostile or clumsy must not stop the other phones (issue 34). Bodies trickled to the open
pages hold no thread; a flood of wrong codes from many addresses does not keep a member
with the right code out; one address cannot make groups without end."""
from __future__ import annotations

import contextlib
import socket
import threading
import time
import urllib.parse

from tests.test_server import answer, connect, get, serving

PAGE_WITHIN = 5  # seconds a phone's page may take while the tricklers trickle


def connect_from(base: str, source: str) -> socket.socket:
    """A connection from another loopback address (Linux routes all of 127/8 to lo): the
    device of someone else on the Wi-Fi."""
    host, port = base.rsplit("/", 1)[1].split(":")
    return socket.create_connection((host, int(port)), timeout=30, source_address=(source, 0))


def trickler_heads() -> list[bytes]:
    """Eight bodies a device starts and never finishes: to the join page (open to anyone, no
    session) and the import, small and large declared lengths, and chunked ones whose first
    chunk is past what used to be waited for without a thread."""
    form = b"Content-Type: application/x-www-form-urlencoded\r\n"
    upload = b"Content-Type: multipart/form-data; boundary=x\r\n"
    heads = []
    for path, kind, framing in (
            (b"/join", form, b"Content-Length: 300"),
            (b"/join", form, b"Content-Length: 200000"),
            (b"/join", form, b"Content-Length: 1900000"),
            (b"/import", upload, b"Content-Length: 1500000"),
            (b"/import", upload, b"Content-Length: 2000000"),
            (b"/join", form, b"Transfer-Encoding: chunked"),
            (b"/import", upload, b"Transfer-Encoding: chunked"),
            (b"/import", upload, b"Expect: 100-continue\r\nContent-Length: 1000000")):
        head = b"POST " + path + b" HTTP/1.1\r\nHost: x\r\n" + kind + framing + b"\r\n\r\n"
        if b"chunked" in framing:
            head += b"%x\r\n%s\r\n" % (70 * 1024, b"a" * 70 * 1024)  # one large chunk at once
        heads.append(head)
    return heads


def test_eight_bodies_trickled_to_open_pages_do_not_stop_another_phones_page(tmp_path):
    """10 bytes every 2 s on each of 8 connections (twice the server's 4 threads), from one
    address: another phone's page answers within 5 s all along, and each trickle is closed
    once it falls behind the least rate a body must keep."""
    stop = threading.Event()
    closed_after: list[float] = []

    def trickle(sock: socket.socket, chunked: bool) -> None:
        start = time.monotonic()
        with contextlib.suppress(OSError):
            while not stop.wait(2):
                sock.sendall(b"a\r\n" + b"b" * 10 + b"\r\n" if chunked else b"b" * 10)
        closed_after.append(time.monotonic() - start)

    with serving(tmp_path) as (base, game_id):
        socks, threads = [], []
        for head in trickler_heads():
            sock = connect_from(base, "127.0.0.2")
            sock.sendall(head)
            socks.append(sock)
            threads.append(threading.Thread(target=trickle, args=(sock, b"chunked" in head)))
        try:
            for thread in threads:
                thread.start()
            took = []
            for _ in range(4):  # 4 pages over about 25 s: past SERVE_TIMEOUT (10 s)
                time.sleep(5)
                start = time.monotonic()
                status, body = get(f"{base}/games/{game_id}", timeout=PAGE_WITHIN)
                took.append(time.monotonic() - start)
                assert status == 200 and b"Anna" in body
            print(f"pages under 8 tricklers answered in {', '.join(f'{t:.2f}' for t in took)} s")
            # Each trickle is closed: none of them can keep its body coming for ever.
            for sock in socks:
                sock.settimeout(60)
                with contextlib.suppress(ConnectionResetError):
                    while sock.recv(65536):
                        pass
        finally:
            stop.set()
            for thread in threads:
                thread.join(30)
            for sock in socks:
                sock.close()
