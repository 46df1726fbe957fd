"""Words on the printed pages: plural forms, a heading that covers what it heads, rules in
our own words, one word for one thing."""
from __future__ import annotations

from tests.printables.conftest import Pdf

# What the Give Me The Treasure rulebook says of Raoul ("4 Bandit Tiles", "Inspection Phase").
RAOUL_IN_THE_RULEBOOK = (
    "Raoul: You may keep 1 more card than the chest limit. "
    "The chest limit is 5 cards, except for the team whose Bandit is Raoul, which may store one "
    "extra card.")


def pdf(client, url):
    response = client.get(url)
    assert response.status_code == 200, response.data[:300]
    return Pdf(response.data).text


def test_the_loot_and_scoot_sheet_counts_one_adventurer_and_no_empty_rooms(client):
    three = pdf(client, "/printables/loot-and-scoot/sheet.pdf?players=3")
    assert "Remove 1 Adventurer of each class." in three and "Adventurers of each class" not in three
    two = pdf(client, "/printables/loot-and-scoot/sheet.pdf?players=2")
    assert "12 room tiles, the Boss among them" in two and "(0 empty)" not in two
    german = pdf(client, "/printables/loot-and-scoot/sheet.pdf?players=3&lang=de")
    assert "(1 Raum bleibt leer)" in german and "1 Räume" not in german
    # A blank sheet states the tie rule; it does not report that the table has chosen.
    assert "Der Tisch wählt" in german and "hat gewählt" not in german


def test_the_beutelschneider_heading_covers_the_muscleman_and_the_bard(client):
    text = pdf(client, "/printables/beutelschneider/sheet.pdf?players=4")
    assert "only with the trick won (the Muscleman's when played)" in text
    assert "The Bard's with the trick or not (our reading)" in text
    assert "(only when you win the trick)" not in text


def test_a_decided_game_in_german_says_what_decided_it_once(client, logged):
    text = pdf(client, f"/games/{logged('beutezug')}/sheet.pdf?lang=de")
    assert "Gleichstand entschieden durch die zweithöchste Beutekarte." in text
    assert "Entschieden durch:" not in text


def test_the_treasure_pages_say_zug_for_a_turn_in_german(client):
    sheet = pdf(client, "/printables/give-me-the-treasure/sheet.pdf?players=2&lang=de")
    assert "in diesem Zug verkauft" in sheet and "Runde" not in sheet


def test_raoul_is_described_in_our_own_words(client):
    reference = pdf(client, "/printables/give-me-the-treasure/rules.pdf")
    line = "Raoul His side's chest holds one Loot card over the usual limit."
    assert line in reference and "keep 1 more card than the chest limit" not in reference
    words = line.split()
    assert not [words[i:i + 5] for i in range(len(words) - 4) if " ".join(words[i:i + 5]) in RAOUL_IN_THE_RULEBOOK]
