"""A refused form names every refusal in one answer, each next to its field: the form's
own checks (a stack not chosen, a count that is not a number) never hide the rules' checks
of the rest (a loot above 14, the deck's 80 gold), so nobody saves twice to learn the second."""
from __future__ import annotations

from tests.games.beutelschneider.web.test_pages import hand_values
from tests.games.beutelschneider.web.test_pages import start as start_beutelschneider
from tests.games.beutezug.web.test_pages import JOHNNY, KATE, VINCENZO, entries, near, place, round_values
from tests.games.beutezug.web.test_pages import start as start_beutezug

TOTAL = "The deck holds 80 in gold; this hand adds up to 100."


def test_a_beutezug_round_names_the_missing_stack_and_the_loot_above_the_range_at_once(user, store):
    game_id = start_beutezug(user)
    place(user, KATE, VINCENZO, JOHNNY)
    response = user.submit("/entries", round_values(("", 3, "none"), (2, 15, "none"), (3, 4, "none")))
    assert response.status_code == 422
    assert near(user.page, "outcomes-0-stack", "Choose the stack, or 0 for a failed heist.")
    assert near(user.page, "outcomes-1-loot", "Must be at most 14.")
    # A stack not chosen yet may be the 0-card: its row is not also asked for loot.
    assert "Enter the loot on the card." not in user.page
    assert entries(store, game_id)[-1]["kind"] == "placement"


def test_a_beutezug_round_in_german_names_both_at_once(user, store):
    game_id = start_beutezug(user)
    place(user, KATE, VINCENZO, JOHNNY)
    user.submit("/lang", button=("lang", "de"))
    user.open(f"/games/{game_id}")
    response = user.submit("/entries", round_values(("", 3, "none"), (2, 15, "none"), (3, 4, "none")))
    assert response.status_code == 422
    assert near(user.page, "outcomes-0-stack", "Wähle den Stapel")
    assert near(user.page, "outcomes-1-loot", "Darf höchstens 14 sein.")


def test_a_beutelschneider_hand_names_a_bad_count_and_the_deck_total_at_once(user, store):
    game_id = start_beutelschneider(user)
    response = user.submit("/entries", hand_values(50, 40, 10, cutpurses=(0, "x", 0)))
    assert response.status_code == 422
    assert near(user.page, "players-1-cutpurses", "Enter a whole number.")
    assert TOTAL in user.page
    assert store.load(game_id)["entries"] == []


def test_a_beutelschneider_hand_names_a_rules_refusal_of_a_row_and_the_deck_total_at_once(user, store):
    game_id = start_beutelschneider(user)
    response = user.submit("/entries", hand_values(50, 40, 10, **{"players-2-other": 15}))
    assert response.status_code == 422
    assert near(user.page, "players-2-other", "Special points come in tens.")
    assert TOTAL in user.page
    assert store.load(game_id)["entries"] == []


def test_a_correction_names_all_its_refusals_at_once(user, store):
    game_id = start_beutelschneider(user)
    user.submit("/entries", hand_values(50, 20, 10))
    entry_id = store.load(game_id)["entries"][0]["id"]
    user.open(f"/games/{game_id}/entries/{entry_id}/edit")
    response = user.submit("", hand_values(50, 40, 10, cutpurses=(0, "x", 0)))
    assert response.status_code == 422
    assert near(user.page, "players-1-cutpurses", "Enter a whole number.")
    assert TOTAL in user.page
    assert store.load(game_id)["entries"][0]["data"]["players"][1]["gold"] == 20


def test_a_crafted_form_without_its_version_is_refused_without_asking_the_rules(user, store):
    game_id = start_beutelschneider(user)
    response = user.submit("/entries", hand_values(50, 40, 10, cutpurses=(0, "x", 0), version="abc"))
    assert response.status_code == 422
    assert "This form arrived incomplete or changed" in user.page
    assert TOTAL not in user.page
    assert store.load(game_id)["entries"] == []


def test_a_treasure_turn_names_a_bad_count_and_a_card_not_held_at_once(user, store):
    from tests.games.treasure.web.test_pages import near as near_treasure
    from tests.games.treasure.web.test_pages import ready
    game_id = ready(user)
    response = user.submit("/entries", {"sides-0-cursed_held": "x",
                                        "sides-1-combinations-0": ["green1", "green2", "green3", "green4", "green5"],
                                        "sides-1-reinforcements": ["lucky"]})
    assert response.status_code == 422
    assert near_treasure(user.page, "sides-0-cursed_held", "Enter a whole number.")
    assert near_treasure(user.page, "sides-1-reinforcements", "Bob does not hold Lucky the Lucky Dog.")
    assert len(store.load(game_id)["entries"]) == 2


def test_a_coin_correction_names_a_bad_number_and_the_missing_reason_at_once(user, store):
    from tests.games.treasure.web.test_pages import near as near_treasure
    from tests.games.treasure.web.test_pages import ready
    game_id = ready(user)
    response = user.submit("/entries", {"side": "0", "coins": "x", "reason": ""}, with_field="reason")
    assert response.status_code == 422
    assert near_treasure(user.page, "coins", "Enter a whole number.")
    assert near_treasure(user.page, "reason", "Say why the coins change.")
    assert len(store.load(game_id)["entries"]) == 2


def test_a_loot_and_scoot_trade_names_a_bad_amount_and_the_missing_partner_at_once(user, store):
    from tests.games.scoot.web.test_pages import entries as scoot_entries
    from tests.games.scoot.web.test_pages import errors, seed, tap
    from tests.games.scoot.web.test_refusals import SET_UP
    game_id = seed(store, ["Adam", "Beth"], SET_UP)
    user.open(f"/games/{game_id}")
    stored = scoot_entries(store, game_id)
    response = tap(user, "trade", None, pay="x")
    assert response.status_code == 422
    assert "Enter a whole number." in errors(user) and "Choose a player." in errors(user)
    assert scoot_entries(store, game_id) == stored
