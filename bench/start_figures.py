"""What a start costs: importing the app, create_app(), the first page, and a real `serve`
until its first page has answered."""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

from bench.common import ROOT, figure, free_port

IMPORT_APP = """
import sys, time
start = time.perf_counter()
from companion import create_app
imported = time.perf_counter()
app = create_app()
created = time.perf_counter()
response = app.test_client().get("/")
assert response.status_code == 200, response.status_code
print((imported - start) * 1000, (created - imported) * 1000, (time.perf_counter() - created) * 1000,
      int("weasyprint" in sys.modules))
"""


def _first_page_after_start(env: dict[str, str]) -> float:
    """Milliseconds from starting `flask --app app serve` (the README's command) until the
    first page has answered, polling every 5 ms."""
    port = free_port()
    start = time.perf_counter()
    server = subprocess.Popen([sys.executable, "-m", "flask", "--app", "app", "serve", "--port", str(port)],
                              cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as response:
                    assert response.status == 200
                return (time.perf_counter() - start) * 1000
            except OSError:
                if server.poll() is not None or time.perf_counter() - start > 60:
                    raise RuntimeError("the server did not answer") from None
                time.sleep(0.005)
    finally:
        server.terminate()
        server.wait()


def start_figures(repeat: int) -> None:
    """What a start costs, each in a fresh process with an instance folder made by an earlier
    start (the usual case): importing the app, create_app(), the first page through the test
    client; and, end to end, starting the server until its first page has answered."""
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "COMPANION_INSTANCE_PATH": folder}
        runs = []
        for _ in range(repeat + 1):  # the first run makes the instance folder
            out = subprocess.run([sys.executable, "-c", IMPORT_APP], cwd=ROOT, env=env, check=True,
                                 capture_output=True, text=True).stdout.split()
            runs.append([float(x) for x in out])
        runs = runs[1:]
        imports, creates, pages, weasyprint = zip(*runs, strict=True)
        figure("import_app_ms", statistics.median(imports), "ms")
        figure("create_app_ms", statistics.median(creates), "ms")
        figure("first_page_in_process_ms", statistics.median(pages), "ms")
        figure("create_app_plus_first_page_ms",
               statistics.median(c + p for c, p in zip(creates, pages, strict=True)), "ms")
        figure("weasyprint_imported_by_start", max(weasyprint), "(1 = yes)")
        figure("first_page_after_start_ms",
               statistics.median(_first_page_after_start(env) for _ in range(repeat)), "ms")
