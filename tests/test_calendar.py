"""The calendar a record's times live in (1970 to 9998): the new-game form, the import and
the statistics' periods take the same days, so whatever the app stores it can also export,
import and restore, and no day at the ends of the calendar reaches a 500."""
from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from companion import create_app
from companion.history import backup
from companion.history.transfer import ImportError_, export_record, import_record
from tests.playing import playing_game
from tests.views.test_crafted import errors_near

PLAYERS = {"player": ["Anna", "Ben", "Cem"]}


def start(user, zone: str, day: str, hour: str):
    user.client.set_cookie("tz", zone)
    user.open("/new/beutelschneider")
    return user.submit("", {**PLAYERS, "played_day": day, "played_time": hour})


def test_the_day_field_offers_no_day_before_1970(fixed_app, user):
    user.open("/new/beutelschneider")
    assert 'min="1970-01-01"' in user.page and 'name="played_day"' in user.page


@pytest.mark.parametrize(("zone", "day", "hour"), [
    ("UTC", "1969-12-31", "19:30"),
    ("Europe/Berlin", "1970-01-01", "00:30"),  # still 1969 in UTC
    ("Europe/Berlin", "0001-01-01", "00:00"),  # no UTC for it at all: was a 500
    ("Pacific/Kiritimati", "0001-01-01", "00:00"),
])
def test_a_start_before_1970_is_refused_next_to_the_day(fixed_app, store, user, zone, day, hour):
    response = start(user, zone, day, hour)
    assert response.status_code == 422
    assert "The game cannot start before 1970." in errors_near(user.page, "played_day")
    assert store.game_ids() == []


def test_the_last_day_of_the_calendar_is_the_future_not_a_500(fixed_app, store, user):
    response = start(user, "Etc/GMT+12", "9999-12-31", "23:59")
    assert response.status_code == 422
    assert "The game cannot start in the future." in errors_near(user.page, "played_day")
    assert store.game_ids() == []


def test_a_game_from_the_first_day_the_form_takes_exports_and_restores(fixed_app, store, user,
                                                                      tmp_path):
    start(user, "Europe/Berlin", "1970-01-01", "01:00")
    game_id = user.url.rsplit("/", 1)[1]
    assert store.load(game_id)["played_on"] == "1970-01-01T00:00:00+00:00"
    again = import_record(json.dumps(export_record(store.load(game_id))))
    assert again["played_on"] == "1970-01-01T00:00:00+00:00"
    with fixed_app.test_request_context("/"):
        saved = json.dumps(backup.backup(store, "household"))
    elsewhere = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "elsewhere")})
    with elsewhere.test_request_context("/"):
        assert backup.restore(elsewhere.extensions["store"], "household", saved) == (1, 0, 0)


def test_an_imported_played_on_in_the_future_is_refused_as_the_form_refuses_it(app, store):
    record = export_record(store.load(playing_game(store)))
    ahead = (datetime.now(UTC) + timedelta(days=1)).isoformat(timespec="seconds")
    with pytest.raises(ImportError_, match="played_on is in the future"):
        import_record(json.dumps({**record, "played_on": ahead}))
    soon = (datetime.now(UTC) + timedelta(minutes=1)).isoformat(timespec="seconds")
    assert import_record(json.dumps({**record, "played_on": soon}))["played_on"] == soon  # a phone's clock

