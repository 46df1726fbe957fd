"""Groups: the default household, access codes, join links, wrong codes slowed down, and
one group never seeing another's games, players, exports or share pages."""
from __future__ import annotations

import json
import logging
from datetime import UTC, datetime

import pytest

from companion.history import groups
from tests.formpage import Browserless, forms_of
from tests.history.conftest import finished_game, join


def test_a_fresh_install_is_one_household_group_without_a_code(client, store):
    assert client.get("/").status_code == 200
    assert client.get("/group", follow_redirects=True).status_code == 200
    assert list(groups.all_groups(store)) == ["household"]


def test_setting_a_code_is_one_step_and_other_phones_must_then_join(app, user, store, history):
    user.open("/groups/household")
    user.submit("/code", {"code": "tavern-42"})
    assert "The access code is set" in user.page
    stored = store.index.table("groups")["household"]
    assert stored["code_hash"] != "tavern-42" and "tavern-42" not in json.dumps(store.index.table("groups"))
    assert stored["code_hash"].startswith(("scrypt:", "pbkdf2:"))  # werkzeug's salted hash
    assert user.client.get("/history").status_code == 200  # this phone stays in
    other = app.test_client()
    response = other.get(f"/games/{history[0]}")
    assert response.status_code == 303 and response.headers["Location"].startswith("/join")
    assert join(other, "Household", "wrong").status_code == 422
    response = join(other, "household", "tavern-42", next_url=f"/games/{history[0]}")
    assert response.status_code == 303 and response.headers["Location"] == f"/games/{history[0]}"
    assert other.get(f"/games/{history[0]}").status_code == 200


def test_a_short_code_is_refused_next_to_the_field(user, store):
    user.open("/groups/household")
    response = user.submit("/code", {"code": "abc"})
    assert response.status_code == 422
    assert "at least 4 characters" in user.page
    assert "household" not in store.index.table("groups")


def test_changing_the_code_signs_out_the_others_and_retires_the_old_link(app, user, store, client):
    user.open("/groups/household")
    user.submit("/code", {"code": "first-code"})
    old_link = groups.invite_token(app.secret_key, groups.get(store, "household"))
    other = app.test_client()
    join(other, "Household", "first-code")
    assert other.get("/history").status_code == 200
    user.open("/groups/household")
    user.submit("/code", {"code": "second-code"})
    assert other.get("/history").status_code == 303
    assert other.get(f"/join/household/{old_link}").status_code == 404


def test_the_join_link_and_its_qr_code_bring_a_phone_in(app, user, store):
    user.open("/groups/household")
    user.submit("/code", {"code": "tavern-42"})
    page = user.page
    assert '<svg' in page and 'class="qr"' in page  # the QR code, drawn inline
    token = groups.invite_token(app.secret_key, groups.get(store, "household"))
    assert f"/join/household/{token}" in page
    newcomer = Browserless(app.test_client())
    newcomer.open(f"/join/household/{token}")
    assert newcomer.response.status_code == 200
    response = newcomer.submit("", follow=False)
    assert response.status_code == 303
    assert newcomer.client.get("/history").status_code == 200
    assert app.test_client().get("/join/household/" + "0" * 32).status_code == 404


def test_wrong_codes_are_slowed_down_and_logged(app, store, club, caplog):
    # The app's clock stands still: on a loaded machine the first wait is rightly over sooner.
    app.config["LIFECYCLE_NOW"] = datetime(2027, 1, 15, 20, 0, tzinfo=UTC)
    phone = app.test_client()
    caplog.set_level(logging.WARNING)
    for _ in range(groups.FREE_TRIES):
        assert join(phone, "Club", "guess").status_code == 422
    assert "wrong access code from 127.0.0.1 (3 in a row)" in caplog.text
    # Now even the right code must wait; the answer says how long.
    response = join(phone, "Club", "club-code")
    assert response.status_code == 429
    assert "Try again in 2 seconds" in response.get_data(as_text=True)
    # Another device is not held up.
    elsewhere = app.test_client()
    elsewhere.environ_base["REMOTE_ADDR"] = "10.0.0.9"
    assert join(elsewhere, "Club", "club-code").status_code == 303
    # Time passes (the counter's last failure moved back), one more wrong code doubles the wait.
    store.change_state("throttle", lambda s: {a: {**v, "last": v["last"] - 60} for a, v in s.items()})
    assert join(phone, "Club", "guess").status_code == 422
    assert "Try again in 4 seconds" in join(phone, "Club", "club-code").get_data(as_text=True)
    store.change_state("throttle", lambda s: {a: {**v, "last": v["last"] - 60} for a, v in s.items()})
    assert join(phone, "Club", "club-code").status_code == 303
    # The right code clears this address's count; the group's count of all addresses keeps
    # the four wrong codes (a member joining gives no one fresh tries).
    assert groups.failures(store, "127.0.0.1", club["id"]) == 0
    assert list(store.read_state("throttle")) == [f"* {club['id']}"]
    assert groups.group_failures(store, club["id"]) == 4


@pytest.mark.parametrize("failures, wait", [(0, 0), (2, 0), (3, 2), (4, 4), (5, 8), (12, 900), (40, 900)])
def test_the_wait_grows_with_each_wrong_code_up_to_a_quarter_hour(failures, wait):
    assert groups.wait_after(failures) == wait


def test_a_new_group_needs_a_name_and_a_code(user, store):
    user.open("/groups/household")
    response = user.submit("/groups/new", {"name": "", "code": ""})
    assert response.status_code == 422
    user.open("/groups/household")
    response = user.submit("/groups/new", {"name": "Household", "code": "1234"})
    assert response.status_code == 422 and "exists already" in user.page
    user.open("/groups/household")
    user.submit("/groups/new", {"name": "Friday club", "code": "fridays"})
    assert "Friday club" in user.page and "this phone is in it" in user.page


