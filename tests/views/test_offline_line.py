"""What app.js's offline line relies on from the server: which entry forms go on without its
answer (``data-goes-on``), and that a line of entries sent one after another, each with the
version after the one before, is applied in order and each once, while an entry from before
another phone's is refused and stores nothing."""
from __future__ import annotations

import re

from tests.games.beutelschneider.web import test_pages as beutelschneider
from tests.games.beutezug.web import test_pages as beutezug


def goes_on(page: str) -> bool:
    form = re.search(r"<form[^>]*entry-form[^>]*>", page)
    assert form, "no entry form on the page"
    return "data-goes-on" in form.group(0)


def test_a_hand_or_a_round_goes_on_a_draw_does_not(user):
    beutelschneider.start(user, players=("Anna", "Ben", "Cem", "Dora"))
    assert goes_on(user.page)
    beutezug.start(user, players=("Vincenzo", "Kate", "Johnny", "Dora"))
    assert not goes_on(user.page)  # the placement chips: drawn, or entered as the table drew
    beutezug.place(user, 0, 1, 2, 3)
    assert goes_on(user.page)


def test_a_line_of_hands_is_applied_in_order_once_each(user, app):
    game_id = beutelschneider.start(user, players=("Anna", "Ben", "Cem", "Dora"), limit=300)
    fields = dict(user.form("/entries")["fields"])
    base = int(fields["version"])

    def send(submission: str, version: int, *golds: int):
        data = {**fields, **beutelschneider.hand_values(*golds), "submission": submission, "version": str(version)}
        return user.client.post(f"/games/{game_id}/entries", data=data, headers={"X-Requested-With": "fetch"})

    line = [("a" * 32, (10, 50, 0, 20)), ("b" * 32, (40, 20, 0, 20)), ("c" * 32, (30, 30, 10, 10))]
    for n, (submission, golds) in enumerate(line):
        assert send(submission, base + n, *golds).status_code == 200
    again = send("b" * 32, base + 1, 40, 20, 0, 20)  # its answer was lost: sent again
    assert again.status_code == 200 and "sent before" in again.get_data(as_text=True)
    record = app.extensions["store"].load(game_id)
    assert [[p["gold"] for p in e["data"]["players"]] for e in record["entries"]] == [list(g) for _, g in line]

    stale = send("d" * 32, base + 2, 20, 20, 20, 20)  # typed before the third hand was stored
    assert stale.status_code == 409 and "Another phone changed this game meanwhile" in stale.get_data(as_text=True)
    assert len(app.extensions["store"].load(game_id)["entries"]) == 3
