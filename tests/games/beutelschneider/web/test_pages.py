"""The table's flows through the test client, sending exactly what the pages offer."""
from __future__ import annotations

import re

import pytest

from tests.views.test_crafted import errors_near


def start(user, players=("Anna", "Ben", "Cem"), **settings):
    user.open("/new/beutelschneider")
    values = {"player": list(players) + [""] * (5 - len(players)), **settings}
    response = user.submit("", values)
    assert response.status_code == 200, user.page
    return user.url.rsplit("/", 1)[-1]


def hand_values(*golds, cutpurses=(), **extra):
    values = {}
    for seat, gold in enumerate(golds):
        values[f"players-{seat}-gold"] = "" if gold is None else gold
    for seat, c in enumerate(cutpurses):
        values[f"players-{seat}-cutpurses"] = c
    values.update(extra)
    return values


def test_starting_a_game_shows_who_deals_and_leads(user):
    start(user, first_dealer="1")
    assert "Ben deals." in user.page
    assert "Cem leads the first trick." in user.page
    assert "14 cards each" in user.page


def test_entering_a_hand_updates_standings_and_passes_the_deal(user, store):
    game_id = start(user)
    response = user.submit("/entries", hand_values(40, 30, 10, cutpurses=(0, 1, 0)))
    assert response.status_code == 200
    record = store.load(game_id)
    assert len(record["entries"]) == 1
    assert record["entries"][0]["data"]["players"][1] == {
        "gold": 30, "cutpurses": 1, "other": 0,
        "events": {"night_watchman": 0, "guard": 0, "assassin": 0, "seduction": 0, "bard": 0, "muscleman": 0}}
    assert "Ben deals." in user.page


def test_the_last_gold_is_filled_in_as_eighty_minus_the_rest(user, store):
    game_id = start(user)
    user.submit("/entries", hand_values(40, None, 15))
    assert store.load(game_id)["entries"][0]["data"]["players"][1]["gold"] == 25


def test_with_the_alchemist_a_missing_gold_is_refused_not_filled_in(user, store):
    game_id = start(user)
    response = user.submit("/entries", hand_values(40, None, 15, alchemist="y"))
    assert response.status_code == 422
    assert "Enter the gold Ben took." in errors_near(user.page, "players-1-gold")
    assert store.load(game_id)["entries"] == []


def test_a_correction_with_the_alchemist_and_a_missing_gold_is_refused_next_to_it(user, store):
    game_id = start(user)
    user.submit("/entries", hand_values(40, 25, 15))
    first = store.load(game_id)["entries"][0]["id"]
    user.open(f"/games/{game_id}/entries/{first}/edit")
    response = user.submit("", hand_values(40, None, 15, alchemist="y"))
    assert response.status_code == 422
    assert "Enter the gold Ben took." in errors_near(user.page, "players-1-gold")
    assert store.load(game_id)["entries"][0]["data"]["players"][1]["gold"] == 25


def test_two_golds_left_blank_are_both_asked_for_not_filled_in(user, store):
    game_id = start(user)
    response = user.submit("/entries", hand_values(40, None, None))
    assert response.status_code == 422
    assert "Enter the gold Ben took." in errors_near(user.page, "players-1-gold")
    assert "Enter the gold Cem took." in errors_near(user.page, "players-2-gold")
    assert store.load(game_id)["entries"] == []


def test_a_refused_hand_keeps_what_was_typed_and_stores_nothing(user, store):
    game_id = start(user)
    response = user.submit("/entries", hand_values(50, 30, 20))
    assert response.status_code == 422
    assert "The deck holds 80 in gold; this hand adds up to 100." in user.page
    assert 'value="50"' in user.page and 'value="20"' in user.page
    assert store.load(game_id)["entries"] == []


