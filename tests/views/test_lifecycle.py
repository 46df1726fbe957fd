"""The pages and forms of a game's life, sent as a browser without JavaScript sends them:
every transition, double taps, missing CSRF tokens, and another group's games."""
from __future__ import annotations

import html
import re

import pytest

from companion.storage import trash
from tests.formpage import Browserless
from tests.history.conftest import finished_game, join
from tests.playing import NOW, playing_game


def text(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def test_in_progress_tells_games_apart_and_offers_abandon_and_delete(fixed_app, store, user):
    ben_leads = playing_game(store, hands=((10, 30, 0),), created=NOW.replace(hour=11, minute=30))
    level = playing_game(store, players=("Dora", "Eli", "Finn"), hands=(),
                         created=NOW.replace(hour=9))
    user.open("/")
    items = re.findall(r"<li>.*?</li>", user.page.split('class="games playing"')[1].split("</ul>")[0], re.S)
    first, second = text(items[0]), text(items[1])
    # The latest activity first: the game, its players, what it waits for, who leads, when.
    assert "Beutelschneider" in first and "Anna, Ben, Cem" in first
    assert "Hand 2 · Ben leads with 30" in first and "last entry 20 minutes ago" in first
    assert "Dora, Eli, Finn" in second and "Hand 1" in second and "leads" not in second
    assert "started 3 hours ago" in second
    for game_id in (ben_leads, level):
        assert f"/games/{game_id}/abandon" in user.page and f"/games/{game_id}/delete" in user.page


def test_abandon_from_in_progress_then_history_marks_it_then_resume(app, store, user):
    game_id = playing_game(store)
    user.open("/")
    response = user.submit(f"/games/{game_id}/abandon")
    assert response.status_code == 200 and user.url == "/"
    assert "The game is abandoned" in user.page
    assert f"/games/{game_id}/abandon" not in user.page  # left "In progress"
    assert store.index.games()[game_id]["status"] == "abandoned"
    user.open("/history")
    entry = text(re.search(r'<li class="abandoned">.*?</li>', user.page, re.S).group(0))
    assert "abandoned" in entry and "Hand 2" in entry and "Anna 20 · Ben 10 · Cem 0" in entry
    assert "1 abandoned" in text(user.page)
    # The game page says so, takes no entry, and offers to resume.
    user.open(f"/games/{game_id}")
    assert "Abandoned" in user.page and f'action="/games/{game_id}/entries#next"' not in user.page
    user.open("/history")
    user.submit(f"/games/{game_id}/resume")
    assert user.url == f"/games/{game_id}" and "The game is resumed." in user.page
    assert f'action="/games/{game_id}/entries#next"' in user.page
    assert store.index.games()[game_id]["status"] == "playing"


def test_an_entry_sent_to_an_abandoned_game_is_refused_and_changes_nothing(store, user):
    game_id = playing_game(store)
    user.open(f"/games/{game_id}")
    form = user.form(f"/games/{game_id}/entries")
    user.submit(f"/games/{game_id}/abandon")
    before = store.load(game_id)
    fields = dict(form["fields"]) | {f"players-{i}-gold": str(g) for i, g in enumerate((0, 0, 30))}
    response = user.client.post(f"/games/{game_id}/entries", data=fields)
    assert response.status_code == 422 and "Resume it to go on." in response.get_data(as_text=True)
    assert store.load(game_id)["entries"] == before["entries"]


def test_delete_to_the_trash_out_of_every_list_then_restore(fixed_app, store, user, history):
    user.open(f"/games/{history[0]}")
    user.submit(f"/games/{history[0]}/delete")
    assert user.url == "/" and "The game is in the trash" in user.page
    assert user.client.get(f"/games/{history[0]}").status_code == 404
    user.open("/history")
    assert history[0] not in user.page and "4 finished games" in text(user.page)
    anna = text(user.client.get("/players/Anna").get_data(as_text=True))
    assert "Games 4" in anna  # G1 no longer counts
    user.open("/trash")
    assert history[0] in user.page and "Deleted" in user.page
    assert "removed for good on Mar 31, 2026" in text(user.page)
    user.submit(f"/trash/{history[0]}/restore")
    assert user.url == "/trash" and "The game is back." in user.page
    assert "5 finished games" in text(user.client.get("/history").get_data(as_text=True))


def test_the_undo_after_a_delete_brings_the_game_back(store, user):
    game_id = playing_game(store)
    user.open("/")
    user.submit(f"/games/{game_id}/delete")
    user.submit(f"/trash/{game_id}/restore")  # the flash's "Undo"
    assert user.url == "/" and f"/games/{game_id}/abandon" in user.page


def test_deleting_a_game_another_phone_deleted_meanwhile_says_it_is_in_the_trash(store, user):
    game_id = playing_game(store)
    user.open("/")
    trash.delete(store, game_id)  # another phone, after this one's list was shown
    user.submit(f"/games/{game_id}/delete")
    assert user.url == "/" and "The game is in the trash" in user.page
    assert "not stored" not in user.page
    assert [r["id"] for r in trash.listing(store, "household")] == [game_id]


def test_a_double_tap_counts_once(store, user):
    game_id = playing_game(store)
    user.open("/")
    abandon = user.form(f"/games/{game_id}/abandon")
    delete = user.form(f"/games/{game_id}/delete")
    for _ in range(2):
        assert user.client.post(abandon["action"], data=dict(abandon["fields"])).status_code == 303
    version = store.load(game_id)["version"]
    user.client.post(abandon["action"], data=dict(abandon["fields"]))
    assert store.load(game_id)["version"] == version
    for _ in range(2):
        assert user.client.post(delete["action"], data=dict(delete["fields"])).status_code == 303
    assert [r["id"] for r in trash.listing(store, "household")] == [game_id]
    user.open("/trash")
    restore = user.form(f"/trash/{game_id}/restore")
    for _ in range(2):
        assert user.client.post(restore["action"], data=dict(restore["fields"])).status_code == 303
    assert store.load(game_id)["abandoned"]


@pytest.mark.parametrize("action", ["abandon", "delete", "resume"])
def test_without_its_csrf_token_a_form_is_refused_and_changes_nothing(store, user, action):
    game_id = playing_game(store)
    if action == "resume":
        user.open("/")
        user.submit(f"/games/{game_id}/abandon")
    before = store.load(game_id)
    user.open(f"/games/{game_id}" if action != "abandon" else "/")
    fields = {k: v for k, v in user.form(f"/games/{game_id}/{action}")["fields"] if k != "csrf_token"}
    response = user.client.post(f"/games/{game_id}/{action}", data=fields)
    assert response.status_code == 422 and "could not be checked" in response.get_data(as_text=True)
    assert store.load(game_id) == before


def test_another_groups_game_is_a_404_for_every_address(app, store, club):
    theirs = finished_game(store, (50, 30, 0), group=club["id"])
    playing = playing_game(store, group=club["id"])
    gone = playing_game(store, group=club["id"])
    trash.delete(store, gone)
    user = Browserless(app.test_client())
    user.open("/")  # household: has a CSRF token in its session
    token = re.search(r'name="csrf_token" value="([^"]+)"', user.page).group(1)
    for url in (f"/games/{playing}/abandon", f"/games/{theirs}/resume", f"/games/{theirs}/delete",
                f"/games/{playing}/delete", f"/trash/{gone}/restore", f"/games/{playing}/seats",
                f"/groups/{club['id']}/zone", f"/groups/{club['id']}/colours"):
        response = user.client.post(url, data={"csrf_token": token, "submission": "x", "seat": ["1", "0", "2"]})
        assert response.status_code == 404, url
    assert gone not in user.client.get("/trash").get_data(as_text=True)
    assert trash.find(store, gone) is not None and store.index.games()[playing]["status"] == "playing"
    # The club sees its own trash.
    club_phone = app.test_client()
    join(club_phone, "Club", "club-code")
    assert gone in club_phone.get("/trash").get_data(as_text=True)


def test_emptying_the_trash_asks_first_and_then_removes_for_good(fixed_app, store, user):
    first, second = playing_game(store), playing_game(store)
    for game_id in (first, second):
        trash.delete(store, game_id, now=NOW)
    user.open("/trash")
    user.open("/trash/empty")
    assert "Games in the trash to be removed for good: 2." in user.page
    assert len(trash.listing(store, "household", now=NOW)) == 2  # asking changed nothing
    user.submit("/trash/empty")
    assert user.url == "/trash" and "Games removed for good: 2." in user.page
    assert trash.find(store, first, now=NOW) is None and trash.find(store, second, now=NOW) is None
    # A crafted request without what was seen removes nothing.
    third = playing_game(store)
    trash.delete(store, third, now=NOW)
    user.open("/trash")
    token = re.search(r'name="csrf_token" value="([^"]+)"', user.page).group(1)
    assert user.client.post("/trash/empty", data={"csrf_token": token}).status_code == 422
    assert trash.find(store, third, now=NOW) is not None


def test_the_seats_are_reordered_on_the_game_page_before_the_first_entry(store, user):
    game_id = playing_game(store, hands=())
    user.open(f"/games/{game_id}")
    user.submit(f"/games/{game_id}/seats", {"seat": ["1", "2", "0"]})
    assert user.url == f"/games/{game_id}"
    assert store.load(game_id)["players"] == ["Ben", "Cem", "Anna"]
    response = user.submit(f"/games/{game_id}/seats", {"seat": ["0", "0", "1"]})
    assert response.status_code == 422 and "exactly one seat" in user.page
    response = user.submit(f"/games/{game_id}/seats", {"seat": ["0", "x", "1"]})
    assert response.status_code == 422
    assert store.load(game_id)["players"] == ["Ben", "Cem", "Anna"]
    started = playing_game(store)
    user.open(f"/games/{started}")
    assert f"/games/{started}/seats" not in user.page  # once an entry is in, the seats stay


def test_a_game_played_on_paper_is_entered_with_its_day_and_appears_under_it(fixed_app, store, user):
    user.open("/new/beutelschneider")
    assert 'name="played_day" type="date" value="2026-03-01"' in user.page
    assert 'name="played_time" type="time" value="12:00"' in user.page
    user.submit("", {"player": ["Anna", "Ben", "Cem"], "limit": "30",
                                         "played_day": "2026-02-14", "played_time": "19:30"})
    game_id = user.url.rsplit("/", 1)[1]
    record = store.load(game_id)
    assert record["played_on"] == "2026-02-14T19:30:00+00:00"  # the app's zone: UTC by default
    assert "entered afterwards" in user.page and "Let the app draw" not in user.page
    # Transcribe the two hands on paper; no waiting, the same forms.
    for golds in ((0, 0, 0), (40, 20, 0)):
        user.submit(f"/games/{game_id}/entries", {**{f"players-{i}-gold": g for i, g in enumerate(golds)},
                                                  "alchemist": "y"})  # under 80 gold: the Alchemist
    listed = store.index.games()[game_id]
    assert listed["status"] == "finished" and listed["ended"] == "2026-02-14T19:30:00+00:00"
    assert listed["minutes"] is None and listed["afterwards"] is True
    # Its page says when the table began, not when it was typed; its end and length are not known.
    about = text(user.client.get(f"/games/{game_id}").get_data(as_text=True)).split("Started ")[1]
    assert about.startswith("2/14/26, 7:30") and not re.match(r"[^·]*· ended", about), about[:60]
    history = text(user.client.get("/history?from=2026-02-14&to=2026-02-14").get_data(as_text=True))
    assert "1 finished game" in history and "entered afterwards" in history


def test_the_form_left_as_it_showed_is_a_game_played_now_however_long_it_stayed_open(app, store, user):
    user.open("/new/beutelschneider")
    shown = re.search(r'name="played_shown" value="([^"]+)"', user.page).group(1)
    # Filled in an hour later: the day and time it showed still mean "now".
    day, start = shown.split("T")
    hour = f"{(int(start[:2]) + 23) % 24:02d}{start[2:]}"
    user.submit("", {"player": ["Anna", "Ben", "Cem"], "played_shown": f"{day}T{hour}",
                                         "played_day": day, "played_time": hour})
    record = store.load(user.url.rsplit("/", 1)[1])
    assert record["played_on"] == record["created"]


def test_a_start_in_the_future_or_not_a_date_is_refused_next_to_the_field(fixed_app, store, user):
    user.open("/new/beutelschneider")
    response = user.submit("", {"player": ["Anna", "Ben", "Cem"],
                                 "played_day": "2026-03-02", "played_time": "12:00"})
    assert response.status_code == 422 and "cannot start in the future" in user.page
    response = user.submit("", {"player": ["Anna", "Ben", "Cem"], "played_day": "2026-13-40"})
    assert response.status_code == 422 and "Not a valid date value" in user.page
    assert store.index.games() == {}


def test_the_group_chooses_its_time_zone_and_a_crafted_one_is_refused(store, user):
    user.open("/groups/household")
    user.submit("/zone", {"zone": "Europe/Berlin"})
    assert "The group's time zone is Europe/Berlin." in text(user.page)
    assert store.index.table("groups")["household"]["timezone"] == "Europe/Berlin"
    response = user.submit("/zone", {"zone": "Mars/Olympus"})
    assert response.status_code == 422 and "Choose a time zone from the list." in text(user.page)
    assert store.index.table("groups")["household"]["timezone"] == "Europe/Berlin"


def test_the_new_pages_speak_german(fixed_app, store, user):
    playing_game(store, created=NOW.replace(hour=11, minute=48))
    german = {"Accept-Language": "de"}
    home = text(user.client.get("/", headers=german).get_data(as_text=True))
    assert "letzter Eintrag vor 2 Minuten" in home and "Abbrechen" in home and "Löschen" in home
    assert "Papierkorb" in text(user.client.get("/trash", headers=german).get_data(as_text=True))
