"""The filled sheet of a logged game: every entry, corrections, standings, winner and tie-break, chart."""
from __future__ import annotations

import pytest

from companion.record.entries import add_entry, correct, new_record
from tests.printables.conftest import Pdf, save_png

# The documented example of each game, its winner and the step that decided it, per language.
DECIDED = {
    "beutezug": ("Kate", {"en": "Tie broken by the second-highest loot card.",
                          "de": "zweithöchste"}),
    "beutelschneider": ("Anna & Ben", {"en": "the table chose to share the win", "de": "geteilt"}),
    "give-me-the-treasure": ("Ann", {"en": "Both sides reached 20 coins; the most coins win.",
                                     "de": "20 Münzen"}),
    "loot-and-scoot": ("Adam", {"en": "Most victory points.", "de": "Die meisten Siegpunkte."}),
}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("slug", list(DECIDED))
def test_a_finished_game_prints_its_winner_and_the_deciding_tie_break(client, logged, slug, lang):
    game_id = logged(slug)
    response = client.get(f"/games/{game_id}/sheet.pdf", query_string={"lang": lang})
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    document = Pdf(response.data)
    winner, decided = DECIDED[slug]
    assert ("Winner: " if lang == "en" else "Sieg: ") + winner in document.text
    assert decided[lang] in document.text
    assert 1 <= document.pages <= 3
    assert "<svg" not in document.text          # the chart is drawn, not printed as markup
    save_png(document.data, f"game-{slug}-{lang}")


def test_the_beutezug_sheet_marks_the_tie_break_beside_the_standing(client, logged):
    text = Pdf(client.get(f"/games/{logged('beutezug')}/sheet.pdf?lang=en").data).text
    assert "Kate 40" in text and "Johnny 40" in text and "Vincenzo 38" in text
    assert text.count("Tie broken by the second-highest loot card.") >= 2   # outcome and standing


def test_a_corrected_entry_is_marked_on_the_sheet_and_its_old_values_are_in_the_log(client, store):
    record = new_record("beutelschneider", ["Anna", "Ben", "Cem"], {})
    hand = {"players": [{"gold": 50}, {"gold": 30}, {"gold": 0}]}
    record = add_entry(record, "hand", hand)
    record = correct(record, record["entries"][0]["id"],
                     {"players": [{"gold": 45}, {"gold": 35}, {"gold": 0}]})
    game_id = store.create(record)
    sheet = Pdf(client.get(f"/games/{game_id}/sheet.pdf?lang=en").data).text
    assert "Hand 1 Anna: 45" in sheet and "corrected" in sheet and "Anna: 50" not in sheet
    assert "in progress" in sheet and "Winner" not in sheet and "1 entry " in sheet
    log = Pdf(client.get(f"/games/{game_id}/log.pdf?lang=en").data).text
    assert "before the correction of" in log and "Anna: 50" in log and "Anna: 45" in log


def test_a_long_game_prints_a_line_per_round_and_its_full_log_apart(client, store):
    # Loot and Scoot: every player begs, turn after turn; 4 players x 12 rounds.
    record = new_record("loot-and-scoot", ["Adam", "Beth", "Cleo", "Dan"], {})
    record = add_entry(record, "first_player", {"seat": 0})
    for seat, pair in enumerate([["squire", "priest"], ["wizard", "thief"], ["squire", "wizard"],
                                 ["priest", "thief"]]):
        record = add_entry(record, "pick", {"seat": seat, "classes": pair})
    for turn in range(48):
        record = add_entry(record, "action", {"seat": turn % 4, "action": "beg"})
    game_id = store.create(record)
    sheet = Pdf(client.get(f"/games/{game_id}/sheet.pdf?lang=en").data)
    assert "53 entries" in sheet.text
    assert sheet.text.count("Beg → ") == 48                  # a cell per turn, in its round's row
    assert "12 Beg → 65 Beg → 65 Beg → 65 Beg → 65" in sheet.text   # round 12, gp after it
    assert sheet.pages == 1
    log = Pdf(client.get(f"/games/{game_id}/log.pdf?lang=en").data)
    assert log.text.count("Beg Funds") == 48 and " 53 Dan Beg Funds" in log.text
    save_png(sheet.data, "game-long-loot-and-scoot-en")


