"""Issue 36 (Paper II): each game's own words in its own folder, charts told apart in black
and white, the pack as /printables offers it, the wording slips of the sheets."""
from __future__ import annotations

import pytest

from companion.games import GAMES
from companion.views.rules import text_of

TREASURE_NAMES = ("Raoul", "Chipo", "Mofette", "Rou-Rou")


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("slug", sorted(GAMES))
def test_a_rules_page_names_only_its_own_games_cards(client, slug, lang):
    body = text_of(client.get(f"/rules/{slug}", headers={"Accept-Language": lang}).get_data(as_text=True))
    said = [name for name in TREASURE_NAMES if name in body]
    if slug == "give-me-the-treasure":
        # Its own characters, and the sentence that they stay as printed, in both languages.
        assert said == list(TREASURE_NAMES)
        assert ("stay as printed" if lang == "en" else "wie sie auf den Karten stehen") in body
    else:
        assert said == [], (slug, lang)
