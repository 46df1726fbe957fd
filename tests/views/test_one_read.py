"""A save reads the game file once: the form is checked against the record read under the
game's lock, and the phone's answer is made from the record as it was written (issue 23)."""
from __future__ import annotations

import pytest

from companion.storage import files
from tests.games.beutelschneider.web.test_pages import hand_values, start

FETCH = {"X-Requested-With": "fetch"}  # app.js: the page itself as the answer


@pytest.fixture
def reads(monkeypatch):
    """The game files read from now on, one name per read."""
    seen: list[str] = []
    read = files.AtomicJSONStorage.read

    def counted(self):
        if self.path.parent.name == "games":
            seen.append(self.path.name)
        return read(self)
    monkeypatch.setattr(files.AtomicJSONStorage, "read", counted)
    return seen


def send(user, action, values=None, headers=FETCH):
    """Send the form of the page open, as app.js does; returns the answer."""
    form = user.form(action)
    data: dict[str, list[str]] = {}
    for name, value in form["fields"]:
        data.setdefault(name, []).append(value)
    data.update({k: v if isinstance(v, list) else [str(v)] for k, v in (values or {}).items()})
    return user.client.post(form["action"] or user.url, data=data, headers=headers)


def test_a_hand_saved_from_the_phone_reads_the_game_file_once(user, store, reads):
    game_id = start(user)
    reads.clear()
    answer = send(user, "/entries", hand_values(60, 10, 10))
    assert answer.status_code == 200 and "Anna" in answer.get_data(as_text=True)
    assert reads == [f"{game_id}.json"]
    assert len(store.load(game_id)["entries"]) == 1


def test_a_hand_saved_without_javascript_reads_it_once_before_its_redirect(user, store, reads):
    game_id = start(user)
    reads.clear()
    answer = send(user, "/entries", hand_values(60, 10, 10), headers={})
    assert answer.status_code == 303 and reads == [f"{game_id}.json"]


def test_a_refused_hand_reads_it_once_and_stores_nothing(user, store, reads):
    game_id = start(user)
    reads.clear()
    answer = send(user, "/entries", hand_values(50, 30, 20))  # 100 of the deck's 80 gold
    assert answer.status_code == 422 and reads == [f"{game_id}.json"]
    assert "this hand adds up to 100" in answer.get_data(as_text=True)
    assert store.load(game_id)["entries"] == []


def test_a_hand_sent_again_reads_it_once_and_stores_nothing_new(user, store, reads):
    game_id = start(user)
    user.open(f"/games/{game_id}")
    form = user.form("/entries")
    first = send(user, "/entries", hand_values(60, 10, 10))
    assert first.status_code == 200
    reads.clear()
    data: dict[str, list[str]] = {}
    for name, value in form["fields"]:
        data.setdefault(name, []).append(value)
    data.update({k: [str(v)] for k, v in hand_values(60, 10, 10).items()})
    again = user.client.post(form["action"], data=data, headers=FETCH)
    assert "sent before and is stored already" in again.get_data(as_text=True)
    assert reads == [f"{game_id}.json"] and len(store.load(game_id)["entries"]) == 1


def test_a_correction_and_an_undo_read_it_once_each(user, store, reads):
    game_id = start(user)
    user.submit("/entries", hand_values(60, 10, 10))
    entry_id = store.load(game_id)["entries"][0]["id"]
    user.open(f"/games/{game_id}/entries/{entry_id}/edit")
    reads.clear()
    answer = send(user, "", hand_values(50, 20, 10))
    assert answer.status_code == 200 and reads == [f"{game_id}.json"]
    assert store.load(game_id)["entries"][0]["data"]["players"][1]["gold"] == 20
    user.open(f"/games/{game_id}")
    reads.clear()
    assert send(user, "/undo").status_code == 200 and reads == [f"{game_id}.json"]
    assert store.load(game_id)["entries"] == []


def test_a_note_saved_from_the_phone_reads_it_once(user, store, reads):
    game_id = start(user)
    reads.clear()
    answer = send(user, "/note", {"note": "Pizza at Anna's"})
    assert answer.status_code == 200 and reads == [f"{game_id}.json"]
    assert store.load(game_id)["note"] == "Pizza at Anna's"
