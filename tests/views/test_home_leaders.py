"""The games list names the players sharing the lead of a game in progress (Jinja has no
"extract" filter: the page answered 500 whenever two players were level at the top)."""
from __future__ import annotations

from companion.record.entries import add_entry, new_record


def test_two_players_level_at_the_top_are_named_together(client, store):
    record = new_record("beutelschneider", ["Anna", "Ben", "Cem"], {})
    record = add_entry(record, "hand", {"players": [{"gold": 30}, {"gold": 30}, {"gold": 20}]})
    store.create(record)
    response = client.get("/")
    assert response.status_code == 200
    assert "Anna &amp; Ben lead with 30" in response.get_data(as_text=True)
