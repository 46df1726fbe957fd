"""Text and numbers from users: cleaned once where they come in (companion/text.py), and
what that means on the pages: look-alike names are one player, garbage is never stored."""
from __future__ import annotations

import pytest

from companion.history import groups
from companion.text import (
    NOT_A_NUMBER,
    TOO_LARGE,
    Refused,
    clean,
    field_text,
    identity,
    is_token,
    number,
    typed_number,
    whole,
)
from tests.games.beutelschneider.web.test_pages import hand_values, start
from tests.history.conftest import finished_game


@pytest.mark.parametrize(("typed", "kept"), [
    ("Ann", "Ann"),
    ("  Ann \t  Marie ", "Ann Marie"),
    ("An\u200bn", "Ann"),                      # zero-width space
    ("A\x00n\x07n", "Ann"),                    # NUL, bell
    ("\u202eennA\u202c", "ennA"),              # right-to-left override, pop
    ("\u2066Ann\u2069", "Ann"),                # isolates
    ("\ufeffAnn\u00ad", "Ann"),                # BOM, soft hyphen
    ("Ann\ud800", "Ann"),                      # a lone surrogate cannot even be stored
    ("Zoe\u0308", "Zoë"),                      # composed (NFC)
    ("Ａnn", "Ａnn"),                          # full width: kept as typed, same player as Ann
    ("👩\u200d👩\u200d👧", "👩\u200d👩\u200d👧"),  # the joiner of an emoji family stays
    ("line\nbreak", "line break"),
])
def test_one_line_of_text_is_cleaned(typed, kept):
    assert clean(typed) == kept


def test_a_note_keeps_its_line_breaks_and_nothing_else():
    assert clean("Pizza\r\n  at nine\x00\u202e\n\n", lines=True) == "Pizza\nat nine"


@pytest.mark.parametrize("name", ["ann", "ANN", "Ａnn", "An\u200bn", " Ann ", "A\u200dnn"])
def test_look_alike_names_share_an_identity(name):
    assert identity(name) == identity("Ann")


def test_different_names_do_not():
    assert identity("Anna") != identity("Ann") and identity("Zoë") != identity("Zoe")


@pytest.mark.parametrize(("typed", "number"), [("7", 7), ("-3", -3), ("+12", 12), (" 40 ", 40),
                                                ("007", 7), ("", None), (None, None)])
def test_a_number_is_plain_ascii_digits_with_an_optional_sign(typed, number):
    assert whole(typed) == number


@pytest.mark.parametrize("typed", ["1_0", "²", "١٠", "1.5", "1e3", "0x10", "--1", "5" * 5000,
                                   "1234567890", "½", "10 10", "١"])
def test_anything_else_is_not_a_number(typed):
    with pytest.raises(ValueError):
        whole(typed)
    assert typed_number(typed) == typed  # goes on as typed, for the rules to name


def test_names_are_cleaned_at_the_new_game_page_and_look_alikes_are_refused(user, store):
    user.open("/new/beutelschneider")
    response = user.submit("", {"player": ["Ann", "Ａnn", "Ben", "", ""]})
    assert response.status_code == 422 and "Each player needs a different name." in user.page
    response = user.submit("", {"player": ["A\x00nn\u202e", "B\u200ben", "Cem", "", ""],
                                "note": "at\x07 Cem's"})
    assert response.status_code == 200
    (game_id,) = store.game_ids()
    record = store.load(game_id)
    assert record["players"] == ["Ann", "Ben", "Cem"] and record["note"] == "at Cem's"


def test_a_note_and_a_correction_reason_are_cleaned(user, store):
    game_id = start(user)
    user.submit("/note", {"note": "first\u202e line\r\nsecond\x00"})
    assert store.load(game_id)["note"] == "first line\nsecond"


