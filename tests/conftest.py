"""Fixtures: an app on a real TinyDB folder in a temp dir, its client, its CLI runner, and
the documented example record of each game."""
from __future__ import annotations

import hashlib
import json
import os
import re
import socket
import subprocess
from collections.abc import Callable, Hashable, Iterator
from concurrent.futures import Future
from pathlib import Path

import jinja2
import pytest
from flask import Flask

from companion import cli, create_app
from companion.history.transfer import import_record
from companion.printing import pool as printing
from companion.serving import network
from tests.formpage import Browserless
from tests.games.tables import exported_records

# A game's life (tests/playing.py): its fixed clock and its two groups' fixtures, for the
# tests of records, the trash, exports and the lifecycle pages, wherever they live.
pytest_plugins = ["tests.playing"]

# Each game's example record, exported by the app: in its own page, docs/games/<slug>.md.
EXAMPLES = exported_records()


# The test files that take longest (measured: `--durations=0` of a whole run under `--dist
# loadfile`, worker time per file, 2026-12-06 with -n 2), handed out first. xdist hands out
# files by their number of tests, most first, so a long file of a few tests (the hostile
# device's seven, the router names' four real servers) came near the end and ran alone
# while the other worker was done. Longest first, the last files are short ones and both
# workers finish together; the first worker takes test_paper_ii_pages then test_layout, so
# the rules references the first renders are the second's shared renders. A name not on
# the list (or no longer a file) changes nothing but the order; none is left out.
LONGEST_FIRST = [
    "tests/printables/test_paper_ii_pages.py",
    "tests/browser/test_access_phone.py",
    "tests/printables/test_layout.py",
    "tests/browser/test_offline_first_visit_phone.py",
    "tests/test_hostile_device.py",
    "tests/browser/test_large_text_phone.py",
    "tests/browser/test_table_loop.py",
    "tests/printables/test_blank_sheets.py",
    "tests/printables/test_paper_ii.py",
    "tests/printables/test_rules_references.py",
    "tests/browser/test_real_phone.py",
    "tests/browser/test_access_pages.py",
    "tests/browser/test_own_game_phone.py",
    "tests/browser/test_router_names_phone.py",
    "tests/test_server.py",
    "tests/browser/test_rows_phone.py",
    "tests/printables/test_serving.py",
    "tests/printables/test_pool.py",
    "tests/test_fuzz.py",
    "tests/browser/test_mending_phone.py",
    "tests/browser/test_first_night.py",
    "tests/tls/test_mdns.py",
    "tests/printables/test_pack_named.py",
    "tests/printables/test_command.py",
    "tests/test_wheel.py",
    "tests/store/test_at_once.py",
    "tests/browser/test_follow_phone.py",
    "tests/browser/test_secure_table_phone.py",
    "tests/store/test_reconcile.py",
    "tests/store/test_clock_jump.py",
]


# The tests every game must pass, new or old: `pytest -m every_game` (docs/adding-a-game.md).
# Each test file that runs over the registry's games is found by what it imports (no list to
# keep); these hold every module of the app to a rule a new game's modules must keep too.
ROOT = Path(__file__).resolve().parents[1]
EVERY_GAME_TOO = ("tests/games/test_pure.py", "tests/test_dead_code.py", "tests/test_imports.py",
                  "tests/test_translations.py", "tests/test_german_address.py",
                  "tests/result/test_result_pages.py")
OVER_THE_REGISTRY = re.compile(r"from companion\.games import [^\n]*\bGAMES\b|from tests\.games\.tables import")


def every_game(path: Path) -> bool:
    name = path.relative_to(ROOT).as_posix()
    return name in EVERY_GAME_TOO or (name.startswith("tests/") and "/browser/" not in name
                                      and bool(OVER_THE_REGISTRY.search(path.read_text(encoding="utf-8"))))


def pytest_collection_modifyitems(config, items):
    marked: dict[Path, bool] = {}
    for item in items:
        path = Path(item.fspath)
        if path not in marked:
            marked[path] = every_game(path)
        if marked[path]:
            item.add_marker(pytest.mark.every_game)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class LongestFirst(LoadFileScheduling):
        def _assign_work_unit(self, node):
            waiting = next((f for f in LONGEST_FIRST if f in self.workqueue), None)
            if waiting is not None:
                self.workqueue.move_to_end(waiting, last=False)
            super()._assign_work_unit(node)

    return LongestFirst(config, log)


def free_port() -> int:
    """A port nothing listens on, for a server a test starts, with the port after it free too:
    `serve` puts https on port + 1 (two workers' servers met there: "port … is in use")."""
    while True:
        with socket.socket() as s, socket.socket() as after:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
            try:
                after.bind(("127.0.0.1", port + 1))
            except OSError:
                continue
            return port


# A test that asks for a PDF waits for it: on a loaded machine a sheet can take longer than
# PDF_WAIT_SECONDS' 20 s, when the server answers with the page that reloads (which has tests
# of its own, with a short wait). The tests' render workers run at the test's own priority:
# at the app's 19 a render of a test that waits for it gets almost no CPU beside the other
# xdist worker and whatever else runs on the machine (a module of renders took 858 s of
# worker time on a shared machine). What the priority is for -- no game page waits behind
# a render -- is tested with the app's default (tests/printables/test_pool.py, test_serving.py).
TESTING = {"TESTING": True, "PDF_WAIT_SECONDS": 600, "PDF_WORKER_NICE": 0}


