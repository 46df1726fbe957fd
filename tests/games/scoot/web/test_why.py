"""Loot and Scoot's why pages: every number the game page links opens its making, the
rulebook's worked examples with their parts in English and German, a tie broken by the chain
and one broken by the table's pick, the drawn first player, and the "now" strip's rule."""
from __future__ import annotations

import html
import re

import pytest

from companion.games.scoot.rules import GAME
from companion.record.entries import add_entry, new_record
from tests.games.scoot.test_explained import random_game
from tests.games.scoot.test_game import FINAL_THREE, THREE_PLAYER_GAME, TWO_PLAYER_GAME

DE = {"Accept-Language": "de-DE,de;q=0.9"}
WHY = re.compile(r'href="(/games/[^/"]+/why/([^"]+))"')


def stored(store, players, items):
    record = new_record("loot-and-scoot", players, {})
    for item in items:
        kind, data, source = item if len(item) == 3 else (*item, "table")
        record = add_entry(record, kind, data, source=source)
    return store.create(record)


def text(response) -> str:
    """The page as it reads: tags dropped, entities read, white space made single."""
    body = response.get_data(as_text=True).split("<main", 1)[-1]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())


@pytest.mark.parametrize("seed, stop", [(0, 2), (0, 12), (5, 30), (7, None), (14, None), (19, 40)])
def test_every_number_the_game_page_links_opens_its_making(client, store, seed, stop):
    players, made, _ = random_game(seed, stop)
    game_id = stored(store, players, made)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    links = WHY.findall(page)
    state = GAME.replay(players, {}, [(k, d) for k, d, _ in made])
    found = GAME.explanations(state)
    keys = {key for _, key in links}
    assert keys and keys <= found.keys(), keys - found.keys()
    assert {f"place/{s}" for s in range(len(players))} | {f"score/{s}" for s in range(len(players))} <= keys
    if stop is None:
        assert "winner" in keys and "vp/0/0" in keys and "money/0" in keys
    for url, key in sorted(set(links))[::3]:   # a third of them, every kind of key among them
        response = client.get(url)
        assert response.status_code == 200, key
        shown = text(response)
        making = found[key]
        if hasattr(making, "value"):
            assert f"= {making.value}" in shown, key


def test_a_key_no_number_has_is_not_found_and_changes_nothing(client, store):
    game_id = stored(store, ["Adam", "Beth"], [("first_player", {"seat": 0})])
    before = store.load(game_id)
    for key in ("gold/7", "score/x", "vp/0/0", "winner", "../../log", "pool/dragon"):
        assert client.get(f"/games/{game_id}/why/{key}").status_code == 404, key
    assert store.load(game_id) == before


@pytest.mark.parametrize("headers, shown", [
    ({}, ["Gold of Adam", "Starting gold 5", "Recruit an Adventurer: Priest, the first of its class (3 gp) Entry 5 −3",
          "Left peacefully: 3 gp × level 3, the highest room looted this turn Entry 6 +9",
          "Bonus Loot: 1 gp each for 3 looted rooms and special tiles Entry 6 +3", "= 14"]),
    (DE, ["Gold von Adam", "Startgold 5", "Abenteurer anwerben: Priester, der erste seiner Klasse (3 GS) Eintrag 5 −3",
          "Friedlich gegangen: 3 GS × Stufe 3, der höchste in diesem Zug geplünderte Raum Eintrag 6 +9",
          "Bonusbeute: je 1 GS für 3 geplünderte Räume und Spezialplättchen Eintrag 6 +3", "= 14"]),
])
def test_the_rulebook_example_nathaniel_takes_9_and_3_gp_shown_with_its_parts(client, store, headers, shown):
    game_id = stored(store, ["Adam", "Beth", "Carl"], THREE_PLAYER_GAME[:6])
    page = text(client.get(f"/games/{game_id}/why/gold/0", headers=headers))
    for part in shown:
        assert part in page


@pytest.mark.parametrize("headers, shown", [
    ({}, ["Victory points of Adam", "Room tiles looted, levels 1, 2, 3 Entry 6 6",
          "Room tiles looted, levels 4, 6 Entry 17 +10", "Loot marker Entry 18 +2", "Loot marker Entry 18 −1",
          "3 unclaimed tiles in one's own Dungeon × 3 VP Entry 18 +9", "33 gp: 1 VP per 5 gp, rounded down +6",
          "= 32", "A looted room tile scores its level (the Boss 6)"]),
    (DE, ["Siegpunkte von Adam", "Geplünderte Raumplättchen, Stufen 1, 2, 3 Eintrag 6 6",
          "3 übrige Plättchen im eigenen Dungeon × 3 SP Eintrag 18 +9", "33 GS: 1 SP je 5 GS, abgerundet +6", "= 32"]),
])
def test_the_victory_points_show_each_room_marker_tile_and_the_gold(client, store, headers, shown):
    game_id = stored(store, ["Adam", "Beth", "Carl"], [*THREE_PLAYER_GAME, FINAL_THREE, ("treasure_roll", {"dice": [2, 3]})])
    page = text(client.get(f"/games/{game_id}/why/score/0", headers=headers))
    for part in shown:
        assert part in page
    assert 'href="/rules/loot-and-scoot#the-end"' in client.get(f"/games/{game_id}/why/score/0").get_data(as_text=True)


