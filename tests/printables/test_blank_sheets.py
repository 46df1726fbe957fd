"""Blank score sheets: one per game, player count, paper and language, each with its table's numbers."""
from __future__ import annotations

import pytest

from companion.games import GAMES
from tests.games.tables import tables
from tests.printables.conftest import Pdf, save_png

NAMES = ["Vincenzo", "Kate", "Johnny", "Anna", "Ben"]
COUNTS = [(slug, n) for slug, g in GAMES.items() for n in range(g.min_players, g.max_players + 1)]


def sheet(client, slug, players, lang, paper="a4", names=None):
    names = NAMES[:players] if names is None else names
    response = client.get(f"/printables/{slug}/sheet.pdf", query_string={
        "players": players, "names": names, "paper": paper, "lang": lang})
    assert response.status_code == 200, response.data[:500]
    assert response.mimetype == "application/pdf"
    return Pdf(response.data)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("slug,players", COUNTS)
def test_each_blank_sheet_opens_with_the_players_and_the_rule_facts(client, slug, players, lang):
    # The game's pages and the rule facts the table looks up: tests/games/<pkg>/tables.py.
    own = tables(slug)
    document = sheet(client, slug, players, lang)
    assert document.pages == getattr(own, "SHEET_PAGES_AT", {}).get(players, own.SHEET_PAGES)
    for name in NAMES[:players]:
        assert name in document.text
    for fact in own.SHEET_FACTS[lang]:
        assert fact in document.text, fact
    if hasattr(own, "check_sheet"):
        own.check_sheet(document.text, players, lang)
    if players == GAMES[slug].max_players:
        save_png(document.data, f"sheet-{slug}-{players}p-{lang}")


def test_seats_without_a_name_are_numbered(client):
    document = sheet(client, "beutelschneider", 4, "en", names=["Anna", "", "Cem"])
    assert "Anna" in document.text and "Player 2" in document.text and "Player 4" in document.text


def test_a_name_is_printed_as_text_not_as_markup(client):
    document = sheet(client, "beutezug", 2, "en", names=["<b>Bo</b>", "Al&Co"])
    assert "<b>Bo</b>" in document.text and "Al&Co" in document.text


@pytest.mark.parametrize("paper,width", [("a4", 842), ("letter", 792)])
def test_paper_size_follows_the_request(client, paper, width):
    # The Beutezug sheet is printed sideways: its width is the paper's long side.
    assert round(sheet(client, "beutezug", 3, "en", paper=paper).size_pt()[0]) == width


def test_comma_separated_names_fill_the_seats(client):
    response = client.get("/printables/beutezug/sheet.pdf?players=3&names=Ann,Bob,Cy")
    text = Pdf(response.data).text
    assert "Ann" in text and "Bob" in text and "Cy" in text


def test_a_comma_and_a_space_stay_inside_a_name(client):
    # "Müller, Hans" is one player, not two: the sheet has one named seat and one blank one.
    text = Pdf(client.get("/printables/beutezug/sheet.pdf?players=2&names=Müller, Hans").data).text
    assert "Müller, Hans" in text and "Player 2" in text
    # Two names for one seat are still refused, with the message, never a 500.
    response = client.get("/printables/beutezug/sheet.pdf?players=2&names=Ann,Bob,Cy")
    assert response.status_code == 400 and b"3 names for 2 players" in response.data
