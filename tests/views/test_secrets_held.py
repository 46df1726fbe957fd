"""Secrets stay on their phone (issue 38.3): Give Me The Treasure's choice of cards to keep and
the cards held open only on the phone of the player who holds one; for players without a
phone, on the shared phone as today. Each player's keep is a row of the draft."""
from __future__ import annotations

import re

from tests.formpage import Browserless
from tests.games.treasure.web import test_pages as treasure


def hold(phone: Browserless, game_id: str, seat: str) -> None:
    phone.open(f"/games/{game_id}/phone")
    assert phone.submit(f"/games/{game_id}/phone", {"seat": seat}).status_code == 200


def panels(page: str) -> list[str]:
    """Whose secret panels the page holds, by the checkboxes inside them."""
    return sorted(set(re.findall(r'name="reinforcements-(\d)" value=', page)))


def test_each_players_cards_open_only_on_their_phone(user, app, store):
    game_id = treasure.start(user)
    user.submit("/draw")  # the app deals
    shared = user
    ann, bob = Browserless(app.test_client()), Browserless(app.test_client())
    assert panels(shared.page) == ["0", "1"]  # one phone: as today
    hold(ann, game_id, "0")
    shared.open(f"/games/{game_id}")
    assert panels(shared.page) == ["1"] and "Ann chooses on their own phone." in shared.page
    hold(bob, game_id, "1")
    for phone, own in ((ann, "0"), (bob, "1")):
        phone.open(f"/games/{game_id}")
        assert panels(phone.page) == [own], own
    shared.open(f"/games/{game_id}")
    assert panels(shared.page) == []
    dealt = treasure.replayed(store, game_id).dealt
    ann.submit("/entries", {"reinforcements-0": list(dealt[0][:2])}, button=("row", "0"))
    assert len(store.load(game_id)["entries"]) == 1  # the keep is a draft until Bob's is in
    # Ann's row is in, and what she keeps stays on her phone: not even in the others' pages.
    for phone in (bob, shared):
        phone.open(f"/games/{game_id}")
        assert "1 of 2 in (Ann)" in phone.page and "reinforcements-0" not in phone.page
    bob.open(f"/games/{game_id}")
    bob.submit("/entries", {"reinforcements-1": list(dealt[1][1:])}, button=("row", "1"))
    state = treasure.replayed(store, game_id)
    assert state.reinforcements == (tuple(dealt[0][:2]), tuple(dealt[1][1:]))
    # The cards each side holds: on its own phone only.
    for phone, shown, hidden in ((ann, "Cards of Ann", "Cards of Bob"), (bob, "Cards of Bob", "Cards of Ann")):
        phone.open(f"/games/{game_id}")
        assert shown in phone.page and hidden not in phone.page
    shared.open(f"/games/{game_id}")
    assert "Cards of" not in shared.page and "Ann sees their cards on their own phone." in shared.page


def test_letting_go_of_a_seat_brings_its_secrets_back_to_the_shared_phone(user, app):
    game_id = treasure.start(user)
    user.submit("/draw")
    ann = Browserless(app.test_client())
    hold(ann, game_id, "0")
    hold(ann, game_id, "")
    user.open(f"/games/{game_id}")
    assert panels(user.page) == ["0", "1"]


def turn_of(store, game_id):
    return [e for e in store.load(game_id)["entries"] if e["kind"] == "turn"]


def test_a_sides_resale_is_entered_on_its_own_phone_and_the_turn_waits_for_it(user, app, store):
    """Give Me The Treasure's Reinforcements called by a side are its secret: while Ann holds a
    phone, her side's part of the turn (its panel of the cards she holds) is on her phone
    alone; the shared phone's Save keeps Bob's side and the turn is stored, once, when Ann's
    row is in."""
    game_id = treasure.ready(user)  # Ann keeps Super Rou-Rou and Viper
    ann = Browserless(app.test_client())
    hold(ann, game_id, "0")
    user.open(f"/games/{game_id}")
    assert "Reinforcements called by Ann" not in user.page and 'name="sides-0-reinforcements"' not in user.page
    assert "Reinforcements called by Bob" in user.page and "Ann enters this on their own phone." in user.page
    assert 'name="sides-0-combinations-0"' not in user.page
    answer = user.submit("/entries", {"sides-1-combinations-0": ["red5", "blue5"]})
    assert answer.status_code == 200 and turn_of(store, game_id) == []
    assert "the turn is stored as soon as the part of Ann is in" in user.page
    assert "1 of 2 in (Bob)" in user.page
    ann.open(f"/games/{game_id}")
    assert "Reinforcements called by Ann" in ann.page and "Send my row (Ann)" in ann.page
    ann.submit("/entries", {"sides-0-combinations-0": ["red1", "red2", "red3"],
                            "sides-0-reinforcements": ["super_rou_rou"]}, button=("row", "0"))
    turns = turn_of(store, game_id)
    assert len(turns) == 1 and store.read_state(f"draft-{game_id}") == {}
    assert turns[0]["data"]["sides"][0]["reinforcements"] == ["super_rou_rou"]
    assert turns[0]["data"]["sides"][1]["combinations"] == [["red5", "blue5"]]
    assert treasure.replayed(store, game_id).coins == (11, 4)  # 6 + Super Rou-Rou's 3; a pair of 5s


