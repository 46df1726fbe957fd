"""Loot and Scoot through its pages: setup, the turn panel one tap per action with the
rule's price, leaving a Dungeon, app rolls, corrections, undo, scoring and the odds page."""
from __future__ import annotations

import re

import pytest

from companion.record.entries import add_entry, new_record
from tests.games.scoot.test_game import THREE_PLAYER_GAME, TWO_PLAYER_GAME

PICKS = (["squire", "wizard"], ["priest", "thief"], ["squire", "priest"], ["thief", "wizard"])


def start(user, players=("Adam", "Beth", "Carl"), first="0", picks=True):
    user.open("/new/loot-and-scoot")
    response = user.submit("", {"player": list(players) + [""] * (4 - len(players))})
    assert response.status_code == 200, user.page
    game_id = user.url.rsplit("/", 1)[-1]
    if first is not None:
        assert user.submit("/entries", {"seat": first}).status_code == 200
    if picks:
        for pair in PICKS[:len(players)]:
            assert user.submit("/entries", {"classes": pair}).status_code == 200, user.page
    return game_id


def tap(user, action, button=None, **values):
    """Send the turn panel's form for ``action``, as a tap on ``button`` (name, value)."""
    return user.submit(f"do={action}", {k.rstrip("_"): v for k, v in values.items()}, button=button)


def entries(store, game_id):
    return store.load(game_id)["entries"]


def gold(user, name):
    match = re.search(rf"<h3>{name} <span class=\"gp\">(-?\d+) gp</span>", user.page)
    assert match, f"no purse for {name}"
    return int(match.group(1))


def errors(user):
    return re.findall(r'class="error">([^<]*)<', user.page)


def alerts(user):
    return re.findall(r'class="alert"(?: role="alert")?>([^<]*)<', user.page)


def seed(store, players, items):
    """A game stored with these entries (kind, data), each checked by the rules."""
    record = new_record("loot-and-scoot", players, {})
    for kind, data in items:
        record = add_entry(record, kind, data)
    return store.create(record)


def test_a_new_game_shows_the_setup_for_its_player_count(user):
    start(user, first=None, picks=False)
    assert "Remove 2 Hirelings." in user.page
    assert "Remove 1 Adventurer of each class." in user.page
    assert "Each Dungeon gets 11 room tiles (1 empty), the Boss among them." in user.page
    assert "Let the app draw" in user.page


@pytest.mark.parametrize("players, rooms", [(("A", "B"), 12), (("A", "B", "C", "D"), 10)])
def test_the_dungeon_size_follows_the_player_count(user, players, rooms):
    start(user, players=players, first=None, picks=False)
    assert f"Each Dungeon gets {rooms} room tiles" in user.page


def test_the_app_draws_the_first_player_and_the_replay_reads_it(user, store):
    game_id = start(user, first=None, picks=False)
    assert user.submit("/draw").status_code == 200
    [entry] = entries(store, game_id)
    assert entry["kind"] == "first_player" and entry["source"] == "app"
    name = ("Adam", "Beth", "Carl")[entry["data"]["seat"]]
    assert f"{name} picks two Adventurers" in user.page
    assert "drawn by the app" in user.page


def test_picks_go_in_turn_order_and_a_taken_pair_is_refused_next_to_the_chips(user, store):
    game_id = start(user, first="1", picks=False)
    user.submit("/entries", {"classes": ["wizard", "squire"]})
    assert entries(store, game_id)[-1]["data"] == {"seat": 1, "classes": ["wizard", "squire"]}
    assert "Carl picks two Adventurers" in user.page
    response = user.submit("/entries", {"classes": ["squire", "wizard"]})
    assert response.status_code == 422
    assert errors(user) == ["A previous player picked this pair; pick another."]
    assert len(entries(store, game_id)) == 2


