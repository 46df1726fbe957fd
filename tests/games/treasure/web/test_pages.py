"""Give Me The Treasure through its pages: setup, the deal, the Reinforcements kept, coin
corrections, undo, the end, and the best-resale helper -- posting what the pages offer."""
from __future__ import annotations

import re

import pytest

from companion.games.treasure.rules import BANDITS, GAME
from tests.formpage import forms_of


def start(user, players=("Ann", "Bob"), **settings):
    user.open("/new/give-me-the-treasure")
    values = {"player": list(players) + [""] * (4 - len(players)), **settings}
    response = user.submit("", values)
    assert response.status_code == 200, user.page
    return user.url.rsplit("/", 1)[-1]


def ready(user, bandits=("chipo", "joe"), first="0", kept=(("super_rou_rou", "viper"), ("ninja_leo", "croc_brothers")),
          players=("Ann", "Bob"), **settings):
    """A game past the deal and the keep, ready for turn 1."""
    game_id = start(user, players, **settings)
    values = {f"bandits-{i}": b for i, b in enumerate(bandits)}
    assert user.submit("/entries", {**values, "first_divider": first}).status_code == 200
    assert user.submit("/entries", {f"reinforcements-{i}": list(k) for i, k in enumerate(kept)}).status_code == 200
    return game_id


def near(page: str, name: str, message: str, within: int = 12000) -> bool:
    """The message is shown right after the last input named ``name`` (next to that field)."""
    at = page.rfind(f'name="{name}"')
    at = page.rfind(f"name={name} ") if at < 0 else at
    at = max(at, page.rfind(f"name={name}>"))
    return at >= 0 and message in page[at:at + within] and \
        page.find('class="error"', at) <= page.find(message, at)


def replayed(store, game_id):
    record = store.load(game_id)
    return GAME.replay(record["players"], record["settings"], [(e["kind"], e["data"]) for e in record["entries"]])


# -- setup ------------------------------------------------------------------------------------

def test_two_names_make_a_duel_to_twenty_with_two_coins_each(user, store):
    game_id = start(user)
    settings = store.load(game_id)["settings"]
    assert settings["target"] == 20 and settings["teams"] == [0, 1] and settings["starting_coins"] == 2
    assert "Target 20 coins" in user.page and "duel" in user.page
    assert "Let the app draw" in user.page


def test_four_names_make_the_team_variant_with_the_chosen_teams_and_leaders(user, store):
    game_id = start(user, ("Ann", "Bob", "Cem", "Dora"), teams="0,1,0,1", leader_1="3")
    settings = store.load(game_id)["settings"]
    assert settings["teams"] == [0, 1, 0, 1] and settings["leaders"] == [0, 3]
    assert settings["target"] == 30
    assert "Ann &amp; Cem" in user.page and "Bob &amp; Dora" in user.page
    assert "team variant" in user.page


def test_three_names_play_two_against_one(user, store):
    game_id = start(user, ("Ann", "Bob", "Cem"), teams="0,1,1,0")
    assert store.load(game_id)["settings"]["teams"] == [0, 1, 1]
    assert "Bob &amp; Cem" in user.page


def test_a_practice_game_without_skills_and_its_own_target(user, store):
    game_id = start(user, bandit_skills="", target="12")
    settings = store.load(game_id)["settings"]
    assert settings["bandit_skills"] is False and settings["target"] == 12
    assert "practice game" in user.page


def test_a_leader_outside_the_team_is_refused_and_no_game_is_made(user, store):
    user.open("/new/give-me-the-treasure")
    response = user.submit("", {"player": ["Ann", "Bob", "Cem", "Dora"], "leader_0": "2"})
    assert response.status_code == 422
    assert "The Leader must be a member of the team." in user.page
    assert list(store.index.games()) == []


# -- the deal and the Reinforcements kept ----------------------------------------------------------

def test_the_app_deals_bandits_and_reinforcements_and_tosses_the_arrow(user, store):
    game_id = start(user)
    assert user.submit("/draw").status_code == 200
    entry = store.load(game_id)["entries"][0]
    assert entry["source"] == "app" and entry["kind"] == "deal"
    state = replayed(store, game_id)
    assert len(state.bandits) == 2 and len(state.dealt) == 2 and state.first_divider in (0, 1)
    # The keep form offers each side only the three cards dealt to it, behind a tap.
    offered = re.findall(r'name="reinforcements-0" value="(\w+)"', user.page)
    assert offered == list(state.dealt[0])
    assert "dealt by the app" in user.page


