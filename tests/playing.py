"""A game's life: helpers writing real records into a real store, and a fixed clock."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from companion.record.entries import add_entry, new_record
from tests.history.conftest import club, history  # noqa: F401  (a second group; five finished games)

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def hand(*golds: int) -> dict:
    """A hand of these golds; under the deck's 80, the Alchemist turned the rest to lead
    (the rules refuse a hand of less gold without him)."""
    return {"players": [{"gold": g} for g in golds], **({"alchemist": True} if sum(golds) < 80 else {})}


def playing_game(store, *, players=("Anna", "Ben", "Cem"), hands=((20, 10, 0),), group="household",
                 created: datetime | None = None, step=timedelta(minutes=10)) -> str:
    """A Beutelschneider game in progress (limit 100) with ``hands`` entered, the hands
    ``step`` apart from ``created``."""
    record = new_record("beutelschneider", list(players), {"limit": 100}, group=group)
    for golds in hands:
        record = add_entry(record, "hand", hand(*golds))
    if created is not None:
        record["created"] = record["played_on"] = created.isoformat()
        for i, entry in enumerate(record["entries"], 1):
            entry["at"] = (created + step * i).isoformat()
    return store.create(record)


@pytest.fixture
def fixed_app(app):
    """The app with the lifecycle pages' clock fixed at ``NOW``."""
    app.config["LIFECYCLE_NOW"] = NOW
    return app
