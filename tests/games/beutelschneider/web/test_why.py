"""A Beutelschneider game page links each number and place to its why page (issue 26)."""
from __future__ import annotations

import html
import random
import re

import pytest

from companion.record.entries import add_entry, new_record
from tests.games.beutelschneider.test_explained import GAME, random_game
from tests.printables.layout import _Text


def text(page: str) -> str:
    reader = _Text()
    reader.feed(page)
    return re.sub(r"\s+", " ", "".join(reader.parts))


def stored(store, players, settings, entries) -> str:
    record = new_record("beutelschneider", players, settings)
    for kind, data in entries:
        record = add_entry(record, kind, data)
    return store.create(record)


def why_links(page: str, game_id: str) -> set[str]:
    return {html.unescape(k) for k in re.findall(rf'href="/games/{game_id}/why/([^"#]+)"', page)}


@pytest.mark.parametrize("seed, part", [(1, 1), (4, 2)])  # a game over, a game halfway
def test_every_number_and_place_the_page_links_is_explained(client, store, seed, part):
    played = [(players, state, list(entries)) for players, state, entries in random_game(random.Random(seed))]
    players, state, entries = played[len(played) // part - 1]
    game_id = stored(store, players, {"limit": state.limit, "first_dealer": state.first_dealer}, entries)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    links = why_links(page, game_id)
    found = GAME.explanations(state)
    hands, over = len(state.hands), GAME.outcome(state) is not None
    # places, scores, two numbers a cell, a deal a hand, the winner once the game is over
    assert len(links) == len(players) * (2 + 2 * hands) + hands + over
    assert links <= set(found)
    for key in sorted(links)[:12]:
        assert client.get(f"/games/{game_id}/why/{key}").status_code == 200


def test_a_hand_shows_its_making_with_its_entry_in_english_and_german(client, user, store):
    game_id = stored(store, ["Anna", "Ben", "Cem"], {}, [
        ("hand", {"players": [{"gold": 30}, {"gold": 30}, {"gold": 20}]}),
        ("hand", {"players": [{"gold": 40}, {"gold": 30}, {"gold": 10}]}),
        ("hand", {"players": [{"gold": 20, "cutpurses": 1, "events": {"assassin": 1}}, {"gold": 40}, {"gold": 20}]}),
    ])
    page = text(client.get(f"/games/{game_id}/why/hand/3/0").get_data(as_text=True))
    assert "Anna, hand 3" in page
    assert "Hand 3: gold Entry 3 20 1 cutpurse × −20 Entry 3 −20 Assassin: 1 authority murdered Entry 3 +10 = 10" in page
    assert "minus 20 for each cutpurse" in page
    assert '/rules/beutelschneider#scoring-a-hand' in client.get(f"/games/{game_id}/why/hand/3/0").get_data(as_text=True)
    user.open(f"/games/{game_id}")
    user.submit("/lang", {"lang": "de"})
    user.open(f"/games/{game_id}/why/hand/3/0")
    page = text(user.page)
    assert "Anna, Spiel 3" in page
    assert "Spiel 3: Gold Eintrag 3 20 1 Beutelschneider × −20 Eintrag 3 −20 Meuchelmörder: 1 Würdenträger ermordet" in page
    user.open(f"/games/{game_id}/why/score/0")
    assert "Summe von Anna Beutelschneider Spiel 1 Eintrag 1 30 Spiel 2 Eintrag 2 +40 Spiel 3 Eintrag 3 +10 = 80" in text(user.page)


def test_a_tie_broken_by_the_chain_and_one_by_the_tables_choice(client, store):
    chain = stored(store, ["Anna", "Ben", "Cem"], {}, [
        ("hand", {"players": [{"gold": 50}, {"gold": 30}, {"gold": 0}]}),
        ("hand", {"players": [{"gold": 30}, {"gold": 50}, {"gold": 0}]}),
        ("hand", {"players": [{"gold": 30}, {"gold": 40}, {"gold": 10}]}),
    ])
    page = text(client.get(f"/games/{chain}/why/winner").get_data(as_text=True))
    assert "2 players reached 100 in hand 3; of them Ben has the highest total, 120." in page
    assert "limit of 100 points" in page
    shared = stored(store, ["Anna", "Ben", "Cem"], {}, [
        ("hand", {"players": [{"gold": 50}, {"gold": 30}, {"gold": 0}]}),
        ("hand", {"players": [{"gold": 50}, {"gold": 30, "other": 40}, {"gold": 0}]}),
        ("tie_choice", {"choice": "share"}),
    ])
    page = text(client.get(f"/games/{shared}/why/place/1").get_data(as_text=True))
    assert "the table chose to share the win between Anna and Ben" in page
    assert re.search(r"Entered by the table, .*: Tie at the top Share the win Entry 3", page)


@pytest.mark.parametrize("key", ["hand/9/0", "hand/1/7", "place/x", "total/0/0", "winner", "../score/0"])
def test_a_key_the_game_does_not_show_is_not_found(client, store, key):
    game_id = stored(store, ["Anna", "Ben", "Cem"], {}, [
        ("hand", {"players": [{"gold": 30}, {"gold": 30}, {"gold": 20}]})])
    assert client.get(f"/games/{game_id}/why/{key}").status_code == 404


def test_the_sections_the_explanations_link_are_on_the_rules_page_in_both_languages(user):
    sections = {it.section for it in GAME.explanations(
        GAME.replay(["Anna", "Ben", "Cem"], {}, [("hand", {"players": [{"gold": 40}, {"gold": 40}, {"gold": 0}]})])
    ).values()} | {"playing-a-hand", "our-readings"}
    user.open("/rules/beutelschneider")
    assert all(f'id="{section}"' in user.page for section in sections)
    user.open("/")
    user.submit("/lang", {"lang": "de"})
    user.open("/rules/beutelschneider")
    assert "<h2>Ein Spiel</h2>" in user.page
    assert all(f'id="{section}"' in user.page for section in sections)
