"""A real `flask --app app serve` process on an instance folder, and phones that talk to it
over real sockets: each phone its own cookies (its session and CSRF token), forms read from
the pages it opened and sent as a browser sends them (multipart for a file)."""
from __future__ import annotations

import contextlib
import http.cookiejar
import os
import secrets
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tests.conftest import free_port
from tests.formpage import forms_of

ROOT = Path(__file__).resolve().parents[2]


class _Stay(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None  # a 303 is an answer of its own: where the import went


class Phone:
    """One phone: its own cookie jar, the last page it opened."""

    def __init__(self, base: str):
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), _Stay())
        self.page = ""
        self.path = "/"

    def _send(self, request: urllib.request.Request) -> tuple[int, str, str]:
        try:
            with self.opener.open(request, timeout=120) as response:
                return response.status, response.read().decode(), response.headers.get("Location", "")
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode(), error.headers.get("Location", "")

    def open(self, path: str) -> int:
        self.path = path
        status, self.page, _ = self._send(urllib.request.Request(self.base + path))
        return status

    def form_fields(self, action: str) -> dict[str, str | list[str]]:
        """The fields of the page's form posting to ``action``; a name that repeats (a list
        of players) has its values as a list."""
        form = next(f for f in forms_of(self.page)
                    if action in (f["action"] or self.path) and f["method"].lower() == "post")
        fields: dict[str, str | list[str]] = {}
        for name, value in form["fields"]:
            if name in fields:
                before = fields[name]
                fields[name] = [*before, value] if isinstance(before, list) else [before, value]
            else:
                fields[name] = value
        return fields

    def post(self, path: str, fields: dict[str, str | list[str]],
             files: dict[str, tuple[str, bytes]] | None = None) -> tuple[int, str, str]:
        """POST ``fields`` and ``files`` ({name: (filename, bytes)}) as multipart form data:
        (status, body, Location)."""
        boundary = secrets.token_hex(16)
        parts = []
        for name, values in fields.items():
            for value in values if isinstance(values, list) else [values]:
                parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'
                             f"{value}\r\n".encode())
        for name, (filename, content) in (files or {}).items():
            parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
                         f'filename="{filename}"\r\nContent-Type: application/json\r\n\r\n'.encode()
                         + content + b"\r\n")
        body = b"".join(parts) + f"--{boundary}--\r\n".encode()
        request = urllib.request.Request(self.base + path, data=body, method="POST", headers={
            "Content-Type": f"multipart/form-data; boundary={boundary}"})
        return self._send(request)


@contextlib.contextmanager
def serving(instance: Path, log: Path, threads: int = 12, **env: str) -> Iterator[str]:
    """`flask --app app serve` on ``instance`` in its own process: its address."""
    port = free_port()
    environment = {**os.environ, "COMPANION_INSTANCE_PATH": str(instance), **env}
    with log.open("ab") as out:
        process = subprocess.Popen([sys.executable, "-m", "flask", "--app", "app", "serve", "--port",
                                    str(port), "--threads", str(threads)], cwd=ROOT, env=environment,
                                   stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                Phone(base).open("/")
                break
            except OSError:
                assert process.poll() is None, log.read_text()[-3000:]
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.2)
        yield base
    finally:
        process.terminate()
        assert process.wait(30) == 0, log.read_text()[-3000:]
