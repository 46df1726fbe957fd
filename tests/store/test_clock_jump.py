"""A wrong clock never empties the trash, against real server processes: each start is a
computer whose clock is set as a Raspberry Pi without a clock battery may start (a month
ahead before NTP answers), then right again. The trash is looked at by a phone.

Before: clock +31 days, one look at the trash, clock back: the deleted game was gone for
good."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from companion import create_app
from companion.storage import trash
from tests.history.conftest import finished_game
from tests.store.served import Phone, serving


def _clock(instance: Path, ahead: timedelta | None) -> None:
    """The next start's clock: ``ahead`` of the real one (None: the real one)."""
    config = instance / "config.py"
    if ahead is None:
        config.unlink(missing_ok=True)
    else:
        moment = datetime.now(UTC) + ahead
        config.write_text(f"import datetime\nLIFECYCLE_NOW = datetime.datetime.fromisoformat({moment.isoformat()!r})\n")


def _trash_page(instance: Path, log: Path, ahead: timedelta | None) -> str:
    """One phone's look at the trash from a server started with the clock ``ahead``."""
    _clock(instance, ahead)
    with serving(instance, log) as base:
        phone = Phone(base)
        assert phone.open("/trash") == 200
        return phone.page


def test_a_clock_a_month_ahead_one_look_and_set_back_leaves_the_trash_intact(tmp_path):
    instance, log = tmp_path / "instance", tmp_path / "server.log"
    store = create_app({"INSTANCE_PATH": str(instance)}).extensions["store"]
    game_id = finished_game(store, (50, 30, 0))
    trash.delete(store, game_id)
    assert f"/trash/{game_id}/restore" in _trash_page(instance, log, None)

    ahead = _trash_page(instance, log, timedelta(days=31))
    assert f"/trash/{game_id}/restore" not in ahead  # past its days by that clock: not offered
    assert f"/trash/{game_id}/restore" not in _trash_page(instance, log, timedelta(days=31, hours=2))

    assert f"/trash/{game_id}/restore" in _trash_page(instance, log, None)  # the clock set right
    assert (instance / "trash" / f"{game_id}.json").exists()
    phone_restores(instance, log, game_id)


def phone_restores(instance: Path, log: Path, game_id: str) -> None:
    with serving(instance, log) as base:
        phone = Phone(base)
        phone.open("/trash")
        status, _, _ = phone.post(f"/trash/{game_id}/restore", phone.form_fields(f"/trash/{game_id}/restore"))
        assert status == 303
        assert phone.open(f"/games/{game_id}") == 200


def test_a_game_really_30_days_in_the_trash_goes_once_a_look_a_day_later_agrees(tmp_path):
    instance, log = tmp_path / "instance", tmp_path / "server.log"
    store = create_app({"INSTANCE_PATH": str(instance)}).extensions["store"]
    game_id = finished_game(store, (50, 30, 0))
    trash.delete(store, game_id)
    _trash_page(instance, log, timedelta(days=30, minutes=5))
    assert (instance / "trash" / f"{game_id}.json").exists()  # the first look that finds it old
    _trash_page(instance, log, timedelta(days=31, minutes=10))
    assert not (instance / "trash" / f"{game_id}.json").exists()
    assert f"/trash/{game_id}/restore" not in _trash_page(instance, log, None)
