"""A phone signed out while it plays (the host set or changed the group's access code on
another phone): what it sent is not stored, it is told to join, and joining brings it back to
the game page -- not to the address the form was posted to, which answers only POSTs."""
from __future__ import annotations

from companion.history import groups
from tests.formpage import BACKGROUND
from tests.games.beutelschneider.web.test_pages import hand_values, start


def hand(user):
    data = {}
    for name, value in user.form("/entries")["fields"]:
        data.setdefault(name, []).append(value)
    return {**data, **{k: [str(v)] for k, v in hand_values(40, 20, 20).items()}}


def test_without_javascript_joining_returns_to_the_game_page(user, client, store):
    game_id = start(user)
    data = hand(user)
    groups.set_code(store, "household", "Kaninchen7")
    response = client.post(f"/games/{game_id}/entries", data=data)
    assert response.status_code == 303
    assert response.location == f"/join?next=/games/{game_id}"
    assert store.load(game_id)["entries"] == []
    user.open(response.location)
    response = user.submit("/join", {"name": "Household", "code": "Kaninchen7"}, follow=False)
    assert response.status_code == 303 and response.location == f"/games/{game_id}"
    assert client.get(response.location).status_code == 200


def test_a_game_page_address_is_kept_for_a_get_and_a_page_without_a_game_uses_the_referrer(
        user, client, store):
    game_id = start(user)
    groups.set_code(store, "household", "Kaninchen7")
    assert client.get(f"/games/{game_id}/log?x=1").location == f"/join?next=/games/{game_id}/log?x%3D1"
    response = client.post("/groups/household/name", data={},
                           headers={"Referer": "http://localhost/groups/household"})
    assert response.location == "/join?next=/groups/household"
    assert client.post("/import", data={}).location == "/join?next=/"


def test_in_the_background_the_answer_says_why_and_links_the_join_page(user, client, store):
    game_id = start(user)
    data = hand(user)
    groups.set_code(store, "household", "Kaninchen7")
    response = client.post(f"/games/{game_id}/entries", data=data, headers=BACKGROUND)
    page = response.get_data(as_text=True)
    assert response.status_code == 403
    why = page.split('<div class="why" data-keep>')[1].split("</div>")[0]  # data-keep: app.js keeps the entry
    assert "This phone has to join its group again" in why and "this is not stored yet" in why
    assert f'href="/join?next=/games/{game_id}">Join</a>' in why
    assert 'id="next"' not in page and store.load(game_id)["entries"] == []