def test_a_double_tap_stores_the_hand_once(user, store):
    game_id = start(user)
    form = user.form("/entries")
    user.submit("/entries", hand_values(40, 30, 10))
    # The second tap sends the very same form again.
    data = dict(form["fields"])
    data.update({k: str(v) for k, v in hand_values(40, 30, 10).items()})
    response = user.client.post(f"/games/{game_id}/entries", data=data, follow_redirects=True)
    assert response.status_code == 200
    assert len(store.load(game_id)["entries"]) == 1


def test_a_form_from_before_another_phones_entry_is_refused(user, client, store):
    game_id = start(user)
    user.open(f"/games/{game_id}")
    stale = user.form("/entries")
    user.submit("/entries", hand_values(40, 30, 10))  # the other phone
    data = dict(stale["fields"])
    data["submission"] = "another-phone-submission"
    data.update({k: str(v) for k, v in hand_values(20, 20, 40).items()})
    response = client.post(f"/games/{game_id}/entries", data=data)
    assert response.status_code == 409
    assert "Another phone changed this game meanwhile" in response.get_data(as_text=True)
    assert len(store.load(game_id)["entries"]) == 1


def test_a_missing_csrf_token_reshows_the_form_with_what_was_typed(user, store):
    game_id = start(user)
    form = user.form("/entries")
    data = {k: v for k, v in form["fields"] if k != "csrf_token"}
    data.update({k: str(v) for k, v in hand_values(41, 29, 10).items()})
    response = user.client.post(f"/games/{game_id}/entries", data=data)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "could not be checked" in page
    assert 'value="41"' in page
    assert store.load(game_id)["entries"] == []


def test_undo_removes_the_last_hand_and_keeps_it_aside(user, store):
    game_id = start(user)
    user.submit("/entries", hand_values(40, 30, 10))
    user.submit("/entries", hand_values(20, 30, 30))
    user.submit("/undo")
    record = store.load(game_id)
    assert len(record["entries"]) == 1
    assert record["undone"][0]["data"]["players"][0]["gold"] == 20


def test_correcting_an_earlier_hand_recomputes_and_keeps_the_trail(user, store):
    game_id = start(user)
    user.submit("/entries", hand_values(40, 30, 10))
    user.submit("/entries", hand_values(20, 30, 30))
    first = store.load(game_id)["entries"][0]["id"]
    user.open(f"/games/{game_id}/entries/{first}/edit")
    assert 'value="40"' in user.page
    user.submit("", hand_values(10, 30, 40))
    record = store.load(game_id)
    assert record["entries"][0]["data"]["players"][0]["gold"] == 10
    assert record["entries"][0]["edits"][0]["data"]["players"][0]["gold"] == 40
    assert "edited" in user.page and "<del>" in user.page
    # Anna: 10 + 20 = 30; Cem: 40 + 30 = 70, now first.
    assert user.page.index("Cem") < user.page.index("Anna</bdi></td>")


def test_a_correction_the_rules_refuse_changes_nothing(user, store):
    game_id = start(user)
    user.submit("/entries", hand_values(40, 30, 10))
    first = store.load(game_id)["entries"][0]["id"]
    user.open(f"/games/{game_id}/entries/{first}/edit")
    response = user.submit("", hand_values(60, 30, 10))
    assert response.status_code == 422
    assert store.load(game_id)["entries"][0]["data"]["players"][0]["gold"] == 40


def test_a_finished_game_names_the_winner_and_can_be_reopened(user, store):
    game_id = start(user)
    user.submit("/entries", hand_values(60, 10, 10))
    user.submit("/entries", hand_values(50, 20, 10))
    assert "First to reach 100 points." in user.page
    assert "/entries" not in "".join(f["action"] for f in __import__("tests.formpage", fromlist=["forms_of"]).forms_of(user.page))
    user.submit("/undo")
    assert "First to reach 100 points." not in user.page
    assert len(store.load(game_id)["entries"]) == 1


