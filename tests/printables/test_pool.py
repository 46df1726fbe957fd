"""The render pool: renders in worker processes, shared when identical, kept when fixed,
a killed worker replaced and its request told to try again, never a hang."""
from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any

import pytest

from companion import create_app
from companion.printing.pool import RenderInterrupted
from companion.record.entries import new_record
from tests.conftest import TESTING
from tests.printables.conftest import Pdf

# The pool itself is tested here: every PDF rendered by its workers (tests/conftest.py).
pytestmark = pytest.mark.own_renders


def printing_of(client):
    return client.application.extensions["printing"]


def wait_for(condition, seconds=60.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError("timed out")


def test_a_pdf_is_made_in_a_worker_process_not_in_the_server(client):
    response = client.get("/printables/beutezug/sheet.pdf?players=3&names=Ann")
    assert response.status_code == 200 and Pdf(response.data).pages == 1
    pids = printing_of(client).pool.pids()
    assert pids and os.getpid() not in pids


def test_a_worker_renders_at_the_lowest_cpu_priority_by_default(tmp_path):
    # A render gives way to any page the server makes (PDF_WORKER_NICE, default 19). The
    # app of the app's defaults, not of TESTING (whose workers render at the test's priority).
    client = create_app({"TESTING": True, "PDF_WAIT_SECONDS": 600,
                         "INSTANCE_PATH": str(tmp_path / "instance")}).test_client()
    assert client.get("/printables/beutezug/sheet.pdf?players=3&names=Nice").status_code == 200
    workers = [pid for pid in printing_of(client).pool.pids() if pid]
    lowest = min(19, os.getpriority(os.PRIO_PROCESS, 0) + 19)
    assert workers and [os.getpriority(os.PRIO_PROCESS, pid) for pid in workers] == [lowest] * len(workers)


def test_identical_requests_at_the_same_time_share_one_render(app):
    pool = app.extensions["printing"].pool
    before = pool.renders
    bodies, errors = [], []

    def ask():
        try:
            response = app.test_client().get("/printables/beutelschneider/sheet.pdf?players=5&names=Zed")
            bodies.append(response.data)
        except Exception as error:   # pragma: no cover - shown by the assert below
            errors.append(error)

    threads = [threading.Thread(target=ask) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors and len(bodies) == 4
    assert pool.renders - before == 1
    assert len(set(bodies)) == 1 and bodies[0].startswith(b"%PDF-")


def test_blank_sheets_and_rules_are_kept_on_disk_for_the_next_start(tmp_path):
    config = {**TESTING, "INSTANCE_PATH": str(tmp_path / "instance")}
    first = create_app(config).test_client()
    assert first.get("/printables/loot-and-scoot/rules.pdf?lang=de").status_code == 200
    kept = list((tmp_path / "instance" / "pdf-cache").glob("*/*.pdf"))
    assert len(kept) == 1
    # A new app on the same instance folder (a restart) serves it without a render.
    again = create_app(config)
    pool = again.extensions["printing"].pool
    before = pool.renders
    response = again.test_client().get("/printables/loot-and-scoot/rules.pdf?lang=de")
    assert response.status_code == 200 and response.data == kept[0].read_bytes()
    assert pool.renders == before
    # A sheet with names is not part of the fixed set: not kept on disk.
    again.test_client().get("/printables/beutezug/sheet.pdf?players=2&names=Al&names=Bo")
    assert len(list((tmp_path / "instance" / "pdf-cache").glob("*/*.pdf"))) == 1


@contextmanager
def a_worker_that_cannot_finish(tmp_path) -> Iterator[Any]:
    """An app with one render worker, stopped (SIGSTOP): whatever job it is given blocks
    until the test kills it -- however quick the render would have been."""
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "one"), "PDF_WORKERS": 1})
    pool = app.extensions["printing"].pool
    assert pool.submit(("test", "warm", time.time()), "<p>warm</p>", "a4", False).result(timeout=60)
    (pid,) = pool.pids()
    os.kill(pid, signal.SIGSTOP)
    try:
        yield app, pid
    finally:
        with suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


def test_a_killed_worker_is_replaced_and_its_job_answered(tmp_path):
    with a_worker_that_cannot_finish(tmp_path) as (app, pid):
        pool = app.extensions["printing"].pool
        key = ("test", "blocked", time.time())
        future = pool.submit(key, "<p>blocked</p>", "a4", False)
        assert wait_for(lambda: pool.busy_pid(key)) == pid
        assert not future.done()
        os.kill(pid, signal.SIGKILL)
        with pytest.raises(RenderInterrupted):
            future.result(timeout=30)
    # The next render gets a new worker and succeeds.
    fresh = pool.submit(("test", "after", time.time()), "<p>after</p>", "a4", False)
    assert fresh.result(timeout=60).startswith(b"%PDF-")
    assert pid not in pool.pids()


def test_a_request_whose_worker_is_killed_gets_a_message_to_try_again(tmp_path):
    with a_worker_that_cannot_finish(tmp_path) as (app, pid):
        store = app.extensions["store"]
        game_id = store.create(new_record("beutelschneider", ["Ann", "Ben", "Cy"], {}))
        version = store.load(game_id)["version"]
        printing = app.extensions["printing"]
        answers = []
        thread = threading.Thread(target=lambda: answers.append(
            app.test_client().get(f"/games/{game_id}/log.pdf")))
        thread.start()
        assert wait_for(lambda: printing.pool.busy_pid(("log", game_id, version, "en", "a4"))) == pid
        os.kill(pid, signal.SIGKILL)
        thread.join(60)
    response = answers[0]
    assert response.status_code == 503 and response.headers["Retry-After"]
    assert "try again" in response.get_data(as_text=True)
    assert pid not in printing.pool.pids()          # replaced


def test_a_request_that_cannot_wait_gets_a_page_that_reloads(tmp_path):
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "i"), "PDF_WAIT_SECONDS": 0.05})
    client = app.test_client()
    response = client.get("/printables/beutezug/sheet.pdf?players=4&names=Slow")
    assert response.status_code == 202 and response.headers["Retry-After"] == "2"
    html = response.get_data(as_text=True)
    assert '<meta http-equiv="refresh" content="2">' in html and "reloads by itself" in html
    # The render went on without anyone waiting; the reload finds the PDF.
    again = wait_for(lambda: (r := client.get("/printables/beutezug/sheet.pdf?players=4&names=Slow"))
                     .status_code == 200 and r)
    assert again.mimetype == "application/pdf" and "Slow" in Pdf(again.data).text
