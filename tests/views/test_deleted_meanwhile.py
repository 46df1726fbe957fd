"""A game deleted by one phone while another saves to it: every form answers 404 with
"deleted, it is in the trash" and a link there, never a 500, and the trash keeps the game
as it was deleted. The delete is real (trash.delete on the same store), made just before the
save takes the game's lock to read and change it, where another phone's tap would land."""
from __future__ import annotations

import re

import pytest

from companion.history import groups
from companion.storage import trash
from companion.storage.store import Store
from tests.formpage import BACKGROUND
from tests.games.beutelschneider.web.test_pages import hand_values, start
from tests.games.scoot.web.test_pages import start as start_scoot

GONE = "This game was deleted meanwhile, so this was not stored."


@pytest.fixture
def delete_before_the_write(monkeypatch):
    """The next change of a game (``Store.changing``, which ``update`` goes through too)
    first lets another phone delete the game."""
    real = Store.changing

    def changing(self, game_id):
        monkeypatch.setattr(Store, "changing", real)
        trash.delete(self, game_id)
        return real(self, game_id)

    def arm():
        monkeypatch.setattr(Store, "changing", changing)
    return arm


def fields(user, action="", with_field=None):
    data = {}
    for name, value in user.form(action, with_field)["fields"]:
        data.setdefault(name, []).append(value)
    return data


def says_gone(response):
    page = response.get_data(as_text=True)
    assert response.status_code == 404, page
    assert GONE in page
    assert re.search(r'<a class="button" href="/trash">Open the trash</a>', page)
    return page


def post_after_delete(client, arm, url, data, headers=None):
    arm()
    return client.post(url, data=data, headers=headers or {})


def test_an_entry_to_a_game_deleted_meanwhile_is_a_404_that_points_at_the_trash(
        user, client, store, delete_before_the_write):
    game_id = start(user)
    data = {**fields(user, "/entries"), **{k: [str(v)] for k, v in hand_values(40, 30, 10).items()}}
    response = post_after_delete(client, delete_before_the_write, f"/games/{game_id}/entries", data)
    says_gone(response)
    gone = trash.find(store, game_id)
    assert gone is not None and gone["entries"] == []       # nothing was added to it
    assert game_id not in store.index.games()


def test_in_the_background_too_with_the_reason_where_app_js_reads_it(
        user, client, delete_before_the_write):
    game_id = start(user)
    data = {**fields(user, "/entries"), **{k: [str(v)] for k, v in hand_values(40, 30, 10).items()}}
    response = post_after_delete(client, delete_before_the_write, f"/games/{game_id}/entries", data,
                                 BACKGROUND)
    page = says_gone(response)
    why = page.split('<div class="why" data-keep>')[1].split("</div>")[0]  # data-keep: app.js keeps the entry
    assert GONE in why and 'href="/trash"' in why
    assert 'id="next"' not in page and "Content-Location" not in response.headers


@pytest.mark.parametrize("action", ["/undo", "/note"])
def test_undo_and_the_note(user, client, store, delete_before_the_write, action):
    game_id = start(user)
    user.submit("/entries", hand_values(40, 30, 10))
    data = fields(user, action)
    if action == "/note":
        data["note"] = ["Birthday"]
    says_gone(post_after_delete(client, delete_before_the_write, f"/games/{game_id}{action}", data))
    gone = trash.find(store, game_id)
    assert len(gone["entries"]) == 1 and not gone.get("undone") and not gone.get("note")


def test_put_back(user, client, delete_before_the_write):
    game_id = start(user)
    user.submit("/entries", hand_values(40, 30, 10))
    user.submit("/undo")
    data = fields(user, "/put-back")
    says_gone(post_after_delete(client, delete_before_the_write, f"/games/{game_id}/put-back", data))


def test_a_draw(user, client, store, delete_before_the_write):
    game_id = start_scoot(user, first=None, picks=False)
    data = fields(user, "/draw")
    says_gone(post_after_delete(client, delete_before_the_write, f"/games/{game_id}/draw", data))
    assert trash.find(store, game_id)["entries"] == []


def test_a_correction(user, client, store, delete_before_the_write):
    game_id = start(user)
    user.submit("/entries", hand_values(40, 30, 10))
    entry_id = store.load(game_id)["entries"][0]["id"]
    user.open(f"/games/{game_id}/entries/{entry_id}/edit")
    data = {**fields(user), "players-0-gold": ["30"], "players-1-gold": ["40"]}
    says_gone(post_after_delete(client, delete_before_the_write,
                                f"/games/{game_id}/entries/{entry_id}/edit", data))
    assert trash.find(store, game_id)["entries"][0]["data"]["players"][0]["gold"] == 40


@pytest.mark.parametrize("action", ["/abandon", "/seats"])
def test_abandon_and_the_seat_order(user, client, store, delete_before_the_write, action):
    game_id = start(user)
    data = fields(user, action)
    if action == "/seats":
        data["seat"] = ["1", "0", "2"]
    says_gone(post_after_delete(client, delete_before_the_write, f"/games/{game_id}{action}", data))
    gone = trash.find(store, game_id)
    assert not gone.get("abandoned") and gone["players"] == ["Anna", "Ben", "Cem"]


def test_resume(user, client, delete_before_the_write):
    game_id = start(user)
    user.submit("/abandon")
    data = fields(user, "/resume")
    says_gone(post_after_delete(client, delete_before_the_write, f"/games/{game_id}/resume", data))


def test_an_old_link_to_a_deleted_game_says_where_it_is(user, client, store):
    game_id = start(user)
    user.submit("/delete")
    response = client.get(f"/games/{game_id}")
    page = response.get_data(as_text=True)
    assert response.status_code == 404
    assert "This game was deleted. It is in the trash, where it can be brought back." in page
    assert 'href="/trash"' in page
    assert client.get(f"/games/{game_id}/log").status_code == 404


def test_another_groups_deleted_game_is_just_not_there(user, client, store):
    game_id = start(user)
    user.submit("/delete")
    groups.create(store, "Other table", "Dachs-Otter-42")
    phone = client.application.test_client()
    join = phone.get("/join").get_data(as_text=True)
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', join).group(1)
    phone.post("/join", data={"csrf_token": token, "name": "Other table", "code": "Dachs-Otter-42"})
    page = phone.get(f"/games/{game_id}").get_data(as_text=True)
    assert "There is nothing here." in page and "trash" not in page.split("<main")[1]


def test_a_game_id_nobody_ever_had_is_the_plain_404(client):
    response = client.get("/games/0123456789ab")
    assert response.status_code == 404 and "There is nothing here." in response.get_data(as_text=True)
    assert client.get("/games/../../etc").status_code == 404


def test_in_german(user, client, delete_before_the_write):
    game_id = start(user)
    user.submit("/lang", button=("lang", "de"))
    data = fields(user, "/note")
    response = post_after_delete(client, delete_before_the_write, f"/games/{game_id}/note", data)
    page = response.get_data(as_text=True)
    assert response.status_code == 404
    assert "Diese Partie wurde inzwischen gelöscht, daher wurde das nicht gespeichert." in page
    assert ">Papierkorb öffnen</a>" in page
