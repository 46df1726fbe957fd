"""Statistics by period in the group's time zone, play time, nemesis and favourite victim,
and abandoned games counting in no statistic."""
from __future__ import annotations

import html
import re
from datetime import UTC, date, datetime

import pytest

from companion import periods
from companion.history import groups, stats
from companion.record.entries import abandon
from tests.history.conftest import finished_game
from tests.playing import playing_game

BERLIN = periods.zone("Europe/Berlin")


def text(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


@pytest.mark.parametrize("now, kind, since, until", [
    # March in Berlin starts at 23:00 UTC on the last day of February (winter time) and
    # ends at 22:00 UTC on 31 March (summer time from the 29th).
    (datetime(2026, 3, 15, 12, tzinfo=UTC), "month", "2026-02-28T23:00:00+00:00", "2026-03-31T22:00:00+00:00"),
    # Just after midnight on 1 March in Berlin is still February in UTC: it is March here.
    (datetime(2026, 2, 28, 23, 30, tzinfo=UTC), "month", "2026-02-28T23:00:00+00:00", "2026-03-31T22:00:00+00:00"),
    (datetime(2026, 12, 31, 23, 30, tzinfo=UTC), "year", "2026-12-31T23:00:00+00:00", "2027-12-31T23:00:00+00:00"),
    (datetime(2026, 6, 1, tzinfo=UTC), "year", "2025-12-31T23:00:00+00:00", "2026-12-31T23:00:00+00:00"),
])
def test_this_month_and_this_year_are_the_groups_days(now, kind, since, until):
    period, problem = periods.period(kind, BERLIN, now)
    assert problem is None and (period.since, period.until) == (since, until)
    assert since in period and until not in period


def test_from_to_includes_both_days_and_refuses_what_it_cannot_read():
    period, _ = periods.period("range", BERLIN, datetime(2026, 1, 1, tzinfo=UTC), "2026-01-05", "2026-01-06")
    assert (period.first, period.last) == (date(2026, 1, 5), date(2026, 1, 6))
    assert "2026-01-06T22:59:59+00:00" in period and "2026-01-06T23:00:00+00:00" not in period
    assert periods.period("range", BERLIN, datetime(2026, 1, 1, tzinfo=UTC), "2026-01-07", "2026-01-06")[1]
    everything, problem = periods.period("range", BERLIN, datetime(2026, 1, 1, tzinfo=UTC), "soon")
    assert problem is not None and not everything.bounded


def test_a_game_late_on_new_years_eve_counts_in_the_year_it_was_played_in_the_group(app, store, client):
    # 2026-12-31 at 23:30 in Berlin is 22:30 UTC; at 00:30 on 1 January it is 23:30 UTC.
    late = finished_game(store, (50, 30, 0), day=1, minutes=30)
    store.update(late, lambda r: {**r, "entries": [{**e, "at": "2026-12-31T23:30:00+00:00"} for e in r["entries"]]})
    store.index.change_table("groups", lambda t: {**t, "household": {**groups.get(store, "household"),
                                                                 "timezone": "Europe/Berlin"}})
    app.config["LIFECYCLE_NOW"] = datetime(2027, 1, 10, tzinfo=UTC)
    this_year = text(client.get("/stats?period=year").get_data(as_text=True))
    assert "No finished games in this period." not in this_year and "Anna" in this_year
    app.config["LIFECYCLE_NOW"] = datetime(2026, 12, 10, tzinfo=UTC)
    assert "No finished games in this period." in text(client.get("/stats?period=year").get_data(as_text=True))


def test_the_statistics_pages_take_a_period(app, client, store, history):
    app.config["LIFECYCLE_NOW"] = datetime(2026, 1, 20, tzinfo=UTC)
    finished_game(store, (80, 0, 0), day=1, minutes=20)  # 2026-01-01 too
    # From–to on each page: the days 2 to 3 hold G2 and G3.
    page = text(client.get("/players/Anna?period=range&from=2026-01-02&to=2026-01-03").get_data(as_text=True))
    assert "Games 2" in page and "Wins 1" in page  # G2 (shared) won, G3 lost
    page = text(client.get("/stats/games/beutelschneider?period=range&from=2026-01-02&to=2026-01-03").get_data(as_text=True))
    assert "Games 2" in page and "Play time 1 h 30 min" in page  # 40 + 50
    assert "Jan 2, 2026 to Jan 3, 2026" in page
    page = text(client.get("/stats?period=month").get_data(as_text=True))
    assert "6 finished games" in page
    refused = client.get("/stats?period=range&from=2026-01-09&to=2026-01-01")
    assert refused.status_code == 200 and "The first day is after the last day." in text(refused.get_data(as_text=True))


def test_play_time_per_game_and_player(store, history):
    plays = stats.plays(groups.group_games(store, "household"), {})
    by_game, by_player = stats.play_time(plays)
    assert by_game == {"beutelschneider": 240} and by_player == {"Anna": 240, "Ben": 240, "Cem": 240}
    assert stats.player_stats(plays, "Anna").minutes == 240


def test_nemesis_and_favourite_victim_from_three_games_together(store, history):
    plays = stats.plays(groups.group_games(store, "household"), {})
    # Anna won G1, G5 (Ben and Cem lost) and shared G2 with Ben; lost G3 to Ben, G4 to Cem.
    nemesis, victim = stats.rivals(plays, "Anna")
    assert (nemesis.name, nemesis.beaten, nemesis.together) == ("Ben", 1, 5)  # Ben ~ Cem: 1 each, B first
    assert (victim.name, victim.beaten) == ("Cem", 3)  # G1, G2, G5 against Ben's G1, G5
    # Two games together are not enough.
    dora = [finished_game(store, (0, 80, 0), players=("Anna", "Dora", "Eli"), day=7) for _ in range(2)]
    more = stats.plays(groups.group_games(store, "household"), {})
    assert stats.rivals(more, "Dora") == (None, None)
    dora.append(finished_game(store, (0, 80, 0), players=("Anna", "Dora", "Eli"), day=8))
    more = stats.plays(groups.group_games(store, "household"), {})
    assert stats.rivals(more, "Dora")[1].name == "Anna"  # beat Anna 3 times, Eli 3 times: A first


def test_an_abandoned_game_counts_in_no_statistic_and_a_resumed_one_counts_again(client, store, history):
    before = text(client.get("/players/Anna").get_data(as_text=True))
    set_aside = playing_game(store, hands=((60, 20, 0),))
    store.update(set_aside, abandon)
    assert text(client.get("/players/Anna").get_data(as_text=True)) == before
    assert "5 finished games" in text(client.get("/stats").get_data(as_text=True))
