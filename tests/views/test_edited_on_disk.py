"""A game file edited by hand in the data folder (or written by an older app) with an entry
not of its shape: the rules read only data of the shape, so the record refuses the entry
before they run, and every page says which entry does not replay -- never a crash."""
from __future__ import annotations

import json
from typing import Any

import pytest

from companion.record import entries as records
from tests.conftest import EXAMPLES


def number_as_text(data: Any) -> bool:
    """Turn the first whole number in ``data`` into its digits as text, in place."""
    items = list(data.items()) if isinstance(data, dict) else list(enumerate(data))
    for key, value in items:
        if isinstance(value, int) and not isinstance(value, bool):
            data[key] = str(value)
            return True
        if isinstance(value, (dict, list)) and number_as_text(value):
            return True
    return False


@pytest.mark.parametrize("slug", sorted(EXAMPLES))
def test_an_entry_edited_on_disk_out_of_its_shape_is_named_on_the_games_pages(client, store, logged, slug):
    game_id = logged(slug)
    path = store.file(game_id)
    stored = json.loads(path.read_text(encoding="utf-8"))
    entries = stored["record"]["1"]["entries"]
    assert number_as_text(entries[0]["data"]), entries[0]
    path.write_text(json.dumps(stored), encoding="utf-8")
    records._REPLAYS.clear()  # the app started again on the edited folder: nothing replayed yet

    page = client.get(f"/games/{game_id}")
    text = page.get_data(as_text=True)
    assert "This game's record does not replay" in text
    assert "Entry 1 is refused by the rules:" in text and "must be a whole number." in text
    assert "Traceback" not in text
    for address in ("/history", f"/games/{game_id}/record.json", f"/games/{game_id}/log", "/printables"):
        assert client.get(address).status_code < 500, address