def test_dealt_cards_are_shown_only_behind_a_tap(user, store):
    game_id = start(user)
    user.submit("/draw")
    dealt = replayed(store, game_id).dealt
    user.submit("/entries", {"reinforcements-0": list(dealt[0][:2]), "reinforcements-1": list(dealt[1][1:])})
    assert len(store.load(game_id)["entries"]) == 2
    outside = re.sub(r"<details class=\"secret\".*?</details>", "", user.page, flags=re.S)
    outside = re.sub(r"<a [^>]*best-resale[^>]*>", "", outside)
    for card in ("Super Rou-Rou", "Ninja Leo", "Lucky the Lucky Dog", "Doug", "Grobill", "Viper",
                 "Black Wings", "Pat, the Police Dog", "Croc&#39; Brothers"):
        assert card not in outside, card


def test_a_deal_entered_by_the_table(user, store):
    game_id = start(user)
    user.submit("/entries", {"bandits-0": "raoul", "bandits-1": "mofette", "first_divider": "1"})
    data = store.load(game_id)["entries"][0]["data"]
    assert data == {"bandits": ["raoul", "mofette"], "first_divider": 1}
    assert "chest limit 6" in user.page      # Raoul keeps one card more
    # With no cards dealt entered, each player chooses among all nine.
    assert len(re.findall(r'name="reinforcements-1"', user.page)) == 9


def test_the_same_bandit_twice_is_refused_next_to_the_second(user, store):
    game_id = start(user)
    response = user.submit("/entries", {"bandits-0": "joe", "bandits-1": "joe", "first_divider": "0"})
    assert response.status_code == 422
    assert near(user.page, "bandits-1", "Each Bandit tile is dealt once.")
    assert store.load(game_id)["entries"] == []


def test_keeping_three_cards_or_one_not_dealt_is_refused(user, store):
    game_id = start(user)
    user.submit("/draw")
    dealt = replayed(store, game_id).dealt
    response = user.submit("/entries", {"reinforcements-0": list(dealt[0]), "reinforcements-1": list(dealt[1][:2])})
    assert response.status_code == 422
    assert near(user.page, "reinforcements-0", "Give 2 Reinforcement cards.")
    # A card from the other side's hand: a page cannot offer it, so post it directly.
    response = user.submit("/entries", {"reinforcements-0": [dealt[0][0], dealt[1][0]],
                                        "reinforcements-1": list(dealt[1][1:])})
    assert response.status_code == 422
    assert "was not dealt to this side." in user.page
    assert len(store.load(game_id)["entries"]) == 1


def test_team_members_keep_one_card_each(user, store):
    game_id = start(user, ("Ann", "Bob", "Cem", "Dora"))
    user.submit("/entries", {"bandits-0": "raoul", "bandits-1": "chipo", "bandits-2": "joe",
                             "bandits-3": "mofette", "first_divider": "0"})
    assert "Keep 1 card" in user.page
    user.submit("/entries", {"reinforcements-0": ["pat"], "reinforcements-1": ["doug"],
                             "reinforcements-2": ["lucky"], "reinforcements-3": ["viper"]})
    state = replayed(store, game_id)
    assert state.reinforcements == (("pat",), ("doug",), ("lucky",), ("viper",))
    assert state.chest_limits == (4, 4, 3, 4)     # Leaders Ann (Raoul: 3 + 1) and Cem 3, members 4
    assert "Leader" in user.page
    # A turn is entered per side; only the Leader's skill counts (Cem's Joe, not Dora's Mofette).
    assert "<legend>Ann &amp; Bob</legend>" in user.page
    user.submit("/entries", {"sides-1-combinations-0": ["red3", "red4", "red5"], "sides-0-cursed_held": "2"})
    assert replayed(store, game_id).coins == (2, 2 + 6 + 1)


# -- corrections, undo, edit ------------------------------------------------------------------------

def test_a_coin_correction_with_a_reason(user, store):
    game_id = ready(user)
    response = user.submit("/entries", {"side": "1", "coins": "3", "reason": "forgot a coin"}, with_field="reason")
    assert response.status_code == 200
    entry = store.load(game_id)["entries"][-1]
    assert entry["kind"] == "correction" and entry["data"] == {"side": 1, "coins": 3, "reason": "forgot a coin"}
    assert replayed(store, game_id).coins == (2, 5)
    assert "forgot a coin" in user.page