def test_each_action_at_the_inn_pays_the_rule_price(user, store):
    game_id = start(user)
    assert gold(user, "Adam") == 5
    tap(user, "recruit", ("class", "thief"))              # first Thief: 3 gp
    assert gold(user, "Adam") == 2
    assert entries(store, game_id)[-1]["data"] == {"seat": 0, "action": "recruit", "class": "thief"}
    assert "Adam takes a second action or goes a-Lootin" in user.page
    tap(user, "wounds", hirelings="2")                    # back to the common pool
    tap(user, "leave", dungeon="1", how="fled")
    assert "Turn 2: Beth" in user.page
    tap(user, "hire", ("count", "2"))                     # two Hirelings: 1 gp each
    assert gold(user, "Beth") == 3
    assert entries(store, game_id)[-1]["data"] == {"seat": 1, "action": "hire", "count": 2}
    tap(user, "leave", dungeon="2", how="lost")
    tap(user, "beg")                                      # +5 gp, both actions
    assert gold(user, "Carl") == 10 and "Turn 4: Adam" in user.page
    tap(user, "beg")
    tap(user, "beg")
    tap(user, "recruit", ("class", "squire"))             # Carl's second Squire: 6 gp
    assert gold(user, "Carl") == 4
    assert "Squire ×2" in user.page


def test_building_an_upgrade_trains_one_for_free_and_training_costs_one_gp(user, store):
    game_id = start(user, players=("Adam", "Beth"))
    for _ in range(4):
        tap(user, "beg")                                  # Adam 15, Beth 15
    tap(user, "build", ("upgrade", "wizard"))             # 10 gp, and the Wizard trained free
    assert gold(user, "Adam") == 5
    assert entries(store, game_id)[-1]["data"]["train"] is True
    assert "Mage" in user.page
    tap(user, "leave", dungeon="1", how="fled")
    tap(user, "train", **{"class": "priest"}, owner="0", fee="4")
    assert "Adam has no Upgrade of this class." in errors(user)
    tap(user, "build", ("upgrade", "priest"), train=[])   # free training not taken
    tap(user, "train", **{"class": "priest"}, count="1", owner="1")
    assert gold(user, "Beth") == 4                        # 15 - 10 - 1
    assert "Bishop" in user.page


def test_training_with_another_players_upgrade_pays_the_fee_to_its_owner(user, store):
    game_id = seed(store, ["Adam", "Beth"], [
        ("first_player", {"seat": 0}), ("pick", {"classes": ["squire", "wizard"]}),
        ("pick", {"classes": ["wizard", "thief"]}),
        ("action", {"action": "beg"}), ("action", {"action": "beg"}),
        ("action", {"action": "build", "upgrade": "wizard"}),
        ("leave", {"dungeon": 1, "levels": [], "how": "fled"}),
    ])
    user.open(f"/games/{game_id}")
    tap(user, "train", **{"class": "wizard"}, owner="0", fee="5")
    assert gold(user, "Beth") == 5 and gold(user, "Adam") == 5
    assert entries(store, game_id)[-1]["data"] == {
        "seat": 1, "action": "train", "class": "wizard", "count": 1, "owner": 0, "fee": 5}


def test_a_trade_moves_characters_and_gold_both_ways(user, store):
    game_id = start(user, players=("Adam", "Beth"))
    tap(user, "trade", with_="1", give=["squire"], take=["priest"], pay="2")
    assert gold(user, "Adam") == 3 and gold(user, "Beth") == 7
    data = entries(store, game_id)[-1]["data"]
    assert data["give"] == ["squire"] and data["take"] == ["priest"] and data["pay"] == 2


def test_treasure_rolled_by_the_app_is_stored_with_its_dice(user, store):
    game_id = start(user)
    tap(user, "recruit", ("class", "thief"))
    assert 'id="act-treasure"' in user.page
    tap(user, "treasure", ("roll", "app"))
    entry = entries(store, game_id)[-1]
    assert entry["source"] == "app" and len(entry["data"]["dice"]) == 2
    assert all(1 <= d <= 6 for d in entry["data"]["dice"])
    assert gold(user, "Adam") == 2 + sum(entry["data"]["dice"])
    assert 'id="act-recruit"' not in user.page            # in the Dungeon until the party leaves


