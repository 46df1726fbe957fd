"""Loot and Scoot says what its numbers are: gold (gp) while it is played, victory points once
they decide; the chart is the money turn by turn and says so."""
from __future__ import annotations

import re

from tests.games.scoot.web.test_pages import seed
from tests.games.scoot.web.test_refusals import SET_UP


def standings_head(page: str) -> str:
    table = page[page.index('<table class="standings">'):]
    return re.findall(r'<th class="n">([^<]*)</th>', table)[0]


def test_while_played_the_standings_are_gold_and_the_chart_says_gp(user, store):
    game_id = seed(store, ["Adam", "Beth"], SET_UP)
    user.open(f"/games/{game_id}")
    assert standings_head(user.page) == "Gold (gp)"


def test_at_the_end_the_standings_are_victory_points_and_the_chart_still_gold(user, logged):
    game_id = logged("loot-and-scoot")
    user.open(f"/games/{game_id}")
    assert 'id="outcome"' in user.page
    assert standings_head(user.page) == "Victory points"
    assert "<h2>Gold (gp) after each turn</h2>" in user.page


def test_in_german_too(user, logged):
    game_id = logged("loot-and-scoot")
    user.open(f"/games/{game_id}")
    user.submit("/lang", {"lang": "de"})
    user.open(f"/games/{game_id}")
    assert 'lang="de"' in user.page
    assert standings_head(user.page) == "Siegpunkte"
    assert "Gold (GS) nach jedem Zug" in user.page


def test_the_other_games_keep_points(user, logged):
    user.open(f"/games/{logged('beutelschneider')}")
    assert standings_head(user.page) == "Points"
