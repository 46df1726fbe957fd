"""Beutezug: setup, placement chips, entering a round, bonuses and loot chips."""
from __future__ import annotations

import random

import pytest

from companion.games import get_game, settings_problem
from companion.games.base import Names, RulesError
from companion.games.beutezug.rules import GAME, bonus_inventory
from companion.record.entries import add_entry, new_record

PLAYERS = ["Vincenzo", "Kate", "Johnny"]
V, K, J = 0, 1, 2


def seized(stack, loot, bonus="none"):
    return {"stack": stack, "loot": loot, "bonus": bonus}


def failed(bonus="none"):
    return {"stack": 0, "bonus": bonus}


def round_entry(**by_seat):
    """A round entry from outcomes given per seat (keyword: seat number as s0, s1 ...)."""
    return ("round", {"outcomes": [dict(o, seat=int(k[1:])) for k, o in by_seat.items()]})


def play(entries, players=PLAYERS, settings=None):
    return GAME.replay(players, settings or {}, entries)


def shape_refused(entries, kind, data):
    """Add an entry whose data is not of its kind's shape (a crafted post, a hand-made file):
    ``records.add_entry`` refuses it before the rules read it; the field errors, nothing
    changed."""
    record = new_record("beutezug", PLAYERS, {})
    for entry in entries:
        record = add_entry(record, *entry)
    before = repr(record)
    with pytest.raises(RulesError) as caught:
        add_entry(record, kind, data)
    assert repr(record) == before
    return caught.value.errors


def refused(state, kind, data):
    """Apply an entry the rules refuse; return the field errors and check nothing changed."""
    before = repr(state)
    with pytest.raises(RulesError) as caught:
        GAME.apply(state, kind, data)
    assert repr(state) == before
    return caught.value.errors


# Kate 1, Vincenzo 2, Johnny 3: Johnny, last placed, holds the re-roll chip (as in the rulebook).
START = [("placement", {"order": [K, V, J]})]
ROUND_1 = round_entry(s0=seized(2, 3, "orange"), s1=seized(2, 2, "pink"), s2=failed())


def test_is_registered_under_its_slug():
    # The registry's game is these rules with a final result entered from paper besides.
    assert isinstance(get_game("beutezug"), type(GAME)) and get_game("beutezug").slug == GAME.slug


@pytest.mark.parametrize("count, ok", [(1, False), (2, True), (5, True), (6, False)])
def test_is_played_by_two_to_five_players(count, ok):
    players = [f"P{i}" for i in range(count)]
    if ok:
        assert GAME.setup(players, {})["loot_chips"] == [6, 5, 4, 3, 2]
    else:
        with pytest.raises(RulesError) as caught:
            GAME.setup(players, {})
        assert "players" in caught.value.errors


@pytest.mark.parametrize("settings, field", [
    ({"loot_chips": [6, 5, 4, 3, 2, 1]}, "loot_chips"),
    ({"loot_chips": [6, 100]}, "loot_chips"),
    ({"placement_chip_bonuses": ["none", "reroll_all"]}, "placement_chip_bonuses"),
])
def test_refuses_bad_settings(settings, field):
    with pytest.raises(RulesError) as caught:
        GAME.setup(PLAYERS, settings)
    assert field in caught.value.errors


@pytest.mark.parametrize("settings, field", [
    ({"loot_chips": ["six"]}, "loot_chips.0"),
    ({"loot_chips": "6, 5"}, "loot_chips"),
    ({"placement_chip_bonuses": ["none", "blue", "none", "none", "none"]}, "placement_chip_bonuses.1"),
])
def test_settings_not_of_their_shape_are_refused_before_the_rules(settings, field):
    # The import checks this first (transfer.py); the new-game form hands over only numbers.
    assert settings_problem("beutezug", settings)[0] == field


def test_reads_loot_chip_values_highest_first():
    assert GAME.setup(PLAYERS, {"loot_chips": [3, 7, 5]})["loot_chips"] == [7, 5, 3]


