"""Results from paper (issue 33 item 7), through the pages as a browser without JavaScript
sends them: the app names the winner from the scores, every refusal of the form comes at
once, and a result entered without a time has none -- on the game page, in History, in the
CSV and in its export."""
from __future__ import annotations

import json
import re

from companion.history.transfer import import_record
from tests.games.own.test_pages import result_values as own_values
from tests.result.test_result_form import DAY, enter, values


def game_of(user) -> str:
    assert user.url.startswith("/games/"), user.page
    return user.url.rsplit("/", 1)[-1]


def test_the_winner_is_named_by_the_scores_without_a_tick(user, store):
    response = enter(user, "beutelschneider", values(("Anna", "Ben", "Cem"), (80, 130, -20), set()))
    assert response.status_code == 200
    game_id = game_of(user)
    assert "★</span> Ben" in user.page
    assert store.index.games()[game_id]["winners"] == [1]
    # The form says so before it is sent.
    user.open("/new/beutelschneider/result")
    assert "The app names the winner from the scores." in user.page


def test_a_shared_beutelschneider_win_needs_no_tick(user, store):
    enter(user, "beutelschneider", values(("Anna", "Ben", "Cem"), (110, 110, -20), set()))
    assert store.index.games()[game_of(user)]["winners"] == [0, 1]


def test_a_coin_flip_is_the_tick_the_table_gives(user, store):
    same = "14 10 4 4 4 2 2"
    response = enter(user, "beutezug", values(("Vincenzo", "Kate"), (40, 40), set(), loot=(same, same)))
    assert response.status_code == 422
    assert "Vincenzo and Kate are tied on points and on every loot card: tick the one the coin flip chose." in user.page
    assert store.index.games() == {}
    enter(user, "beutezug", values(("Vincenzo", "Kate"), (40, 40), {1}, loot=(same, same)))
    assert store.index.games()[game_of(user)]["winners"] == [1]


def test_every_wrong_place_is_refused_at_once(user, store):
    user.open("/new/own-game/result")
    response = user.submit("", own_values(["Anna", "Ben", "Cem", "Dora"], [2, 2, 4, 4], set(),
                                          game_name="Codenames", scoring="places"))
    assert response.status_code == 422
    for seat in range(4):
        assert f'id="players-{seat}-score-error"' in user.page, seat
    assert "so Anna is place 1" in user.page and "so Dora is place 3" in user.page
    assert store.index.games() == {}


def test_a_mate_with_other_coins_and_pat_without_a_tick_are_refused_at_once(user, store):
    data = {**values(("Ann", "Bob", "Cem"), (31, 29, 20), set(), side=(0, 0, 1)), "pat": "y"}
    response = enter(user, "give-me-the-treasure", data)
    assert response.status_code == 422
    assert 'id="players-1-score-error"' in user.page and 'id="winners-error"' in user.page
    assert store.index.games() == {}


def test_a_result_without_a_time_has_no_time_anywhere(user, client, store):
    enter(user, "beutelschneider", values(("Anna", "Ben", "Cem"), (80, 130, -20), set()))
    game_id = game_of(user)
    record = store.load(game_id)
    assert record["played_day"] == DAY
    page = user.page
    assert "Played Nov 20, 2026 on paper" in page
    # No made-up noon: the day alone, where the game began (the log keeps when it was typed).
    assert "12:00" not in page and "Started 11/20/26\n" in page
    history = client.get("/history").get_data(as_text=True)
    listed = history.split(f"/games/{game_id}", 1)[1].split("</li>", 1)[0]
    assert "Nov 20, 2026" in listed and not re.search(r"\d{1,2}:\d{2}", listed)
    csv = client.get("/groups/household/results.csv").get_data(as_text=True).splitlines()
    ended = csv[0].split(",").index("ended")
    assert {line.split(",")[ended] for line in csv[1:]} == {DAY}
    # The day travels with the record: exported and imported, it is still a day alone.
    exported = client.get(f"/games/{game_id}/record.json").get_data(as_text=True)
    assert json.loads(exported)["played_day"] == DAY
    assert import_record(exported)["played_day"] == DAY


def test_a_result_with_its_time_keeps_it(user, store):
    enter(user, "beutelschneider", {**values(("Anna", "Ben", "Cem"), (80, 130, -20), set()),
                                    "played_time": "19:30"})
    record = store.load(game_of(user))
    assert "played_day" not in record
    assert "7:30" in user.page.split("on paper", 1)[0].rsplit("Played", 1)[1]
