"""Imported BG Stats plays count in the statistics, the history and the nemesis like any game,
and the statistics say how far back the group's games reach."""
from __future__ import annotations

import re

from tests.bgstats_files import every_case
from tests.history.test_bgstats_import import body, tap, upload


def imported(client):
    client.get("/")
    tap(client, upload(client, body(every_case())).get_data(as_text=True))


def test_statistics_count_imported_plays_and_say_since_when(client, store):
    client.get("/")
    page = client.get("/stats").get_data(as_text=True)
    assert 'id="since"' not in page  # no games yet: nothing to reach back to
    imported(client)
    page = client.get("/stats").get_data(as_text=True)
    assert "The group's games reach back to Feb 1, 2025." in page
    # Anna: 8 games (Beutezug, Skat, Hearts, Codenames, two Pandemic, two Carcassonne), won
    # Beutezug, Codenames, the Pandemic won together and the shared Carcassonne: 4 (the
    # Pandemic everyone lost is a play and a loss).
    row = re.search(r">Anna</a></td><td class=\"n\">(?:<span class=\"who\"[^>]*>[^<]*</span>)?(\d+)</td>"
                    r"<td class=\"n\">(?:<span class=\"who\"[^>]*>[^<]*</span>)?(\d+)</td>", page)
    assert row and row.groups() == ("8", "4")


def test_history_lists_them_and_the_nemesis_counts_them(client, store):
    imported(client)
    history = client.get("/history").get_data(as_text=True)
    for name in ("Beutezug", "Skat", "Hearts", "Codenames", "Pandemic", "Carcassonne"):
        assert name in history
    cem = client.get("/players/Cem").get_data(as_text=True)
    # Cem lost to Anna in Beutezug, Codenames and Carcassonne (shared with Ben): 3 of 6 together.
    assert re.search(r"Nemesis</dt><dd><a [^>]*>(Anna|Ben)</a>", cem)


def test_in_german(client, store):
    imported(client)
    page = client.get("/stats", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Die Partien der Gruppe reichen zurück bis 01.02.2025." in page
