"""The game-night pack names a game of the table's own as its single blank sheet does: the
name typed beside that game on the Printables page is printed in its sheet's title, and
without one the sheet keeps the line to write it on; a name too long is refused next to
its field, with what was typed kept, and nothing is printed."""
from __future__ import annotations

import io
import re
import subprocess
from urllib.parse import parse_qs, urlsplit

import pdfplumber
import pytest

from companion import create_app
from companion.history.groups import add_player
from tests.formpage import Browserless
from tests.printables.conftest import ARTIFACTS

PLAYERS = ["Anna", "Ben", "Cem"]
TOO_LONG = {"en": "A game&#39;s name has at most 40 characters.",
            "de": "Der Name eines Spiels hat höchstens 40 Zeichen."}


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    app = create_app({"TESTING": True, "PDF_WAIT_SECONDS": 300,
                      "INSTANCE_PATH": str(tmp_path_factory.mktemp("pack-named") / "instance")})
    for name in PLAYERS:
        add_player(app.extensions["store"], "household", name)
    return app


@pytest.fixture
def table(app):
    user = Browserless(app.test_client())
    user.open("/printables")
    return user


def look(pdf: bytes, page: int, name: str) -> None:
    """One page of the pack at 60 dpi in test-artifacts/printables/, for a person to look at."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    source = ARTIFACTS / f"{name}.pdf"
    source.write_bytes(pdf)
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", str(page), "-l", str(page), "-singlefile",
                    str(source), str(ARTIFACTS / name)], check=True)
    source.unlink()
    assert (ARTIFACTS / f"{name}.png").stat().st_size > 5000


def send(table, values, lang="en"):
    table.client.environ_base["HTTP_ACCEPT_LANGUAGE"] = lang
    return table.submit("/printables/pack", {"lang": lang, "paper": "a4", "players": PLAYERS, **values},
                        follow=False)


def pages(table, values, lang="en"):
    """The pack's pages as pdfplumber reads them (text in reading order), and the PDF."""
    sent = send(table, values, lang)
    assert sent.status_code == 303, sent.get_data(as_text=True)[:500]
    response = table.client.get(sent.headers["Location"])
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    with pdfplumber.open(io.BytesIO(response.data)) as pdf:
        return [" ".join((page.extract_text() or "").split()) for page in pdf.pages], response.data


@pytest.mark.parametrize("lang, sheet, rules", [("en", "Score sheet", "Rules reference"),
                                                ("de", "Wertungsblatt", "Regelübersicht")])
def test_the_pack_prints_the_own_games_name_in_its_sheets_title(table, lang, sheet, rules):
    texts, pdf = pages(table, {"games": ["beutezug", "own-game"], "named": "  Mäxchen   am Abend "}, lang)
    own = [text for text in texts if text.startswith("Mäxchen am Abend · ")]
    # Its sheet, then its page of house rules (not how the app keeps score), both by its name.
    house = "House rules" if lang == "en" else "Hausregeln"
    assert len(own) == 2 and own[0].startswith(f"Mäxchen am Abend · {sheet}")
    assert own[1].startswith(f"Mäxchen am Abend · {house}")
    assert all(name in own[0] for name in PLAYERS)
    assert ("Game:" if lang == "en" else "Spiel:") not in own[0]         # no line to write it on
    assert sum("Mäxchen" in text for text in texts) == 2                  # Beutezug's pages keep theirs
    assert any(text.startswith(f"Beutezug · {sheet}") for text in texts)
    assert any(rules in text for text in texts)
    look(pdf, texts.index(own[0]) + 1, f"pack-named-{lang}")


def test_without_a_name_the_own_games_sheet_keeps_the_line_to_write_it_on(table):
    texts, pdf = pages(table, {"games": ["own-game"], "named": "   "})
    assert texts[0].startswith("Score sheet") and "Game:" in texts[0]
    look(pdf, 1, "pack-unnamed-en")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_name_too_long_is_refused_next_to_its_field_with_what_was_typed_kept(table, lang):
    typed = "Skat " + "S" * 36   # 41 characters
    response = send(table, {"games": ["own-game", "beutezug"], "named": typed}, lang)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    field = page[page.index('name="named"') - 200:page.index('id="named-error"') + 200]
    assert f'value="{typed}"' in field and 'aria-describedby="named-error"' in field
    assert TOO_LONG[lang] in field
    assert re.search(r'<input checked id="games-\d" name="games" type="checkbox" value="own-game">', page)


def test_a_crafted_address_with_a_name_too_long_is_refused_too_and_prints_nothing(table):
    response = table.client.get("/printables/pack.pdf", query_string={
        "games": "own-game", "lang": "en", "paper": "a4", "named": "S" * 41})
    assert response.status_code == 422 and response.mimetype == "text/html"
    assert TOO_LONG["en"] in response.get_data(as_text=True)
    assert 'value="' + "S" * 41 + '"' in response.get_data(as_text=True)


def test_a_name_typed_for_the_own_game_left_out_of_the_pack_is_neither_checked_nor_sent(table):
    response = send(table, {"games": ["beutezug"], "named": "S" * 41})
    assert response.status_code == 303
    assert "named" not in parse_qs(urlsplit(response.headers["Location"]).query)


def test_a_name_too_long_is_refused_at_once_with_the_forms_other_refusals(table):
    response = send(table, {"games": ["own-game", "chess"], "named": "S" * 41})
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "Pick games from the list." in page and TOO_LONG["en"] in page
