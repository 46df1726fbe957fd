"""Run one write in this process and die by SIGKILL at a chosen step of it.

    python -m tests.store.crash STEP ACTION INSTANCE [FILE]

STEP: ``marker`` (the pending marker is written, the game file not yet), ``file`` (the game
file is written, the index not yet), ``index-temp`` (half of the new index is in its
temporary file); for a delete also ``copy`` (the trash's copy is written, the index still
lists the game) and ``unlisted`` (the index forgot it, its file is still in ``games/``).
ACTION: ``finish`` (the finishing hand of the game in INSTANCE/game-id, through the game
page's own form), ``delete`` (that game deleted through its page's form), ``import``
(``flask import-record FILE``), ``restore`` (``flask restore FILE``: killed at the given
step of its third game).

Nothing is mocked but the moment of death: the process really dies (kill -9), its open
files and locks are released by the kernel as in a power cut of the process.
"""
from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

from companion import create_app
from companion.storage import files
from companion.storage.index import Index
from companion.storage.store import Store
from tests.formpage import Browserless


def die() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def arm(step: str, after_games: int = 0) -> None:
    """Patch the store so that the write after ``after_games`` completed game writes dies."""
    seen = {"games": 0}

    def counted() -> bool:
        seen["games"] += 1
        return seen["games"] > after_games

    if step == "marker":
        original_write = Store._write

        def write(self: Store, path: Path, record: dict) -> None:
            if counted():
                die()
            original_write(self, path, record)
        Store._write = write  # type: ignore[method-assign]
    elif step == "file":
        original_reindex = Index.reindex

        def reindex(self: Index, game_id: str, record: dict | None = None) -> None:
            if counted():
                die()
            original_reindex(self, game_id, record)
        Index.reindex = reindex  # type: ignore[method-assign]
    elif step == "index-temp":
        original_atomic = files.write_atomically

        def write_atomically(path: Path, text: str) -> None:
            if path.name == "index.json" and counted():
                tmp = path.parent / f".{path.name}.killed.tmp"
                tmp.write_text(text[: len(text) // 2])
                die()
            original_atomic(path, text)
        files.write_atomically = write_atomically
    elif step in ("copy", "unlisted"):
        original_unlist = Index.unlist

        def unlist(self: Index, *game_ids: str) -> None:
            if step == "unlisted":
                original_unlist(self, *game_ids)
            die()
        Index.unlist = unlist  # type: ignore[method-assign]
    else:
        raise SystemExit(f"unknown step {step}")


def main() -> None:
    step, action, instance = sys.argv[1:4]
    app = create_app({"TESTING": True, "INSTANCE_PATH": instance})
    if action == "finish":
        game_id = (Path(instance) / "game-id").read_text()
        user = Browserless(app.test_client())
        user.open(f"/games/{game_id}")
        form = user.form("/entries")
        (Path(instance) / "form.txt").write_text(repr(form["fields"]))  # for the resend
        arm(step)
        user.submit("/entries", {"players-0-gold": "60", "players-1-gold": "20",
                                 "players-2-gold": "0"})
    elif action == "delete":
        game_id = (Path(instance) / "game-id").read_text()
        user = Browserless(app.test_client())
        user.open(f"/games/{game_id}")
        arm(step)
        user.submit(f"/games/{game_id}/delete")
    elif action == "import":
        arm(step)
        app.test_cli_runner().invoke(args=["import-record", sys.argv[4]], catch_exceptions=False)
    elif action == "restore":
        arm(step, after_games=2)
        app.test_cli_runner().invoke(args=["restore", sys.argv[4]], catch_exceptions=False)
    raise SystemExit("not killed: the step was never reached")


if __name__ == "__main__":
    main()
