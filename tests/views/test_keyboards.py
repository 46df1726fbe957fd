"""Every number field of every game's forms can be typed on a phone's own keyboard: one that
takes a negative number never asks for iOS's numeric keypad, which has no minus key; and
the counters stop where the game's settings say."""
from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest

from companion.games import GAMES
from companion.history.transfer import import_record
from tests.conftest import EXAMPLES
from tests.games.beutelschneider.web import test_pages as beutelschneider
from tests.games.scoot.test_game import TWO_PLAYER_GAME
from tests.games.scoot.web.test_pages import seed
from tests.games.treasure.web.test_pages import ready

NO_MINUS = {"numeric", "decimal"}  # iOS keypads without "−"


class _Numbers(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: (v or "") for k, v in attrs}
        if tag == "input" and a.get("type") == "number":
            self.found.append(a)


def numbers(page: str) -> list[dict[str, str]]:
    parser = _Numbers()
    parser.feed(page)
    return parser.found


def pages(user, store) -> dict[str, str]:
    """Every form a game shows: the new-game pages, a correction of every entry of each
    game's documented example, the Treasure coin correction and Loot and Scoot's final
    scoring."""
    shown = {}
    for slug in GAMES:
        shown[f"/new/{slug}"] = user.open(f"/new/{slug}").get_data(as_text=True)
        game_id = store.create(import_record(json.dumps(EXAMPLES[slug])))
        for entry in store.load(game_id)["entries"]:
            path = f"/games/{game_id}/entries/{entry['id']}/edit"
            shown[path] = user.open(path).get_data(as_text=True)
    game_id = ready(user)
    shown["treasure turn"] = user.open(f"/games/{game_id}").get_data(as_text=True)
    game_id = seed(store, ["Adam", "Beth"], TWO_PLAYER_GAME[:-3])
    shown["scoot final"] = user.open(f"/games/{game_id}").get_data(as_text=True)
    return shown


def test_a_field_that_takes_a_negative_number_has_a_keyboard_with_a_minus(user, store):
    negative = []
    for where, page in pages(user, store).items():
        for field in numbers(page):
            takes_negative = field.get("min", "") == "" or int(field["min"]) < 0
            if takes_negative:
                negative.append(field["name"])
                assert field.get("inputmode") not in NO_MINUS, (where, field)
    # The Loot and Scoot loot markers (−10…10) and the Treasure coin correction were seen.
    assert "coins" in negative and any(n.endswith("-loot-0") for n in negative), negative


def test_a_count_from_zero_keeps_the_numeric_keypad(user, store):
    shown = pages(user, store)
    fields = [f for page in shown.values() for f in numbers(page)]
    counts = [f for f in fields if f.get("min") == "0"]
    assert counts and all(f.get("inputmode") == "numeric" for f in counts)


@pytest.mark.parametrize("deck", [4, 12, 20])
def test_the_cutpurse_counters_stop_at_the_cutpurses_in_the_deck(user, deck):
    beutelschneider.start(user, players=("Anna", "Ben", "Cem"), cutpurses_in_deck=str(deck))
    maxima = {f["name"]: f.get("max") for f in numbers(user.page)}
    for name in ("players-0-cutpurses", "players-2-cutpurses", "players-1-guard", "set_aside"):
        assert maxima[name] == str(deck), name


def test_other_special_points_are_typed_as_the_points_they_are(user):
    beutelschneider.start(user, players=("Anna", "Ben", "Cem"))
    field = next(f for f in numbers(user.page) if f["name"] == "players-0-other")
    assert field["min"] == "0" and field["step"] == "10"
    assert "Other special points (10, 20, …)" in user.page


@pytest.mark.parametrize(("players", "authorities"), [(("Anna", "Ben", "Cem"), 1),
                                                      (("Anna", "Ben", "Cem", "Dora"), 3),
                                                      (("Anna", "Ben", "Cem", "Dora", "Emil"), 4)])
def test_each_event_counter_stops_where_the_deck_runs_out_of_its_cards(user, players, authorities):
    # The counters loop over the deck's events table: the Assassin murders at most the
    # authorities left in the deck for this many players, the Muscleman takes four Tavern Maids.
    beutelschneider.start(user, players=players)
    maxima = {f["name"]: f.get("max") for f in numbers(user.page)}
    assert maxima["players-0-assassin"] == str(authorities)
    assert [maxima[f"players-1-{key}"] for key in ("night_watchman", "seduction", "bard", "muscleman")] == \
        ["1", "1", "1", "4"]
    assert maxima["players-2-gold"] == "80"
