"""A correction sent as its page shows it changes nothing the game knows.

The correction page is the entry's form filled from its data. What the form does not show
(cards the app dealt, a draw) must come back in what it sends, or a correction of one field
silently drops the rest from the record. Every entry of every game's documented example
(docs/record-format.md) is opened for correction and sent as shown: either "Nothing was
changed." or a stored edit that only spells out what the entry left to its default (a 0,
an empty list): no value given is dropped or changed."""
from __future__ import annotations

from typing import Any

import pytest

from companion.record.entries import replay
from tests.conftest import EXAMPLES
from tests.formpage import forms_of


def lost(given: Any, sent: Any, path: str = "") -> list[str]:
    """Where ``sent`` drops or changes a value of ``given``; a field ``sent`` adds is fine
    when it says the default (0, false, empty), and names (cards, classes) may come back in
    the page's order. Numbers keep theirs: a seat order is an order."""
    if isinstance(given, dict) and isinstance(sent, dict):
        return [p for key in given for p in lost(given[key], sent.get(key, KeyError), f"{path}.{key}")] + \
               [f"{path}.{key}+" for key in sent if key not in given and sent[key] not in (0, False, "", [], None)]
    if isinstance(given, list) and isinstance(sent, list) and all(isinstance(v, str) for v in sent):
        # Cards, classes: in the page's order; a card written as an object comes back as
        # the page's short text for it (Give Me The Treasure's {"number": 1, ...}: "blue1").
        texts = [v for v in given if isinstance(v, str)]
        return [] if len(given) == len(sent) and not set(texts) - set(sent) else [path]
    if isinstance(given, list) and isinstance(sent, list) and len(given) == len(sent):
        return [p for i, (g, s) in enumerate(zip(given, sent, strict=True)) for p in lost(g, s, f"{path}.{i}")]
    return [] if given == sent else [path]


def as_shown(user: Any, entry: dict[str, Any]) -> Any:
    """Send the correction page's form for ``entry`` as the page fills it. Where the page
    offers one form per action (Loot and Scoot's panel), the one of the entry's action, and
    the button that names the entry's choice (its class, say)."""
    forms = [f for f in forms_of(user.page) if "/edit" in f["action"] or not f["action"]]
    data = entry["data"]
    form = next((f for f in forms if f"do={data.get('action')}" in f["action"]), forms[0])
    button = next(((name, value) for name, value in form["buttons"]
                   if name in data and str(data[name]) == value), None)
    return user.submit(form["action"], button=button)


@pytest.mark.parametrize("slug", sorted(EXAMPLES))
def test_every_entry_sent_back_as_its_correction_page_shows_it_keeps_the_game(user, store, logged, slug):
    game_id = logged(slug)
    record = store.load(game_id)
    standings = replay(record).standings
    for entry in record["entries"]:
        user.open(f"/games/{game_id}/entries/{entry['id']}/edit")
        response = as_shown(user, entry)
        assert response.status_code < 500, user.page
        now = store.load(game_id)
        kept = next(e for e in now["entries"] if e["id"] == entry["id"])
        assert not lost(entry["data"], kept["data"]), (entry["kind"], entry["data"], kept["data"])
        assert replay(now).standings == standings
