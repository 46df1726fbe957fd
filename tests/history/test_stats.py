"""Statistics of the fixture history (see conftest.py), every figure worked out by hand."""
from __future__ import annotations

import re
from datetime import date

import pytest

from companion import periods
from companion.history import groups, stats


@pytest.fixture
def plays(store, history):
    return stats.plays(groups.group_games(store, "household"), {})


def test_the_summaries_hold_what_the_statistics_need(store, history):
    first = store.index.games()[history[0]]
    assert first["scores"] == [50, 30, 0] and first["ranks"] == [1, 2, 3] and first["winners"] == [0]
    assert first["minutes"] == 30 and first["rounds"] == 2
    assert first["ended"].startswith("2026-01-01T20:00")


@pytest.mark.parametrize("name, played, wins, current, longest, average, best, last", [
    # Anna: W W L L W; 50+40+20+30+45 = 185 / 5
    ("Anna", 5, 3, 1, 2, 37.0, 50, "2026-01-05"),
    # Ben: L W W L L (G2 is a shared win); 30+40+60+0+0 = 130 / 5
    ("Ben", 5, 2, 0, 2, 26.0, 60, "2026-01-04" if False else "2026-01-05"),
    # Cem: L L L W L; 0+0+0+50+35 = 85 / 5
    ("Cem", 5, 1, 0, 1, 17.0, 50, "2026-01-05"),
])
def test_a_players_figures(plays, name, played, wins, current, longest, average, best, last):
    s = stats.player_stats(plays, name)
    assert (s.played, s.wins, s.current_streak, s.longest_streak) == (played, wins, current, longest)
    assert s.win_rate == pytest.approx(wins / played)
    game = s.by_game["beutelschneider"]
    assert (game.played, game.wins, game.average, game.best) == (played, wins, average, best)
    assert s.last_played.startswith(last)


def test_a_name_is_found_in_any_case(plays):
    assert stats.player_stats(plays, "anna").wins == 3


def test_head_to_head_counts_places_and_wins_of_games_played_together(plays):
    duel = stats.head_to_head(plays, "Anna", "Ben")
    # Anna ahead in G1, G4 (2nd vs 3rd), G5; Ben ahead in G3; level in G2 (shared win)
    assert (duel.together, duel.a_ahead, duel.b_ahead, duel.level) == (5, 3, 1, 1)
    assert (duel.a_wins, duel.b_wins) == (3, 2)
    assert [p.ended[:10] for p in duel.last] == [f"2026-01-0{d}" for d in (5, 4, 3, 2, 1)]


def test_per_game_leaderboard_distribution_and_length(plays):
    game = stats.game_stats(plays, "beutelschneider")
    assert game.played == 5
    assert [(n, r.wins, r.played) for n, r in game.leaderboard] == [("Anna", 3, 5), ("Ben", 2, 5), ("Cem", 1, 5)]
    assert game.average_minutes == 48.0  # (30+40+50+60+60) / 5
    assert game.minutes == 240
    assert game.average_rounds == 2.0
    # 15 scores from 0 to 60 in 8 ranges of 8 points
    assert stats.distribution(game.scores) == [
        (0, 7, 5), (8, 15, 0), (16, 23, 1), (24, 31, 2), (32, 39, 1), (40, 47, 3), (48, 55, 2), (56, 63, 1)]
    assert stats.game_stats(plays, "beutezug").played == 0


def test_history_is_newest_first_and_filters_by_game_player_and_day(store, history, plays):
    from tests.history.conftest import finished_game
    assert [p.id for p in stats.history(plays)] == history[::-1]
    days = periods.between(date(2026, 1, 2), date(2026, 1, 3), periods.zone("UTC"))
    assert [p.id for p in stats.history(plays, period=days)] == [history[2], history[1]]
    assert stats.history(plays, game="beutezug") == []
    dora = finished_game(store, (80, 0, 0), players=("Dora", "Anna", "Ben"), day=6)
    more = stats.plays(groups.group_games(store, "household"), {})
    assert [p.id for p in stats.history(more, player="Dora")] == [dora]
    assert len(stats.history(more, player="Cem")) == 5


def text(response):
    return re.sub(r"\s+", " ", response.get_data(as_text=True))


def test_the_player_page_shows_the_figures_and_a_chart(client, history):
    page = text(client.get("/players/Anna", headers={"Accept-Language": "en"}))
    for label, value in [("Games", "5"), ("Wins", "3"), ("Win rate", "60%"), ("Winning streak now", "1"),
                         ("Longest winning streak", "2")]:
        assert f"<dt>{label}</dt><dd>{value}</dd>" in page.replace("> <", "><")
    assert "37.0" in page and "<svg" in page and 'fill="currentColor"' in page


def test_the_player_page_compares_two_players(client, history):
    page = text(client.get("/players/Anna?vs=Ben", headers={"Accept-Language": "en"}))
    assert "5 games together" in page
    cell = r'<td class="n">(?:<span class="who" aria-hidden="true">[^<]*</span>)?'  # a narrow screen's label
    assert re.search(rf"Finished ahead</td>\s*{cell}3</td>\s*{cell}1</td>", page)
    assert client.get("/players/Anna?vs=Nobody").status_code == 404


def test_the_game_page_shows_the_leaderboard_and_the_distribution(client, history):
    page = text(client.get("/stats/games/beutelschneider", headers={"Accept-Language": "en"}))
    assert page.index(">Anna<") < page.index(">Ben<") < page.index(">Cem<")
    assert "48 min" in page and "<svg" in page
    assert client.get("/stats/games/chess").status_code == 404


def test_the_history_page_lists_and_filters(client, history):
    page = text(client.get("/history", headers={"Accept-Language": "en"}))
    assert "5 finished games" in page
    assert page.index(history[4]) < page.index(history[0])
    filtered = text(client.get("/history?from=2026-01-04&player=Cem", headers={"Accept-Language": "en"}))
    assert "2 finished games" in filtered and history[3] in filtered and history[0] not in filtered
    # A date that is not a date is refused next to its field (tests/views/test_garbage.py); a
    # page number that is none is the first page.
    assert client.get("/history?from=yesterday").status_code == 422
    assert client.get("/history?page=x").status_code == 200


def test_statistics_pages_speak_german(client, history):
    page = text(client.get("/players/Anna", headers={"Accept-Language": "de"}))
    assert "Siegquote" in page and "60 %" in page.replace("\xa0", " ")


@pytest.mark.parametrize(("lang", "said"), [("en", "1 game together"), ("de", "1 gemeinsame Partie")])
def test_two_players_with_one_game_together_read_in_the_singular(client, store, lang, said):
    from tests.history.conftest import finished_game
    finished_game(store, (50, 30, 0))
    page = text(client.get("/players/Anna?vs=Ben", headers={"Accept-Language": lang}))
    assert said in page and "1 games" not in page and "1 gemeinsame Partien" not in page
