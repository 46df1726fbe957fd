"""Share a game live: a read-only link with an unguessable token, its QR code, revocable."""
from __future__ import annotations

from companion.record.entries import add_entry, new_record
from tests.formpage import forms_of
from tests.history.conftest import join, share


def test_a_game_in_progress_is_shared_read_only_and_follows_the_game(app, user, store):
    game_id = store.create(new_record("beutelschneider", ["Anna", "Ben", "Cem"], {}))
    link = share(user, game_id)
    assert len(link.rsplit("/", 1)[-1]) >= 22  # 16 random bytes
    assert 'class="qr"' in user.page and "<svg" in user.page
    # Someone at the table who is in no group (the household has a code now) opens it.
    user.open("/groups/household")
    user.submit("/code", {"code": "tavern-42"})
    guest = app.test_client()
    response = guest.get(link)
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and response.headers["Cache-Control"] == "no-cache"
    # No full-page reload: app.js asks again with the page's tag; without it, a Refresh link.
    assert "http-equiv" not in page and 'data-poll="5"' in page
    assert 'data-tag="' in page
    assert ">Refresh</a>" in page
    assert "Anna deals." in page and "Hand 1" in page  # whose turn it is
    assert "Anna" in page and forms_of(page.split("<main")[1]) == []  # read-only: no forms
    assert "<script>" not in page
    assert guest.get(f"/games/{game_id}").status_code == 303  # the game itself stays closed

    # Asked again with its tag: 304 and no body while nothing changed.
    tag = response.headers["ETag"]
    again = guest.get(link, headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.data == b""
    store.update(game_id, lambda r: add_entry(r, "hand", {"players": [{"gold": 30}, {"gold": 30}, {"gold": 20}]}))
    changed = guest.get(link, headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["ETag"] != tag
    assert "Ben deals." in changed.get_data(as_text=True)


def test_a_finished_games_share_page_stops_refreshing(user, history):
    link = share(user, history[0])
    page = user.client.get(link).get_data(as_text=True)
    assert "http-equiv" not in page and "★</span> Anna" in page


def test_a_revoked_link_answers_404_and_sharing_again_makes_a_new_one(user, store, history):
    link = share(user, history[0])
    user.open(f"/games/{history[0]}/share")
    user.submit("/share/revoke")
    assert user.client.get(link).status_code == 404
    assert store.index.table("shares") == {}
    assert share(user, history[0]) != link


def test_a_double_tap_on_share_keeps_one_link(user, store, history):
    user.open(f"/games/{history[0]}/share")
    form = user.form(f"/games/{history[0]}/share")
    for _ in range(2):
        assert user.client.post(form["action"], data=dict(form["fields"])).status_code == 303
    assert len(store.index.table("shares")) == 1


def test_another_groups_phone_cannot_make_or_revoke_a_share(app, store, club, history):
    phone = app.test_client()
    join(phone, "Club", "club-code")
    assert phone.get(f"/games/{history[0]}/share").status_code == 404
    assert phone.post(f"/games/{history[0]}/share").status_code == 404
    assert phone.post(f"/games/{history[0]}/share/revoke").status_code == 404
    assert store.index.table("shares") == {}


def test_a_share_form_without_its_csrf_token_changes_nothing(client, store, history):
    assert client.post(f"/games/{history[0]}/share").status_code == 422
    assert store.index.table("shares") == {}


def test_a_made_up_token_is_404(client):
    assert client.get("/s/not-a-token").status_code == 404


def test_a_phone_of_another_group_gets_404_for_a_share_link(app, user, store, club):
    game_id = store.create(new_record("beutelschneider", ["Anna", "Ben", "Cem"], {}))
    link = share(user, game_id)
    other = app.test_client()
    assert join(other, "Club", "club-code").status_code == 303
    assert other.get(link).status_code == 404
    assert app.test_client().get(link).status_code == 200  # a guest in no group


def test_a_game_of_the_tables_own_is_shared_by_its_name_and_follows_its_rounds(app, user, store):
    game_id = store.create(new_record("own-game", ["Anna", "Ben", "Cem"], {"name": "Hearts", "wins": "low",
                                                                        "target": 50}))
    link = share(user, game_id)
    guest = app.test_client()
    response = guest.get(link)
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and "Hearts" in page and "Round 1" in page
    assert forms_of(page.split("<main")[1]) == []
    store.update(game_id, lambda r: add_entry(r, "round", {"players": [{"score": 13}, {"score": 4}, {"score": 9}]}))
    changed = guest.get(link, headers={"If-None-Match": response.headers["ETag"]})
    assert changed.status_code == 200
    later = changed.get_data(as_text=True)
    assert "Round 2" in later and "Ben leads with 4." in later  # the lowest total leads in Hearts
