"""Sentences about a number of things take the form that fits it, in English and German:
"1 entry", "2 entries"; "1 Eintrag", "2 Einträge". The rules carry such a sentence as a
``Msg`` with a plural form (``msg_n``) and stay free of Flask; the web layer picks the form."""
from __future__ import annotations

import pytest

from companion.games.base import msg_n
from companion.games.scoot.state import setup_for
from companion.i18n import language, t
from companion.record.entries import add_entry, new_record


@pytest.mark.parametrize("n, english", [(1, "Only 1 Loot marker is left."), (0, "Only 0 Loot markers are left."),
                                        (2, "Only 2 Loot markers are left.")])
def test_a_rules_message_names_its_number_in_the_fitting_form(n, english):
    message = msg_n("Only %(n)s Loot marker is left.", "Only %(n)s Loot markers are left.", n)
    assert str(message) == english


@pytest.mark.parametrize("lang, n, text", [
    ("en", 1, "Only 1 Loot marker is left."), ("en", 3, "Only 3 Loot markers are left."),
    ("de", 1, "Es ist nur noch 1 Beutemarker übrig."), ("de", 3, "Es sind nur noch 3 Beutemarker übrig."),
])
def test_the_web_layer_translates_the_form_with_ngettext(app, lang, n, text):
    with app.test_request_context(), language(lang):
        assert t(msg_n("Only %(n)s Loot marker is left.", "Only %(n)s Loot markers are left.", n)) == text


def test_the_setup_card_of_three_players_says_one_adventurer(app):
    lines = setup_for(3).lines()
    assert "Remove 1 Adventurer of each class." in [str(m) for m in lines]
    assert "Each Dungeon gets 11 room tiles (1 empty), the Boss among them." in [str(m) for m in lines]
    assert "Each Dungeon gets 12 room tiles, the Boss among them." in [str(m) for m in setup_for(2).lines()]
    with app.test_request_context(), language("de"):
        german = [t(m) for m in lines]
    assert "Jeder Dungeon erhält 11 Raumplättchen (1 Raum bleibt leer), darunter der Boss." in german


def test_a_game_page_and_the_shared_page_count_one_entry(client, store):
    record = add_entry(new_record("beutelschneider", ["Anna", "Ben", "Cem"], {}), "hand",
                       {"players": [{"gold": 50}, {"gold": 30}, {"gold": 0}]})
    game_id = store.create(record)
    html = client.get(f"/games/{game_id}/log").get_data(as_text=True)
    assert "All 1 entry" in html and "1 entries" not in html
    german = client.get(f"/games/{game_id}/log", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "1 Eintrag" in german and "1 Einträge" not in german


def test_the_history_counts_one_finished_game(client, logged_game):
    html = client.get("/history").get_data(as_text=True)
    assert "1 finished game<" in html and "1 finished games" not in html
    german = client.get("/history", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "1 beendete Partie<" in german


@pytest.fixture
def logged_game(logged):
    return logged("beutelschneider")
