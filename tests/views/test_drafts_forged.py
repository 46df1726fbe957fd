"""A row reaches the draft before any form of the round validates, so it checks the form's CSRF
token itself: a row posted from another site's page (no token, or a wrong one) is refused with
the form's message and leaves the draft as it was (issue 38, found reviewing the draft path)."""
from __future__ import annotations

import pytest

from tests.formpage import Browserless
from tests.games.beutelschneider.web import test_pages as beutelschneider
from tests.views.test_drafts import PLAYERS, row, send_row


@pytest.mark.parametrize("token", [None, "", "forged.token.value"])
def test_a_row_without_the_forms_token_is_refused_and_the_draft_unchanged(user, app, store, token):
    game_id = beutelschneider.start(user, players=PLAYERS)
    send_row(user, game_id, 0, 40, 1)
    draft = store.read_state(f"draft-{game_id}")
    assert list(draft["rows"]) == ["0"]
    other = Browserless(app.test_client())
    other.open(f"/games/{game_id}")
    data = {**row(1, 30), "row": "1", "kind": "hand", "version": "0"}
    if token is not None:
        data["csrf_token"] = token
    response = other.client.post(f"/games/{game_id}/entries", data=data)
    assert response.status_code == 422
    assert "This form could not be checked" in response.get_data(as_text=True)
    assert store.read_state(f"draft-{game_id}") == draft
    assert store.load(game_id)["entries"] == []


def test_the_last_row_without_the_token_does_not_store_the_round(user, app, store):
    game_id = beutelschneider.start(user, players=PLAYERS)
    send_row(user, game_id, 0, 40)
    send_row(Browserless(app.test_client()), game_id, 1, 30)
    other = Browserless(app.test_client())
    other.open(f"/games/{game_id}")
    response = other.client.post(f"/games/{game_id}/entries",
                                 data={**row(2, 10), "row": "2", "kind": "hand", "version": "0"})
    assert response.status_code == 422
    assert store.load(game_id)["entries"] == []
    assert sorted(store.read_state(f"draft-{game_id}")["rows"]) == ["0", "1"]
