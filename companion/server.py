"""The HTTP server behind `serve`: cheroot (CherryPy's server, pure Python, on every OS),
for its TLS and its limits. Several listeners can run from one process (plain http beside
https): build each with `make_server`, run them together with `run`."""
from __future__ import annotations

import signal
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cheroot import wsgi
from cheroot.ssl.builtin import BuiltinSSLAdapter
from flask import Flask


def make_server(app: Flask, host: str, port: int, threads: int = 8,
                tls: tuple[str | Path, str | Path] | None = None) -> wsgi.Server:
    """A server of `app` on host:port, not started yet; with `tls` (certificate file, key
    file) it speaks https only."""
    server = wsgi.Server((host, port), app, numthreads=threads, max=threads)
    if tls is not None:
        cert, key = tls
        server.ssl_adapter = BuiltinSSLAdapter(str(cert), str(key))
    return server


def run(servers: Sequence[wsgi.Server]) -> None:
    """Serve on all of them until Ctrl-C or SIGTERM, or until one of them fails; then stop
    them all. Each is bound first, so a port in use fails before anything is served."""
    for server in servers:
        server.prepare()
    stopping = threading.Event()
    failures: list[BaseException] = []

    def serve(server: wsgi.Server) -> None:
        try:
            server.serve()
        except BaseException as error:  # the main thread raises it after stopping the others
            failures.append(error)
        finally:
            stopping.set()

    def on_term(*_: Any) -> None:
        stopping.set()

    previous = signal.signal(signal.SIGTERM, on_term) if threading.current_thread() is threading.main_thread() else None
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
        for server in servers:
            server.stop()
        for thread in threads:
            thread.join(10)
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
    if failures and not isinstance(failures[0], KeyboardInterrupt | SystemExit):
        raise failures[0]