def test_look_alike_names_in_two_games_are_one_player_in_the_statistics(client, store):
    finished_game(store, (50, 30, 0), players=("Ann", "Ben", "Cem"), day=1)
    finished_game(store, (50, 30, 0), players=("Ａnn", "Ben", "Cem"), day=2)
    finished_game(store, (50, 30, 0), players=("ANN\u200b", "Ben", "Cem"), day=3)
    assert groups.players(store, "household") == {"Ann": 3, "Ben": 3, "Cem": 3}
    page = client.get("/players/%EF%BC%A1nn").get_data(as_text=True)  # Ａnn: the same page
    assert "Ann" in page and client.get("/players/Ann").status_code == 200
    stats = client.get("/stats").get_data(as_text=True)
    assert "Ａnn" not in stats


def test_a_group_player_is_not_added_twice_in_another_spelling(store):
    groups.add_player(store, "household", "Dora")
    with pytest.raises(groups.GroupError):
        groups.add_player(store, "household", "ＤＯＲＡ")
    with pytest.raises(groups.GroupError):
        groups.add_player(store, "household", "Do\u200bra")


def test_garbage_in_group_names_and_players_is_removed(user, store):
    user.open("/groups/household")
    user.submit("/name", {"name": "The\x00 Crooks\u202e"}, with_field="name")
    assert groups.get(store, "household")["name"] == "The Crooks"
    user.open("/groups/household")
    user.submit("/players", {"name": "Do\u2066ra\x1b"}, with_field="name")
    assert groups.get(store, "household")["players"] == ["Dora"]


def test_a_typed_number_with_digits_python_would_read_is_refused(user, store):
    game_id = start(user)
    for typed, said in (("1_0", "Enter a whole number."), ("١٠", "Enter a whole number."),
                        ("²", "Enter a whole number."), ("5" * 5000, "That number is too large: at most 9 digits."),
                        ("1.5", "Enter a whole number.")):
        response = user.submit("/entries", hand_values(typed, 30, 10))
        assert response.status_code == 422, typed
        assert said in user.page
    assert store.load(game_id)["entries"] == []


@pytest.mark.parametrize("typed, kept", [(" Ann ", "Ann"), ("", ""), ("   ", ""), ("a" * 40, "a" * 40),
                                         ("Ann\u200b", "Ann"), ("a" * 40 + "\u200b", "a" * 40)])
def test_field_text_cleans_what_fits(typed, kept):
    assert field_text(typed, 40) == kept


@pytest.mark.parametrize("typed, said", [("a" * 41, "At most %(max)s characters, please (this has %(n)s)."),
                                         ("\u200b\u2060", "This has only characters that cannot be seen. "
                                                          "Type it with letters or digits."),
                                         ("\u202e", "This has only characters that cannot be seen. "
                                                    "Type it with letters or digits.")])
def test_field_text_refuses_what_it_would_have_to_cut_or_drop(typed, said):
    with pytest.raises(Refused) as refused:
        field_text(typed, 40)
    assert refused.value.message.text == said


def test_a_note_is_measured_with_its_line_breaks():
    assert field_text("a\n" * 999 + "a", 2000, lines=True).count("\n") == 999
    with pytest.raises(Refused):
        field_text("a\n" * 1000 + "a", 2000, lines=True)


@pytest.mark.parametrize(("typed", "said"), [("١", NOT_A_NUMBER), ("1_0", NOT_A_NUMBER), ("x", NOT_A_NUMBER),
                                             ("9" * 10, TOO_LARGE), ("-" + "9" * 10, TOO_LARGE)])
def test_number_refuses_with_the_fields_message(typed, said):
    """Digits past the limit are a number too large, not "no whole number"."""
    with pytest.raises(Refused) as refused:
        number(typed)
    assert refused.value.message.text == said
    assert number(" 7 ") == 7 and number("") is None


@pytest.mark.parametrize("value, ok", [("0f" * 16, True), ("an-eighth-round", True), ("", False),
                                       ("a b", False), ("x" * 65, False), ("١", False), (None, False)])
def test_a_submission_id_is_a_short_ascii_token(value, ok):
    assert is_token(value) is ok
