"""Beutezug's kept 0-card (issue 39): entered as its bonus or as 1 loot point, asked with
nothing chosen in advance, in a round and in its correction; the reading is marked as ours on
the rules page."""
from __future__ import annotations

import re

from companion.record.entries import replay
from tests.games.beutezug.web.test_pages import (
    JOHNNY,
    KATE,
    VINCENZO,
    entries,
    near,
    place,
    round_values,
    start,
)

ASKED = "A 0-card is kept for its bonus or for 1 loot point: tap its bonus, or “none / 1 point”."


def checked_bonuses(page: str) -> list[str]:
    return re.findall(r'name="outcomes-\d+-bonus" value="(\w+)" checked', page)


def test_the_round_form_chooses_no_bonus_in_advance(user):
    start(user)
    place(user, KATE, VINCENZO, JOHNNY)
    assert checked_bonuses(user.page) == []
    assert "none / 1 point" in user.page


def test_a_failed_heist_without_its_bonus_tapped_is_asked_and_stores_nothing(user, store):
    game_id = start(user)
    place(user, KATE, VINCENZO, JOHNNY)
    values = round_values((0, None, "none"), (2, 4, "none"), (3, 6, "pink"))
    del values["outcomes-0-bonus"]  # the 0-card's bonus not tapped
    response = user.submit("/entries", values)
    assert response.status_code == 422
    assert near(user.page, "outcomes-0-bonus", ASKED)
    assert entries(store, game_id)[-1]["kind"] == "placement"


def test_a_0_card_kept_for_its_point_or_for_its_bonus(user, store):
    game_id = start(user)
    place(user, KATE, VINCENZO, JOHNNY)
    response = user.submit("/entries", round_values((0, None, "none"), (0, None, "pink"), (3, 6, "none")))
    assert response.status_code == 200
    rows = entries(store, game_id)[-1]["data"]["outcomes"]
    assert [(r["stack"], r["bonus"]) for r in rows] == [(0, "none"), (0, "pink"), (3, "none")]
    points = replay(store.load(game_id)).state.points
    assert [points[r["seat"]] for r in rows] == [1, 0, 6]


def test_the_correction_shows_the_choice_the_table_made(user, store):
    game_id = start(user)
    place(user, KATE, VINCENZO, JOHNNY)
    user.submit("/entries", round_values((0, None, "pink"), (2, 4, "none"), (0, None, "none")))
    entry = entries(store, game_id)[-1]["id"]
    user.open(f"/games/{game_id}/entries/{entry}/edit")
    assert checked_bonuses(user.page) == ["pink", "none", "none"]


def test_the_rules_page_names_the_0_card_as_our_reading(client):
    page = client.get("/rules/beutezug").get_data(as_text=True)
    ours = page.split('id="our-readings"', 1)[1]
    assert "A kept 0-card gives either its bonus or 1 loot point" in ours
