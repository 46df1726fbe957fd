"""Every phone of the group follows the game page (issue 38.1, 38.5): a conditional request
per look (304 while nothing changed), the page's <main> rendered once per change for every
phone, each phone's own token and submission ids left to it; and a save that meets a newer
version is stored when nothing it was typed against changed meanwhile."""
from __future__ import annotations

import re

from companion.history import groups
from companion.views import follow
from tests.formpage import BACKGROUND, Browserless
from tests.games.beutelschneider.web import test_pages as beutelschneider
from tests.games.treasure.web import test_pages as treasure
from tests.history.conftest import join


def look(phone: Browserless, game_id: str, tag: str | None = None):
    return phone.client.get(f"/games/{game_id}/live", headers={"If-None-Match": tag} if tag else {})


def page_tag(page: str) -> str:
    found = re.search(r'id="log" data-live="[^"]+" data-tag="&quot;([^&]+)&quot;"', page)
    assert found, "the game page names no tag to follow with"
    return f'"{found.group(1)}"'


def test_a_phone_that_shows_the_game_as_it_is_gets_304(user, app):
    game_id = beutelschneider.start(user)
    tag = page_tag(user.page)
    answer = look(user, game_id, tag)
    assert answer.status_code == 304 and answer.get_data() == b""
    assert answer.headers["ETag"] == tag


def test_another_phones_save_is_what_the_next_look_brings(user, app):
    game_id = beutelschneider.start(user, players=("Anna", "Ben", "Cem"))
    other = Browserless(app.test_client())
    other.open(f"/games/{game_id}")
    tag = page_tag(other.page)
    user.submit("/entries", beutelschneider.hand_values(40, 30, 10))
    answer = look(other, game_id, tag)
    assert answer.status_code == 200 and answer.headers["ETag"] != tag
    body = answer.get_data(as_text=True)
    assert "Hand 2" in body and "<main" in body and "40" in body
    # Nobody's token and no submission id: each phone puts in its own.
    assert re.findall(r'name="csrf_token" value="([^"]*)"', body) == [""] * body.count('name="csrf_token"')
    assert not re.search(r'name="submission"[^>]*value="[^"]', body)
    assert look(other, game_id, answer.headers["ETag"]).status_code == 304


def test_six_phones_share_one_render_per_change(user, app, monkeypatch):
    game_id = beutelschneider.start(user)
    renders = []
    real = follow._render
    monkeypatch.setattr(follow, "_render", lambda record: renders.append(record["version"]) or real(record))
    phones = [Browserless(app.test_client()) for _ in range(6)]
    for _ in range(2):
        user.submit("/entries", beutelschneider.hand_values(40, 30, 10))
        bodies = {look(phone, game_id).get_data(as_text=True) for phone in phones}
        assert len(bodies) == 1
    assert len(renders) == 2


def test_a_phone_of_another_group_cannot_follow(user, app, store):
    game_id = beutelschneider.start(user)
    look(user, game_id)  # what a look keeps of the game is no way in for another group
    groups.create(store, "Club", "club-code")
    stranger = app.test_client()
    join(stranger, "Club", "club-code")
    assert look(Browserless(stranger), game_id).status_code == 404
    assert look(user, "0123456789ab").status_code == 404


# -- a save that meets a newer version ---------------------------------------------------------------

def test_a_turn_typed_while_another_phone_corrected_the_coins_is_stored(user, app, store):
    game_id = treasure.ready(user)
    other = Browserless(app.test_client())
    other.open(f"/games/{game_id}")
    turn = dict(other.form("/entries")["fields"])
    after = str(store.load(game_id)["entries"][-1]["id"])
    user.submit("/entries", {"side": "1", "coins": "3", "reason": "forgot a coin"}, with_field="reason")
    data = {**turn, "sides-0-combinations-0": ["red3", "blue3"], "after": after}
    answer = other.client.post(f"/games/{game_id}/entries", data=data, headers=BACKGROUND)
    assert answer.status_code == 200, answer.get_data(as_text=True)[:300]
    assert [e["kind"] for e in store.load(game_id)["entries"]][-2:] == ["correction", "turn"]
    # The same form without the page's last entry (no follow.js): stale, as before.
    other.open(f"/games/{game_id}")
    again = {**dict(other.form("/entries")["fields"]), "sides-1-combinations-0": ["red5", "blue5"]}
    user.open(f"/games/{game_id}")
    assert user.submit("/entries", {"side": "0", "coins": "1", "reason": "a coin fell"},
                       with_field="reason").status_code == 200
    assert other.client.post(f"/games/{game_id}/entries", data=again, headers=BACKGROUND).status_code == 409


def test_two_phones_typing_the_same_hand_store_it_once(user, app, store):
    game_id = beutelschneider.start(user, players=("Anna", "Ben", "Cem"))
    other = Browserless(app.test_client())
    other.open(f"/games/{game_id}")
    hand = {**dict(other.form("/entries")["fields"]), **beutelschneider.hand_values(40, 30, 10), "after": "0"}
    user.submit("/entries", beutelschneider.hand_values(40, 30, 10))
    answer = other.client.post(f"/games/{game_id}/entries", data=hand, headers=BACKGROUND)
    page = answer.get_data(as_text=True)
    # Shown beside the hand that came first, as typed, to send again with one tap.
    assert answer.status_code == 409 and "Another phone changed this game meanwhile" in page
    assert 'value="40"' in page or "value=40" in page
    assert len(store.load(game_id)["entries"]) == 1


def test_an_undo_meanwhile_keeps_a_form_stale(user, app, store):
    game_id = beutelschneider.start(user, players=("Anna", "Ben", "Cem"))
    user.submit("/entries", beutelschneider.hand_values(40, 30, 10))
    other = Browserless(app.test_client())
    other.open(f"/games/{game_id}")
    after = str(store.load(game_id)["entries"][-1]["id"])
    hand = {**dict(other.form("/entries")["fields"]), **beutelschneider.hand_values(20, 30, 30), "after": after}
    user.submit("/undo")
    answer = other.client.post(f"/games/{game_id}/entries", data=hand, headers=BACKGROUND)
    assert answer.status_code == 409
    assert store.load(game_id)["entries"] == []