def test_first_waits_for_the_placement_chips_which_the_app_may_draw():
    state = play([])
    expected = GAME.expect(state)
    assert (expected.kind, expected.draw) == ("placement", True)


def test_a_drawn_placement_replays_identically_with_the_same_seed():
    state = play([])
    first = GAME.draw(state, random.Random(3))
    assert first == GAME.draw(state, random.Random(3))
    assert sorted(first["order"]) == [0, 1, 2]
    assert play([("placement", first)]).placement == tuple(first["order"])


def test_choosing_order_follows_the_placement_chips_and_rolling_order_reverses_it():
    state = play(START)
    assert state.placement == (K, V, J)
    assert state.rolling_order == (J, V, K)
    assert state.reroll_chip_holder == J
    assert [line.args for line in GAME.expect(state).lines][:3] == [
        {"players": "Kate, Vincenzo, Johnny"}, {"players": "Johnny, Vincenzo, Kate"},
        {"player": "Johnny"}]


@pytest.mark.parametrize("order, field", [
    ([0, 1], "order"),
    ([0, 1, 1], "order.2"),
    ([0, 1, 3], "order.2"),
])
def test_refuses_a_placement_that_does_not_give_each_player_one_chip(order, field):
    assert field in refused(play([]), "placement", {"order": order})


@pytest.mark.parametrize("entries, kind, data, field", [
    ([], "placement", {"order": "012"}, "order"),
    ([], "placement", {"order": [0, "1", 2]}, "order.1"),
    ([], "placement", {}, "order"),
    (START, "round", {"outcomes": [seized(2, 3, "blue"), failed(), failed()]}, "outcomes.0.bonus"),
    (START, "round", {"outcomes": [seized(2, 3, "+2 pink"), failed(), failed()]}, "outcomes.0.bonus"),
    (START, "round", {"outcomes": [seized(2, "3"), failed(), failed()]}, "outcomes.0.loot"),
    (START, "round", {"outcomes": [{"loot": 3}, failed(), failed()]}, "outcomes.0.stack"),
    (START, "round", {"outcomes": [seized(2, 3), failed(), None]}, "outcomes.2"),
    (START, "round", {"outcomes": "all failed"}, "outcomes"),
])
def test_an_entry_not_of_its_shape_is_refused_before_the_rules_read_it(entries, kind, data, field):
    errors = shape_refused(entries, kind, data)
    assert list(errors) == [field]
    assert errors[field].text == "%(field)s %(problem)s."


def test_refuses_a_round_before_the_placement_chips():
    assert "" in refused(play([]), "round", ROUND_1[1])


@pytest.mark.parametrize("count", [2, 4])
def test_refuses_more_or_fewer_than_one_outcome_per_player(count):
    outcomes = [failed()] * count
    assert "outcomes" in refused(play(START), "round", {"outcomes": outcomes})


def test_refuses_two_outcomes_for_the_same_player():
    _, data = round_entry(s0=failed(), s1=failed(), s2=failed())
    data["outcomes"][2]["seat"] = V
    assert "outcomes.2.seat" in refused(play(START), "round", data)


@pytest.mark.parametrize("outcome, field", [
    (seized(2, 0), "loot"), (seized(5, 15), "loot"), ({"stack": 3}, "loot"),
    (seized(1, 3), "stack"), (seized(6, 3), "stack"),
    ({"stack": 0, "loot": 1, "bonus": "pink"}, "loot"),
    ({"stack": 0, "loot": 0, "bonus": "none"}, "loot"),
    ({"stack": 0, "loot": 2}, "loot"),
])
def test_refuses_an_impossible_card(outcome, field):
    kind, data = round_entry(s0=outcome, s1=failed(), s2=failed())
    assert f"outcomes.0.{field}" in refused(play(START), kind, data)


