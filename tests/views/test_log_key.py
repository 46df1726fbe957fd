"""The log's short cells ("Anna: 2→5", "Ben: 25 −20 +10", "+3 gp") come with a key: one
line above the entries, on the game page and on the whole log, in the page's language."""
from __future__ import annotations

import re

import pytest

KEYS = {
    # The key's example is the game's first player, never a name from outside the game.
    "beutezug": ("Vincenzo: 2→5 — Vincenzo took a card worth 5 loot from stack 2",
                 "Vincenzo: 2→5 — Vincenzo hat vom 2er-Stapel eine Karte mit 5 Beute genommen"),
    "beutelschneider": ("Anna: 25 −20 +10 — 25 gold in the tricks, 20 off for each cutpurse, 10 special points.",
                        "Anna: 25 −20 +10 — 25 Gold in den Stichen, 20 ab für jeden Beutelschneider"),
    "give-me-the-treasure": ("A turn: the combinations each side resold",
                             "Ein Zug: die Kombinationen, die jede Seite weiterverkauft hat"),
    "loot-and-scoot": ("+3 gp / −6 gp — the gold an entry paid out or cost",
                       "+3 GS / −6 GS — das Gold, das ein Eintrag ausgezahlt oder gekostet hat"),
}


def key_line(page):
    found = re.search(r'<p class="log-key">(.*?)</p>\s*<ol class="log"', page, re.S)
    return found.group(1) if found else ""


@pytest.mark.parametrize("slug", KEYS)
def test_the_log_has_a_key_on_the_game_page_and_the_log_page_in_english_and_german(client, logged, slug):
    game_id = logged(slug)
    english, german = KEYS[slug]
    for url in (f"/games/{game_id}", f"/games/{game_id}/log"):
        assert english in key_line(client.get(url).get_data(as_text=True)), url
        page = client.get(url, headers={"Accept-Language": "de"}).get_data(as_text=True)
        assert german in key_line(page) and "Lesehilfe" in key_line(page), url


def test_a_game_without_entries_shows_no_key(user):
    user.open("/new/beutelschneider")
    user.submit("", {"player": ["Anna", "Ben", "Cem", "", ""]})
    assert "No entries yet." in user.page and 'class="log-key"' not in user.page