@pytest.mark.parametrize("values, field, message", [
    ({"side": "0", "coins": "-3", "reason": "spent"}, "coins", "coins cannot go below zero."),
    ({"side": "0", "coins": "2", "reason": ""}, "reason", "Say why the coins change."),
    ({"side": "0", "coins": "0", "reason": "x"}, "coins", "A correction changes the coins."),
])
def test_a_refused_correction_is_shown_next_to_its_field_and_stores_nothing(user, store, values, field, message):
    game_id = ready(user)
    before = store.load(game_id)["entries"]
    response = user.submit("/entries", values, with_field="reason")
    assert response.status_code == 422
    assert near(user.page, field, message)
    assert "<details class=\"correction\" id=\"correction\" open>" in user.page
    assert store.load(game_id)["entries"] == before


@pytest.mark.parametrize("values, field, message", [
    ({"side": "0", "coins": "", "reason": "spent"}, "coins", "Enter a whole number."),
    ({"side": "", "coins": "2", "reason": "spent"}, "side", "Enter a whole number."),
    ({"side": "0", "coins": "2", "reason": "   "}, "reason", "Say why the coins change."),
])
def test_a_blank_correction_field_is_refused_by_the_form_in_the_rules_words(user, store, values, field, message):
    # The form, not the rules, keeps an entry to its shape: a blank is said next to its
    # field in the words the rules used for it, for a new correction and for its edit.
    game_id = ready(user)
    before = store.load(game_id)["entries"]
    response = user.submit("/entries", values, with_field="reason")
    assert response.status_code == 422 and near(user.page, field, message)
    assert store.load(game_id)["entries"] == before
    user.submit("/entries", {"side": "1", "coins": "3", "reason": "forgot a coin"}, with_field="reason")
    entry = store.load(game_id)["entries"][-1]
    user.open(f"/games/{game_id}/entries/{entry['id']}/edit")
    response = user.submit("", values)
    assert response.status_code == 422 and near(user.page, field, message)
    assert store.load(game_id)["entries"][-1] == entry


def test_an_arrow_that_is_no_number_is_refused_next_to_it(user, store):
    game_id = start(user)
    response = user.submit("/entries", {"bandits-0": "chipo", "bandits-1": "joe", "first_divider": ""})
    assert response.status_code == 422 and near(user.page, "first_divider", "Enter a whole number.")
    assert store.load(game_id)["entries"] == []


def test_correcting_an_earlier_turn_recomputes_the_coins(user, store):
    game_id = ready(user)
    user.submit("/entries", {"sides-0-combinations-0": ["red3", "blue3"]})
    user.submit("/entries", {"sides-1-combinations-0": ["red5", "blue5"]})
    assert replayed(store, game_id).coins == (4, 4)
    turn = store.load(game_id)["entries"][2]
    user.open(f"/games/{game_id}/entries/{turn['id']}/edit")
    assert 'value=red3 checked' in user.page
    user.submit("", {"sides-0-combinations-0": ["red3", "blue3", "green3"]})
    assert replayed(store, game_id).coins == (7, 4)
    assert store.load(game_id)["entries"][2]["edits"]


def test_every_entry_kind_opens_for_correction_with_its_values(user, store):
    game_id = ready(user)
    user.submit("/entries", {"sides-0-combinations-0": ["blue1", "blue2", "treasure"], "treasure_as": "blue3",
                             "sides-0-reinforcements": ["viper"], "sides-0-viper": "1",
                             "sides-1-combinations-0": ["red3", "green3", "yellow3"],
                             "sides-1-reinforcements": ["croc_brothers"], "sides-1-croc": "viper"})
    user.submit("/entries", {"side": "0", "coins": "-1", "reason": "dropped one"}, with_field="reason")
    coins = replayed(store, game_id).coins
    for entry in store.load(game_id)["entries"]:
        user.open(f"/games/{game_id}/entries/{entry['id']}/edit")
        assert user.response.status_code == 200, entry["kind"]
        # Sent back untouched, the form gives the very same data: the prefill is faithful.
        response = user.submit("")
        assert response.status_code == 422 and "Nothing was changed." in user.page, (
            entry["kind"], re.findall(r'class="error">([^<]*)', user.page))
    assert replayed(store, game_id).coins == coins
    page = user.client.get(f"/games/{game_id}/entries/3/edit").get_data(as_text=True)
    assert '<option value="blue3" selected>' in page and '<option selected value="viper">' in page
    assert 'name="sides-1-reinforcements" value="croc_brothers" checked' in page


