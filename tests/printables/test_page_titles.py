"""The Printables page says each game's title in the page's language, as the home page does:
a German page offers "Ein anderes Spiel", not "Any other game", in the pack and its section."""
from __future__ import annotations

import re

from tests.printables.conftest import Pdf


def test_the_printables_page_names_the_games_in_its_language(client):
    page = client.get("/printables", headers={"Accept-Language": "de"}).get_data(as_text=True)
    pack = page[page.index('id="print-pack"'):page.index('id="print-beutezug"')]
    assert re.search(r'value="own-game"> <span>Ein anderes Spiel</span>', pack)
    assert '<section class="printable" id="print-own-game">\n  <h2>Ein anderes Spiel</h2>' in page
    assert "Any other game" not in page
    # Names of games that are names in every language stay as they are.
    assert "<span>Give Me The Treasure</span>" in pack and "<h2>Loot and Scoot</h2>" in page
    english = client.get("/printables", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "<h2>Any other game</h2>" in english


def test_a_german_rules_reference_of_the_own_game_is_titled_in_german(client):
    response = client.get("/printables/own-game/rules.pdf", query_string={"lang": "de"})
    metadata = Pdf(response.data).reader.metadata
    assert metadata.title == "Ein anderes Spiel"
