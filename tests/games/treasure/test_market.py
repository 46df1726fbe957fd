"""The Black Market table and what is (not) a combination."""
import pytest

from companion.games.base import RulesError
from companion.games.treasure.market import (
    BANDITS,
    BLACK_MARKET,
    BLACK_MARKET_ROWS,
    COLOUR_RUN,
    REINFORCEMENTS,
    RUN,
    SAME_NUMBER,
    Card,
    CursedPainting,
    GreatTreasure,
    combination,
    key_of,
    parse_card,
)


@pytest.mark.parametrize("cards, kind, coins", [
    # The rows as printed on the Bandit tiles.
    (["red3", "blue3"], SAME_NUMBER, 2),
    (["red5", "blue5", "green5"], SAME_NUMBER, 5),
    (["red7", "blue7", "green7", "yellow7"], SAME_NUMBER, 10),
    (["red3", "blue4", "red5"], RUN, 4),
    (["red4", "blue5", "green6", "yellow7"], RUN, 6),
    (["red1", "red2", "blue3", "red4", "red5"], RUN, 10),
    (["green3", "green4", "green5"], COLOUR_RUN, 6),
    (["green4", "green5", "green6", "green7"], COLOUR_RUN, 9),
    (["blue1", "blue2", "blue3", "blue4", "blue5"], COLOUR_RUN, 15),
    # Our reading: any number, any place in 1..7, by kind and size.
    (["yellow1", "red1"], SAME_NUMBER, 2),
    (["yellow1", "red1", "green1", "blue1"], SAME_NUMBER, 10),
    (["red6", "blue5", "green7"], RUN, 4),
    (["yellow3", "yellow4", "yellow5", "yellow6", "yellow7"], COLOUR_RUN, 15),
])
def test_prices_a_combination_by_its_kind_and_size(cards, kind, coins):
    combo = combination(cards, "c")
    assert (combo.kind, combo.value) == (kind, coins)


def test_the_table_has_one_row_per_kind_and_size_as_printed():
    assert {(k, s): v for k, s, _, v in BLACK_MARKET_ROWS} == BLACK_MARKET
    assert len(BLACK_MARKET) == 9


@pytest.mark.parametrize("cards, field, words", [
    (["red3"], "c", "single card"),
    (["red6", "blue7", "green1"], "c", "7 and 1"),
    (["red5", "red6", "red7", "red1", "red2"], "c", "7 and 1"),
    (["red2", "cursed"], "c.1", "Cursed Painting"),
    (["red5", "blue5", "green5", "yellow5", "treasure"], "c", "at most 4"),
    (["red2", "blue5", "green7"], "c", "no combination"),
    (["red2", "blue2", "green3"], "c", "no combination"),
    (["red2", "red3"], "c", "no combination"),                 # a run needs 3 cards
    (["red1", "red2", "red3", "red4", "red5", "red6"], "c", "at most 5"),
    (["red8", "red7"], "c.0", "1 to 7"),
    (["red0", "red1"], "c.0", "1 to 7"),
    (["pink3", "red3"], "c.0", "no pink"),
    (["red3", "red3"], "c.1", "already in this combination"),
    (["red3", "treasure", "gt"], "c.2", "only one Great Treasure"),
])
def test_refuses_what_is_not_a_combination(cards, field, words):
    with pytest.raises(RulesError) as raised:
        combination(cards, "c")
    assert field in raised.value.errors
    assert words.lower() in str(raised.value.errors[field]).lower()


def test_the_great_treasure_completes_a_same_colour_run():
    combo = combination(["blue1", "blue2", "treasure", "blue4", "blue5"], "c")
    assert (combo.kind, combo.value) == (COLOUR_RUN, 15)
    assert combo.treasure == Card(3, "blue")


def test_the_great_treasure_is_placed_for_the_best_price():
    # Two reds and a wild: a same-colour run (6), not a run in several colours (4).
    combo = combination(["red4", "red5", {"treasure": True}], "c")
    assert (combo.kind, combo.value) == (COLOUR_RUN, 6)
    assert combo.treasure.colour == "red" and combo.treasure.number in (3, 6)


def test_the_great_treasure_goes_where_the_table_put_it():
    combo = combination(["red4", "red5", {"treasure": True, "number": 6, "colour": "blue"}], "c")
    assert (combo.kind, combo.value, combo.treasure) == (RUN, 4, Card(6, "blue"))


def test_the_great_treasure_alone_with_a_misfit_is_refused():
    with pytest.raises(RulesError) as raised:
        combination(["red1", "blue5", "treasure"], "c")
    assert "Great Treasure" in str(raised.value.errors["c"])


@pytest.mark.parametrize("value, card", [
    ("red3", Card(3, "red")),
    ({"number": 3, "colour": "Red"}, Card(3, "red")),     # "3" is no number: test_shapes.py
    ("treasure", GreatTreasure()),
    ("gt:blue7", GreatTreasure(Card(7, "blue"))),
    ({"cursed": True}, CursedPainting()),
    ("cursed", CursedPainting()),
])
def test_reads_cards_as_strings_or_mappings(value, card):
    assert parse_card(value, "x") == card


@pytest.mark.parametrize("name, table, key", [
    ("Super Rou-Rou", REINFORCEMENTS, "super_rou_rou"),
    ("The Croc' Brothers", REINFORCEMENTS, "croc_brothers"),
    ("croc_brothers", REINFORCEMENTS, "croc_brothers"),
    ("Pat, the Police Dog", REINFORCEMENTS, "pat"),
    ("Mofette", BANDITS, "mofette"),
    ("Rex", BANDITS, None),
])
def test_reads_bandits_and_reinforcements_by_key_or_printed_name(name, table, key):
    assert key_of(name, table) == key
