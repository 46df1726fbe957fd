"""With a real `serve` process and real sockets: one device on the table's Wi-Fi that is
hostile or clumsy must not stop the other phones (issue 34). Bodies trickled to the open
pages hold no thread; a flood of wrong codes from many addresses does not keep a member
with the right code out; one address cannot make groups without end."""
from __future__ import annotations

import contextlib
import http.client
import os
import socket
import ssl
import struct
import subprocess
import sys
import threading
import time
import urllib.parse

import pytest

from companion import create_app
from companion.history import groups
from tests.conftest import free_port
from tests.test_server import ROOT, answer, connect, get, one_answer, serving, wait_until_up


def port_is_free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True

PAGE_WITHIN = 5  # seconds a phone's page may take while the tricklers trickle


def connect_from(base: str, source: str) -> socket.socket:
    return connect(base, source)


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


def restore_form(base: str) -> tuple[str, str, bytes]:
    """A phone in the Household (no code): its cookie, the restore form's token, and the
    group's backup as the server gives it."""
    with connect(base) as sock:
        sock.sendall(b"GET /groups/household HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        page = answer(sock).decode()
    cookie = page.split("Set-Cookie: ", 1)[1].split(";", 1)[0]
    token = page.split('name="csrf_token" value="', 1)[1].split('"', 1)[0]
    with connect(base) as sock:
        sock.sendall(f"GET /groups/household/backup.json HTTP/1.1\r\nHost: x\r\nCookie: {cookie}\r\n"
                     "Connection: close\r\n\r\n".encode())
        backup = answer(sock).split(b"\r\n\r\n", 1)[1]
    return cookie, token, backup


@pytest.mark.parametrize("chunked", [False, True])
def test_a_backup_of_several_mib_at_wifi_speed_is_restored(tmp_path, chunked):
    """An upload is waited for without a thread too, up to its page's limit (the restore's
    32 MiB, not the 2 MiB of every other page): 6 MiB, sent at a phone's pace in 64 KiB
    pieces, with a length or chunked, reaches the page whole."""
    with serving(tmp_path) as (base, _):
        cookie, token, backup = restore_form(base)
        assert backup.startswith(b"{")
        padded = backup + b" " * (6 * 1024 * 1024)  # still the same JSON, 6 MiB larger
        body = (b"--x\r\nContent-Disposition: form-data; name=\"csrf_token\"\r\n\r\n" + token.encode()
                + b"\r\n--x\r\nContent-Disposition: form-data; name=\"file\"; filename=\"backup.json\"\r\n"
                b"Content-Type: application/json\r\n\r\n" + padded + b"\r\n--x--\r\n")
        framing = "Transfer-Encoding: chunked" if chunked else f"Content-Length: {len(body)}"
        with connect(base) as sock:
            sock.sendall(f"POST /groups/household/restore HTTP/1.1\r\nHost: x\r\nCookie: {cookie}\r\n"
                         "Content-Type: multipart/form-data; boundary=x\r\nConnection: close\r\n"
                         f"{framing}\r\n\r\n".encode())
            for at in range(0, len(body), 64 * 1024):
                piece = body[at:at + 64 * 1024]
                sock.sendall(b"%x\r\n%s\r\n" % (len(piece), piece) if chunked else piece)
                time.sleep(0.002)  # about 30 MiB/s at most: a phone on good Wi-Fi
            if chunked:
                sock.sendall(b"0\r\n\r\n")
            reply = answer(sock)
        # Every game of the backup is here already: restored, nothing added.
        assert reply.startswith(b"HTTP/1.1 303"), reply[:300]


def test_one_address_cannot_take_another_phones_room(tmp_path):
    """SERVE_MAX_CONNECTIONS 50: a device that opens 120 connections closes its own oldest
    ones once it has SERVE_MAX_PER_ADDRESS (32), never another phone's idle connection
    (which, waiting longest, used to make room first)."""
    with serving(tmp_path, SERVE_MAX_CONNECTIONS=50) as (base, game_id):
        phone = connect(base, "127.0.0.1")
        phone.sendall(b"GET /static/css/app.css HTTP/1.1\r\nHost: x\r\n\r\n")
        assert one_answer(phone) == b"HTTP/1.1 200 OK"  # kept alive, idle from now on
        flood = [connect(base, "127.0.0.2") for _ in range(120)]
        try:
            time.sleep(1)  # all accepted
            phone.sendall(f"GET /games/{game_id} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            assert one_answer(phone) == b"HTTP/1.1 200 OK"
            assert answer(flood[0]) == b""  # the device's own first ones made room
            flood[-1].sendall(b"GET /static/css/app.css HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            assert answer(flood[-1]).startswith(b"HTTP/1.1 200")
        finally:
            phone.close()
            for sock in flood:
                sock.close()


class Phone:
    """A browser on one device (its own loopback address): a session cookie and the join
    page's token, over http.client."""

    def __init__(self, base: str, address: str) -> None:
        self.host, port = base.rsplit("/", 1)[1].split(":")
        self.port, self.address, self.cookie = int(port), address, ""

    def request(self, method: str, path: str, body: str = "") -> tuple[int, str]:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=60,
                                          source_address=(self.address, 0))
        headers = {"Cookie": self.cookie} if self.cookie else {}
        if body:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            conn.request(method, path, body=body or None, headers=headers)
            response = conn.getresponse()
            page = response.read().decode()
        finally:
            conn.close()
        if cookie := response.getheader("Set-Cookie"):
            self.cookie = cookie.split(";", 1)[0]
        return response.status, page

    def join(self, name: str, code: str) -> int:
        """A fresh visit to the join page, then its form with ``code``."""
        self.cookie = ""
        _, page = self.request("GET", "/join")
        token = page.split('name="csrf_token" value="', 1)[1].split('"', 1)[0]
        form = urllib.parse.urlencode({"csrf_token": token, "name": name, "code": code, "next": ""})
        return self.request("POST", "/join", form)[0]


def test_a_member_with_the_right_code_gets_in_at_once_during_a_wrong_code_flood(tmp_path):
    """60 addresses guess 3 wrong codes each, all at once; meanwhile a member's phone joins
    with the right code again and again: every try gets in."""
    store = create_app({"INSTANCE_PATH": str(tmp_path / "instance")}).extensions["store"]
    groups.create(store, "Club", "club-code")
    with serving(tmp_path) as (base, _):
        flooders = [Phone(base, f"127.0.2.{n + 1}") for n in range(60)]
        answers: list[int] = []

        def flood(phones: list[Phone]) -> None:
            for phone in phones:
                for guess in range(3):
                    answers.append(phone.join("Club", f"guess-{guess}"))

        threads = [threading.Thread(target=flood, args=(flooders[i::6],)) for i in range(6)]
        for thread in threads:
            thread.start()
        member, tries = Phone(base, "127.0.0.2"), []
        while any(thread.is_alive() for thread in threads) or len(tries) < 3:
            tries.append(member.join("Club", "club-code"))
            time.sleep(0.3)
        for thread in threads:
            thread.join(300)
        print(f"member: {tries.count(303)} of {len(tries)} got in; flood answers: "
              f"{answers.count(422)} wrong, {answers.count(429)} waits")
        assert len(answers) == 180 and answers.count(422) > 0  # the flood was checked and refused
        assert tries and set(tries) == {303}
        assert groups.group_failures(store, groups.find_by_name(store, "Club")["id"]) == answers.count(422)


def test_a_phone_that_drops_an_https_answer_halfway_is_one_quiet_line(tmp_path):
    """`serve --https` with its own certificate; phones ask for a font (650 KiB) and vanish
    after its first bytes (closed, or reset): the host's terminal gets one line for each,
    no traceback, and serving goes on."""
    instance = tmp_path / "instance"
    create_app({"INSTANCE_PATH": str(instance)})
    port = free_port()
    while not port_is_free(port + 1):
        port = free_port()
    log = tmp_path / "serve.log"
    env = {**os.environ, "COMPANION_INSTANCE_PATH": str(instance)}
    with log.open("wb") as out:
        process = subprocess.Popen([sys.executable, "-m", "flask", "--app", "app", "serve", "--port", str(port),
                                    "--threads", "2", "--https"], cwd=ROOT, env=env, stdout=out,
                                   stderr=subprocess.STDOUT)
    https = f"https://127.0.0.1:{port + 1}"
    context = ssl.create_default_context()
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE  # the drop is what counts here
    try:
        wait_until_up(https, process, context)
        before = log.read_text()
        for reset in (False, True, False):
            raw = socket.socket()
            raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # the answer cannot all be sent at once
            raw.connect(("127.0.0.1", port + 1))
            sock = context.wrap_socket(raw)
            sock.sendall(b"GET /static/fonts/DejaVuSansCondensed.ttf HTTP/1.1\r\nHost: x\r\n\r\n")
            assert sock.recv(1024)
            if reset:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            sock.close()
            time.sleep(1)
        assert get(f"{https}/", context)[0] == 200  # still serving
        time.sleep(1)
        said = log.read_text()[len(before):]
        assert "Traceback" not in said, said
        lines = [line for line in said.splitlines() if line.strip()]
        # One line at most for each drop (a reset cheroot passes over in silence).
        assert 1 <= len(lines) <= 3 and all("dropped its connection" in line for line in lines), said
    finally:
        process.terminate()
        assert process.wait(30) == 0, log.read_text()[-3000:]


def test_bodies_in_waiting_hold_at_most_four_of_the_largest_upload_in_memory(tmp_path):
    """BACKUP_MAX_BYTES 1 MiB: the largest body is 3 MiB (2 MiB imports and the form's room),
    so bodies in waiting hold at most 12 MiB. Five devices each send 2.9 MB of a restore and
    stop: the fifth, past 12 MiB, is closed; the pages still answer."""
    with serving(tmp_path, BACKUP_MAX_BYTES=1024 * 1024) as (base, game_id):
        held = []
        try:
            for n in range(5):
                sock = connect(base, f"127.0.3.{n + 1}")
                held.append(sock)
                with contextlib.suppress(OSError):  # the last one is closed while it sends
                    sock.sendall(b"POST /groups/household/restore HTTP/1.1\r\nHost: x\r\n"
                                 b"Content-Type: multipart/form-data; boundary=x\r\n"
                                 b"Content-Length: 3000000\r\n\r\n" + b"a" * 2_900_000)
                time.sleep(0.5)
            assert answer(held[-1]) == b""
            assert get(f"{base}/games/{game_id}", timeout=PAGE_WITHIN)[0] == 200
        finally:
            for sock in held:
                sock.close()