def test_treasure_the_table_rolled_poison_and_wounds(user, store):
    game_id = start(user)
    tap(user, "recruit", ("class", "thief"))
    tap(user, "treasure", **{"dice-0": "4", "dice-1": "2"})
    assert entries(store, game_id)[-1]["source"] == "table"
    assert gold(user, "Adam") == 8
    tap(user, "poison", ("saved", "no"))
    tap(user, "wounds", hirelings="1")
    assert "Poison 1" in user.page and "Hirelings 1" in user.page
    tap(user, "leave", dungeon="2", levels=["1"], how="peaceful")
    assert gold(user, "Adam") == 8 + 3 + 1 + 2             # a room and two special tiles


@pytest.mark.parametrize("how, paid", [("peaceful", 12), ("fled", 9), ("lost", 9)])
def test_the_rulebook_example_levels_one_to_three(user, store, how, paid):
    game_id = start(user)
    tap(user, "recruit", ("class", "thief"))
    tap(user, "leave", dungeon="1", levels=["1", "2", "3"], how=how)
    assert gold(user, "Adam") == 2 + paid
    assert f"Adam +{paid} gp" in user.page
    assert entries(store, game_id)[-1]["kind"] == "leave"


def test_fleeing_with_nothing_gives_a_divine_pity_marker(user):
    start(user)
    tap(user, "recruit", ("class", "thief"))
    tap(user, "leave", dungeon="1", how="fled")
    assert "Divine Pity 1" in user.page


def test_a_correction_of_an_earlier_entry_recomputes_the_gold(user, store):
    game_id = start(user)
    tap(user, "recruit", ("class", "thief"))
    tap(user, "leave", dungeon="1", levels=["1", "2", "3"], how="peaceful")
    tap(user, "beg")
    leave_id = entries(store, game_id)[-2]["id"]
    user.open(f"/games/{game_id}/entries/{leave_id}/edit")
    assert 'value="3" checked' in user.page
    user.submit("do=leave", {"levels": ["1", "2"], "how": "fled"})
    assert gold(user, "Adam") == 2 + 6
    record = store.load(game_id)
    assert record["entries"][-2]["data"]["levels"] == [1, 2]
    assert record["entries"][-2]["edits"][0]["data"]["levels"] == [1, 2, 3]


def test_a_correction_can_turn_one_action_into_another(user, store):
    game_id = start(user)
    tap(user, "beg")
    beg_id = entries(store, game_id)[-1]["id"]
    user.open(f"/games/{game_id}/entries/{beg_id}/edit")
    user.submit("do=recruit", button=("class", "priest"))
    assert entries(store, game_id)[-1]["data"]["action"] == "recruit"
    assert gold(user, "Adam") == 2


def test_undo_takes_back_the_last_action(user, store):
    game_id = start(user)
    tap(user, "recruit", ("class", "thief"))
    user.submit("/undo")
    assert gold(user, "Adam") == 5
    assert entries(store, game_id)[-1]["kind"] == "pick"


def test_a_double_tap_stores_the_action_once(user, store):
    game_id = start(user)
    form = user.form("do=beg")
    tap(user, "beg")
    response = user.client.post(form["action"], data=dict(form["fields"]), follow_redirects=True)
    assert response.status_code == 200
    assert [e["data"].get("action") for e in entries(store, game_id)[4:]] == ["beg"]


