"""Beutezug's why pages through the app: every number and place the game page links opens its
making or its why, in English and German; the now strip links its rule (issue 26)."""
from __future__ import annotations

import html
import re

from companion.record.entries import add_entry, new_record, replay
from tests.games.beutezug.test_explained import GAMES

LINK = re.compile(r'<a class="why" href="/games/[^/]+/why/([^"]+)"')


def stored(store, players, entries, source="app"):
    """A game stored entry by entry, as the table saves it; yields the game id after each one
    (and before the first)."""
    game_id = store.create(new_record("beutezug", players, {}))
    yield game_id
    for kind, data in entries:
        store.update(game_id, lambda r, kind=kind, data=data: add_entry(
            r, kind, data, source=source if kind != "round" else "table"))
        yield game_id


def text(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def test_every_link_of_the_game_page_is_explained_at_every_step(client, store):
    for players, entries in GAMES[:4]:
        for game_id in stored(store, players, entries):
            page = client.get(f"/games/{game_id}").get_data(as_text=True)
            view = replay(store.load(game_id))
            linked = set(LINK.findall(page))
            assert linked <= set(view.game.explanations(view.state)), linked - set(view.game.explanations(view.state))
            # The standings, and each player's points and cards below them, all link.
            for seat in range(len(players)):
                assert {f"place/{seat}", f"score/{seat}"} <= linked
                assert {f"card/{c.round}/{seat}" for c in view.state.cards(seat)} <= linked
            assert ("winner" in linked) == view.finished
            if view.state.placement:
                assert f"rolling/{view.state.round_no}" in linked and f"reroll/{view.state.round_no}" in linked


def test_each_linked_page_opens_with_its_number_or_its_rule(client, store):
    players, entries = GAMES[0]
    *_, game_id = stored(store, players, entries[:-3])
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    view = replay(store.load(game_id))
    found = view.game.explanations(view.state)
    for key in sorted(set(LINK.findall(page))):
        answer = client.get(f"/games/{game_id}/why/{key}")
        assert answer.status_code == 200, key
        shown = text(answer.get_data(as_text=True))
        it = found[key]
        assert str(it.title) in shown and str(it.rule) in shown, key
        if hasattr(it, "value"):
            assert f"= {it.value}" in shown, key


def test_the_rulebook_example_on_its_why_page_in_english_and_german(client, logged):
    game_id = logged("beutezug")
    shown = text(client.get(f"/games/{game_id}/why/score/0").get_data(as_text=True))
    assert "Loot points of Vincenzo" in shown
    parts = re.findall(r"Round (\d): (loot card from the \d stack|0-card with a bonus|loot chip) Entry \d+ ([+-]?\d+)", shown)
    assert [int(v) for *_, v in parts] == [3, 5, 5, 0, 6, 1, 13, 5]
    assert "Round 4: loot chip Entry 6 +6" in shown and "= 38" in shown
    assert "Your loot points are the loot on your loot cards plus your loot chip." in shown
    page = client.get(f"/games/{game_id}/why/score/0").get_data(as_text=True)
    assert 'href="/rules/beutezug#end-of-a-round"' in page
    assert re.search(rf'href="/games/{game_id}/entries/\d+/edit"', page)  # each part opens its entry

    german = text(client.get(f"/games/{game_id}/why/score/0", headers={"Accept-Language": "de"}).get_data(as_text=True))
    assert "Beutepunkte von Vincenzo" in german
    assert "Runde 1: Beutekarte vom 2er-Stapel Eintrag 2 3" in german
    assert "Runde 4: 0er-Karte mit Vorteil Eintrag 6 +0" in german and "Runde 4: Beutechip Eintrag 6 +6" in german
    assert "= 38" in german and "Deine Beutepunkte sind die Beute auf deinen Beutekarten und dein Beutechip." in german


def test_the_final_tie_broken_by_the_chain_in_english_and_german(client, logged):
    game_id = logged("beutezug")
    shown = text(client.get(f"/games/{game_id}/why/winner").get_data(as_text=True))
    assert "Winner: Kate" in shown
    assert "On equal points the highest loot card decides, then the second-highest" in shown
    assert ("Highest loot card: Kate 14, Johnny 14. Still tied: Kate and Johnny. "
            "Second-highest loot card: Kate 10, Johnny 9. Kate is ahead.") in shown
    german = text(client.get(f"/games/{game_id}/why/winner", headers={"Accept-Language": "de"}).get_data(as_text=True))
    assert "Sieg: Kate" in german and "Bei Gleichstand entscheidet die höchste Beutekarte" in german
    assert ("Höchste Beutekarte: Kate 14, Johnny 14. Weiter gleich: Kate und Johnny. "
            "Zweithöchste Beutekarte: Kate 10, Johnny 9. Kate liegt vorn.") in german
    # The end screen links it from what decided the game.
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert re.search(r'<a class="why" href="/games/[^/]+/why/winner">Tie broken by the second-highest loot card.</a>', page)


def test_a_tie_for_a_place_names_the_draw_that_broke_it_and_who_drew_it(client, logged, store):
    game_id = logged("beutezug")
    shown = text(client.get(f"/games/{game_id}/why/placement/4/1").get_data(as_text=True))
    assert "Placement chip 3 in round 4: Kate" in shown
    assert "Johnny and Kate are tied on 8 points: their placement chips are drawn at random." in shown
    assert "Entered by the table" in shown and "Placement chips after a tie" in shown and "Entry 5" in shown

    # The app's own draw says so, in German too.
    players, entries = GAMES[0]   # a coin decides it, every draw by the app
    *_, drawn = stored(store, players, entries)
    assert entries[-1][0] == "coin"
    shown = text(client.get(f"/games/{drawn}/why/winner").get_data(as_text=True))
    assert "Equal on every loot card: the coin flip went to" in shown and "Drawn by the app" in shown
    assert f"Entry {len(entries)}" in shown
    german = text(client.get(f"/games/{drawn}/why/winner", headers={"Accept-Language": "de"}).get_data(as_text=True))
    assert "Alle Beutekarten gleich: Der Münzwurf ging an" in german and "Von der App gezogen" in german


def test_a_key_the_game_does_not_show_is_not_found(client, logged):
    game_id = logged("beutezug")
    for key in ("card/9/0", "score/7", "bonus/0/orange", "placement/8/0", "round", "x"):
        assert client.get(f"/games/{game_id}/why/{key}").status_code == 404, key


def test_the_now_strip_states_the_step_and_links_its_section(client, store):
    players, entries = GAMES[1]
    ids = stored(store, players, entries)
    game_id = next(ids)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "the player with the last chip also takes the re-roll chip." in page
    assert 'href="/rules/beutezug#setup">Rules</a>' in page
    next(ids)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "then rolls in rolling order" in page
    assert 'href="/rules/beutezug#a-round">Rules</a>' in page
    german = client.get(f"/games/{game_id}", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "würfeln dann in der Reihenfolge beim Würfeln" in german and ">Regeln</a>" in german
    reference = client.get("/rules/beutezug").get_data(as_text=True)
    assert 'id="a-round"' in reference and 'id="setup"' in reference


def test_a_long_game_page_stays_under_50_kb(client, store):
    players, entries = next((p, e) for p, e in GAMES if len(p) == 5)
    last_round = max(i for i, (kind, _) in enumerate(entries) if kind == "round")
    *_, game_id = stored(store, players, entries[:last_round])  # round 7 to enter: the most to show
    page = client.get(f"/games/{game_id}").get_data()
    assert len(LINK.findall(page.decode())) > 50
    assert len(page) <= 50 * 1024, len(page)
