"""A request no form of ours sends (a field left out, a kind no game has): a 400 that says
nothing was stored, in the page's language, and nothing stored."""
from __future__ import annotations

import re

from werkzeug.datastructures import MultiDict

from tests.formpage import forms_of
from tests.games.beutelschneider.web.test_pages import start


def test_an_entry_without_its_kind_is_refused_saying_nothing_was_stored(user, client, store):
    game_id = start(user)
    form = next(f for f in forms_of(user.page) if f["action"].endswith("/entries#next")
                or f["action"].endswith("/entries"))
    fields = MultiDict([(name, value) for name, value in form["fields"] if name != "kind"])
    before = store.load(game_id)["entries"]
    for lang, words in (("en", "This request was not complete, so nothing was stored."),
                        ("de", "Diese Anfrage war unvollständig, darum wurde nichts gespeichert.")):
        response = client.post(f"/games/{game_id}/entries", data=fields,
                               headers={"Accept-Language": lang})
        assert response.status_code == 400
        assert words in re.sub(r"\s+", " ", response.get_data(as_text=True))
    assert store.load(game_id)["entries"] == before
