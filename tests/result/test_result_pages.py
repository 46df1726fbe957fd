"""Every page that shows a game answers for a result-only one: its log (and the log PDF), the
explanations of its places, the share view, the statistics; its score sheet says why there is
none to fill in, and the Printables page does not offer it."""
from __future__ import annotations

import subprocess

import pytest

from tests.result.test_result_form import GAMES, enter


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_page_of_a_result_only_game_answers(slug, user, client):
    enter(user, slug, GAMES[slug][0])
    game_id = user.url.rsplit("/", 1)[-1]
    for url in ("/", "/history", "/stats", f"/stats/games/{slug}", f"/games/{game_id}/log",
                f"/games/{game_id}/why/winner", f"/games/{game_id}/why/score/0",
                f"/games/{game_id}/why/place/1", f"/games/{game_id}/share",
                f"/games/{game_id}/entries/1/edit"):
        assert client.get(url).status_code == 200, url
    assert "Final result" in client.get(f"/games/{game_id}/log").get_data(as_text=True)
    sheet = client.get(f"/games/{game_id}/sheet.pdf")
    assert sheet.status_code == 404 and "it has no score sheet to fill in" in sheet.get_data(as_text=True)
    assert f"/games/{game_id}/sheet.pdf" not in client.get("/printables").get_data(as_text=True)


def test_the_log_pdf_of_a_result_only_game(user, client, tmp_path):
    enter(user, "beutelschneider", GAMES["beutelschneider"][0])
    game_id = user.url.rsplit("/", 1)[-1]
    response = client.get(f"/games/{game_id}/log.pdf?lang=de")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    (tmp_path / "log.pdf").write_bytes(response.data)
    text = subprocess.run(["pdftotext", "-layout", str(tmp_path / "log.pdf"), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert "Endergebnis" in text and "★ Ben: 130" in text
