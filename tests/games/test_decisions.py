"""What decided a game is a code (``Outcome.decided_by``) with its words looked up: each
game's codes are the ones its page in docs/games/ lists, each has German, and an export
carries the code beside the English words."""
from __future__ import annotations

import re

from babel.messages.pofile import read_po

from companion.games import GAMES, get_game
from companion.games.base import Msg
from companion.games.beutelschneider import result as beutelschneider_result
from companion.history.transfer import export_record
from companion.i18n import SOURCE
from companion.record.entries import add_entry, new_record
from tests.games.tables import page


def documented(slug: str) -> set[str]:
    """The codes the game's own page gives (docs/games/<slug>.md, its exported record)."""
    found = re.search(r"`decided_by_code` is one of (.*?)\.\n", page(slug), re.S)
    assert found is not None, slug
    return set(re.findall(r"`([a-z-]+)`", found.group(1)))


def test_each_games_page_lists_its_codes():
    for slug, game in GAMES.items():
        assert documented(slug) == set(game.decisions), slug
    # A result from paper says the totals at the end, not who reached the limit first.
    assert get_game("beutelschneider").decisions is beutelschneider_result.DECISIONS
    assert "reached" in beutelschneider_result.DECISIONS


def test_every_codes_words_have_german():
    with (SOURCE / "de" / "LC_MESSAGES" / "messages.po").open("rb") as f:
        german = read_po(f, locale="de")
    for game in GAMES.values():
        for code, words in game.decisions.items():
            found = german.get(words)
            assert found is not None and found.string and found.string != words, (game.slug, code)


def test_the_outcome_is_the_code_and_its_words():
    game = get_game("beutelschneider")
    record = new_record("beutelschneider", ["Anna", "Ben", "Cem"], {"limit": 50})
    hand = {"players": [{"gold": 50}, {"gold": 30}, {"gold": 0}], "set_aside": 0}
    record = add_entry(record, "hand", hand)
    record["id"] = "a1"
    outcome = game.outcome(game.replay(record["players"], record["settings"],
                                       [(e["kind"], e["data"]) for e in record["entries"]]))
    assert outcome is not None
    assert outcome.decided_by == "limit" and outcome.words == Msg("First to reach %(limit)s points.", {"limit": 50})
    exported = export_record(record)
    assert exported["decided_by_code"] == "limit"
    assert exported["decided_by"] == "First to reach 50 points."


def test_a_game_in_play_has_no_code():
    record = new_record("beutezug", ["Ann", "Bob", "Cem"], {})
    record["id"] = "a2"
    exported = export_record(record)
    assert exported["decided_by"] is None and exported["decided_by_code"] is None
