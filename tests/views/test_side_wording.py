"""Give Me The Treasure's sentences about a side agree with it: one person "divides" and
"teilt", a team of two "divide" and "teilen"; a number of paintings or coins takes its own
form; coins past the target say the target is reached."""
from __future__ import annotations

import html
import re

from tests.games.treasure.web.test_pages import near, ready, start

FOUR = ("Ann", "Bob", "Clara", "David")


def team_game(user):
    game_id = start(user, FOUR)
    user.submit("/entries", {"bandits-0": "raoul", "bandits-1": "chipo", "bandits-2": "joe",
                             "bandits-3": "mofette", "first_divider": "1"})
    user.submit("/entries", {"reinforcements-0": ["pat"], "reinforcements-1": ["doug"],
                             "reinforcements-2": ["lucky"], "reinforcements-3": ["viper"]})
    return game_id


def text(page):
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def german(user, game_id):
    user.submit("/lang", button=("lang", "de"))
    user.open(f"/games/{game_id}")
    return text(user.page)


def test_a_team_divides_and_chooses_in_the_plural(user):
    game_id = team_game(user)
    page = text(user.page)
    assert "Clara & David divide the 5 Loot cards 2 + 3 or 1 + 4, one face down; Ann & Bob take a share." in page
    assert "divide this turn" in page and "divides" not in page
    assert "Cards of Ann & Bob (only they look)" in page
    user.open(f"/games/{game_id}/log")
    assert "Clara & David divide first" in text(user.page)
    page = german(user, game_id)
    assert "Clara & David teilen die 5 Beutekarten 2 + 3 oder 1 + 4, eine verdeckt; Ann & Bob wählen." in page
    assert "teilen in diesem Zug" in page and "teilt" not in page
    assert "Karten von Ann & Bob (nur die beiden schauen hin)" in page


def test_one_person_divides_and_chooses_in_the_singular(user):
    game_id = ready(user, first="1")
    page = text(user.page)
    assert "Bob divides the 5 Loot cards 2 + 3 or 1 + 4, one face down; Ann takes a share." in page
    assert "Cards of Ann (only Ann looks)" in page
    page = german(user, game_id)
    assert "Bob teilt die 5 Beutekarten 2 + 3 oder 1 + 4, eine verdeckt; Ann wählt." in page
    assert "Karten von Ann (nur Ann schaut hin)" in page and "schauen" not in page
    user.open(f"/games/{game_id}/log")
    assert "Bob teilt zuerst" in text(user.page)


def test_two_against_one_each_side_keeps_its_own_number(user):
    start(user, ("Ann", "Bob", "Clara"))
    user.submit("/entries", {"bandits-0": "raoul", "bandits-1": "chipo", "bandits-2": "joe", "first_divider": "0"})
    user.submit("/entries", {"reinforcements-0": ["pat"], "reinforcements-1": ["doug"],
                             "reinforcements-2": ["lucky", "viper"]})
    assert "Ann & Bob divide the 5 Loot cards 2 + 3 or 1 + 4, one face down; Clara takes a share." in text(user.page)


def test_one_cursed_painting_is_singular_and_a_team_has_only_in_english_and_german(user, store):
    game_id = team_game(user)
    user.submit("/entries", {"side": "0", "coins": "-1", "reason": "spent"}, with_field="reason")
    user.submit("/entries", {"sides-0-cursed_paid": "1"})   # 2 coins a painting; Ann & Bob have 1
    assert near(user.page, "sides-0-cursed_paid",
                html.escape("Paying off 1 Cursed Painting costs 2 coins; Ann & Bob have only 1.", quote=False))
    german(user, game_id)
    user.submit("/entries", {"sides-0-cursed_paid": "1"})
    assert near(user.page, "sides-0-cursed_paid", html.escape(
        "1 verfluchtes Gemälde freizukaufen kostet 2 Münzen; Ann & Bob haben nur 1.", quote=False))
    assert len(store.load(game_id)["entries"]) == 3


def test_a_team_cannot_go_below_zero_coins_in_the_plural(user):
    team_game(user)
    user.submit("/entries", {"side": "0", "coins": "-3", "reason": "spent"}, with_field="reason")
    assert near(user.page, "coins", "Ann &amp; Bob have 2 coins; coins cannot go below zero.")


def test_coins_past_the_target_say_it_is_reached(user, store):
    game_id = ready(user)
    user.submit("/entries", {"side": "1", "coins": "25", "reason": "paper tally"}, with_field="reason")
    page = text(user.page)
    assert "27 coins (target 20 reached)" in page and "27 of 20" not in page
    assert "2 of 20 coins" in page
    assert "27 Münzen (Ziel 20 erreicht)" in german(user, game_id)


def test_a_team_member_keeping_two_cards_is_asked_for_one_card(user):
    start(user, FOUR)
    user.submit("/entries", {"bandits-0": "raoul", "bandits-1": "chipo", "bandits-2": "joe",
                             "bandits-3": "mofette", "first_divider": "1"})
    keep = {"reinforcements-0": ["pat", "doug"], "reinforcements-1": ["doug"],
            "reinforcements-2": ["lucky"], "reinforcements-3": ["viper"]}
    assert user.submit("/entries", keep).status_code == 422
    assert near(user.page, "reinforcements-0", "Give 1 Reinforcement card.")
    user.submit("/lang", button=("lang", "de"))
    user.submit("/entries", keep)
    assert near(user.page, "reinforcements-0", "Gib 1 Verstärkungskarte an.")
