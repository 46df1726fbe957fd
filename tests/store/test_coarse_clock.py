"""Freshness of the index by content, not by clock: on a file system that keeps whole
seconds (an ext2 loop image with 128-byte inodes, as FAT and exFAT sticks do), two
same-size index writes by another process within one second are still seen.

Two real processes on a really coarse file system: this one keeps its tables cached; a
child changes the access code twice at once. Before the index carried its version, the
file after the second change had the same inode (freed by the first, taken again by the
second), size and time as before: this process kept the old code, and its next write put
it back for good.
"""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from werkzeug.security import generate_password_hash

from companion.history import groups
from companion.storage.store import Store

ROOT = Path(__file__).resolve().parents[2]

CHILD = """
import sys
from companion.storage.store import Store
from tests.store.test_coarse_clock import put
store = Store(sys.argv[1])
print("ready", flush=True)
for line in sys.stdin:
    for code_hash in line.split():
        put(store, sys.argv[2], code_hash)
    print("done", flush=True)
"""


def put(store: Store, group_id: str, code_hash: str) -> None:
    """What ``groups.set_code`` writes, its slow hash made beforehand so that three changes
    fit in one second on this shared machine."""
    store.index.change_table("groups", lambda table: {**table, group_id: {
        **table[group_id], "code_hash": code_hash, "gen": table[group_id]["gen"] + 1}})


@pytest.fixture
def coarse(tmp_path):
    """A folder on a file system whose times are whole seconds."""
    image, folder = tmp_path / "coarse.img", tmp_path / "coarse"
    folder.mkdir()
    with image.open("wb") as f:
        f.truncate(8 * 1024 * 1024)
    made = subprocess.run(["mkfs.ext2", "-q", "-F", "-I", "128", str(image)], capture_output=True)
    mounted = made.returncode == 0 and subprocess.run(
        ["mount", "-o", "loop", str(image), str(folder)], capture_output=True).returncode == 0
    if not mounted:
        pytest.skip("no loop mount here (needs root): see test_same_second_writes_simulated")
    try:
        probe = folder / "probe"
        probe.write_text("x")
        assert probe.stat().st_mtime_ns % 1_000_000_000 == 0, "not a coarse file system"
        yield folder / "data"
    finally:
        subprocess.run(["umount", str(folder)], check=True)


def stat_key(path: Path) -> tuple[int, int, int]:
    st = path.stat()
    return st.st_ino, st.st_size, st.st_mtime_ns


def test_two_access_code_changes_within_a_second_are_seen_by_the_other_process(coarse):
    store = Store(coarse)
    club = groups.create(store, "Club", "0000")
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(coarse), club["id"]], cwd=ROOT,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                             env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert child.stdout is not None and child.stdin is not None
        assert child.stdout.readline().strip() == "ready"
        for attempt in range(10):
            codes = [f"{attempt}{n}{n}{n}" for n in (1, 2, 3)]
            hashes = [generate_password_hash(code) for code in codes]
            while time.time() % 1 > 0.2:  # start early in a second: all three fit in it
                time.sleep(0.01)
            put(store, club["id"], hashes[0])
            before = stat_key(store.index.path)
            assert groups.get(store, club["id"])["code_hash"] == hashes[0]  # cached now
            child.stdin.write(f"{hashes[1]} {hashes[2]}\n")
            child.stdin.flush()
            assert child.stdout.readline().strip() == "done"
            if stat_key(store.index.path)[1:] == before[1:]:
                break  # the same size and second: what a clock alone cannot tell apart
        else:
            pytest.fail("never two same-size writes within a second: the test proved nothing")
        now = groups.get(store, club["id"])
        assert groups.check_code(now, codes[2]) and not groups.check_code(now, codes[0])
        groups.create(store, "Other", "9999")  # this process's next write keeps the new code
        assert groups.check_code(groups.get(Store(coarse), club["id"]), codes[2])
    finally:
        if child.stdin:
            child.stdin.close()
        child.kill()
        child.wait()
        if child.stdout:
            child.stdout.close()


def test_same_second_writes_simulated(tmp_path):
    """The same on any file system, the second write's time set back by hand to the
    first's (os.utime): what a coarse clock does, in a folder that runs anywhere."""
    store, other = Store(tmp_path), Store(tmp_path)
    club = groups.create(store, "Club", "0000")
    groups.set_code(store, club["id"], "1111")
    st = store.index.path.stat()
    assert groups.check_code(groups.get(other, club["id"]), "1111")
    groups.set_code(store, club["id"], "2222")
    os.utime(store.index.path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert store.index.path.stat().st_size == st.st_size
    assert groups.check_code(groups.get(other, club["id"]), "2222")
