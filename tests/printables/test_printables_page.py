"""The Printables page and every request it refuses (with a message, never a broken PDF)."""
from __future__ import annotations

import pytest

from companion.games import GAMES


def test_the_page_offers_a_sheet_and_a_rules_reference_for_every_game(client):
    html = client.get("/printables").get_data(as_text=True)
    for slug in GAMES:
        assert f'action="/printables/{slug}/sheet.pdf"' in html
        assert f'action="/printables/{slug}/rules.pdf"' in html
    assert html.count('name="paper"') == 2 * len(GAMES) + 1   # and the game-night pack's


def test_the_page_lists_logged_games_with_their_sheet(client, logged):
    game_id = logged("beutezug")
    assert f"/games/{game_id}/sheet.pdf" in client.get("/printables").get_data(as_text=True)


def test_the_page_speaks_german(client):
    html = client.get("/printables", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Wertungsblatt (PDF)" in html and "Regelübersicht (PDF)" in html


REFUSED = [
    ("beutezug", {"players": "6"}, "Beutezug is played by 2 to 5 players; a sheet for 6 cannot be printed."),
    ("beutelschneider", {"players": "2"}, "Beutelschneider is played by 3 to 5 players"),
    ("loot-and-scoot", {"players": "many"}, "a sheet for many cannot be printed"),
    ("beutezug", {"players": "٣"}, "a sheet for ٣ cannot be printed"),  # int() reads it as 3
    ("give-me-the-treasure", {"players": "5"}, "Give Me The Treasure is played by 2 to 4 players"),
    ("beutezug", {"players": "2", "names": ["A", "B", "C"]}, "There are 3 names for 2 players."),
    ("beutezug", {"players": "2", "names": ["A" * 41]}, "A name has at most 40 characters."),
    ("beutezug", {"players": "3", "names": ["Ann", "ann"]}, "Each player needs a different name."),
    ("beutezug", {"players": "3", "paper": "a3"}, "Choose A4 or US Letter paper."),
    ("beutezug", {"players": "3", "lang": "fr"}, "Choose English or German."),
]


@pytest.mark.parametrize("slug,query,message", REFUSED)
def test_a_sheet_that_cannot_be_printed_is_refused_with_a_message(client, slug, query, message):
    response = client.get(f"/printables/{slug}/sheet.pdf", query_string=query)
    assert response.status_code == 400
    assert response.mimetype == "text/html"
    assert message in response.get_data(as_text=True)


def test_a_refusal_is_translated(client):
    response = client.get("/printables/beutezug/sheet.pdf?players=9",
                          headers={"Accept-Language": "de"})
    assert response.status_code == 400
    assert "Beutezug spielen 2 bis 5 Personen; ein Blatt für 9 lässt sich nicht drucken." in \
        response.get_data(as_text=True)


def test_a_refusal_keeps_what_was_asked_in_the_form(client):
    html = client.get("/printables/beutezug/sheet.pdf?players=3&names=Ann&names=ann").get_data(as_text=True)
    assert 'value="ann"' in html and '<option value="3" selected>' in html


@pytest.mark.parametrize("url", ["/printables/chess/sheet.pdf", "/printables/chess/rules.pdf"])
def test_an_unknown_game_is_not_found(client, url):
    assert client.get(url).status_code == 404


def test_a_rules_reference_on_unknown_paper_is_refused(client):
    response = client.get("/printables/beutezug/rules.pdf?paper=a5")
    assert response.status_code == 400 and "Choose A4 or US Letter paper." in response.get_data(as_text=True)


def test_a_logged_sheet_in_an_unknown_language_is_refused(client, logged):
    response = client.get(f"/games/{logged('beutezug')}/sheet.pdf?lang=xx")
    assert response.status_code == 400 and "Choose English or German." in response.get_data(as_text=True)
