"""Forms that create something are applied once however often they are sent, and a hidden
field that guards a write is read strictly or refused (issue 22)."""
from __future__ import annotations

import pytest

from companion.history import groups
from tests.formpage import Browserless
from tests.games.beutelschneider.web.test_pages import hand_values, start

NEW_GAME = {"player": ["Anna", "Ben", "Cem", "", ""]}


def sent_twice(user, action, values):
    """Send the form twice, as a double tap or a resend after a lost answer does."""
    form = user.form(action)
    data: dict[str, list[str]] = {}
    for name, value in form["fields"]:
        data.setdefault(name, []).append(value)
    data.update({k: v if isinstance(v, list) else [v] for k, v in values.items()})
    url = form["action"] or user.url
    first = user.client.post(url, data=data)
    second = user.client.post(url, data=data, follow_redirects=True)
    return first, second


def test_a_new_game_sent_twice_starts_one_game(user, store):
    user.open("/new/beutelschneider")
    first, second = sent_twice(user, "", NEW_GAME)
    assert first.status_code == 303 and second.status_code == 200
    assert len(store.game_ids()) == 1
    game_id = store.game_ids()[0]
    assert first.headers["Location"].startswith(f"/games/{game_id}")
    assert second.request.path == f"/games/{game_id}"
    assert "This game was started already" in second.get_data(as_text=True)


def test_a_new_game_sent_again_after_it_was_deleted_starts_none(user, store):
    user.open("/new/beutelschneider")
    form = user.form("")
    user.submit("", NEW_GAME)
    game_id = store.game_ids()[0]
    user.submit(f"/games/{game_id}/delete")
    data = {name: value for name, value in form["fields"] if name != "player"}
    response = user.client.post("/new/beutelschneider", data={**data, **NEW_GAME}, follow_redirects=True)
    assert response.request.path == "/trash"
    assert "is in the trash now" in response.get_data(as_text=True)
    assert store.game_ids() == []


@pytest.mark.parametrize("submission", [None, "", "abc def", "<script>", "x" * 65, "١٢"])
def test_a_new_game_without_a_readable_submission_id_is_refused(user, store, submission):
    user.open("/new/beutelschneider")
    form = user.form("")
    data = {name: value for name, value in form["fields"] if name not in ("player", "submission")}
    if submission is not None:
        data["submission"] = submission
    response = user.client.post("/new/beutelschneider", data={**data, **NEW_GAME})
    assert response.status_code == 422 and store.game_ids() == []
    page = response.get_data(as_text=True)
    assert "This form arrived incomplete or changed, so nothing was stored." in page
    assert 'value="Anna"' in page  # what was typed stays


def test_each_new_game_form_starts_its_own_game(user, store):
    start(user)
    start(user)
    assert len(store.game_ids()) == 2


@pytest.mark.parametrize("version", ["abc", "", "-1", "1.0", "٠", "9" * 40, None])
def test_an_entry_with_an_unreadable_version_is_refused(user, store, version):
    game_id = start(user)
    form = user.form("/entries")
    user.submit("/entries", hand_values(40, 30, 10))  # another phone's entry meanwhile
    data = {k: v for k, v in form["fields"] if k != "version"}
    data["submission"] = "the-first-phones"
    if version is not None:
        data["version"] = version
    data.update({k: str(v) for k, v in hand_values(20, 20, 40).items()})
    response = user.client.post(f"/games/{game_id}/entries", data=data)
    assert response.status_code == 422
    assert "This form arrived incomplete or changed" in response.get_data(as_text=True)
    assert [e["data"]["players"][0]["gold"] for e in store.load(game_id)["entries"]] == [40]


@pytest.mark.parametrize("action", ["undo", "seats"])
def test_an_undo_or_seat_order_with_an_unreadable_version_is_refused(user, store, action):
    game_id = start(user)
    if action == "undo":
        user.submit("/entries", hand_values(40, 30, 10))
    form = user.form(f"/{action}")
    data: dict[str, list[str]] = {}
    for name, value in form["fields"]:
        data.setdefault(name, []).append(value)
    data["version"] = ["abc"]
    before = store.load(game_id)
    response = user.client.post(form["action"].split("#")[0], data=data)
    assert response.status_code == 422
    assert "This form arrived incomplete or changed" in response.get_data(as_text=True)
    assert store.load(game_id)["version"] == before["version"]


def test_a_new_group_sent_twice_is_made_once(app, store):
    user = Browserless(app.test_client())
    user.open("/groups/household")
    first, second = sent_twice(user, "/groups/new", {"name": "Tavern", "code": "Kaninchen7"})
    assert first.status_code == 303 and second.status_code == 200
    assert "The new group is made, and this phone is in it." in second.get_data(as_text=True)
    assert [g["name"] for g in groups.all_groups(store).values()].count("Tavern") == 1


