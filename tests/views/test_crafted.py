"""Crafted requests that reached a 500, and messages that misled or hid (issue 13), each sent
the way a browser without JavaScript or a hand-made request sends it."""
from __future__ import annotations

import re

import pytest

from companion.record.entries import new_record
from tests.formpage import forms_of
from tests.games.scoot.test_game import THREE_PLAYER_GAME
from tests.games.scoot.web.test_pages import entries, seed, tap
from tests.games.scoot.web.test_pages import start as start_scoot


def alerts(page: str) -> list[str]:
    return re.findall(r'class="alert"(?: role="alert")?>([^<]*)<', page)


def errors_near(page: str, name: str) -> list[str]:
    """The messages in the box of the field ``name`` (its label, or its div.field)."""
    field = re.escape(f'name="{name}"')
    match = re.search(rf'<label[^>]*>(?:(?!</label>).)*{field}(?:(?!</label>).)*</label>', page, re.S) \
        or re.search(rf'<div class="field[^"]*">(?:(?!</div>).)*{field}(?:(?!</div>).)*</div>', page, re.S)
    assert match, f"no field {name}"
    return re.findall(r'class="error">([^<]*)<', match.group(0))


def fields(form) -> dict[str, list[str]]:
    data: dict[str, list[str]] = {}
    for name, value in form["fields"]:
        data.setdefault(name, []).append(value)
    return data


def test_a_placement_chip_bonus_that_is_no_option_is_refused_next_to_it(user, store):
    user.open("/new/beutezug")
    response = user.submit("", {"player": ["A", "B", "C", "", ""], "placement_chip_bonuses-2": "bogus"})
    assert response.status_code == 422 and "Not a valid choice." in user.page
    assert store.game_ids() == []


@pytest.mark.parametrize("length", [41, 300, 5000])
def test_a_game_id_too_long_for_a_file_name_is_no_game(client, length):
    assert client.get("/games/" + "a" * length).status_code == 404


@pytest.mark.parametrize("seat", ["²", "5" * 5000, "1_0", "٣", "-0x1"])
def test_a_first_player_seat_that_is_no_number_is_refused(user, store, seat):
    game_id = start_scoot(user, players=("Adam", "Beth"), first=None, picks=False)
    response = user.submit("/entries", {"seat": seat})
    assert response.status_code == 422 and "Enter a whole number." in user.page
    assert entries(store, game_id) == []


def test_a_loot_value_of_one_and_a_half_is_refused_next_to_it(user, store):
    game_id = seed(store, ["Adam", "Beth", "Carl"], THREE_PLAYER_GAME)
    user.open(f"/games/{game_id}")
    before = len(entries(store, game_id))
    response = user.submit("/entries", {"players-0-loot-0": "1.5", "players-0-unclaimed": "3"})
    assert response.status_code == 422
    assert "Enter a whole number." in errors_near(user.page, "players-0-loot-0")
    assert len(entries(store, game_id)) == before


def beutelschneider(user, players=("Anna", "Ben", "Cem", "Dora")):
    user.open("/new/beutelschneider")
    user.submit("", {"player": list(players) + [""] * (5 - len(players))})
    return user.url


def test_more_gold_than_the_deck_with_the_last_left_blank_says_so(user, store):
    beutelschneider(user)
    response = user.submit("/entries", {"players-0-gold": "70", "players-1-gold": "20",
                                        "players-2-gold": "20", "players-3-gold": ""})
    assert response.status_code == 422
    assert alerts(user.page) == ["The deck holds 80 in gold; this hand adds up to 110."]
    assert "Enter the gold Dora took." not in user.page


def test_the_assassin_message_is_next_to_the_assassins_field(user):
    beutelschneider(user, ("Anna", "Ben", "Cem"))
    response = user.submit("/entries", {"players-0-gold": "40", "players-1-gold": "30",
                                        "players-2-gold": "10", "players-1-assassin": "2"})
    assert response.status_code == 422
    message = "Only 1 authorities are in the deck with this many players."
    assert message in errors_near(user.page, "players-1-assassin")
    assert message not in alerts(user.page)


def test_a_hand_without_a_players_row_is_refused_at_that_row_not_filled_in(user, client, store):
    game = beutelschneider(user)
    form = user.form("/entries")
    data = {k: v for k, v in fields(form).items() if not k.startswith("players-2-")}
    data.update({"players-0-gold": ["40"], "players-1-gold": ["20"], "players-3-gold": ["10"]})
    response = client.post(form["action"], data=data)
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "Enter the gold Cem took." in errors_near(page, "players-2-gold")
    assert 'name="players-3-gold" value="10"' in page  # every row in its place
    assert store.load(game.rsplit("/", 1)[-1])["entries"] == []


