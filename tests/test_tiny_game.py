"""docs/adding-a-game.md followed: Higher Card (tests/tiny_game), a game kept outside the app,
registered for these tests only, is played through the web layer as any game is (a new game,
an entry, a refusal, undo, the end) without a shared file knowing it."""
from __future__ import annotations

import pytest

from companion import create_app
from companion.games import GAMES, register, unregister
from companion.games.base import RulesError
from companion.records import add_entry, new_record
from tests.formpage import Browserless

SLUG = "higher-card"


@pytest.fixture
def user(tmp_path):
    register("tests.tiny_game")
    try:
        app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance")})
        yield Browserless(app.test_client())
    finally:
        unregister(SLUG)


def start(user):
    user.open(f"/new/{SLUG}")
    response = user.submit("", {"player": ["Ann", "Bob"]})
    assert response.status_code == 200, user.page
    return user.url.rsplit("/", 1)[-1]


def play(user, ann, bob):
    return user.submit("/entries", {"cards-0": ann, "cards-1": bob})


def test_the_home_page_offers_the_registered_game(user):
    user.open("/")
    assert f"/new/{SLUG}" in user.page and "Higher Card" in user.page
    assert "Played on paper?" not in user.open(f"/new/{SLUG}").get_data(as_text=True)


def test_a_round_scores_the_higher_card_and_is_logged(user):
    game_id = start(user)
    assert "Turn up a card each" in user.page
    assert play(user, 9, 4).status_code == 200
    assert "Ann: 9" in user.page and "Bob: 4" in user.page
    record = user.client.get(f"/games/{game_id}/record.json").get_json()
    assert [e["data"] for e in record["entries"]] == [{"cards": [9, 4]}]


def test_a_card_outside_the_deck_is_refused_next_to_its_field_and_nothing_is_stored(user):
    game_id = start(user)
    response = play(user, 14, 4)
    assert response.status_code == 422
    assert "Must be at most 13." in user.page
    assert 'aria-describedby="cards-0-error"' in user.page
    assert user.client.get(f"/games/{game_id}/record.json").get_json()["entries"] == []


def test_a_blank_card_is_asked_for_by_the_form_and_a_crafted_one_refused_by_the_shape(user):
    game_id = start(user)
    response = play(user, "", 4)
    assert response.status_code == 422
    assert "Turn up a card." in user.page
    assert 'aria-describedby="cards-0-error"' in user.page
    with pytest.raises(RulesError) as refused:  # past the form: the shape, before the rules
        add_entry(new_record(SLUG, ["Ann", "Bob"], {}), "round", {"cards": ["9", 4]})
    assert [str(m) for m in refused.value.errors.values()] == ["cards.0 must be a whole number."]
    assert user.client.get(f"/games/{game_id}/record.json").get_json()["entries"] == []


def test_undo_takes_the_round_back(user):
    game_id = start(user)
    play(user, 9, 4)
    user.submit("/undo")
    assert user.client.get(f"/games/{game_id}/record.json").get_json()["entries"] == []
    assert "Taken back" in user.page


def test_three_rounds_won_end_the_game_with_its_winner(user):
    start(user)
    for ann, bob in ((9, 4), (2, 2), (3, 11), (12, 1), (13, 5)):
        play(user, ann, bob)
    assert "<h2><span aria-hidden=\"true\">★</span> Ann</h2>" in user.page and "First to 3 points." in user.page
    assert "Turn up a card each" not in user.page


def test_the_game_is_gone_from_the_registry_after_its_tests():
    assert SLUG not in GAMES
