"""docs/adding-a-game.md followed: Higher Card (tests/tiny_game), a game kept outside the app,
registered for these tests only, is played through the web layer as any game is (a new game,
an entry, a refusal, undo, the end) without a shared file knowing it."""
from __future__ import annotations

import pytest

from companion import create_app
from companion.games import GAMES, IncompleteGame, register, unregister
from companion.games.base import RulesError
from companion.record.entries import add_entry, new_record
from tests.conftest import TESTING
from tests.formpage import Browserless
from tests.printables.conftest import Pdf

SLUG = "higher-card"


@pytest.fixture
def user(tmp_path):
    register("tests.tiny_game")
    try:
        app = create_app({**TESTING, "INSTANCE_PATH": str(tmp_path / "instance")})
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


# -- what every game opens: its printables, its rules page and its PDFs -------------------------

def test_the_printables_page_offers_its_sheet_and_rules(user):
    response = user.client.get("/printables")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert f"/printables/{SLUG}/sheet.pdf" in page and f"/printables/{SLUG}/rules.pdf" in page


@pytest.mark.parametrize("lang", ["en", "de"])
def test_its_rules_page_shows_its_printed_text(user, lang):
    response = user.client.get(f"/rules/{SLUG}", headers={"Accept-Language": lang})
    assert response.status_code == 200
    assert ("The first to 3 points wins." if lang == "en" else "Wer zuerst 3 Punkte hat") in response.get_data(as_text=True)


@pytest.mark.parametrize("kind", ["sheet", "rules"])
def test_its_blank_sheet_and_rules_reference_are_pdfs(user, kind):
    response = user.client.get(f"/printables/{SLUG}/{kind}.pdf", query_string={"players": 2, "names": ["Ann", "Bob"]})
    assert response.status_code == 200 and response.mimetype == "application/pdf", response.data[:300]
    text = Pdf(response.data).text
    assert ("Ann" in text and "Bob" in text) if kind == "sheet" else "The first to 3 points wins." in text


def test_a_played_games_sheet_is_a_pdf(user):
    game_id = start(user)
    play(user, 9, 4)
    response = user.client.get(f"/games/{game_id}/sheet.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert "Ann" in Pdf(response.data).text


# -- register() refuses a game without a part every game needs ----------------------------------

def test_a_game_without_paper_is_refused_with_the_part_named(monkeypatch):
    # The package as a stranger might leave it: rules and shapes, no paper yet.
    from tests.tiny_game import rules
    monkeypatch.delattr(type(rules.GAME), "paper")
    with pytest.raises(IncompleteGame) as refused:
        register("tests.tiny_game")
    assert "GAME.paper" in str(refused.value) and "docs/adding-a-game.md" in str(refused.value)
    assert SLUG not in GAMES


def test_a_package_without_shapes_or_web_is_refused_naming_each(tmp_path, monkeypatch):
    (tmp_path / "half_game").mkdir()
    (tmp_path / "half_game" / "__init__.py").write_text("from tests.tiny_game.rules import GAME\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(IncompleteGame) as refused:
        register("half_game")
    assert str(refused.value) == ("half_game cannot be registered: it has no shapes.py (ENTRIES and SETTINGS); "
                                  "no web/__init__.py (its ADAPTER) (docs/adding-a-game.md, \"What a new game adds\")")
    assert SLUG not in GAMES