# -- what the tests make again and again, made once per run ----------------------------------

class CompiledTemplates(jinja2.BytecodeCache):
    """Each template compiled once per test process instead of once per app (the tests make
    an app per test, and compiling a page's templates cost ~0.1 s of CPU, more than most
    tests' own work). Jinja checks each entry against the template's source, and the key
    holds what compiling depends on (extensions, gettext style, the kinds of filters and
    tests), so an app set up otherwise never gets another's code."""

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def get_bucket(self, environment, name, filename, source):  # type: ignore[no-untyped-def]
        bucket = super().get_bucket(environment, name, filename, source)
        kinds = [(kind, name, str(jinja2.utils._PassArg.from_obj(f))) for kind, table in
                 (("filter", environment.filters), ("test", environment.tests)) for name, f in table.items()]
        bucket.key += repr((sorted(environment.extensions), getattr(environment, "newstyle_gettext", None),
                            environment.autoescape, environment.finalize, environment.is_async, sorted(kinds)))
        bucket.reset()
        self.load_bytecode(bucket)
        return bucket

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        if bucket.key in self.compiled:
            bucket.bytecode_from_string(self.compiled[bucket.key])

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()


Flask.jinja_options = {**Flask.jinja_options, "bytecode_cache": CompiledTemplates()}


def pytest_configure(config):
    config.addinivalue_line("markers", "own_renders: every PDF of the test is rendered by the app's "
                            "render workers, never taken from the run's shared renders (tests of the pool)")


@pytest.fixture(scope="session")
def shared_renders(tmp_path_factory) -> Path:
    """A folder of PDFs rendered in this run, shared by the xdist workers (``renders``)."""
    root = tmp_path_factory.getbasetemp()
    folder = (root.parent if os.environ.get("PYTEST_XDIST_WORKER") else root) / "shared-renders"
    folder.mkdir(exist_ok=True)
    return folder


@pytest.fixture(autouse=True)
def renders(request, monkeypatch, shared_renders):
    """The same PDF rendered once per run: many tests ask for the same blank sheet or rules
    reference (each in a fresh instance folder, so the app's own caches start empty), and a
    render is ~1 s of CPU. An app that waits for its PDFs as long as the tests' ``TESTING``
    does gets a PDF rendered from the very same HTML, paper and orientation earlier in the run,
    through the pool's own ``submit`` (so the app's caches fill as they would); the first
    of each is rendered by the workers as always. Apps that wait less (the "being made" pages)
    and tests marked ``own_renders`` (the pool's own) always render."""
    if request.node.get_closest_marker("own_renders"):
        return
    made = printing.init_app

    def init_app(app):
        made(app)
        if app.config["PDF_WAIT_SECONDS"] >= TESTING["PDF_WAIT_SECONDS"]:
            kept = app.extensions["printing"]
            kept.pool = SharedRenders(kept.pool, shared_renders)

    monkeypatch.setattr(printing, "init_app", init_app)


class SharedRenders:
    """A render pool whose renders are kept in ``folder`` by their input, for the run."""

    def __init__(self, pool: printing.RenderPool, folder: Path):
        self._pool, self._folder = pool, folder

    def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
        return getattr(self._pool, name)

    def submit(self, key: Hashable, html: str, paper: str, landscape: bool,
               done: Callable[[Hashable, bytes], None] | None = None) -> Future[bytes]:
        path = self._folder / (hashlib.sha256(repr((html, paper, landscape)).encode()).hexdigest() + ".pdf")
        if path.exists():
            pdf = path.read_bytes()
            if done is not None:
                done(key, pdf)
            future: Future[bytes] = Future()
            future.set_result(pdf)
            return future

        def keep(key: Hashable, pdf: bytes) -> None:
            part = path.with_suffix(f".{os.getpid()}.part")
            part.write_bytes(pdf)
            part.replace(path)
            if done is not None:
                done(key, pdf)

        return self._pool.submit(key, html, paper, landscape, keep)


@pytest.fixture
def app(tmp_path):
    return create_app({**TESTING, "INSTANCE_PATH": str(tmp_path / "instance")})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture
def store(app):
    return app.extensions["store"]


@pytest.fixture
def logged(store):
    """Store the documented example record of a game; returns its id."""
    def make(slug: str) -> str:
        return store.create(import_record(json.dumps(EXAMPLES[slug])))
    return make


@pytest.fixture
def user(client):
    """Fills in and sends the app's forms the way a browser without JavaScript would."""
    return Browserless(client)


# Two network addresses for this computer, whatever the test machine has (see ``lan``).
LAN = ["192.168.1.50", "10.0.0.7"]


@pytest.fixture
def lan(monkeypatch):
    """This computer as one with the addresses ``LAN``: the tests of links made for other
    phones run on a machine without a network too (the real lookup has its own test)."""
    monkeypatch.setattr(network, "lan_addresses", lambda: list(LAN))
    monkeypatch.setattr(cli, "lan_addresses", lambda: list(LAN))
    return LAN


def small_tmpfs(tmp_path: Path, size: str) -> Iterator[Path]:
    """A real disk of ``size`` ("1m", "48k") to fill up: a tmpfs mounted under ``tmp_path``
    (the test is skipped where mounting is not allowed). Use as a fixture's body."""
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(mount)],
                          capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here: {done.stderr.decode().strip()}")
    yield mount
    subprocess.run(["umount", "-l", str(mount)], check=True)
