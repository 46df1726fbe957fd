"""The first game night without a browser: the home page's three steps, the Group page's
players (added one after another, removed when they have no games), the join link only
where phones can reach it, names announced as joining, seats chosen by name, and the
time zone in the table's words. Each refusal in English and German."""
from __future__ import annotations

import html
import re
from zoneinfo import ZoneInfo

import pytest

from companion import periods, zones
from companion.history import groups
from tests.games.beutelschneider.web.test_pages import start


def text(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def german(user) -> None:
    user.open("/")
    user.submit("/lang", button=("lang", "de"))


def section(page: str, name: str) -> str:
    return page[page.index(f'<section id="{name}"'):].split("</section>", 1)[0]


def steps(user) -> dict[str, bool]:
    user.open("/")
    found = dict(re.findall(r'<li id="step-(\w+)"( class="done")?', user.page))
    return {step: bool(done) for step, done in found.items()}


def test_an_empty_group_gets_three_steps_each_marked_once_done(user, lan, app):
    app.config["SERVE_HOST"] = "0.0.0.0"
    assert steps(user) == {"players": False, "phones": False, "game": False}
    assert 'href="/groups/household#players"' in user.page and 'href="/groups/household#invite"' in user.page
    step_game = user.page[user.page.index('id="step-game"'):]
    assert 'href="/new/beutelschneider"' in step_game.split("</li>\n</ol>")[0]

    user.open("/groups/household")
    user.submit("/groups/household/players", {"name": "Anna"})
    assert steps(user) == {"players": True, "phones": True, "game": False}  # the link was shown
    assert "Anna" in text(user.page)

    start(user, players=("Anna", "Ben", "Cem"))
    user.open("/")
    assert "step-players" not in user.page and "New game" in text(user.page)


def test_the_phones_step_waits_while_phones_cannot_reach_the_app(user, lan, app):
    app.config["SERVE_HOST"] = "127.0.0.1"
    user.open("/groups/household")
    assert steps(user)["phones"] is False


def test_the_join_link_and_code_are_shown_only_when_phones_can_reach_the_server(user, lan, app):
    app.config["SERVE_HOST"] = "127.0.0.1"
    user.open("/groups/household")
    invite = section(user.page, "invite")
    assert 'class="qr' not in invite and "http://192.168.1.50" not in invite
    assert "flask --app app serve --host 0.0.0.0" in text(invite)
    assert "other phones cannot reach it yet" in text(invite)

    app.config["SERVE_HOST"] = "0.0.0.0"
    user.open("/groups/household")
    invite = section(user.page, "invite")
    assert 'class="qr' in invite and 'href="http://192.168.1.50/"' in invite
    assert "--host 0.0.0.0" not in invite


def test_players_come_first_and_adding_one_lands_on_an_empty_focused_field(user):
    user.open("/groups/household")
    order = [user.page.index(f'<section id="{s}"') for s in ("players", "invite", "code", "time-zone")]
    assert order == sorted(order)
    assert '<details id="add-player" open>' in user.page

    response = user.submit("/groups/household/players", {"name": "Anna"}, follow=False)
    assert response.status_code == 303
    assert response.headers["Location"] == "/groups/household?add=1"
    user.open(response.headers["Location"])
    players = section(user.page, "players")
    field = re.search(r"<input[^>]*id=\"add-player-name\"[^>]*>", players).group(0)
    assert "autofocus" in field and 'value=""' in field
    # The notice is in the section the answer lands on, not at the top of the page.
    assert "Anna is in the group. Add the next player" in text(players)
    user.submit("/groups/household/players", {"name": "Ben"})
    assert "Ben is in the group." in text(section(user.page, "players"))
    assert "Anna" in text(section(user.page, "players"))


def test_a_player_added_by_mistake_is_removed(user, store):
    user.open("/groups/household")
    user.submit("/groups/household/players", {"name": "Anan"})
    user.submit("/remove-player", {"player": "Anan"})
    assert user.response.status_code == 200 and user.url == "/groups/household"
    assert "Anan is no longer a player of this group." in text(section(user.page, "players"))
    assert "Anan" not in groups.players(store, "household")
    assert "Anan" not in section(user.page, "players").replace("Anan is no longer", "")
    assert "Anan" not in user.client.get("/new/beutelschneider").get_data(as_text=True)

    german(user)
    user.open("/groups/household")
    user.submit("/groups/household/players", {"name": "Anan"})
    user.submit("/remove-player", {"player": "Anan"})
    assert "Anan ist kein Spieler dieser Gruppe mehr." in text(user.page)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Anna has played 1 game, so they stay in the group (rename or merge them instead)."),
    ("de", "Anna hat 1 Partie gespielt und bleibt deshalb in der Gruppe (umbenennen oder zusammenführen geht)."),
])
def test_a_player_with_games_is_not_removed(user, store, lang, said):
    start(user, players=("Anna", "Ben", "Cem"))
    groups.add_player(store, "household", "Eli")
    if lang == "de":
        german(user)
    user.open("/groups/household")
    players = section(user.page, "players")
    # Eli (no games) has a Remove button; Anna shows her games instead.
    assert 'name="player" value="Eli"' in players and 'name="player" value="Anna"' not in players
    assert re.search(r"Anna</a> <small>1 (game, 0 finished|Partie, 0 beendet)</small>", players)
    # A crafted form (or a page from before the game started) asks for it anyway.
    user.submit("/remove-player", {"player": "Anna"})
    assert user.response.status_code == 422
    assert said in text(section(user.page, "players"))
    assert groups.players(store, "household")["Anna"] == 1


