"""A stack with no card left is shown as such on the round form: its chip disabled, the
reason above the rows; a round that takes from it anyway is refused by the rules."""
from __future__ import annotations

import re

from companion.record.entries import add_entry, new_record
from tests.games.beutezug.web.test_pages import near, round_values

SHOWN = "Stack 5 is empty: its 9 cards are taken."
REASON = "Stack 5 holds 9 cards; this would be card 10."


def emptied(store):
    """Three rounds of three heists, all from stack 5: its nine cards are gone."""
    record = add_entry(new_record("beutezug", ["Vincenzo", "Kate", "Johnny"], {}), "placement", {"order": [0, 1, 2]})
    for _ in range(3):
        record = add_entry(record, "round", {"outcomes": [
            {"seat": seat, "stack": 5, "loot": loot, "bonus": "none"} for seat, loot in ((0, 3), (1, 6), (2, 9))]})
    return store.create(record)


def test_an_empty_stack_is_disabled_with_the_reason_and_a_crafted_round_is_refused(user, store):
    game_id = emptied(store)
    user.open(f"/games/{game_id}")
    assert re.search(r'name="outcomes-0-stack" value="5"[^>]* disabled', user.page)
    assert not re.search(r'name="outcomes-0-stack" value="4"[^>]* disabled', user.page)
    assert f'<ul class="refusals"><li>{SHOWN}</li></ul>' in user.page
    stored = store.load(game_id)["entries"]
    response = user.submit("/entries", round_values((5, 3, "none"), (4, 3, "none"), (4, 5, "none")))
    assert response.status_code == 422
    assert near(user.page, "outcomes-0-stack", REASON)
    assert store.load(game_id)["entries"] == stored


def test_the_reason_is_german_on_a_german_page(user, store):
    game_id = emptied(store)
    user.open(f"/games/{game_id}")
    user.submit("/lang", button=("lang", "de"))
    assert "Der 5er-Stapel ist leer: Seine 9 Karten sind vergeben." in user.page.split('class="refusals"')[1].split("</ul>")[0]