def test_a_placement_without_one_chip_keeps_every_row_and_asks_for_it(user, client, store):
    user.open("/new/beutezug")
    user.submit("", {"player": ["Vincenzo", "Kate", "Johnny", "", ""]})
    game_id = user.url.rsplit("/", 1)[-1]
    form = user.form("/entries")
    data = {k: v for k, v in fields(form).items() if k != "order-1"}
    response = client.post(form["action"], data=data)
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    refused = next(f for f in forms_of(page) if "/entries" in f["action"])
    assert {n for n, _ in refused["fields"] if n.startswith("order-")} >= {"order-0", "order-2"}
    assert len(set(re.findall(r'name="order-(\d)"', page))) == 3
    assert "Choose a player." in page
    assert store.load(game_id)["entries"] == []


def scoot_turn(user):
    return start_scoot(user, players=("Adam", "Beth"))


def test_wounds_with_a_lost_hireling_and_a_noble_sacrifice_are_refused_not_half_stored(user, store):
    game_id = scoot_turn(user)
    tap(user, "recruit", ("class", "thief"))
    before = entries(store, game_id)
    response = tap(user, "wounds", hirelings="1", sacrificed="thief")
    assert response.status_code == 422 and "A sacrifice takes all the wounds." in user.page
    assert entries(store, game_id) == before


def test_poison_without_an_answer_is_refused_not_stored_as_not_saved(user, client, store):
    game_id = scoot_turn(user)
    tap(user, "recruit", ("class", "thief"))
    before = entries(store, game_id)
    form = user.form("do=poison")
    data = {k: v for k, v in fields(form).items() if k != "saved"}
    response = client.post(form["action"], data=data)
    assert response.status_code == 422
    assert "Answer yes or no." in response.get_data(as_text=True)
    assert entries(store, game_id) == before


def test_hiring_none_is_refused_not_made_one(user, store):
    game_id = scoot_turn(user)
    before = entries(store, game_id)
    response = tap(user, "hire", count="0")
    assert response.status_code == 422 and "Must be at least 1." in user.page
    assert entries(store, game_id) == before


def test_begging_as_the_second_action_says_why_at_the_top(user, client, store):
    game_id = scoot_turn(user)
    tap(user, "recruit", ("class", "thief"))
    before = entries(store, game_id)
    form = user.form("do=poison")  # the page offers no Beg now: a crafted one
    data = {**fields(form), "action": ["beg"]}
    response = client.post(form["action"].replace("do=poison", "do=beg"), data=data)
    assert response.status_code == 422
    assert "Begging takes both actions." in alerts(response.get_data(as_text=True))
    assert entries(store, game_id) == before


CALENDAR_ENDS = [
    "/history?from=0001-01-01", "/history?to=9999-12-31", "/history?from=1969-12-31&to=2026-01-01",
    "/stats?period=range&from=0001-01-01", "/stats?period=range&to=9999-12-31",
    "/stats/games/beutelschneider?period=range&to=9999-12-31",
    "/stats/games/beutezug?period=range&from=0001-01-01&to=9999-12-31",
    "/players/Anna?period=range&from=0001-01-01", "/players/Anna?period=range&to=9999-12-31",
]


@pytest.mark.parametrize("zone", ["Europe/Berlin", "Pacific/Kiritimati", "Etc/GMT+12"])
@pytest.mark.parametrize("url", CALENDAR_ENDS)
def test_a_day_at_the_ends_of_the_calendar_is_refused_with_the_reason(client, store, zone, url):
    store.create(new_record("beutelschneider", ["Anna", "Ben", "Cem"], {}))
    client.set_cookie("tz", zone)
    response = client.get(url)
    page = response.get_data(as_text=True)
    # Statistics answer for all time and say why; the history lists nothing (issue 22) and
    # says why next to the day.
    history = url.startswith("/history")
    assert response.status_code == (422 if history else 200)
    said = alerts(page) + re.findall(r'class="error">([^<]*)<', page)
    assert said == ["Enter days from 1970-01-01 to 9998-12-31."]


@pytest.mark.parametrize("zone", ["Europe/Berlin", "Pacific/Kiritimati", "Etc/GMT+12"])
def test_the_first_and_last_days_of_the_calendar_are_a_period(client, zone):
    client.set_cookie("tz", zone)
    for url in ("/history?from=1970-01-01&to=9998-12-31", "/stats?period=range&from=1970-01-01&to=9998-12-31"):
        page = client.get(url).get_data(as_text=True)
        assert alerts(page) == [] and 'min="1970-01-01" max="9998-12-31"' in page
