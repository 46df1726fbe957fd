"""The wording slips a table reads at a game night (issue 33, item 8), each held by a test:
lists of people joined with "and"/"und", a step said once, the log's key naming people of
this game, hands and turns called so, coins counted as coins, a number too large said to be
too large, English nowhere on German pages."""
from __future__ import annotations

import re

import pytest

from companion.games.base import Names, RulesError
from companion.i18n import language, t
from companion.record.entries import add_entry, new_record
from tests.games.test_results import refused, rows
from tests.games.treasure.web.test_pages import start as start_treasure
from tests.playing import hand, playing_game


def german(client):
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "de"


def words(page: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)).split())


@pytest.mark.parametrize(("lang", "two", "three"), [
    ("en", "Anna and Ben", "Anna, Ben, and Cem"),
    ("de", "Anna und Ben", "Anna, Ben und Cem"),
])
def test_people_named_together_are_joined_by_the_readers_and(app, lang, two, three):
    with app.test_request_context(), language(lang):
        assert t(Names(("Anna", "Ben"))) == two
        assert t(Names(("Anna", "Ben", "Cem"))) == three


def test_the_placement_step_is_said_once_on_the_game_page(user):
    user.open("/new/beutezug")
    response = user.submit("", {"player": ["Anna", "Ben", "Cem", "", ""]})
    assert response.status_code == 200
    text = words(user.page)
    assert text.count("placement chip at random") == 1
    assert "Let the app draw the chips, or enter how the table drew them." in text


def test_the_log_key_names_a_player_of_this_game(user, logged):
    game_id = logged("beutezug")
    user.open(f"/games/{game_id}")
    key = re.search(r'<p class="log-key">(.*?)</p>', user.page, re.S)
    assert key and "Vincenzo: 2→5 — Vincenzo took a card" in key.group(1) and "Anna" not in key.group(1)


def test_an_own_game_shows_no_empty_key(user, logged):
    user.open(f"/games/{logged('own-game')}")
    assert 'class="log-key"' not in user.page


@pytest.mark.parametrize(("slug", "heading", "not_said"), [
    ("beutelschneider", "Totals after each hand", "Totals by round"),
    ("give-me-the-treasure", "Coins after each turn", "Totals by round"),
])
def test_the_chart_is_headed_by_what_the_game_plays(user, logged, slug, heading, not_said):
    user.open(f"/games/{logged(slug)}")
    assert heading in user.page and not_said not in user.page


def test_treasure_counts_coins_and_numbers_its_turns(user, logged):
    user.open(f"/games/{logged('give-me-the-treasure')}")
    standings = re.search(r"<thead>.*?</thead>", user.page, re.S).group(0)
    assert "Coins" in standings and "Points" not in standings
    text = words(user.page)
    assert "Turn 1 Ann:" in text and "Turn 4 Ann:" in text and "Last entry Turn 4" in text


def test_a_number_only_too_large_is_said_to_be_too_large(user, store):
    game_id = playing_game(store, hands=())
    user.open(f"/games/{game_id}")
    user.submit("/entries", {"players-0-gold": "12345678901", "players-1-gold": "10"})
    text = words(user.page)
    assert "That number is too large: at most 9 digits." in text and "Enter a whole number." not in text


def test_one_hand_over_the_deck_is_called_this_hand(store):
    record = new_record("beutelschneider", ["Anna", "Ben", "Cem"], {"limit": 100})
    with pytest.raises(RulesError) as refused:
        add_entry(record, "hand", hand(50, 50, 0))
    assert str(refused.value.errors["gold"]) == "The deck holds 80 in gold; this hand adds up to 100."


def test_the_wrong_winner_message_keeps_its_sentences_apart():
    errors = refused("beutelschneider", ("Anna", "Ben", "Cem"), {"players": rows(105, 110, -20), "winners": [0]})
    assert errors == {"winners": "By these scores Ben won. Highest total with 100 points or more. "
                                 "Check the scores or who won."}


def test_a_player_without_a_colour_is_said_to_have_none(user, store, logged):
    logged("beutezug")
    user.open("/groups/household")
    assert "as the seat gives it" not in user.page
    assert "Vincenzo <small>no colour of their own: the colour of their seat in each game</small>" in user.page


def test_the_group_page_says_how_many_games_are_finished(user, store, logged):
    logged("beutelschneider")  # Anna, Ben, Cem: finished
    playing_game(store, players=("Anna", "Ben", "Cem"))
    user.open("/groups/household")
    assert re.search(r">Anna</a> <small>2 games, 1 finished</small>", user.page), user.page


@pytest.mark.parametrize("url", ["/new/own-game/result", "/rules/own-game"])
def test_german_own_game_pages_are_headed_in_german(client, url):
    german(client)
    page = client.get(url).get_data(as_text=True)
    assert "Any other game" not in page


def test_the_german_http_notice_starts_its_sentence_after_the_colon_in_capitals(client):
    german(client)
    page = client.get("/").get_data(as_text=True)
    assert "über einfaches http: Der Bildschirm" in page


@pytest.mark.parametrize(("lang", "dealt"), [("en", "dealt by the app"), ("de", "von der App ausgeteilt")])
def test_cards_the_app_dealt_are_dealt_not_drawn(user, client, lang, dealt):
    if lang == "de":
        german(client)
    game_id = start_treasure(user)
    user.submit("/draw")
    user.open(f"/games/{game_id}/log")
    assert dealt in user.page


def test_a_named_own_games_log_is_headed_by_its_name_in_german_too(client, logged):
    game_id = logged("own-game")
    german(client)
    page = client.get(f"/games/{game_id}/log").get_data(as_text=True)
    assert "<h1>Hearts" in page and "Any other game" not in page


# Names that stay English on German pages: the games' own titles, the Treasure's characters
# (GLOSSARY: kept as printed) and the app's name.
KEPT = re.compile(r"Loot and Scoot|Give Me The Treasure|Duel of Crooks|Loot Ledger|The Croc' Brothers|"
                  r"Lucky the Lucky Dog|Pat, the Police Dog")
ENGLISH = re.compile(r"\b(the|and|of|with|to|is|are|this|that|for|from|each|every|game|games|player|"
                     r"players|round|turn|points|won|wins|enter|tap|draw|undo|save|other)\b")


def test_german_pages_say_nothing_in_english(client, logged):
    """Every page a German table opens, with a played game of each kind: no English word
    outside the names that stay as printed (the rules pages' term lists pair both languages
    on purpose and are left out)."""
    ids = {slug: logged(slug) for slug in ("beutezug", "beutelschneider", "give-me-the-treasure",
                                           "loot-and-scoot", "own-game")}
    german(client)
    urls = ["/", "/history", "/stats", "/groups/household", "/printables", "/trust",
            *(f"/new/{slug}" for slug in ids), *(f"/games/{g}" for g in ids.values()),
            *(f"/games/{g}/log" for g in ids.values())]
    english = []
    for url in urls:
        text = KEPT.sub(" ", words(client.get(url).get_data(as_text=True)))
        english += [f"{url}: …{text[max(0, m.start() - 40):m.end() + 40]}…" for m in ENGLISH.finditer(text)]
    assert english == []
