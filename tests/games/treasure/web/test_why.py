"""Give Me The Treasure's game page links each number and place to its explanation page
(issue 26): every link is a key the rules explain, shows the number its making adds up to,
and opens a page with the parts, the rule, the tie-break and the draw, in EN and DE."""
from __future__ import annotations

import html
import re

import pytest

from companion.games.base import Making
from companion.games.treasure.rules import GAME
from companion.record.entries import add_entry, new_record
from tests.games.treasure import test_explained as explained
from tests.games.treasure.random_game import random_game

LINK = re.compile(r'<a class="why" href="/games/[^/"]+/why/([^"]+)">(.*?)</a>', re.S)


def stored(store, players, settings, entries) -> str:
    record = new_record(GAME.slug, players, settings)
    for kind, data in entries:
        record = add_entry(record, kind, data, source="app" if kind == "deal" else "table")
    return store.create(record)


def text(page: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


def links(client, game_id: str, lang: str = "en") -> list[tuple[str, str]]:
    page = client.get(f"/games/{game_id}", headers={"Accept-Language": lang})
    assert page.status_code == 200
    return [(key, text(inner).strip()) for key, inner in LINK.findall(page.get_data(as_text=True))]


def number(shown: str) -> int:
    return int(re.search(r"[+\-−]?\d+", shown).group().replace("−", "-"))


@pytest.mark.parametrize("seed", [1, 2, 3, 7, 8, 12])
def test_every_number_the_page_links_is_explained_and_is_the_number_made(client, store, seed):
    players, settings, entries = random_game(seed, players=2 + seed % 3)
    # The page mid-game (the "now" strip, the divider, to-go) and at the end (the winner).
    for stop in (3, len(entries)):
        game_id = stored(store, players, settings, entries[:stop])
        state = GAME.replay(players, settings, entries[:stop])
        found = GAME.explanations(state)
        shown = links(client, game_id)
        keys = {k for k, _ in shown}
        assert {f"place/{s}" for s in range(len(players))} <= keys
        assert {f"score/{s}" for s in range(len(players))} | {"coins/0", "coins/1", "target"} <= keys
        assert ("winner" in keys) == (GAME.outcome(state) is not None)
        assert ("divider" in keys) == (GAME.outcome(state) is None)
        last = state.turns[-1].number if state.turns else None
        assert not last or {f"after/{last}/0", f"turn/{last}/1"} <= keys
        for key, inner in shown:
            assert key in found, key
            if isinstance(found[key], Making) and not key.startswith("place/"):
                assert number(inner) == found[key].value, (key, inner)
        for key in keys:
            assert client.get(f"/games/{game_id}/why/{key}").status_code == 200, key


def test_the_documented_game_shows_bobs_coins_part_by_part_in_english_and_german(client, store):
    game_id = stored(store, *explained.documented())
    page = text(client.get(f"/games/{game_id}/why/score/1").get_data(as_text=True))
    assert "Coins of Bob" in page
    for part in ("Starting coins 2", "Turn 2: Sequence of numbers, same colour 1 2 3 ★4 Entry 4 +9",
                 "Turn 2: Joe's skill Entry 4 +1", "Turn 2: 1 Cursed Painting paid off Entry 4 −2",
                 "Correction: forgot a coin Entry 5 +1", "Turn 3: The Croc' Brothers repeat Ninja Leo Entry 6 +3",
                 "= 26", "less 2 coins for each Cursed Painting", "The rule in the reference"):
        assert part in page, part
    de = text(client.get(f"/games/{game_id}/why/score/1", headers={"Accept-Language": "de"}).get_data(as_text=True))
    for part in ("Münzen von Bob", "Startmünzen 2", "Zug 2: Zahlenfolge, gleiche Farbe 1 2 3 ★4 Eintrag 4 +9",
                 "Zug 2: Fähigkeit von Joe Eintrag 4 +1", "Zug 2: 1 verfluchtes Gemälde bezahlt Eintrag 4 −2",
                 "Korrektur: forgot a coin Eintrag 5 +1", "= 26", "abzüglich 2 Münzen"):
        assert part in de, part


def test_the_reference_link_goes_to_the_rules_section(client, store):
    game_id = stored(store, *explained.documented())
    page = client.get(f"/games/{game_id}/why/combo/2/1/0").get_data(as_text=True)
    assert '/rules/give-me-the-treasure#black-market"' in page
    assert "Sequence of numbers, same colour, 4 cards: 1 2 3 ★4" in text(page)
    reference = client.get("/rules/give-me-the-treasure").get_data(as_text=True)
    assert 'id="black-market"' in reference


def test_a_tie_at_the_target_and_the_turn_that_broke_it_in_english_and_german(client, store):
    game_id = stored(store, *explained.documented())
    page = text(client.get(f"/games/{game_id}/why/winner").get_data(as_text=True))
    assert "Winner: Ann" in page
    assert "the side with the most coins wins: Ann with 29 to 26" in page
    assert "Equal coins at the target after turn 3 (24 each): the game went on, and turn 4 separated the sides." in page
    de = text(client.get(f"/games/{game_id}/why/winner", headers={"Accept-Language": "de"}).get_data(as_text=True))
    assert "Sieg: Ann" in de
    assert "Gleich viele Münzen am Ziel nach Zug 3 (je 24): Das Spiel ging weiter, und Zug 4 trennte die Seiten." in de


def test_who_divides_names_the_arrow_toss_its_source_and_when(client, store):
    players, settings, entries = explained.documented()
    game_id = stored(store, players, settings, entries[:3])
    assert ("divider", "divides this turn") in links(client, game_id)
    page = text(client.get(f"/games/{game_id}/why/divider").get_data(as_text=True))
    assert "Bob divides turn 2, Ann chooses" in page
    assert "Ann divides the odd turns, Bob the even ones" in page
    assert "Drawn by the app" in page and "Ann divides first" in page and "Entry 1" in page
    de = text(client.get(f"/games/{game_id}/why/first", headers={"Accept-Language": "de"}).get_data(as_text=True))
    assert "Ann teilt zuerst" in de and "Von der App gezogen" in de and "Pfeil" in de


def test_the_now_strip_says_the_step_of_the_rules_with_its_section(client, store):
    players, settings, entries = explained.documented()
    game_id = stored(store, players, settings, entries[:2])
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Ann divides the 5 Loot cards 2 + 3 or 1 + 4, one face down; Bob takes a share." in page
    assert '/rules/give-me-the-treasure#a-turn"' in page
    de = client.get(f"/games/{game_id}", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Ann teilt die 5 Beutekarten 2 + 3 oder 1 + 4, eine verdeckt; Bob wählt." in de


def test_the_standings_say_how_many_coins_each_side_still_needs(client, store):
    players, settings, entries = explained.documented()
    game_id = stored(store, players, settings, entries[:3])
    page = text(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "9 to go" in page and "16 to go" in page       # Ann 11, Bob 4 of 20


@pytest.mark.parametrize("key", ["after/9/0", "coins/2", "combo/1/0/5", "winner", "place/4", "chest/x",
                                 "divider/0", "nothing"])
def test_a_key_the_game_does_not_explain_is_not_found_and_changes_nothing(client, store, key):
    players, settings, entries = explained.documented()
    game_id = stored(store, players, settings, entries[:3])
    before = store.load(game_id)
    assert client.get(f"/games/{game_id}/why/{key}").status_code == 404
    assert store.load(game_id) == before


def test_a_long_game_page_stays_small(client, store):
    players, settings, entries = random_game(5, target=200, max_turns=60)
    game_id = stored(store, players, settings, entries)
    page = client.get(f"/games/{game_id}").get_data()
    assert len(page) <= 50 * 1024, len(page)
