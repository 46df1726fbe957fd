"""Blank score sheets: one per game, player count, paper and language, each with its table's numbers."""
from __future__ import annotations

import pytest

from companion.games import GAMES
from companion.games.beutelschneider.rules import CARDS_DEALT
from companion.games.treasure.market import BLACK_MARKET_ROWS
from tests.printables.conftest import Pdf, save_png

NAMES = ["Vincenzo", "Kate", "Johnny", "Anna", "Ben"]
# Give Me The Treasure's turns are as many as fit above its reference, for 2 to 4 (issue 36.2).
PAGES = {"beutezug": 1, "beutelschneider": 1, "give-me-the-treasure": 1, "loot-and-scoot": 2, "own-game": 1}
PAGES_AT: dict[tuple[str, int], int] = {}
COUNTS = [(slug, n) for slug, g in GAMES.items() for n in range(g.min_players, g.max_players + 1)]


def sheet(client, slug, players, lang, paper="a4", names=None):
    names = NAMES[:players] if names is None else names
    response = client.get(f"/printables/{slug}/sheet.pdf", query_string={
        "players": players, "names": names, "paper": paper, "lang": lang})
    assert response.status_code == 200, response.data[:500]
    assert response.mimetype == "application/pdf"
    return Pdf(response.data)


# What each sheet must say, by language: rule facts the table looks up.
FACTS = {
    ("beutezug", "en"): ["7 rounds", "Re-roll chip", "Loot chips: 6 · 5 · 4 · 3 · 2",
                         "the highest loot card wins, then the second-highest", "+1 orange die"],
    ("beutezug", "de"): ["7 Runden", "Neuwurf-Chip", "Beutechips: 6 · 5 · 4 · 3 · 2",
                         "die höchste Beutekarte gewinnt, dann die zweithöchste"],
    ("beutelschneider", "en"): ["Limit: 100 points", "−20 per cutpurse", "Dealer", "adds up to 80"],
    ("beutelschneider", "de"): ["Grenze: 100 Punkte", "−20 je Beutelschneider", "Geber"],
    ("give-me-the-treasure", "en"): ["Black Market", "Raoul", "Chipo", "Joe", "Mofette",
                                     "Team of two: Leader", "pay 2 coins"],
    ("give-me-the-treasure", "de"): ["Schwarzmarkt", "Raoul", "Zweierteam: Anführer", "für 2 Münzen"],
    ("loot-and-scoot", "en"): ["3 gp the first of a class, 6 gp the second", "10 gp, then 15 gp",
                               "+5 gp", "Gold (1 VP per 5 gp)", "Tied: the most money.", "dwarf"],
    ("loot-and-scoot", "de"): ["3 GS für den ersten einer Klasse, 6 GS für den zweiten",
                               "10 GS, dann 15 GS", "Siegpunkte", "Zwerg"],
    ("own-game", "en"): ["Game:", "highest or lowest wins:", "Total"],
    ("own-game", "de"): ["Spiel:", "höchste oder niedrigste gewinnt:", "Summe"],
}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("slug,players", COUNTS)
def test_each_blank_sheet_opens_with_the_players_and_the_rule_facts(client, slug, players, lang):
    document = sheet(client, slug, players, lang)
    assert document.pages == PAGES_AT.get((slug, players), PAGES[slug])
    for name in NAMES[:players]:
        assert name in document.text
    for fact in FACTS[(slug, lang)]:
        assert fact in document.text, fact
    if slug == "beutelschneider":
        assert (f"{CARDS_DEALT[players]} cards each" if lang == "en"
                else f"je {CARDS_DEALT[players]} Karten") in document.text
    if slug == "give-me-the-treasure":
        for _kind, size, example, coins in BLACK_MARKET_ROWS:   # the Black Market, row by row
            assert f"{size} {example} {coins}" in document.text
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
