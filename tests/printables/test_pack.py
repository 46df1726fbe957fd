"""The game-night pack: every sheet and reference of the games picked, the group's players'
names filled in, one PDF; and each request it refuses, with a message next to the field."""
from __future__ import annotations

import pytest

from companion import create_app
from companion.history.groups import add_player
from tests.conftest import TESTING
from tests.formpage import Browserless
from tests.printables.conftest import Pdf

PLAYERS = ["Anna Weiß", "Björn", "Chen Li"]


@pytest.fixture
def table(tmp_path):
    """A browser-like client of an app whose household group has three players."""
    app = create_app({**TESTING, "INSTANCE_PATH": str(tmp_path / "instance")})
    for name in PLAYERS:
        add_player(app.extensions["store"], "household", name)
    user = Browserless(app.test_client())
    user.open("/printables")
    return user


def download(table, values):
    """Send the pack's form; it answers with the address of the PDF, which is fetched."""
    sent = table.submit("/printables/pack", values, follow=False)
    assert sent.status_code == 303
    return table.client.get(sent.headers["Location"])


def test_the_pack_holds_each_picked_games_sheet_and_reference_with_the_names(table):
    form = table.form("/printables/pack")
    # The group's players are ticked already: three fit every game.
    assert [value for name, value in form["fields"] if name == "players"] == sorted(PLAYERS)
    response = download(table, {"games": ["beutezug", "loot-and-scoot"], "lang": "de", "paper": "a4",
                                "players": PLAYERS})
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert "game-night-beutezug-loot-and-scoot-a4-de.pdf" in response.headers["Content-Disposition"]
    pack = Pdf(response.data)
    texts = [" ".join(page.extract_text().split()) for page in pack.reader.pages]
    # Each part's first page: its title differs from the page before's (pages are numbered
    # through the pack, issue 36.3).
    parts = ["Beutezug · Wertungsblatt", "Beutezug · Regelübersicht",
             "Loot and Scoot · Wertungsblatt", "Loot and Scoot · Regelübersicht"]
    titles = [next(part for part in parts if part in text[text.rindex(" · Loot Ledger") - 60:])
              for text in texts]   # from each page's footer
    assert [title for i, title in enumerate(titles) if not i or title != titles[i - 1]] == parts
    for sheet in (text for text in texts if "Wertungsblatt" in text.split(" · ")[1][:15]):
        for name in PLAYERS:
            assert name in sheet, (name, sheet[:200])
    assert "Beutelschneider" not in pack.text and "Give Me The Treasure" not in pack.text
    # Asked again, the same pack comes from memory, made once.
    again = table.client.get(response.request.full_path.rstrip("?"))
    assert again.data == response.data


def test_the_pack_without_players_prints_blank_sheets(table):
    response = download(table, {"games": ["beutelschneider"], "players": [], "lang": "en", "paper": "letter"})
    pack = Pdf(response.data)
    assert "Beutelschneider · Rules reference" in pack.text and "Anna" not in pack.text
    assert [round(v) for v in pack.size_pt()] in ([612, 792], [792, 612])


REFUSED = [
    ({"games": []}, "games", "Pick at least one game."),
    ({"games": ["chess"]}, "games", "Pick games from the list."),
    ({"games": ["beutezug"], "players": ["Anna Weiß", "Mallory"]}, "players", "Pick players of this group."),
    ({"games": ["beutelschneider"], "players": ["Anna Weiß", "Björn"]}, "players",
     "Beutelschneider is played by 3 to 5 players; 2 are picked."),
    ({"games": ["beutezug"], "players": ["Björn", "Björn"]}, "players", "Each player needs a different name."),
    ({"games": ["beutezug"], "lang": "fr"}, "lang", "Choose English or German."),
    ({"games": ["beutezug"], "paper": "a3"}, "paper", "Choose A4 or US Letter paper."),
]


@pytest.mark.parametrize("values,field,message", REFUSED)
def test_a_pack_it_cannot_make_is_refused_next_to_the_field(table, values, field, message):
    response = table.submit("/printables/pack", values)
    assert response.status_code == 422
    assert f'<span id="{field}-error" class="error">{message}</span>' in table.page
    # The same request typed as an address is refused the same way, never a 500.
    query = {"lang": "en", "paper": "a4", **values}
    crafted = table.client.get("/printables/pack.pdf", query_string=query)
    assert crafted.status_code == 422 and message in crafted.get_data(as_text=True)


def test_a_pack_form_without_its_token_is_refused(table):
    response = table.client.post("/printables/pack", data={"games": ["beutezug"], "lang": "en", "paper": "a4"})
    assert response.status_code == 422
    assert 'id="csrf_token-error"' in response.get_data(as_text=True)


def test_the_refusal_speaks_german(table):
    table.client.get("/printables", headers={"Accept-Language": "de"})
    response = table.client.get("/printables/pack.pdf?lang=de&paper=a4", headers={"Accept-Language": "de"})
    assert response.status_code == 422 and "Wähle mindestens ein Spiel." in response.get_data(as_text=True)