def test_the_note_is_kept(user, store):
    game_id = start(user)
    user.submit("/note", {"note": "At Cem's, thunderstorm"})
    assert store.load(game_id)["note"] == "At Cem's, thunderstorm"
    assert "thunderstorm" in user.page


def test_names_from_earlier_games_are_suggested(user):
    start(user, players=("Dora", "Emil", "Fritz"))
    user.open("/new/beutelschneider")
    assert '<option value="Dora">' in user.page


def test_starting_with_two_players_is_refused_with_a_message(user, store):
    user.open("/new/beutelschneider")
    response = user.submit("", {"player": ["Anna", "Ben", "", "", ""]})
    assert response.status_code == 422
    assert "played by 3 to 5 players" in user.page
    assert store.index.games() == {}


def test_the_same_name_twice_is_refused(user, store):
    user.open("/new/beutelschneider")
    response = user.submit("", {"player": ["Anna", "anna", "Ben", "", ""]})
    assert response.status_code == 422
    assert "different name" in user.page


def test_a_limit_below_ten_is_refused(user):
    user.open("/new/beutelschneider")
    response = user.submit("", {"player": ["Anna", "Ben", "Cem", "", ""], "limit": "5"})
    assert response.status_code == 422
    assert "at least 10" in user.page


def test_games_in_progress_and_finished_are_listed(user):
    game_id = start(user)
    user.open("/")
    assert f"/games/{game_id}" in user.page
    assert "In progress" in user.page


def test_an_unknown_game_id_is_404(client):
    assert client.get("/games/doesnotexist").status_code == 404
    assert client.get("/games/..%2F..%2Fetc").status_code == 404


def test_a_replay_of_a_record_cut_short_is_not_the_stored_games_replay(user, store):
    from companion.record.entries import replay
    game_id = start(user)
    user.submit("/entries", hand_values(40, 30, 10))
    user.submit("/entries", hand_values(20, 30, 30))
    record = store.load(game_id)
    assert replay(record).state.totals == (60, 60, 40)
    first_hand_only = {**record, "entries": record["entries"][:1]}
    assert replay(first_hand_only).state.totals == (40, 30, 10)


def test_a_long_game_shows_its_latest_entries_and_links_to_all_of_them(user, store):
    from companion.views.play import LOG_TAIL
    game_id = start(user, limit="1000")
    for _ in range(LOG_TAIL + 3):
        user.submit("/entries", hand_values(20, 30, 30))
    assert user.page.count("<li") - user.page.count('<li><a') >= LOG_TAIL
    assert 'start="4"' in user.page
    assert f"All {LOG_TAIL + 3} entries" in user.page
    user.open(f"/games/{game_id}/log")
    assert user.page.count("Correct</a>") == LOG_TAIL + 3


def test_a_finished_game_says_how_long_it_took(user, store):
    start(user)
    user.submit("/entries", hand_values(60, 10, 10))
    user.submit("/entries", hand_values(50, 20, 10))
    assert re.search(r"· \d+ min", user.page)


