"""The heist check page: a GET form that reads the player's bonuses off the game."""
from __future__ import annotations

from fractions import Fraction
from urllib.parse import urlencode

from companion.games.beutezug.odds import Bonuses, success_chance
from tests.formpage import forms_of
from tests.games.beutezug.web.test_pages import JOHNNY, KATE, VINCENZO, place, play_example, start

# The card Johnny tries in the rulebook: blue at least 2, green at least 4, black at least 5.
JOHNNYS_CARD = [("blue", 2), ("green", 4), ("black", 5)]


def heist(user, game_id, seat, dice, rolled=(), **extra):
    query = {"seat": seat, **extra}
    for i, (colour, minimum) in enumerate(dice):
        query[f"required-{i}-colour"] = colour
        query[f"required-{i}-minimum"] = minimum
    for i, value in enumerate(rolled):
        query[f"rolled-{i}"] = value
    return user.open(f"/games/{game_id}/beutezug/heist?{urlencode(query)}")


def result(page):
    if 'id="result"' not in page:
        return ""
    part = page[page.index('id="result"'):]
    return part[:part.index("</section>")]


def test_the_page_is_a_get_form_that_starts_empty(user):
    game_id = start(user)
    place(user, KATE, VINCENZO, JOHNNY)
    response = user.open(f"/games/{game_id}/beutezug/heist?seat={JOHNNY}")
    assert response.status_code == 200
    (form,) = [f for f in forms_of(user.page) if f["action"] != "/lang"]
    assert form["method"] == "get"
    assert result(user.page) == ""
    # Johnny's bonuses this round: placement chip 3 (re-roll all) and the re-roll chip.
    assert "re-roll all dice" in user.page and "re-roll one die" in user.page


def test_johnnys_failed_roll_gets_the_best_re_roll_and_the_exact_chance(user):
    game_id = start(user)
    place(user, KATE, VINCENZO, JOHNNY)
    heist(user, game_id, JOHNNY, JOHNNYS_CARD, rolled=(2, 4, 3))
    shown = result(user.page)
    chance = success_chance(JOHNNYS_CARD, Bonuses(reroll_one=1, reroll_all=1))
    assert f"({chance.numerator}/{chance.denominator})" in shown
    assert '<span aria-hidden="true">✗</span> Die 3 (black): 3, needs 5<span class="vh">: failed</span>' in shown
    assert "Not yet. Best next step:" in shown
    # Re-rolling the black die alone beats re-rolling all three.
    assert shown.index("Re-roll die 3 (black)") < shown.index("Re-roll all dice")


def test_after_both_re_rolls_are_used_the_heist_fails(user):
    game_id = start(user)
    place(user, KATE, VINCENZO, JOHNNY)
    heist(user, game_id, JOHNNY, JOHNNYS_CARD, rolled=(5, 3, 3), used_one=1, used_all=1)
    assert "No re-rolls left: the heist fails." in result(user.page)


def test_kates_plus_one_pink_makes_her_roll_succeed(user):
    game_id = start(user)
    play_example(user, rounds=1)  # Kate seized a card with +1 pink
    heist(user, game_id, KATE, [("blue", 3), ("pink", 4), ("pink", 4)], rolled=(3, 3, 3))
    shown = result(user.page)
    assert "The heist succeeds: take the card." in shown
    assert '<span aria-hidden="true">✓</span> Die 2 (pink): 4, needs 4<span class="vh">: success</span>' in shown


def test_the_chance_before_choosing_uses_the_players_bonuses(user):
    game_id = start(user)
    play_example(user, rounds=1)
    card = [("pink", 5), ("green", 4)]
    heist(user, game_id, KATE, card)
    # Kate: +1 pink from round 1 and placement chip 2 (re-roll all dice).
    chance = success_chance(card, Bonuses.of({"pink": 1}, reroll_all=1))
    assert chance != success_chance(card)
    assert f"({chance.numerator}/{chance.denominator})" in result(user.page)
    assert "Not yet" not in user.page


def test_bad_input_is_shown_next_to_its_field(user):
    game_id = start(user)
    place(user, KATE, VINCENZO, JOHNNY)
    heist(user, game_id, "9", [("", 4), ("green", 7)], rolled=(3, 8), used_all=3)
    page = user.page
    assert result(page) == ""
    seat = page.index('name="seat"')
    assert "Choose a player." in page[seat:page.index("</label>", seat)]
    assert "Die 1: Choose a die colour." in page
    assert "Die 2: Must be at most 6." in page
    used = page.index('name="used_all"')
    assert "Must be at most 1." in page[used:page.index("</label>", used)]
    # What was typed stays in the form.
    assert 'value="7"' in page


def test_what_is_no_number_is_refused_next_to_it_with_the_rest_at_once(user):
    game_id = start(user)
    place(user, KATE, VINCENZO, JOHNNY)
    heist(user, game_id, JOHNNY, [("blue", "x"), ("", 4), ("green", "9")], rolled=("1.5", 7, 3))
    page = user.page
    assert result(page) == ""
    assert "Die 1: Enter a whole number." in page        # the minimum "x", and the roll "1.5"
    assert "Die 2: Choose a die colour." in page
    assert "Die 3: Must be at most 6." in page
    assert "Must be at most 6." in page[page.index('name="rolled-1"'):]
    assert 'value="1.5"' in page and 'value="x"' in page  # what was typed stays in the form


def test_a_roll_without_a_card_asks_for_the_card_first(user):
    game_id = start(user)
    place(user, KATE, VINCENZO, JOHNNY)
    user.open(f"/games/{game_id}/beutezug/heist?seat=0&rolled-0=4")
    assert "Enter the dice the loot card shows first." in user.page


def test_fewer_rolled_dice_than_the_card_shows_are_named(user):
    game_id = start(user)
    place(user, KATE, VINCENZO, JOHNNY)
    heist(user, game_id, JOHNNY, JOHNNYS_CARD, rolled=(2, 4))
    assert "Die 3: Enter a whole number." in user.page


def test_only_beutezug_games_have_the_page(user, client):
    user.open("/new/beutelschneider")
    user.submit("", {"player": ["Anna", "Ben", "Cem", "", ""]})
    game_id = user.url.rsplit("/", 1)[-1]
    assert client.get(f"/games/{game_id}/beutezug/heist").status_code == 404
    assert client.get("/games/nosuchgame/beutezug/heist").status_code == 404


def test_the_chance_is_exact(user):
    game_id = start(user)
    heist(user, game_id, 0, [("orange", 6)])
    assert "(1/6)" in result(user.page)
    assert Fraction(1, 6) == success_chance([("orange", 6)])
