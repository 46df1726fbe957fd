"""A small history checked by hand, written into a real store, and two-group helpers.

Five Beutelschneider games (limit 30; a first hand where the Alchemist leaves nobody gold, then the hand
that ends it, so score = gold of the second hand) by Anna, Ben and Cem:

| game | day        | Anna | Ben | Cem | winners         | minutes |
|------|------------|------|-----|-----|-----------------|---------|
| G1   | 2026-01-01 | 50   | 30  | 0   | Anna            | 30      |
| G2   | 2026-01-02 | 40   | 40  | 0   | Anna, Ben (shared) | 40   |
| G3   | 2026-01-03 | 20   | 60  | 0   | Ben             | 50      |
| G4   | 2026-01-04 | 30   | 0   | 50  | Cem             | 60      |
| G5   | 2026-01-05 | 45   | 0   | 35  | Anna            | 60      |
"""
from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest

from companion.history import groups
from companion.record.entries import add_entry, new_record

FIXTURE = [  # (golds by Anna, Ben, Cem; minutes)
    ((50, 30, 0), 30), ((40, 40, 0), 40), ((20, 60, 0), 50), ((30, 0, 50), 60), ((45, 0, 35), 60)]


def finished_game(store, golds, *, players=("Anna", "Ben", "Cem"), day=1, minutes=30,
                  group="household") -> str:
    """A finished two-hand Beutelschneider game that ended on 2026-01-<day> at 20:00, its
    entries evenly spread over ``minutes`` of play from its start (no gap over 30 minutes,
    which would be a pause, for ``minutes`` up to 60)."""
    record = new_record("beutelschneider", list(players), {"limit": 30}, group=group)
    # Under the deck's 80 gold, the Alchemist turned the rest to lead (the rules refuse less
    # gold without him).
    record = add_entry(record, "hand", {"players": [{"gold": 0} for _ in golds], "alchemist": True})
    record = add_entry(record, "hand", {"players": [{"gold": g} for g in golds],
                                        **({"alchemist": True} if sum(golds) < 80 else {})})
    if sorted(golds)[-1] == sorted(golds)[-2]:
        record = add_entry(record, "tie_choice", {"choice": "share"})
    end = datetime(2026, 1, day, 20, 0, tzinfo=UTC)
    start = end - timedelta(minutes=minutes)
    record["created"] = record["played_on"] = start.isoformat()
    count = len(record["entries"])
    for i, entry in enumerate(record["entries"], 1):
        entry["at"] = (start + (end - start) * i / count).isoformat()
    return store.create(record)


@pytest.fixture
def history(store):
    return [finished_game(store, golds, day=i + 1, minutes=m) for i, (golds, m) in enumerate(FIXTURE)]


@pytest.fixture
def club(store):
    """A second group, "Club", with access code "club-code"."""
    return groups.create(store, "Club", "club-code")


def join(client, name, code="", next_url=""):
    """Join a group through the join page's own form (no JavaScript)."""
    from tests.formpage import Browserless
    user = Browserless(client)
    user.open("/join")
    return user.submit("/join", {"name": name, "code": code, **({"next": next_url} if next_url else {})},
                       follow=False)


def share(user, game_id):
    """Share the game through its page's form; the link's path."""
    user.open(f"/games/{game_id}/share")
    user.submit(f"/games/{game_id}/share")
    # The host is whatever other phones use (see tests/test_phones.py).
    found = re.search(r'href="http://[^/"]+(/s/[^"]+)"', user.page)
    assert found, user.page
    return found.group(1)