def test_an_unchanged_game_is_served_from_the_cache_and_a_change_renders_again(client, store):
    record = add_entry(new_record("beutelschneider", ["Anna", "Ben", "Cem"], {}), "hand",
                       {"players": [{"gold": 50}, {"gold": 30}, {"gold": 0}]})
    game_id = store.create(record)
    first = client.get(f"/games/{game_id}/sheet.pdf").data
    assert ("game", game_id, 1, "en", "a4") in {key[:5] for key in client.application.extensions["printing"].memory._items}
    assert client.get(f"/games/{game_id}/sheet.pdf").data == first
    store.update(game_id, lambda r: add_entry(r, "hand", {"players": [{"gold": 0}, {"gold": 80}, {"gold": 0}]}))
    again = Pdf(client.get(f"/games/{game_id}/sheet.pdf").data)
    assert again.data != first and "80" in again.text
    assert ("game", game_id, 2, "en", "a4") in {key[:5] for key in client.application.extensions["printing"].memory._items}


def test_a_game_in_german_on_letter_paper(client, logged):
    document = Pdf(client.get(f"/games/{logged('loot-and-scoot')}/sheet.pdf?lang=de&paper=letter").data)
    assert [round(v) for v in document.size_pt()] == [612, 792]
    assert "Schlusswertung" in document.text and "Geplünderte Räume" in document.text


def test_an_unknown_game_is_not_found(client):
    assert client.get("/games/nosuchgame/sheet.pdf").status_code == 404


def test_names_in_a_logged_game_are_escaped(client, store):
    record = new_record("beutelschneider", ["<i>Ann</i>", "Ben", "Cem"], {})
    text = Pdf(client.get(f"/games/{store.create(record)}/sheet.pdf").data).text
    assert "<i>Ann</i>" in text


@pytest.mark.parametrize(("lang", "note"), [
    ("en", "Hands the grid shows in full are not listed again in the log by round."),
    ("de", "Spiele, die die Tabelle vollständig zeigt, stehen im Protokoll nach Runden nicht noch einmal.")])
def test_the_beutelschneider_log_lists_only_what_its_grid_does_not_show(client, store, lang, note):
    # Hand 1 plain (its grid row is the whole hand), hand 2 with the Alchemist, hand 3
    # corrected, hand 4 plain: the log by round keeps hands 2 and 3, and says why the others went.
    record = new_record("beutelschneider", ["Anna", "Ben", "Cem"], {"limit": 1000})
    for golds in ([50, 30, 0], [40, 20, 0], [45, 35, 0], [10, 20, 50]):
        record = add_entry(record, "hand", {"players": [{"gold": g} for g in golds],
                                            **({"alchemist": True} if golds[0] == 40 else {})})
    record = correct(record, record["entries"][2]["id"],
                     {"players": [{"gold": 25}, {"gold": 55}, {"gold": 0}]})
    sheet = Pdf(client.get(f"/games/{store.create(record)}/sheet.pdf?lang={lang}").data).text
    hand, alchemist, corrected = ("Hand", "Alchemist", "corrected") if lang == "en" else (
        "Spiel", "Alchimist", "korrigiert")
    log = sheet[sheet.index("Log by round" if lang == "en" else "Protokoll nach Runden"):]
    assert f"{hand} 2 Anna: 40" in log and alchemist in log
    assert f"{hand} 3 Anna: 25" in log and corrected in log
    assert f"{hand} 1 " not in log and f"{hand} 4 " not in log and "Anna: 50" not in sheet
    assert note in sheet


def test_a_beutelschneider_game_of_plain_hands_prints_no_log_by_round(client, store):
    record = new_record("beutelschneider", ["Anna", "Ben", "Cem"], {})
    for golds in ([50, 30, 0], [10, 20, 50]):
        record = add_entry(record, "hand", {"players": [{"gold": g} for g in golds]})
    sheet = Pdf(client.get(f"/games/{store.create(record)}/sheet.pdf?lang=en").data).text
    assert "Log by round" not in sheet and "Anna: 50" not in sheet
    assert "Hands the grid shows in full are not listed again in the log by round." in sheet
    assert "1 Anna 50 50 50" in sheet              # hand 1's row in the grid: gold, ±, Σ
