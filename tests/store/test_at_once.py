"""What the outside brings at the same moment, against a real server process: the same game
record imported by many phones at once makes one game, and every other phone is told where
it is ("Already here", a link to it); the same backup restored by several phones at once
adds each game once; `import-record` run in several processes at once makes one game.

Before imports were applied once, 2 phones importing at once made 2 games in 10 of 10
rounds, and 10 at once made 10."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from companion import create_app
from companion.history import backup
from companion.history.transfer import export_record
from companion.record.shape import DEFAULT_GROUP
from companion.storage.store import Store
from tests.history.conftest import finished_game
from tests.store.served import ROOT, Phone, serving


def _at_once(count: int, send) -> list[tuple[int, str, str]]:
    """``send(n)`` from ``count`` threads released together: their answers, in order."""
    ready = threading.Barrier(count)
    answers: list[tuple[int, str, str] | None] = [None] * count

    def phone(n: int) -> None:
        ready.wait()
        answers[n] = send(n)
    threads = [threading.Thread(target=phone, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(180)
    assert all(a is not None for a in answers)
    return answers  # type: ignore[return-value]


@pytest.fixture
def other_table(tmp_path: Path) -> Store:
    """Another table's app, whose games are exported and brought here."""
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "other")})
    return app.extensions["store"]


@pytest.mark.parametrize("phones", [2, 10])
def test_the_same_record_imported_by_many_phones_at_once_makes_one_game(tmp_path, other_table, phones):
    instance = tmp_path / "instance"
    body = json.dumps(export_record(other_table.load(finished_game(other_table, (50, 30, 0))))).encode()
    with serving(instance, tmp_path / "server.log") as base:
        for round_ in range(3):
            if round_:  # the next round starts from nothing again
                for path in (instance / "games").glob("*.json"):
                    Store(instance).index.unlist(path.stem)
                    path.unlink()
            table = [Phone(base) for _ in range(phones)]
            forms = []
            for phone in table:
                assert phone.open("/import") == 200
                forms.append(phone.form_fields("/import"))
            answers = _at_once(phones, lambda n, table=table, forms=forms: table[n].post(
                "/import", forms[n], {"file": ("record.json", body)}))
            games = sorted(p.stem for p in (instance / "games").glob("*.json"))
            assert len(games) == 1, (round_, [a[0] for a in answers])
            (game_id,) = games
            made = [a for a in answers if a[0] == 303]
            assert len(made) == 1 and made[0][2].endswith(f"/games/{game_id}")
            for status, page, _ in answers:
                if status != 303:
                    assert status == 200 and "Already here, nothing was added" in page
                    assert f'href="/games/{game_id}"' in page
            assert table[0].open("/history") == 200
            assert table[0].page.count(f'href="/games/{game_id}"') == 1


def test_the_same_backup_restored_by_several_phones_at_once_adds_each_game_once(tmp_path, other_table):
    instance = tmp_path / "instance"
    for points in ((50, 30, 0), (10, 40, 20), (0, 0, 60)):
        finished_game(other_table, points)
    body = json.dumps(backup.backup(other_table, DEFAULT_GROUP)).encode()
    phones = 6
    with serving(instance, tmp_path / "server.log") as base:
        table = [Phone(base) for _ in range(phones)]
        forms = []
        for phone in table:
            assert phone.open("/") == 200
            gid = DEFAULT_GROUP
            assert phone.open(f"/groups/{gid}") == 200
            forms.append(phone.form_fields(f"/groups/{gid}/restore"))
        answers = _at_once(phones, lambda n: table[n].post(
            f"/groups/{DEFAULT_GROUP}/restore", forms[n], {"file": ("backup.json", body)}))
    assert [a[0] for a in answers] == [303] * phones
    assert sorted(p.stem for p in (instance / "games").glob("*.json")) == sorted(other_table.game_ids())
    assert sorted(Store(instance).index.games()) == sorted(other_table.game_ids())



COMMAND = """
import sys, time
from pathlib import Path
from companion import create_app
app = create_app()
print("ready", flush=True)
while not Path(sys.argv[2]).exists():  # all started: the imports begin together
    time.sleep(0.001)
print(app.test_cli_runner().invoke(args=["import-record", sys.argv[1]]).output, flush=True)
"""


def test_the_same_record_imported_by_several_commands_at_once_makes_one_game(tmp_path, other_table):
    """The lock of an import holds across processes: `import-record` in six processes at once."""
    instance = tmp_path / "instance"
    create_app({"INSTANCE_PATH": str(instance)})
    record, go = tmp_path / "record.json", tmp_path / "go"
    record.write_text(json.dumps(export_record(other_table.load(finished_game(other_table, (50, 30, 0))))))
    env = {**os.environ, "COMPANION_INSTANCE_PATH": str(instance)}
    commands = [subprocess.Popen([sys.executable, "-c", COMMAND, str(record), str(go)], cwd=ROOT, env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
                for _ in range(6)]
    for command in commands:
        assert command.stdout is not None and command.stdout.readline().strip() == "ready"
    go.touch()
    said = [c.communicate(timeout=180)[0] for c in commands]
    games = [p.stem for p in (instance / "games").glob("*.json")]
    assert len(games) == 1, said
    assert sorted(line.split(" (")[0] for out in said for line in out.splitlines() if "game" in line) == \
        sorted([f"imported as game {games[0]}"] + [f"already here: game {games[0]}"] * 5)