def test_undo_takes_back_the_last_turn(user, store):
    game_id = ready(user)
    user.submit("/entries", {"sides-0-combinations-0": ["red3", "blue3"]})
    user.submit("/undo")
    assert [e["kind"] for e in store.load(game_id)["entries"]] == ["deal", "keep"]
    assert replayed(store, game_id).coins == (2, 2)


# -- the end ----------------------------------------------------------------------------------------

def test_the_first_side_to_twenty_at_the_inspection_wins(user, store):
    game_id = ready(user)
    user.submit("/entries", {"sides-0-combinations-0": ["red1", "red2", "red3", "red4", "red5"],
                             "sides-0-reinforcements": ["super_rou_rou"]})
    assert replayed(store, game_id).coins == (20, 2)
    assert 'class="outcome"' in user.page and "First to 20 coins at the Inspection." in user.page
    assert not any("reason" in dict(f["fields"]) for f in forms_of(user.page))


def test_equal_coins_at_the_target_mean_another_turn(user, store):
    game_id = ready(user, bandits=("raoul", "mofette"), target="8")
    user.submit("/entries", {"sides-0-combinations-0": ["red3", "green3", "blue3"],
                             "sides-1-combinations-0": ["red5", "green5", "blue5"]})
    assert replayed(store, game_id).coins == (7, 7)
    user.submit("/entries", {"sides-0-combinations-0": ["red6", "blue6"],
                             "sides-1-combinations-0": ["red7", "blue7"]})
    assert replayed(store, game_id).coins == (9, 9)
    assert "Equal coins at or over 8: another turn." in user.page
    user.submit("/entries", {"sides-1-combinations-0": ["red1", "blue1"]})
    assert "First to 8 coins" in user.page or "Both sides reached 8 coins" in user.page


# -- the best-resale helper --------------------------------------------------------------------------

def test_the_helper_finds_the_best_resale_without_javascript(user, store):
    ready(user)
    link = re.search(r'href="(/give-me-the-treasure/best-resale\?[^"]+)"', user.page).group(1)
    assert "bandit=chipo" in link and "reinforcements=super_rou_rou" in link
    user.open(link.replace("&amp;", "&") + "&chest=red1&chest=red2&chest=red3&chest=blue3&chest=green3")
    assert user.response.status_code == 200
    # Red 1-2-3 (6) with Super Rou-Rou (3), and 3-3 (2) for Chipo's second combination (1).
    assert "12 coins" in user.page and "Super Rou-Rou" in user.page
    assert "Left in the chest: nothing" in " ".join(user.page.split())


def test_the_helper_is_not_greedy(client):
    # The dearest first, 4-4-4 (5), leaves nothing; 4-4 (2) and 2-3-4 (4) make 6.
    chest = ["red2", "yellow3", "green4", "red4", "yellow4"]
    page = client.get("/give-me-the-treasure/best-resale", query_string={"chest": chest}).get_data(as_text=True)
    assert "6 coins" in page and "Left in the chest: nothing" in " ".join(page.split())


def test_the_helper_refuses_a_card_that_does_not_exist(client):
    response = client.get("/give-me-the-treasure/best-resale", query_string={"chest": ["red3", "red9"]})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert near(page, "chest", "Loot cards bear a number from 1 to 7, not 9.")


def test_the_helper_page_shows_the_black_market(client):
    page = client.get("/give-me-the-treasure/best-resale").get_data(as_text=True)
    assert "Black Market" in page and "1 2 3 4 5 → <b>15</b>" in page
    assert 'method="get"' in page


def test_a_correction_of_the_apps_deal_keeps_the_cards_it_dealt(user, store):
    """The correction page shows the Bandits and the Arrow, not the Reinforcements the app
    dealt: correcting a Bandit must not lose that draw (the keep offers only those cards)."""
    game_id = start(user)
    user.submit("/draw")
    drawn = store.load(game_id)["entries"][0]["data"]
    other = next(b for b in BANDITS if b not in drawn["bandits"])
    user.open(f"/games/{game_id}/entries/{store.load(game_id)['entries'][0]['id']}/edit")
    assert user.submit("", {"bandits-0": other}).status_code == 200, user.page
    entry = store.load(game_id)["entries"][0]
    assert entry["data"]["bandits"] == [other, drawn["bandits"][1]]
    assert entry["data"]["dealt"] == drawn["dealt"]
    assert entry["edits"][0]["data"] == drawn
    assert replayed(store, game_id).dealt == tuple(tuple(side) for side in drawn["dealt"])