def test_a_new_group_sent_again_after_a_lost_answer_lets_the_phone_in(app, store):
    user = Browserless(app.test_client())
    user.open("/groups/household")
    form = user.form("/groups/new")
    data = {**dict(form["fields"]), "name": "Tavern", "code": "Kaninchen7"}
    # The answer is lost: the phone keeps its old session (in the Household, no new group).
    kept = user.client.get_cookie("session").value
    assert user.client.post("/groups/new", data=data).status_code == 303
    user.client.set_cookie("session", kept)
    again = user.client.post("/groups/new", data=data, follow_redirects=True)
    assert again.status_code == 200 and "Tavern" in again.get_data(as_text=True)
    assert len(groups.all_groups(store)) == 2
    tavern = groups.find_by_name(store, "Tavern")
    assert again.request.path == f"/groups/{tavern['id']}"
    # Someone else's copy of the form with a wrong code is not let in.
    other = Browserless(app.test_client())
    other.open("/groups/household")
    token = dict(other.form("/groups/new")["fields"])["csrf_token"]
    answer = other.client.post("/groups/new", data={**data, "csrf_token": token, "code": "guess-1234"},
                               follow_redirects=True)
    assert answer.request.path == "/groups/household" and len(groups.all_groups(store)) == 2


def test_a_player_added_twice_is_added_once_without_a_wrong_word(user, store):
    user.open("/groups/household")
    first, second = sent_twice(user, "/players", {"name": "Dora"})
    assert first.status_code == 303 and second.status_code == 200
    page = second.get_data(as_text=True)
    assert "The player is added." in page and "already a player" not in page
    assert groups.get(store, "household")["players"] == ["Dora"]


@pytest.mark.parametrize("action, values, done", [
    ("/players/rename", {"player": "Ben", "name": "Benjamin"}, "The player is renamed."),
    ("/players/merge", {"player": "Ben", "into": "Anna"}, "The players are merged."),
])
def test_a_rename_or_merge_sent_twice_is_done_once_without_a_wrong_word(user, store, action, values, done):
    groups.add_player(store, "household", "Anna")
    groups.add_player(store, "household", "Ben")
    user.open("/groups/household")
    first, second = sent_twice(user, action, values)
    assert first.status_code == 303 and second.status_code == 200
    page = second.get_data(as_text=True)
    assert done in page and 'class="error"' not in page and "No such player" not in page
    assert len(groups.aliases(store, "household")) == 1


def _new_game_form(user):
    user.open("/new/beutelschneider")
    form = user.form("")
    data: dict[str, list[str]] = {}
    for name, value in form["fields"]:
        data.setdefault(name, []).append(value)
    return {**data, **NEW_GAME}


def test_a_new_game_form_resent_from_another_group_starts_its_game_there(app, user, store):
    from tests.history.conftest import join
    club = groups.create(store, "Club", "club-code")
    data = _new_game_form(user)
    assert user.client.post("/new/beutelschneider", data=data).status_code == 303
    assert join(user.client, "Club", "club-code").status_code == 303
    again = user.client.post("/new/beutelschneider", data=data)
    assert again.status_code == 303, again.get_data(as_text=True)
    by_group = sorted(g.get("group") for g in store.index.games().values())
    assert by_group == sorted(["household", club["id"]])


def test_a_new_game_whose_index_row_was_not_written_is_found_by_its_file(user, store):
    data = _new_game_form(user)
    first = user.client.post("/new/beutelschneider", data=data)
    game_id = store.game_ids()[0]
    store.index.unlist(game_id)  # what a disk that refused the index write after the file leaves
    second = user.client.post("/new/beutelschneider", data=data, follow_redirects=True)
    assert second.status_code == 200 and second.request.path == f"/games/{game_id}"
    assert first.headers["Location"].startswith(f"/games/{game_id}")
    assert "This game was started already" in second.get_data(as_text=True)
    assert list(store.index.games()) == [game_id]  # and its row is back


def test_a_new_game_whose_id_is_taken_by_an_unreadable_file_is_refused_not_a_500(app, user, store):
    from companion.views.home import game_id_of
    data = _new_game_form(user)
    with app.test_request_context():
        game_id = game_id_of(data["submission"][0], "household")
    store.file(game_id).write_text("not a game")
    response = user.client.post("/new/beutelschneider", data=data)
    page = response.get_data(as_text=True)
    assert response.status_code == 409
    assert "cannot be opened here, so no game was started" in page
    assert 'value="Anna"' in page  # what was typed stays
    assert data["submission"][0] not in page  # a fresh form: Start again starts the game
    user.page, user.url = page, "/new/beutelschneider"
    assert user.submit("", {"player": NEW_GAME["player"]}).status_code == 200
    assert len(store.index.games()) == 1