def test_removing_a_name_that_is_no_player_is_refused(user, store):
    user.open("/groups/household")
    user.submit("/groups/household/players", {"name": "Anna"})
    for crafted in ("Zed", ""):
        user.submit("/remove-player", {"player": crafted})
        assert user.response.status_code == 422
        assert ("No such player." if crafted else "This field is required.") in text(user.page)
    assert "Anna" in groups.players(store, "household")


def test_names_new_to_the_group_are_announced_before_and_after_the_start(user, store):
    user.open("/groups/household")
    user.submit("/groups/household/players", {"name": "Anna"})
    user.submit("/groups/household/players", {"name": "Ben"})
    user.open("/new/beutelschneider")
    # The script's material: who is known, and both forms of the sentence.
    note = re.search(r'<p class="joining"[^>]*>', user.page).group(0)
    assert "hidden" in note and "&#34;anna&#34;" in note and "join the group." in note
    # Refused (no limit): the form says who would join.
    user.submit("", {"player": ["Anna", "ben", "Cem", "Dora", ""], "limit": "x"})
    assert user.response.status_code == 422
    assert "Cem and Dora join the group." in text(user.page)
    user.submit("", {"player": ["Anna", "ben", "Cem", "Dora", ""], "limit": "100"})
    assert user.response.status_code == 200 and "/games/" in user.url
    assert "Cem and Dora join the group." in text(user.page)
    # The next game, with the same names: nobody new.
    start(user, players=("Anna", "Cem", "Dora"))
    assert "join the group" not in text(user.page)

    german(user)
    user.open("/new/beutelschneider")
    user.submit("", {"player": ["Anna", "Eli", "Cem", "", ""]})
    assert "Eli kommt neu zur Gruppe." in text(user.page)


def test_seat_choices_list_the_names_typed_and_keep_the_seat_number(user, store):
    user.open("/new/beutelschneider")
    dealer = re.search(r'<select name="first_dealer".*?</select>', user.page, re.S).group(0)
    assert [text(o).strip() for o in re.findall(r"<option.*?</option>", dealer)] == [
        "Seat 1", "Seat 2", "Seat 3", "Seat 4", "Seat 5"]
    assert "First dealer (seat)" not in user.page and "First dealer" in user.page
    user.submit("", {"player": ["Anna", "Ben", "Cem", "", ""], "first_dealer": "1", "limit": "x"})
    dealer = re.search(r'<select name="first_dealer".*?</select>', user.page, re.S).group(0)
    assert [text(o).strip() for o in re.findall(r"<option.*?</option>", dealer)] == [
        "Anna", "Ben", "Cem", "Seat 4", "Seat 5"]
    assert re.search(r'<option value="1" selected[^>]*>Ben</option>', dealer)
    user.submit("", {"player": ["Anna", "Ben", "Cem", "", ""], "first_dealer": "1", "limit": "100"})
    game_id = user.url.rsplit("/", 1)[-1]
    assert store.load(game_id)["settings"]["first_dealer"] == 1
    assert "Ben deals." in text(user.page)