@pytest.mark.parametrize("outcome, loot", [
    ({"stack": 0, "bonus": "pink"}, 0), ({"stack": 0}, 1), ({"stack": 0, "loot": 1}, 1),
    ({"stack": 4, "loot": 11, "bonus": "reroll_all"}, 11),
])
def test_a_zero_card_gives_a_bonus_or_one_loot_point(outcome, loot):
    state = play(START + [round_entry(s0=outcome, s1=failed("green"), s2=failed("green"))])
    assert state.points[V] == loot


def test_outcomes_without_seats_are_read_in_rolling_order():
    outcomes = [seized(2, 4), seized(2, 3), seized(2, 2)]       # Johnny, Vincenzo, Kate
    state = play(START + [("round", {"outcomes": outcomes})])
    assert state.points == (3, 2, 4)


def test_refuses_more_cards_of_a_stack_than_it_holds_over_the_game():
    entries = list(START)
    for _ in range(3):
        entries.append(round_entry(s0=seized(3, 3), s1=seized(3, 3), s2=seized(3, 3)))
        if GAME.expect(play(entries)).kind == "placement_tie":
            entries.append(("placement_tie", {"order": [0, 1, 2]}))
    state = play(entries)                                       # nine 3 cards are out
    kind, data = round_entry(s0=seized(3, 3), s1=failed(), s2=failed())
    errors = refused(state, kind, data)
    assert errors["outcomes.0.stack"].args == {"stack": 3, "max": 9, "count": 10}


def test_after_a_round_the_points_give_the_new_placement_and_the_reroll_chip():
    state = play(START + [ROUND_1])
    assert state.points == (3, 2, 1)
    assert state.placement == (V, K, J)
    assert state.reroll_chip_holder == J
    assert state.placement_changes == ((V, 2, 1), (K, 1, 2), (J, 3, 3))
    moves = [line.text for line in GAME.expect(state).lines[3:]]
    assert moves == ["%(player)s moves up from place %(before)s to %(now)s.",
                     "%(player)s moves down from place %(before)s to %(now)s."]


def test_a_tie_for_a_place_waits_for_a_random_draw_among_the_tied_players():
    state = play(START + [round_entry(s0=seized(2, 5), s1=seized(2, 2), s2=seized(2, 2))])
    expected = GAME.expect(state)
    assert (expected.kind, expected.draw) == ("placement_tie", True)
    assert expected.lines[0].args == {"players": Names(("Kate", "Johnny")), "n": 2}
    assert str(expected.lines[0]) == "Kate and Johnny are tied on 2 points: their placement chips are drawn at random."
    assert "" in refused(state, "round", ROUND_1[1])
    for seed in range(6):
        data = GAME.draw(state, random.Random(seed))
        assert data["order"][0] == V and sorted(data["order"][1:]) == [K, J]
    after = GAME.apply(state, "placement_tie", {"order": [V, J, K]})
    assert after.placement == (V, J, K) and after.reroll_chip_holder == K


def test_refuses_a_tie_draw_that_does_not_follow_the_points():
    state = play(START + [round_entry(s0=seized(2, 5), s1=seized(2, 2), s2=seized(2, 2))])
    assert "order.1" in refused(state, "placement_tie", {"order": [K, V, J]})


def test_refuses_a_tie_draw_when_no_tie_is_open():
    assert "" in refused(play(START + [ROUND_1]), "placement_tie", {"order": [V, K, J]})


def test_refuses_an_unknown_entry_kind():
    assert "" in refused(play(START), "heist", {})


