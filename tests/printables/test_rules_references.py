"""Rules references: one or two pages per game and language, with the numbers looked up at the table."""
from __future__ import annotations

import pytest

from companion.games import GAMES
from companion.games.beutelschneider.rules import CARDS_DEALT
from companion.games.treasure.market import BLACK_MARKET_ROWS
from tests.printables.conftest import Pdf, save_png

FACTS = {
    ("beutezug", "en"): ["19 × stack 0", "9 × stack 5", "reverse order", "flip a coin", "6, 5, 4, 3, 2"],
    ("beutezug", "de"): ["19 × 0er", "umgekehrter Reihenfolge", "Münze", "Neuwurf-Chip"],
    ("beutelschneider", "en"): ["Court Physician, Chancellor, Bishop", "Night Watchman", "Guard",
                                "Hypnotist", "costs 20", "100 points"],
    ("beutelschneider", "de"): ["Hofarzt, Kanzler, Bischof", "Nachtwächter", "Gardist", "kostet 20",
                                "100 Punkte"],
    ("give-me-the-treasure", "en"): ["1 against 1", "2 against 1", "30 coins", "Pat, the Police Dog",
                                     "Leader 3, member 4", "another turn"],
    ("give-me-the-treasure", "de"): ["1 gegen 1", "2 gegen 2", "30 Münzen", "Anführer 3, Mitglied 4"],
    ("loot-and-scoot", "en"): ["3 gp for the first of a class, 6 gp for the second", "12 gp leaving peacefully, 9 gp running",
                               "Remove 4 Hirelings", "3 VP per tile", "1 VP per 5 gp", "dwarf"],
    ("loot-and-scoot", "de"): ["12 GS beim friedlichen Gehen, 9 GS bei Flucht", "1 SP je 5 GS", "Zwerg"],
}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("slug", list(GAMES))
def test_each_rules_reference_fits_two_pages_and_holds_the_facts(client, slug, lang):
    response = client.get(f"/printables/{slug}/rules.pdf", query_string={"lang": lang})
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    document = Pdf(response.data)
    assert 1 <= document.pages <= 2
    for fact in FACTS[(slug, lang)]:
        assert fact in document.text, fact
    if slug == "beutelschneider":
        for dealt in CARDS_DEALT.values():   # 14, 11, 9
            assert f" {dealt} " in document.text
    if slug == "give-me-the-treasure":
        for _kind, _size, example, coins in BLACK_MARKET_ROWS:
            assert f"{example} {coins}" in document.text
    save_png(document.data, f"rules-{slug}-{lang}")


def test_a_rules_reference_on_letter_paper(client):
    document = Pdf(client.get("/printables/beutezug/rules.pdf?paper=letter&lang=en").data)
    assert [round(v) for v in document.size_pt()] == [612, 792]
