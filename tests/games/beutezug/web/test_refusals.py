"""What Beutezug refuses, as the page shows it: a message next to the field, nothing stored."""
from __future__ import annotations

import json
from io import BytesIO

import pytest

from companion.record.entries import add_entry, new_record, replay
from tests.formpage import forms_of
from tests.games.beutezug.web.test_pages import (
    EXAMPLE,
    JOHNNY,
    KATE,
    VINCENZO,
    by_seat,
    entries,
    near,
    place,
    play_example,
    play_round,
    round_values,
    start,
    to_a_coin_flip,
)


def started_round(user, store):
    """A game of three at round 1; returns its id and the entries stored so far."""
    game_id = start(user)
    place(user, KATE, VINCENZO, JOHNNY)
    return game_id, entries(store, game_id)


def post_round(user, game_id, rows, extra=None):
    """Send the round form with exactly these rows (a tampered or truncated form)."""
    fields = [(k, v) for k, v in user.form("/entries")["fields"] if not k.startswith("outcomes-")]
    data: dict[str, list[str]] = {}
    for k, v in fields:
        data.setdefault(k, []).append(v)
    for i, row in enumerate(rows):
        for key, value in row.items():
            data[f"outcomes-{i}-{key}"] = [str(value)]
    data.update(extra or {})
    response = user.client.post(f"/games/{game_id}/entries", data=data)
    user.page = response.get_data(as_text=True)
    return response


SEIZED = {"stack": 2, "loot": 3, "bonus": "none"}


def test_fewer_outcomes_than_players_are_refused(user, store):
    game_id, before = started_round(user, store)
    response = post_round(user, game_id, [{"seat": JOHNNY, **SEIZED}, {"seat": VINCENZO, **SEIZED}])
    assert response.status_code == 422
    assert "Enter exactly one outcome for each of the 3 players." in user.page
    assert entries(store, game_id) == before


def test_more_outcomes_than_players_are_refused(user, store):
    game_id, before = started_round(user, store)
    rows = [{"seat": s, **SEIZED} for s in (JOHNNY, VINCENZO, KATE, KATE)]
    response = post_round(user, game_id, rows)
    assert response.status_code == 422
    assert "Enter exactly one outcome for each of the 3 players." in user.page
    assert entries(store, game_id) == before


def test_two_outcomes_for_one_player_are_refused_next_to_the_row(user, store):
    game_id, before = started_round(user, store)
    rows = [{"seat": s, **SEIZED} for s in (JOHNNY, VINCENZO, VINCENZO)]
    response = post_round(user, game_id, rows)
    assert response.status_code == 422
    assert near(user.page, "outcomes-2-seat", "Vincenzo already has an outcome this round.")
    assert entries(store, game_id) == before


@pytest.mark.parametrize("stack, loot, bonus, message", [
    (2, 15, "none", "Must be at most 14."),
    (5, 0, "none", "Must be at least 1."),
    (3, "", "green", "Enter the loot on the card."),
    (4, "x", "none", "Enter a whole number."),
    (0, 1, "pink", "A 0-card gives either a bonus or 1 loot point."),
    (0, 2, "none", "Must be at most 1."),
])
def test_a_loot_value_outside_the_range_is_refused_next_to_the_loot(user, store, stack, loot, bonus, message):
    game_id, before = started_round(user, store)
    values = round_values((2, 4, "none"), (stack, loot, bonus), (3, 6, "none"))
    response = user.submit("/entries", values)
    assert response.status_code == 422
    assert near(user.page, "outcomes-1-loot", message)
    assert 'aria-invalid="true"' in user.page
    assert entries(store, game_id) == before


def test_an_unknown_bonus_is_refused_next_to_the_bonus(user, store):
    game_id, before = started_round(user, store)
    response = user.submit("/entries", round_values((2, 4, "none"), (2, 3, "blue"), (3, 6, "none")))
    assert response.status_code == 422
    assert near(user.page, "outcomes-1-bonus", "Unknown bonus blue.")
    assert entries(store, game_id) == before


def test_a_player_without_a_stack_is_asked_for_one(user, store):
    game_id, before = started_round(user, store)
    values = round_values((2, 4, "none"), (2, 3, "none"), (3, 6, "none"))
    del values["outcomes-2-stack"]
    response = user.submit("/entries", values)
    assert response.status_code == 422
    assert near(user.page, "outcomes-2-stack", "Choose the stack, or 0 for a failed heist.")
    # What was typed stays in the form.
    assert 'name="outcomes-2-loot"' in user.page and 'value="6"' in user.page
    assert entries(store, game_id) == before