def test_the_final_scoring_shows_every_part_and_the_tie_break_on_money(user, store):
    game_id = seed(store, ["Adam", "Beth", "Carl"], THREE_PLAYER_GAME)
    user.open(f"/games/{game_id}")
    assert "This is The End" in user.page
    values = {"players-0-loot-0": "2", "players-0-loot-1": "-1", "players-0-unclaimed": "3",
              "players-1-unclaimed": "7", "players-1-treasure": "1",
              "players-2-loot-0": "3", "players-2-unclaimed": "8"}
    assert user.submit("/entries", values).status_code == 200, errors(user)
    assert entries(store, game_id)[-1]["data"] == {"players": [
        {"loot": [2, -1], "unclaimed": 3, "treasure": 0}, {"loot": [], "unclaimed": 7, "treasure": 1},
        {"loot": [3], "unclaimed": 8, "treasure": 0}]}
    user.submit("/draw")                                   # Beth's unrevealed Treasure
    roll = entries(store, game_id)[-1]
    assert roll["kind"] == "treasure_roll" and roll["source"] == "app"
    # Adam and Carl end on 32 VP whatever the app rolled (Beth's Treasure brings her 22 to
    # 24): the tie on money is decided on every roll, not only on one in 36.
    assert "Tied on victory points: the player with the most money wins." in user.page
    assert "Ahead on money." in user.page
    for part in ("Looted rooms (VP: their levels)", "Looted rooms (count)", "Poison", "Loot markers", "Unclaimed tiles", "Gold (1 VP per 5 gp)",
                 "Adventurer levels"):
        assert part in user.page
    assert 'id="outcome"' in user.page


def test_the_unrevealed_treasure_can_be_entered_and_the_dwarf_picked(user, store):
    game_id = seed(store, ["Adam", "Beth"], TWO_PLAYER_GAME[:-2])
    user.open(f"/games/{game_id}")
    user.submit("/entries", {"dice-0": "6", "dice-1": "6"})
    user.submit("/entries", {"dice-0": "6", "dice-1": "6"})
    assert "Who most looks like a dwarf?" in user.page
    user.submit("/entries", {"seat": "1"})
    assert "Tied on everything: the table picked who most looks like a dwarf." in user.page
    assert entries(store, game_id)[-1]["data"] == {"seat": 1}


@pytest.mark.parametrize("query, shown", [
    ("level1=1&level2=1&outranks=y&damage=1", ["87.5%", "7/8", "0.125"]),
    ("level1=1&level2=0&damage=2", ["16.7%", "1/6", "1.667", "5/3"]),
    ("level1=1&pity=y&boss=y&damage=1", ["16.7%", "1/6"]),
    ("level1=1&pity=y&damage=1", ["42.1%", "91/216"]),
])
def test_the_battle_odds_page_answers_without_javascript(client, query, shown):
    page = client.get(f"/loot-and-scoot/odds?{query}").get_data(as_text=True)
    for text in shown:
        assert text in page


def test_the_game_page_links_the_odds_and_speaks_german(user):
    start(user)
    assert "/loot-and-scoot/odds" in user.page
    user.submit("/lang", button=("lang", "de"))
    assert "Abenteurer anwerben" in user.page and "Söldner 2" in user.page


def test_the_poison_choice_speaks_the_rules_words_not_the_apps_refusal(user, store):
    # The rule: roll one die to Save vs. Poison; at least the room number neutralizes it,
    # less and the party takes the tile (-1 VP) and a wound. "Saved / Not saved" read as the
    # app's own "Not saved" (an entry refused), so the buttons say what the die decided.
    game_id = start(user)
    tap(user, "recruit", ("class", "thief"))
    poison = user.page.split('id="act-poison"')[1].split("</form>")[0]
    assert "Save vs. Poison" in poison and "Neutralized" in poison and "Poisoned" in poison
    assert "saved" not in poison.replace('name="saved"', "").lower()
    user.submit("/lang", button=("lang", "de"))
    poison = user.page.split('id="act-poison"')[1].split("</form>")[0]
    assert "Neutralisiert" in poison and "Vergiftet" in poison and "Raumnummer" in poison
    assert "gespeichert" not in poison and "gerettet" not in poison.lower()
    tap(user, "poison", ("saved", "no"))
    assert entries(store, game_id)[-1]["data"]["saved"] is False
    log = user.page.split('class="log"')[1]
    assert "Vergiftet" in log and "Nicht gespeichert" not in log
