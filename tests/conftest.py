"""Fixtures: an app on a real TinyDB folder in a temp dir, its client, its CLI runner, and
the documented example record of each game."""
from __future__ import annotations

import json
import re
import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import cli, create_app, network
from companion.transfer import import_record
from tests.formpage import Browserless
from tests.games.tables import exported_records

# A game's life (tests/playing.py): its fixed clock and its two groups' fixtures, for the
# tests of records, the trash, exports and the lifecycle pages, wherever they live.
pytest_plugins = ["tests.playing"]

# Each game's example record, exported by the app: in its own page, docs/games/<slug>.md.
EXAMPLES = exported_records()


# The test files that take longest (measured: `--durations=0` of a whole run under `--dist
# loadfile`, worker time per file), handed out first. xdist hands out files by their number of tests, most
# first, so a long file of one test (the printables command, 124 PDFs) came near the end and
# ran alone while the other worker was done. Longest first, the last files are short ones
# and both workers finish together. A name not on the list (or no longer a file) changes
# nothing but the order; none is left out.
LONGEST_FIRST = [
    "tests/printables/test_pack.py",
    "tests/printables/test_command.py",
    "tests/browser/test_table_loop.py",
    "tests/test_fuzz.py",
    "tests/printables/test_layout.py",
    "tests/browser/test_first_night.py",
    "tests/history/test_throttle.py",
    "tests/browser/test_large_text_phone.py",
    "tests/browser/test_real_phone.py",
    "tests/browser/test_end_in_view_phone.py",
    "tests/browser/test_secure_table_phone.py",
    "tests/printables/test_pool.py",
    "tests/test_wheel.py",
    "tests/browser/test_own_game_phone.py",
    "tests/printables/test_serving.py",
    "tests/tls/test_mdns.py",
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