def test_bonus_inventory_counts_cards_placement_chip_and_reroll_chip():
    entries = START + [
        round_entry(s0=seized(2, 3, "pink"), s1=seized(2, 2, "reroll_one"), s2=failed("pink")),
        round_entry(s0=seized(2, 3, "pink"), s1=seized(2, 5, "reroll_all"), s2=failed("green")),
    ]
    state = play(entries)                   # Kate 7, Vincenzo 6, Johnny 0
    assert state.placement == (K, V, J)
    johnny = bonus_inventory(state, J)
    assert dict(johnny.plus) == {"orange": 0, "green": 1, "black": 0, "pink": 1}
    assert (johnny.reroll_one, johnny.reroll_all) == (1, 1)  # re-roll chip, placement chip 3
    assert [(s.bonus, s.source.text) for s in johnny.sources] == [
        ("pink", "Loot card from round %(round)s"), ("green", "Loot card from round %(round)s"),
        ("reroll_all", "Placement chip %(chip)s"), ("reroll_one", "Re-roll chip")]
    kate = bonus_inventory(state, K)        # placement chip 1 gives nothing
    assert (kate.reroll_one, kate.reroll_all, len(kate.sources)) == (1, 1, 2)
    vincenzo = bonus_inventory(state, V)
    assert dict(vincenzo.plus)["pink"] == 2
    assert vincenzo.bonuses().plus_for("pink") == 2 and vincenzo.reroll_all == 1


def test_placement_chip_bonuses_are_a_setting():
    settings = {"placement_chip_bonuses": ["none", "reroll_one", "orange", "none", "none"]}
    state = play(START, settings=settings)
    assert dict(bonus_inventory(state, J).plus)["orange"] == 1
    assert bonus_inventory(state, V).reroll_one == 1


FOUR_COLOURS = ["orange", "green", "black", "pink"]


def colours_entries(johnny_last="pink", kate_last="pink"):
    """Johnny and Kate collect three colours, then both complete the fourth in round 4."""
    entries = list(START)
    for r, colour in enumerate(FOUR_COLOURS):
        jb = johnny_last if r == 3 else colour
        kb = kate_last if r == 3 else colour
        entries.append(round_entry(s0=seized(2 + r, 1 + r), s1=seized(2 + r, 1, kb),
                                   s2=seized(2 + r, 1, jb)))
        if r < 3 and GAME.expect(play(entries)).kind == "placement_tie":
            entries.append(("placement_tie", {"order": [V, J, K]}))
    return entries                          # ends with round 4


def test_loot_chips_go_in_rolling_order_highest_first():
    entries = colours_entries()
    before = play(entries[:-1])             # the placement for round 4
    rolling = before.rolling_order
    first, second = sorted((K, J), key=rolling.index)
    state = play(entries)
    assert (state.loot_chip(first), state.loot_chip(second), state.loot_chip(V)) == (6, 5, None)
    assert state.loot_chips_left == (4, 3, 2)
    assert [h.loot_chip for h in state.rounds[3]] == [
        {first: 6, second: 5}.get(seat) for seat in rolling]


def test_a_player_holds_only_one_loot_chip():
    entries = colours_entries(kate_last="none")
    assert play(entries).points == (10, 4, 10)  # Vincenzo and Johnny tie for place 1
    entries.append(("placement_tie", {"order": [J, V, K]}))
    entries.append(round_entry(s0=seized(2, 1), s1=seized(2, 1, "pink"), s2=seized(2, 1, "pink")))
    state = play(entries)
    assert state.loot_chip(J) == 6 and state.loot_chip(K) == 5
    assert state.loot_chips_left == (4, 3, 2)


def test_undoing_the_round_that_awarded_a_loot_chip_gives_the_chip_back():
    entries = colours_entries(kate_last="none")
    with_chip = play(entries)
    assert with_chip.loot_chip(J) == 6
    undone = play(entries[:-1])
    assert undone.loot_chip(J) is None
    assert undone.loot_chips_left == (6, 5, 4, 3, 2)
    assert with_chip.points[J] - undone.points[J] == 1 + 6


def test_no_loot_chip_once_they_are_all_given_out():
    state = play(colours_entries(), settings={"loot_chips": [4]})
    assert sorted(filter(None, (state.loot_chip(s) for s in range(3)))) == [4]
