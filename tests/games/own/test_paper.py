"""An own game on paper: the blank sheet (rows by round, a totals row, the names filled in) and
the filled sheet of a logged game (its name, each round and running total, the winner), in
English and German, on A4 and Letter; and its rules reference."""
from __future__ import annotations

import pytest

from companion.record.entries import add_entry, new_record
from tests.printables.conftest import Pdf, save_png

PLAYERS = ["Anna", "Ben", "Cem", "Dora"]


def hearts(store):
    record = new_record("own-game", PLAYERS, {"name": "Hearts", "wins": "low", "target": 50})
    for points in ((13, 4, 4, 5), (10, 8, 2, 6), (30, 0, 10, 14)):
        record = add_entry(record, "round", {"players": [{"score": p} for p in points]})
    return store.create(record)


@pytest.mark.parametrize("paper, size", [("a4", (842, 595)), ("letter", (792, 612))])  # sideways
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_filled_sheet_has_its_name_rounds_totals_and_winner(client, store, lang, paper, size):
    response = client.get(f"/games/{hearts(store)}/sheet.pdf", query_string={"lang": lang, "paper": paper})
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    document = Pdf(response.data)
    assert tuple(round(v) for v in document.size_pt()) == size
    assert document.text.startswith("Hearts")
    assert ("Winner: " if lang == "en" else "Sieg: ") + "Ben" in document.text
    assert "53 12 16 25" in document.text.replace("Σ", "")  # the totals row, after round 3
    assert ("A total reached 50; the lowest total wins." if lang == "en"
            else "Eine Summe hat 50 erreicht; die niedrigste Summe gewinnt.") in document.text
    save_png(document.data, f"own-game-filled-{lang}-{paper}")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_blank_sheet_has_rows_by_round_a_totals_row_and_the_names(client, lang):
    response = client.get("/printables/own-game/sheet.pdf",
                          query_string={"players": 4, "names": PLAYERS, "lang": lang})
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    document = Pdf(response.data)
    assert all(name in document.text for name in PLAYERS)
    assert ("Total" if lang == "en" else "Summe") in document.text
    assert " 16 Total" in document.text or " 16 Summe" in document.text  # sixteen rounds, then the totals
    save_png(document.data, f"own-game-blank-{lang}")


def test_the_blank_sheet_prints_the_games_name_the_printables_page_asks_for(client):
    page = client.get("/printables").get_data(as_text=True)
    # Only the game its host names asks for a name; the four games print their own title.
    assert page.count('name="game_name"') == 1
    response = client.get("/printables/own-game/sheet.pdf", query_string={"players": 4, "game_name": " Skat  "})
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    assert Pdf(response.data).text.startswith("Skat · Score sheet")
    assert "Skat" not in Pdf(client.get("/printables/own-game/sheet.pdf", query_string={"players": 4}).data).text


def test_a_games_name_too_long_for_the_sheet_is_refused_and_nothing_is_printed(client):
    response = client.get("/printables/own-game/sheet.pdf", query_string={"players": 4, "game_name": "S" * 41})
    assert response.status_code == 400
    assert "A game&#39;s name has at most 40 characters." in response.get_data(as_text=True)
    assert 'value="' + "S" * 41 + '"' in response.get_data(as_text=True)  # what was typed, kept


@pytest.mark.parametrize("lang, says", [("en", "How the app keeps score"), ("de", "Wie die App zählt")])
def test_the_rules_reference_and_its_phone_page(client, lang, says):
    document = Pdf(client.get("/printables/own-game/rules.pdf", query_string={"lang": lang}).data)
    assert says in document.text
    page = client.get("/rules/own-game", headers={"Accept-Language": lang})
    assert page.status_code == 200


def test_the_log_prints_every_entry_with_the_apps_draw_said(client, store):
    record = new_record("own-game", PLAYERS, {"name": "Hearts", "target": 10, "ties": "break"})
    record = add_entry(record, "round", {"players": [{"score": p} for p in (10, 10, 2, 0)]})
    record = add_entry(record, "tie_break", {"winner": 1, "drawn": True}, source="app")
    game_id = store.create(record)
    log = Pdf(client.get(f"/games/{game_id}/log.pdf", query_string={"lang": "en"}).data).text
    assert "Hearts · Log" in log and "Anna: 10" in log and "Tie-break Ben drawn by the app" in log
    sheet = Pdf(client.get(f"/games/{game_id}/sheet.pdf", query_string={"lang": "de"}).data).text
    assert "Gleichstand an der Spitze: Die App hat Ben ausgelost." in sheet
