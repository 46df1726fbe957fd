"""Players: rename, merge two names of one person, and take a merge back -- game files untouched."""
from __future__ import annotations

import re

import pytest

from companion.history import groups, stats
from tests.history.conftest import finished_game


@pytest.fixture
def benni(store, history):
    """Ben also played two games as "Benni" (with Anna and Cem), winning one."""
    return [finished_game(store, (10, 70, 0), players=("Anna", "Benni", "Cem"), day=6),
            finished_game(store, (60, 20, 0), players=("Anna", "Benni", "Cem"), day=7)]


def files(store):
    return {p.name: p.read_bytes() for p in store.games_dir.glob("*.json")}


def player(client, name):
    return re.sub(r"\s+", " ", client.get(f"/players/{name}", headers={"Accept-Language": "en"})
                  .get_data(as_text=True)).replace("> <", "><")


def test_merge_joins_the_history_and_undo_splits_it_again(user, store, benni):
    before = files(store)
    user.open("/groups/household")
    user.submit("/players/merge", {"player": "Benni", "into": "Ben"})
    assert "The players are merged" in user.page
    page = player(user.client, "Ben")
    assert "<dt>Games</dt><dd>7</dd>" in page and "<dt>Wins</dt><dd>3</dd>" in page
    assert user.client.get("/players/Benni").status_code == 404
    assert "Benni" not in user.client.get("/stats").get_data(as_text=True)
    assert files(store) == before  # nothing rewritten: the merge is an alias in the index
    # Take it back: Benni's games are Benni's again; nothing was lost.
    user.open("/groups/household")
    assert "Benni merged into Ben" in user.page
    user.submit("/undo")
    assert "<dt>Games</dt><dd>5</dd>" in player(user.client, "Ben")
    assert "<dt>Games</dt><dd>2</dd>" in player(user.client, "Benni")
    assert files(store) == before


def test_a_merged_players_streak_runs_across_both_names(store, benni):
    groups.merge(store, "household", "Benni", "Ben")
    plays = stats.plays(groups.group_games(store, "household"),
                        groups.resolver(groups.aliases(store, "household")))
    ben = stats.player_stats(plays, "Ben")
    # Ben: L W W L L, then as Benni W (day 6) L (day 7)
    assert (ben.played, ben.wins, ben.current_streak, ben.longest_streak) == (7, 3, 0, 2)
    assert ben.by_game["beutelschneider"].best == 70


def test_two_names_from_the_same_game_cannot_be_merged(user, store, history):
    user.open("/groups/household")
    response = user.submit("/players/merge", {"player": "Anna", "into": "Ben"})
    assert response.status_code == 422
    assert "Anna and Ben played in the same game, so they are two people." in user.page
    assert groups.aliases(store, "household") == []


@pytest.mark.parametrize("player, into, message", [
    ("Ben", "Ben", "Choose two different players."),
    ("Nobody", "Ben", "No such player."),
])
def test_merges_that_make_no_sense_are_refused(user, store, history, player, into, message):
    user.open("/groups/household")
    assert user.submit("/players/merge", {"player": player, "into": into}).status_code == 422
    assert message in user.page
    assert groups.aliases(store, "household") == []


def test_rename_shows_the_new_name_everywhere_and_can_be_taken_back(user, store, history):
    user.open("/groups/household")
    user.submit("/players/rename", {"player": "Cem", "name": "Cemal"})
    assert "<dt>Games</dt><dd>5</dd>" in player(user.client, "Cemal")
    assert user.client.get("/players/Cem").status_code == 404
    assert "Cemal" in user.client.get("/history").get_data(as_text=True)
    assert "Cemal" in user.client.get("/new/beutelschneider").get_data(as_text=True)
    assert store.load(history[0])["players"] == ["Anna", "Ben", "Cem"]  # the record as typed
    # Renaming back removes the loop rather than adding to it.
    user.open("/groups/household")
    user.submit("/players/rename", {"player": "Cemal", "name": "Cem"})
    assert "<dt>Games</dt><dd>5</dd>" in player(user.client, "Cem")
    assert [a["from"] for a in groups.aliases(store, "household")] == ["Cemal"]


@pytest.mark.parametrize("name, message", [
    ("Ben", "Ben is another player; merge them instead."),
    ("   ", "Enter a name."),
    ("", "This field is required."),
])
def test_a_rename_onto_another_player_or_nothing_is_refused(user, store, history, name, message):
    user.open("/groups/household")
    assert user.submit("/players/rename", {"player": "Cem", "name": name}).status_code == 422
    assert message in user.page
    assert groups.aliases(store, "household") == []


def test_a_player_can_be_added_before_they_have_played_and_in_several_groups(app, user, store, club):
    user.open("/groups/household")
    user.submit("/groups/household/players", {"name": "Dora"})
    assert "Dora" in user.client.get("/new/beutelschneider").get_data(as_text=True)
    groups.add_player(store, club["id"], "Dora")
    assert "Dora" in groups.players(store, club["id"]) and "Dora" in groups.players(store, "household")
    user.open("/groups/household")
    assert user.submit("/groups/household/players", {"name": "dora"}).status_code == 422
    assert "dora is already a player of this group." in user.page


def test_look_alike_names_are_one_player_in_history_and_statistics_alike(user, store, history):
    from companion.record.entries import abandon, new_record
    finished_game(store, (10, 70, 0), players=("ＡＮＮＡ", "Ben", "Cem"), day=8)  # typed on another phone
    store.create(abandon(new_record("beutelschneider", ["anna", "Ben", "Cem"], {})))
    options = re.findall(r'<option value="([^"]*)"', user.client.get("/history").get_data(as_text=True))
    assert [o for o in options if o.casefold() == "anna"] == ["Anna"]
    page = user.client.get("/history?player=anna").get_data(as_text=True)
    assert "ＡＮＮＡ" not in page and "6 finished games · 1 abandoned" in re.sub(r"\s+", " ", page)
    assert "<dt>Games</dt><dd>6</dd>" in player(user.client, "ANNA")