def test_the_game_page_links_to_its_printed_sheet_in_the_pages_language(user, client):
    game_id = start(user)
    german = client.get(f"/games/{game_id}", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert f"/games/{game_id}/sheet.pdf?lang=de" in german
    response = client.get(f"/games/{game_id}/sheet.pdf?lang=de")
    assert response.status_code == 200 and response.data.startswith(b"%PDF")


def test_after_a_stale_refusal_the_undo_button_works_at_once(user, client, store):
    game_id = start(user)
    user.submit("/entries", hand_values(40, 30, 10))
    stale = user.form("/entries")
    user.submit("/entries", hand_values(20, 30, 30))  # the other phone
    data = dict(stale["fields"])
    data["submission"] = "from-the-first-phone"
    data.update({k: str(v) for k, v in hand_values(10, 10, 10).items()})
    response = client.post(f"/games/{game_id}/entries", data=data)
    assert response.status_code == 409
    user.page = response.get_data(as_text=True)
    undo = dict(user.form("/undo")["fields"])
    assert undo["version"] == str(store.load(game_id)["version"])
    assert undo["submission"] != "from-the-first-phone"
    user.submit("/undo")
    assert len(store.load(game_id)["entries"]) == 1


def test_a_refused_hand_and_the_note_form_do_not_share_a_submission_id(user, store):
    start(user)
    user.submit("/entries", hand_values(50, 30, 20))  # refused: 100 gold
    entry = dict(user.form("/entries")["fields"])["submission"]
    note = dict(user.form("/note")["fields"])["submission"]
    assert entry != note


def test_saving_the_note_on_one_phone_does_not_make_the_hand_on_another_stale(user, client, store):
    game_id = start(user)
    hand_form = user.form("/entries")  # the phone typing the hand
    user.submit("/note", {"note": "At Dora's"})  # another phone saves the note
    data = dict(hand_form["fields"])
    data.update({k: str(v) for k, v in hand_values(40, 30, 10).items()})
    response = client.post(f"/games/{game_id}/entries", data=data)
    assert response.status_code == 303
    assert len(store.load(game_id)["entries"]) == 1 and store.load(game_id)["note"] == "At Dora's"


def test_a_gold_that_is_not_a_number_is_refused_in_the_pages_language(user, store):
    # WTForms' own messages come from its catalog, loaded once per language and cached:
    # the cache must follow each request's language, in a player's row (a subform) too.
    game_id = start(user)
    response = user.submit("/entries", hand_values("abc", 30, 10))
    assert response.status_code == 422
    assert "Enter a whole number." in user.page
    user.submit("/lang", button=("lang", "de"))
    user.open(f"/games/{game_id}")
    response = user.submit("/entries", hand_values("abc", 30, 10))
    assert response.status_code == 422
    assert "Gib eine ganze Zahl ein." in user.page
    assert "Enter a whole number." not in user.page
    response = user.submit("/entries", hand_values(90, 30, 10))
    assert "Zahl muss zwischen 0 und 80 liegen." in user.page
    assert store.load(game_id)["entries"] == []


@pytest.mark.parametrize("field, value, message", [
    ("players-1-gold", "1.5", "Enter a whole number."),
    ("players-1-gold", "[]", "Enter a whole number."),
    ("players-0-cutpurses", "true", "Enter a whole number."),
    ("players-2-guard", "x", "Enter a whole number."),
    ("set_aside", "-1", "Number must be between 0 and 20."),
])
def test_a_crafted_hand_with_an_ill_typed_value_is_refused_next_to_it(user, store, field, value, message):
    game_id = start(user)
    response = user.submit("/entries", {**hand_values(40, 30, 10), field: value}, follow=False)
    assert response.status_code == 422
    assert message in errors_near(user.page, field)
    assert store.load(game_id)["entries"] == []


@pytest.mark.parametrize("choice", ["dice", "", "0"])
def test_a_crafted_tie_choice_that_is_neither_is_refused(user, store, choice):
    game_id = start(user)
    user.submit("/entries", hand_values(50, 30, 0))
    user.submit("/entries", hand_values(50, 30, 0, **{"players-1-other": 40}))
    assert "Share the win" in user.page
    response = user.submit("/entries", {"kind": "tie_choice", "choice": choice}, follow=False)
    assert response.status_code == 422 and "Not a valid choice." in user.page
    assert [e["kind"] for e in store.load(game_id)["entries"]] == ["hand", "hand"]


def test_a_missing_gold_is_asked_for_in_german_on_a_german_page(user, store):
    game_id = start(user)
    user.submit("/lang", button=("lang", "de"))
    user.open(f"/games/{game_id}")
    response = user.submit("/entries", hand_values(40, None, 15, alchemist="y"))
    assert response.status_code == 422
    assert "Trage das Gold ein, das Ben genommen hat." in errors_near(user.page, "players-1-gold")
