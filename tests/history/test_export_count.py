"""The BG Stats export's description counts its plays in the right number: "1 play"."""
from __future__ import annotations

import json

from tests.history.test_backup import download


def test_one_finished_game_is_one_play_and_two_are_two_plays(client, logged):
    logged("beutelschneider")
    about = json.loads(download(client, "bgstats.json").data)["about"]
    assert about.endswith(": 1 play"), about
    logged("give-me-the-treasure")
    about = json.loads(download(client, "bgstats.json").data)["about"]
    assert about.endswith(": 2 plays"), about