def test_a_sides_row_sent_first_lets_the_shared_phone_store_the_turn_at_once(user, app, store):
    game_id = treasure.ready(user)
    ann = Browserless(app.test_client())
    hold(ann, game_id, "0")
    ann.open(f"/games/{game_id}")
    ann.submit("/entries", {"sides-0-combinations-0": ["blue1", "blue2", "treasure"], "treasure_as": "blue3"},
               button=("row", "0"))
    assert turn_of(store, game_id) == []
    user.open(f"/games/{game_id}")
    assert "In, from their own phone:" in user.page
    user.submit("/entries", {"sides-1-combinations-0": ["red5", "blue5"]})
    turns = turn_of(store, game_id)
    assert len(turns) == 1
    assert turns[0]["data"]["sides"][0]["combinations"] == [["blue1", "blue2", "treasure:blue3"]]


def test_a_crafted_row_for_a_side_held_on_another_phone_changes_nothing(user, app, store):
    game_id = treasure.ready(user)
    hold(Browserless(app.test_client()), game_id, "0")
    user.open(f"/games/{game_id}")
    answer = user.submit("/entries", {"sides-0-reinforcements": ["viper"]}, button=("row", "0"))
    assert answer.status_code == 403 and "entered on its player&#39;s own phone" in user.page
    assert turn_of(store, game_id) == [] and store.read_state(f"draft-{game_id}") == {}


def test_in_the_team_variant_a_sides_row_comes_from_either_of_its_players_phones(user, app, store):
    game_id = treasure.ready(user, bandits=("raoul", "chipo", "joe", "mofette"), players=("Ann", "Bob", "Cem", "Dora"),
                             kept=(("pat",), ("doug",), ("lucky",), ("viper",)))
    bob = Browserless(app.test_client())
    hold(bob, game_id, "1")  # Bob plays with Ann: their side is on his phone
    user.open(f"/games/{game_id}")
    assert "Ann &amp; Bob enter this on their own phones." in user.page
    assert 'name="sides-0-reinforcements"' not in user.page and 'name="sides-1-reinforcements"' in user.page
    user.submit("/entries", {"sides-1-combinations-0": ["red3", "red4", "red5"]})
    assert turn_of(store, game_id) == [] and "the part of Ann &amp; Bob is in" in user.page
    bob.open(f"/games/{game_id}")
    assert "Send my row (Bob)" in bob.page
    bob.submit("/entries", {"sides-0-cursed_held": "2"}, button=("row", "1"))
    assert len(turn_of(store, game_id)) == 1
    assert treasure.replayed(store, game_id).coins == (2, 2 + 6 + 1)


def test_a_turn_refused_once_the_last_row_is_in_is_mended_where_the_kept_row_was_typed(user, app, store):
    game_id = treasure.ready(user)
    ann = Browserless(app.test_client())
    hold(ann, game_id, "0")
    user.open(f"/games/{game_id}")
    user.submit("/entries", {"sides-1-combinations-0": ["red1", "blue5"]})  # no combination
    ann.open(f"/games/{game_id}")
    answer = ann.submit("/entries", {"sides-0-combinations-0": ["red2", "red3", "red4"]}, button=("row", "0"))
    assert answer.status_code == 422 and turn_of(store, game_id) == []
    # Bob holds no phone: the shared phone that kept his row changes it (its page showed the
    # row: follow.js fills it in and says so with "shown"); Ann's row stays in.
    user.open(f"/games/{game_id}")
    user.submit("/entries", {"sides-1-combinations-0": ["red5", "blue5"], "shown": "1"})
    turns = turn_of(store, game_id)
    assert len(turns) == 1 and [s["combinations"] for s in turns[0]["data"]["sides"]] == [
        [["red2", "red3", "red4"]], [["red5", "blue5"]]]


def test_a_save_from_a_page_that_did_not_show_a_kept_row_leaves_it_as_kept(user, app, store):
    """A page without follow.js shows a kept row's fields blank: its Save must not empty the
    row the shared phone kept for Bob (it changes only the rows its page showed)."""
    game_id = treasure.ready(user)
    ann = Browserless(app.test_client())
    hold(ann, game_id, "0")
    user.open(f"/games/{game_id}")
    user.submit("/entries", {"sides-1-combinations-0": ["red5", "blue5"], "sides-1-cursed_held": "1"})
    kept = store.read_state(f"draft-{game_id}")["rows"]["1"]
    other = Browserless(app.test_client())
    other.open(f"/games/{game_id}")
    other.submit("/entries", {"sides-1-cursed_held": "0"})  # its form as served, the row blank
    assert store.read_state(f"draft-{game_id}")["rows"]["1"] == kept
    ann.open(f"/games/{game_id}")
    ann.submit("/entries", {"sides-0-combinations-0": ["red2", "red3", "red4"]}, button=("row", "0"))
    turns = turn_of(store, game_id)
    assert len(turns) == 1 and [s["combinations"] for s in turns[0]["data"]["sides"]] == [
        [["red2", "red3", "red4"]], [["red5", "blue5"]]]