def test_an_unknown_stack_is_refused(user, store):
    game_id, before = started_round(user, store)
    response = user.submit("/entries", round_values((2, 4, "none"), (6, 3, "none"), (3, 6, "none")))
    assert response.status_code == 422
    assert near(user.page, "outcomes-1-stack", "Choose stack 2, 3, 4 or 5, or 0 for a failed heist.")
    assert entries(store, game_id) == before


def test_more_cards_of_a_stack_than_it_holds_over_the_game_are_refused(user, store):
    players = ("Anna", "Ben", "Cem", "Dora", "Emil")
    game_id = start(user, players=players)
    place(user, 0, 1, 2, 3, 4)
    # Five cards from the 5 stack, all worth different loot (no tie for a place) ...
    play_round(user, *[(5, 10 + i, "none") for i in range(5)])
    before = entries(store, game_id)
    # ... and five more: the tenth is one too many.
    response = user.submit("/entries", round_values(*[(5, 5 + i, "none") for i in range(5)]))
    assert response.status_code == 422
    assert near(user.page, "outcomes-4-stack", "Stack 5 holds 9 cards; this would be card 10.")
    assert entries(store, game_id) == before
    assert replay(store.load(game_id)).state.stack_counts[5] == 5


def test_nothing_is_entered_after_round_seven(user, store):
    game_id = start(user)
    play_example(user, rounds=6)
    last_form = user.form("/entries")
    play_round(user, *by_seat(user, EXAMPLE[6]))
    before = entries(store, game_id)
    assert "/entries" not in "".join(f["action"] for f in forms_of(user.page))
    # A phone still showing the round 7 form sends it again as an eighth round.
    data: dict[str, list[str]] = {}
    for k, v in last_form["fields"]:
        data.setdefault(k, []).append(v)
    data["submission"] = ["an-eighth-round"]
    data["version"] = [str(store.load(game_id)["version"])]
    data.update({k: [str(v)] for k, v in round_values(*[(2, 2, "none")] * 3).items()})
    response = user.client.post(f"/games/{game_id}/entries", data=data)
    assert response.status_code == 422
    assert "The game is over" in response.get_data(as_text=True)
    assert entries(store, game_id) == before


def test_an_imported_record_with_an_eighth_round_is_refused(user, store):
    game_id = start(user)
    play_example(user)
    exported = json.loads(user.client.get(f"/games/{game_id}/record.json").get_data(as_text=True))
    exported["entries"].append(dict(exported["entries"][-1]))
    user.open("/import")
    token = dict(user.form("")["fields"])["csrf_token"]
    response = user.client.post("/import", data={
        "csrf_token": token, "file": (BytesIO(json.dumps(exported).encode()), "game.json")})
    assert response.status_code == 422
    assert "The game is over after round 7: no more entries." in response.get_data(as_text=True)


@pytest.mark.parametrize("players", [("Solo",), ("A", "B", "C", "D", "E", "F")])
def test_a_player_count_outside_two_to_five_is_refused(user, store, players):
    user.open("/new/beutezug")
    response = user.submit("", {"player": list(players)})
    assert response.status_code == 422
    assert "Beutezug is played by 2 to 5 players." in user.page
    assert store.index.games() == {}


def test_a_bad_loot_chip_setting_is_refused_next_to_the_field(user, store):
    user.open("/new/beutezug")
    response = user.submit("", {"player": ["Anna", "Ben", "", "", ""], "loot_chips": "6, 5, x"})
    assert response.status_code == 422
    field = user.page.index('name="loot_chips"')
    assert "Enter a whole number." in user.page[field:user.page.index("</label>", field)]
    assert store.index.games() == {}


def test_more_loot_chip_values_than_chips_are_refused_next_to_the_field(user, store):
    user.open("/new/beutezug")
    response = user.submit("", {"player": ["Anna", "Ben", "", "", ""], "loot_chips": "6 5 4 3 2 1"})
    assert response.status_code == 422
    field = user.page.index('name="loot_chips"')
    assert "Give at most 5 loot chip values." in user.page[field:user.page.index("</label>", field)]
    assert store.index.games() == {}