@pytest.mark.parametrize("headers, shown", [
    ({}, ["Winner: Adam", "Tied on victory points: the player with the most money wins.",
          "Victory points : Adam 32, Beth 23, Carl 32 — tied at the top: on to the next step",
          "Money (gp) : Adam 33, Carl 14 — decided: Adam", "Adventurer levels — not needed"]),
    (DE, ["Sieg: Adam", "Gleichstand bei den Siegpunkten: Wer das meiste Geld hat, gewinnt.",
          "Siegpunkte : Adam 32, Beth 23, Carl 32 — Gleichstand an der Spitze: weiter zum nächsten Schritt",
          "Geld (GS) : Adam 33, Carl 14 — entschieden: Adam", "Abenteurerstufen — nicht nötig"]),
])
def test_a_tie_broken_by_money_is_explained_on_the_end_screen_and_the_why_page(client, store, headers, shown):
    game_id = stored(store, ["Adam", "Beth", "Carl"], [*THREE_PLAYER_GAME, FINAL_THREE, ("treasure_roll", {"dice": [2, 3]})])
    page = text(client.get(f"/games/{game_id}", headers=headers)) + text(
        client.get(f"/games/{game_id}/why/winner", headers=headers))
    for part in shown:
        assert part in page
    place = text(client.get(f"/games/{game_id}/why/place/2"))
    assert "Equal on victory points. Behind Adam on money: 14 gp to 33 gp. Ahead of Beth on victory points: 32 to 23." in place


@pytest.mark.parametrize("headers, shown", [
    ({}, ["Winner: Beth", "Tied on everything: the table picked who most looks like a dwarf.",
          "Entered by the table", "Most looks like a dwarf Beth", "Entry 16"]),
    (DE, ["Sieg: Beth", "Vom Tisch eingetragen", "Eintrag 16"]),
])
def test_a_tie_on_everything_names_the_tables_pick_and_when(client, store, headers, shown):
    game_id = stored(store, ["Adam", "Beth"], [*TWO_PLAYER_GAME, ("dwarf", {"seat": 1})])
    page = text(client.get(f"/games/{game_id}/why/winner", headers=headers))
    for part in shown:
        assert part in page
    assert "Behind Beth: the table picked who most looks like a dwarf." in text(client.get(f"/games/{game_id}/why/place/0"))


def test_the_first_player_drawn_by_the_app_says_so_and_the_turn_order_follows(client, store):
    game_id = stored(store, ["Adam", "Beth", "Carl"], [("first_player", {"seat": 1}, "app")])
    page = text(client.get(f"/games/{game_id}/why/first"))
    assert "First player: Beth" in page and "Drawn by the app" in page and "Entry 1" in page
    assert "Turn order: Beth, Carl, Adam" in text(client.get(f"/games/{game_id}/why/order"))
    game = text(client.get(f"/games/{game_id}"))
    assert "Turn order: Beth → Carl → Adam" in game


@pytest.mark.parametrize("players, items, section, rule", [
    (3, [], "setup", "The first player is chosen at random"),
    (3, [("first_player", {"seat": 0})], "setup", "each player in turn picks two Level 1 Adventurers"),
    (3, THREE_PLAYER_GAME[:4], "your-turn", "A turn is one action, then a second action (even the same one)"),
    (3, THREE_PLAYER_GAME[:5], "a-lootin", "a-Lootin' in another player's Dungeon, never one's own"),
    (3, THREE_PLAYER_GAME[:10], "leaving", "Leaving between battles pays 3 gp per level"),
    (3, THREE_PLAYER_GAME, "the-end", "Everyone reveals their looted tiles and Loot markers"),
    (2, TWO_PLAYER_GAME[:-2], "the-end", "An unrevealed Treasure pays 2d6 gp"),
    (2, TWO_PLAYER_GAME, "ties", "the one who most looks like a dwarf wins"),
])
def test_the_now_strip_says_the_rule_of_the_step_and_links_its_section(client, store, players, items, section, rule):
    game_id = stored(store, ["Adam", "Beth", "Carl"][:players], items)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    strip = page.split('class="now"', 1)[1].split("</div>", 1)[0]
    assert rule in html.unescape(strip)
    assert f'href="/rules/loot-and-scoot#{section}"' in strip
    assert f'id="{section}"' in client.get("/rules/loot-and-scoot").get_data(as_text=True)