# -- isolation ----------------------------------------------------------------------------

@pytest.fixture
def two_groups(app, store, club, history):
    """Group A (household, holding the fixture history and a share link) and a phone in B."""
    home = Browserless(app.test_client())
    home.open(f"/games/{history[0]}/share")
    home.submit(f"/games/{history[0]}/share")
    b = app.test_client()
    assert join(b, "Club", "club-code").status_code == 303
    finished_game(store, (80, 0, 0), players=("Xaver", "Yara", "Zoe"), group=club["id"], day=9)
    return home.client, b


def test_every_game_url_of_one_group_is_404_for_another(app, store, two_groups, history):
    from companion.record.entries import new_record
    a, b = two_groups
    # A game's own pages (the Beutezug heist check) need a game of that kind.
    own_kind = {"beutezug": store.create(new_record("beutezug", ["Anna", "Ben", "Cem"], {}))}
    checked = 0
    for rule in app.url_map.iter_rules():
        if "<game_id>" not in rule.rule:
            continue
        game_id = own_kind.get(rule.endpoint.split(".")[0], history[0])
        url = rule.rule.replace("<game_id>", game_id).replace("<int:entry_id>", "1").replace("<path:key>", "winner")
        for method in sorted((rule.methods or set()) & {"GET", "POST"}):
            assert b.open(url, method=method).status_code == 404, (method, url)
            checked += 1
        if "GET" in (rule.methods or ()):
            assert a.get(url).status_code == 200, url
    assert checked >= 8


def test_players_exports_and_lists_of_one_group_are_hidden_from_another(two_groups, history, club):
    a, b = two_groups
    for url in ["/players/Anna", "/players/Anna?vs=Ben", "/groups/household", "/groups/household/backup.json",
                "/groups/household/results.csv", "/groups/household/bgstats.json"]:
        assert b.get(url).status_code == 404, url
        assert a.get(url).status_code == 200, url
    for url in ["/groups/household/code", "/groups/household/restore", "/groups/household/players/merge"]:
        assert b.post(url).status_code == 404, url
    for url in ["/", "/history", "/stats", "/group", f"/groups/{club['id']}", f"/groups/{club['id']}/results.csv"]:
        seen = b.get(url, follow_redirects=True).get_data(as_text=True)
        assert "Anna" not in seen and history[0] not in seen, url
    assert "Xaver" in b.get("/history").get_data(as_text=True)
    assert "Xaver" not in a.get("/history").get_data(as_text=True)
    assert b.get(f"/groups/{club['id']}/results.csv").get_data(as_text=True).count("\r\n") == 4


def test_names_are_suggested_only_from_the_groups_own_games(two_groups):
    a, b = two_groups
    assert "Anna" in a.get("/new/beutelschneider").get_data(as_text=True)
    suggestions = b.get("/new/beutelschneider").get_data(as_text=True)
    assert "Xaver" in suggestions and "Anna" not in suggestions


def test_a_game_started_in_a_group_belongs_to_it(two_groups, store, club):
    _, b = two_groups
    user = Browserless(b)
    user.open("/new/beutelschneider")
    user.submit("", {"player": ["Xaver", "Yara", "Zoe", "", ""]})
    game_id = user.url.rsplit("/", 1)[-1]
    assert store.load(game_id)["group"] == club["id"]
    assert store.index.games()[game_id]["group"] == club["id"]


def test_joining_never_redirects_to_an_address_from_the_request(client, club):
    for target in ["https://evil.example/", "//evil.example/x", "/\\evil.example"]:
        response = join(client, "Club", "club-code", next_url=target)
        assert response.status_code == 303 and response.headers["Location"] == "/", target


def test_the_session_cookie_is_httponly_lax_and_secure_when_configured(tmp_path, club):
    from companion import create_app
    for secure in (False, True):
        app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / str(secure)),
                          "SESSION_COOKIE_SECURE": secure})
        groups.create(app.extensions["store"], "Club", "club-code")
        cookie = join(app.test_client(), "Club", "club-code").headers["Set-Cookie"]
        assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
        assert ("Secure" in cookie) is secure


def test_the_printables_page_lists_only_this_groups_games(app, two_groups, history):
    a, b = two_groups
    assert f"/games/{history[0]}/sheet.pdf" in a.get("/printables").get_data(as_text=True)
    assert f"/games/{history[0]}/sheet.pdf" not in b.get("/printables").get_data(as_text=True)


def test_a_refused_player_name_is_not_copied_into_the_other_forms(app, user, store):
    user.open("/groups/household")
    user.submit("/players", {"name": "Ben"}, with_field="name")
    user.submit("/players", {"name": "Ben"}, with_field="name")
    for form in forms_of(user.page):
        if "/players" not in form["action"]:
            assert ("name", "Ben") not in form["fields"], form["action"]


def test_guesses_sent_in_parallel_are_each_counted_before_the_code_is_checked(app, store, club):
    import threading

    from companion.history import groups as g
    results = []
    barrier = threading.Barrier(8)

    def guess():
        barrier.wait()
        results.append(g.attempt(store, "10.0.0.9", club["id"]))
    threads = [threading.Thread(target=guess) for _ in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    # Three tries are free; every later one in the same burst has to wait.
    assert sorted(results)[:g.FREE_TRIES] == [0] * g.FREE_TRIES
    assert all(r > 0 for r in sorted(results)[g.FREE_TRIES:])