def test_loot_chip_values_as_typed_are_stored_as_numbers_highest_first(user, store):
    game_id = start(user, loot_chips="3, 7 5")
    assert store.load(game_id)["settings"]["loot_chips"] == [7, 5, 3]


# -- crafted posts: a value not of its kind is refused next to its field, nothing stored -------

def seeded(user, store, items, players=("Vincenzo", "Kate", "Johnny")):
    """A game stored with these entries (kind, data), its page open."""
    record = new_record("beutezug", list(players), {})
    for kind, data in items:
        record = add_entry(record, kind, data)
    game_id = store.create(record)
    user.open(f"/games/{game_id}")
    return game_id


SEIZED_2 = {"stack": 2, "loot": 2, "bonus": "none"}
# Kate ahead, Vincenzo and Johnny tied on 2 points: the placement chips of round 2 are drawn.
TIED = [("placement", {"order": [KATE, VINCENZO, JOHNNY]}),
        ("round", {"outcomes": [{"seat": JOHNNY, **SEIZED_2}, {"seat": VINCENZO, **SEIZED_2},
                                {"seat": KATE, "stack": 2, "loot": 5, "bonus": "none"}]})]


@pytest.mark.parametrize("items, values, field", [
    ([], {"order-0": "x"}, "order-0"),
    ([], {"order-1": "1.5"}, "order-1"),
    ([], {"order-2": "٣"}, "order-2"),
    (TIED, {"order-0": "1", "order-1": "²", "order-2": "2"}, "order-1"),
    (TIED[:1], {**round_values((2, 4, "none"), ("x", 3, "none"), (3, 6, "none"))}, "outcomes-1-stack"),
    (TIED[:1], {**round_values((2, 4, "none"), (2, "1_0", "none"), (3, 6, "none"))}, "outcomes-1-loot"),
    (TIED[:1], {**round_values((2, 4, "none"), (2, 3, "none"), (3, 6, "none")),
                "outcomes-0-seat": "-0x1"}, "outcomes-0-seat"),
])
def test_a_crafted_entry_with_a_value_that_is_no_number_is_refused(user, store, items, values, field):
    game_id = seeded(user, store, items)
    before = entries(store, game_id)
    response = user.submit("/entries", values)
    assert response.status_code == 422
    assert "Enter a whole number." in user.page
    if not field.endswith("seat"):  # a hidden field: its message is in the summary
        assert near(user.page, field, "Enter a whole number.")
    assert entries(store, game_id) == before


def test_a_crafted_coin_flip_for_no_seat_is_refused(user, store):
    game_id = to_a_coin_flip(user)
    before = entries(store, game_id)
    for winner in ("x", "0.0", "1" * 40):
        response = user.submit("/entries", {"winner": winner})
        assert response.status_code == 422
        assert near(user.page, "winner", "Enter a whole number.")
    assert entries(store, game_id) == before


def test_a_correction_with_a_value_that_is_no_number_is_refused_and_changes_nothing(user, store):
    game_id, _ = started_round(user, store)
    play_round(user, *by_seat(user, EXAMPLE[0]))
    before = entries(store, game_id)
    user.open(f"/games/{game_id}/entries/{before[1]['id']}/edit")
    response = user.submit("", {"outcomes-0-stack": "zwei", "outcomes-1-loot": "3.0",
                                "outcomes-2-bonus": "+2 pink"})
    assert response.status_code == 422
    assert near(user.page, "outcomes-0-stack", "Enter a whole number.")
    assert near(user.page, "outcomes-1-loot", "Enter a whole number.")
    assert near(user.page, "outcomes-2-bonus", "Unknown bonus +2 pink.")
    assert entries(store, game_id) == before


def test_a_crafted_result_with_a_score_that_is_no_number_is_refused(user, store):
    user.open("/new/beutezug/result")
    response = user.submit("", {"played_day": "2026-11-20", "players-0-name": "Anna",
                                "players-0-score": "x", "players-1-name": "Ben",
                                "players-1-score": "40", "players-1-won": "y",
                                "players-1-loot": "14 10 x 4 4 2 2"})
    assert response.status_code == 422
    assert 'id="players-0-score-error"' in user.page and 'id="players-1-loot-error"' in user.page
    assert "Enter a whole number." in user.page
    assert store.index.games() == {}
