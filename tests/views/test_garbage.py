"""Accepted garbage and wrong words of issue 22: each refused with its message next to the
field, changing nothing; nothing cut short without a word."""
from __future__ import annotations

import copy
import re

import pytest

from companion.storage import trash
from tests.formpage import Browserless
from tests.playing import NOW, fixed_app, history, playing_game  # noqa: F401  (fixtures)
from tests.views.test_crafted import errors_near
from tests.views.test_import import exported, post

LONG = "Maximilian-Alexander von Hohenzollern-Sig"  # 41 characters


def test_the_long_name_is_41_characters():
    assert len(LONG) == 41


@pytest.mark.parametrize("seat", ["٠", "١", "²", "0x1", " 1_0"])
def test_a_seat_order_in_digits_the_form_never_sends_is_refused(user, store, seat):
    game_id = playing_game(store, hands=())
    user.open(f"/games/{game_id}")
    before = store.load(game_id)
    response = user.submit("/seats", {"seat": [seat, "0", "2"]})
    assert response.status_code == 422 and "Give each player exactly one seat." in user.page
    assert store.load(game_id)["players"] == before["players"]


@pytest.mark.parametrize("upto", ["<script>", "9999", "2026-03-01T12:00:00", "2026-03-01T13:00:00+01:00",
                                  "zzz", "2026-03-01T12:00:00+00:00<"])
@pytest.mark.usefixtures("fixed_app")
def test_emptying_the_trash_up_to_a_time_it_never_wrote_is_refused(user, store, upto):
    game_id = playing_game(store)
    trash.delete(store, game_id, now=NOW)
    user.open("/trash/empty")
    response = user.submit("/trash/empty", {"upto": upto})
    assert response.status_code == 422 and "Nothing was removed" in user.page
    assert trash.find(store, game_id, now=NOW) is not None


@pytest.mark.usefixtures("fixed_app")
def test_emptying_the_trash_as_confirmed_still_empties_it(user, store):
    game_id = playing_game(store)
    trash.delete(store, game_id, now=NOW)
    user.open("/trash/empty")
    user.submit("/trash/empty")
    assert "Games removed for good: 1." in user.page
    assert trash.find(store, game_id, now=NOW) is None


def imported_with(client, store, change):
    data = exported(client, store)
    data = copy.deepcopy(data)
    change(data)
    before = sorted(store.game_ids())
    response, page = post(client, data, copy_it=True)
    return response, page, sorted(store.game_ids()) == before


@pytest.mark.parametrize("change, said", [
    (lambda d: d["players"].__setitem__(0, LONG), "Player 1: At most 40 characters, please (this has 41)."),
    (lambda d: d["players"].__setitem__(1, "\u200b\u200b"), "Player 2 has no name."),
    (lambda d: d.__setitem__("note", "n" * 2001), "The note: At most 2000 characters, please (this has 2001)."),
    (lambda d: d.__setitem__("created", "9999-12-31T00:00:00+00:00"), "The record's times must not be in the future."),
    (lambda d: d["entries"][0].__setitem__("at", "9999-01-01T00:00:00+00:00"), "Entry 1: its time is in the future."),
    (lambda d: d.__setitem__("format_version", 1.0), "Record format version 1.0 is not one this app reads."),
    (lambda d: d.__setitem__("format_version", True), "Record format version True is not one this app reads."),
])
def test_an_import_that_would_be_cut_or_is_garbage_is_refused(client, store, change, said):
    response, page, unchanged = imported_with(client, store, change)
    assert response.status_code == 422 and unchanged
    assert said in page.replace("&#39;", "'")


def test_an_import_keeps_every_earlier_value_of_an_entry(client, store):
    def many_edits(data):
        entry = data["entries"][0]
        entry["edits"] = [{"at": "2026-01-01T19:00:00+00:00", "data": entry["data"]}] * 250
    response, page, unchanged = imported_with(client, store, many_edits)
    assert response.status_code in (200, 303) and not unchanged, page
    newest = max(store.game_ids(), key=lambda g: len(store.load(g)["entries"][0]["edits"]))
    assert len(store.load(newest)["entries"][0]["edits"]) == 250


NAMES = ["Anna", "Ben", "Cem", "", ""]


@pytest.mark.parametrize("seat, typed, said", [
    (1, LONG, "At most 40 characters, please (this has 41)."),
    (2, "\u200b\u2060\u200b", "This has only characters that cannot be seen."),
])
def test_a_new_game_name_too_long_or_invisible_is_refused_next_to_its_seat(user, store, seat, typed, said):
    user.open("/new/beutelschneider")
    names = list(NAMES)
    names[seat] = typed
    response = user.submit("", {"player": names})
    assert response.status_code == 422 and store.game_ids() == []
    field = re.search(rf'<label class="field invalid"><span>Seat {seat + 1}</span>.*?</label>', user.page, re.S)
    assert field and said in field.group(0)
    assert "is played by" not in user.page
    assert f'value="{names[0]}"' in user.page  # what was typed stays


@pytest.mark.usefixtures("fixed_app")
def test_a_day_that_is_no_date_is_not_called_the_future(user, store):
    user.open("/new/beutelschneider")
    response = user.submit("", {"player": NAMES, "played_day": "2026-02-29", "played_time": "20:00"})
    assert response.status_code == 422 and store.game_ids() == []
    assert "Not a valid date value." in errors_near(user.page, "played_day")
    assert "future" not in user.page


@pytest.mark.parametrize("query, field", [("from=yesterday", "from"), ("from=2026-02-30", "from"),
                                          ("to=%3Cscript%3E", "to"), ("from=2026-01-03&to=2026-01-01", "to"),
                                          ("from=0001-01-01", "from")])
@pytest.mark.usefixtures("history")
def test_history_refuses_a_day_it_cannot_read_next_to_it_and_lists_nothing(client, query, field):
    user = Browserless(client)
    response = user.open(f"/history?{query}")
    assert response.status_code == 422
    assert errors_near(user.page, field)
    assert "could not be read" in user.page and 'class="games history"' not in user.page
    assert user.open("/history?from=2026-01-02").status_code == 200  # a day it can read
    assert 'class="games history"' in user.page and not re.search(r'class="error"', user.page)


@pytest.mark.usefixtures("history")
def test_a_statistics_day_with_an_extra_digit_is_not_cut_to_a_day(client):
    page = client.get("/stats?period=range&from=2026-01-011").get_data(as_text=True)
    assert "Enter the days as dates (YYYY-MM-DD)." in page