def test_a_sides_leader_is_chosen_by_name(user, store):
    user.open("/new/give-me-the-treasure")
    user.submit("", {"player": ["Ann", "Bob", "Cem", "Dora"], "target": "x"})
    leader = re.search(r'<select name="leader_0".*?</select>', user.page, re.S).group(0)
    labels = [text(o).strip() for o in re.findall(r"<option.*?</option>", leader)]
    assert labels[1:] == ["Ann", "Bob", "Cem", "Dora"] and labels[0] == "first of the side"


# -- the time zone -------------------------------------------------------------------------

def zone_options(page: str) -> list[tuple[str, str]]:
    select = re.search(r'<select name="zone".*?</select>', section(page, "time-zone"), re.S).group(0)
    return [(v, text(label).strip()) for v, label in re.findall(r'<option value="([^"]*)"[^>]*>(.*?)</option>', select)]


def test_the_time_zone_list_starts_with_the_groups_region_in_the_pages_words(user):
    user.client.set_cookie("tz", "Europe/Berlin")
    user.open("/groups/household")
    offered = zone_options(user.page)
    values = [v for v, _ in offered]
    assert ("Europe/Berlin", "Berlin (Germany)") in offered
    assert all(v.startswith("Europe/") for v in values[:-1]) and values[-1] == "UTC"
    assert len(values) < 80  # not the ~600 names of the machine
    assert re.search(r'<option value="Europe/Berlin" selected', user.page)
    for name in values:
        ZoneInfo(name)  # each one loads
    for machine in ("Factory", "localtime", "posixrules", "Europe/Kiev"):
        assert machine not in values
    german(user)
    user.open("/groups/household")
    assert ("Europe/Berlin", "Berlin (Deutschland)") in zone_options(user.page)
    assert '<optgroup label="Europa">' in user.page


def test_a_search_finds_the_zones_of_other_regions(user, store):
    user.client.set_cookie("tz", "Europe/Berlin")
    user.open("/groups/household?zone_q=new+york")
    offered = zone_options(user.page)
    assert offered[0] == ("America/New_York", "New York (United States)")
    assert re.search(r'<option value="America/New_York" selected', user.page)  # the one found
    user.submit("/zone", {"zone": "America/New_York"})
    assert store.index.table("groups")["household"]["timezone"] == "America/New_York"
    user.open("/groups/household?zone_q=portugal")
    assert [v for v, _ in zone_options(user.page)][:3] == ["Atlantic/Azores", "Europe/Lisbon", "Atlantic/Madeira"]
    assert "3 time zones found: first in the list above." in text(user.page)
    user.open("/groups/household?zone_q=zzzz")
    assert "No time zone matches “zzzz”." in text(user.page)


@pytest.mark.parametrize("crafted", ["Factory", "localtime", "posixrules", "Mars/Olympus", "../etc/passwd", ""])
@pytest.mark.parametrize(("lang", "said"), [("en", "Choose a time zone from the list."),
                                            ("de", "Wähle eine Zeitzone aus der Liste.")])
def test_a_crafted_time_zone_is_refused_next_to_the_field(user, store, crafted, lang, said):
    if lang == "de":
        german(user)
    user.open("/groups/household")
    user.submit("/zone", {"zone": "Europe/Berlin"})
    user.submit("/zone", {"zone": crafted})
    assert user.response.status_code == 422
    zone = section(user.page, "time-zone")
    assert 'aria-invalid="true"' in zone and said in text(zone.split("</label>")[0])
    assert store.index.table("groups")["household"]["timezone"] == "Europe/Berlin"


def test_zones_offered_are_only_those_that_load_and_have_a_place():
    assert set(zones.listed()) <= set(periods.zones())
    assert {"Factory", "localtime", "posixrules", "Etc/GMT+5"}.isdisjoint(zones.listed())
    assert zones.region("Europe/Berlin") == "Europe" and zones.region("UTC") == ""


def test_a_name_past_the_forms_seats_is_refused_with_a_message(user, store):
    # A crafted form: eight names for five seats, one of them of invisible characters only.
    user.open("/new/beutelschneider")
    user.submit("", {"player": ["", "", "", "", "", "Ann", "\x1b", "Cem"]})
    assert user.response.status_code == 422
    assert "Beutelschneider is played by 3 to 5 players." in text(user.page)
    assert not list(store.game_ids())
