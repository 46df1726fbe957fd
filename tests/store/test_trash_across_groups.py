"""A game's id belongs to one game, listed or in the trash, whichever group restores or
imports what: a restore into one group never destroys, overwrites or takes over another
group's trashed game, and restore and import treat a game in the group's own trash alike
(it stays there, and the page says so)."""
from __future__ import annotations

import io

import pytest

from companion.history import backup, groups
from companion.storage import trash
from companion.storage.store import StoreError
from tests.formpage import Browserless
from tests.history.conftest import finished_game, join
from tests.playing import NOW, playing_game


def upload(user: Browserless, page: str, action: str, body: bytes, **headers: str) -> str:
    user.open(page)
    form = user.form(action)
    data: dict = {}
    for name, value in form["fields"]:
        data[name] = value
    data["file"] = (io.BytesIO(body), "upload.json")
    response = user.client.post(form["action"] or page, data=data, content_type="multipart/form-data",
                                follow_redirects=True, headers=headers)
    return response.get_data(as_text=True)


def test_a_restore_into_another_group_leaves_a_trashed_game_where_it_is(app, store, club):
    household, other = Browserless(app.test_client()), Browserless(app.test_client())
    game_id = finished_game(store, (50, 30, 0))
    saved = household.client.get("/groups/household/backup.json").data
    household.open(f"/games/{game_id}")
    household.submit(f"/games/{game_id}/delete")
    household.open("/trash")  # the Trash page stays open on this phone
    join(other.client, "Club", "club-code")
    page = upload(other, f"/groups/{club['id']}", "/restore", saved)
    assert "Restored: 1 game added, 0 already here." in page
    (theirs,) = [g["id"] for g in groups.group_games(store, club["id"])]
    assert theirs != game_id and not store.file(game_id).exists()
    assert store.load(theirs)["origin"] == game_id
    # The Household's trash still holds its game, and brings it back.
    assert [r["id"] for r in trash.listing(store, "household")] == [game_id]
    household.submit(f"/trash/{game_id}/restore")
    assert "The game is back." in household.page
    assert household.client.get(f"/games/{game_id}").status_code == 200
    assert store.load(game_id)["group"] == "household" and store.load(theirs)["group"] == club["id"]
    # A second restore into the club finds its copy: nothing doubled on either side.
    assert "0 games added, 1 already here" in upload(other, f"/groups/{club['id']}", "/restore", saved)
    assert len(groups.group_games(store, club["id"])) == 1
    assert len(groups.group_games(store, "household")) == 1


def test_a_game_in_the_trash_keeps_its_id_from_every_new_game(store):
    game_id = playing_game(store)
    trash.delete(store, game_id, now=NOW)
    assert store.taken(game_id)
    with pytest.raises(StoreError):
        store.create(store.read_file(store.trash_dir / f"{game_id}.json"), game_id=game_id)
    assert trash.find(store, game_id, now=NOW) is not None


def test_restore_and_import_both_leave_a_game_of_the_groups_trash_in_the_trash(app, store, user):
    game_id = finished_game(store, (50, 30, 0))
    saved = user.client.get("/groups/household/backup.json").data
    record = user.client.get(f"/games/{game_id}/record.json").data
    user.open(f"/games/{game_id}")
    user.submit(f"/games/{game_id}/delete")
    page = upload(user, "/groups/household", "/restore", saved)
    assert "Restored: 0 games added, 0 already here." in page
    assert "1 game of the backup is in this group&#39;s trash and was left there" in page
    assert game_id not in store.index.games() and not store.file(game_id).exists()
    page = upload(user, "/import", "", record)
    assert "This game was deleted and is in the Trash, so nothing was added" in page
    assert store.index.games() == {} and [r["id"] for r in trash.listing(store, "household")] == [game_id]
    assert backup.restore(store, "household", saved) == (0, 0, 1)
    # Brought back from the trash, the same backup finds it here.
    trash.restore(store, game_id)
    assert backup.restore(store, "household", saved) == (0, 1, 0)


def test_the_trash_speaks_german_about_a_game_it_kept(app, store, user):
    game_id = finished_game(store, (50, 30, 0))
    saved = user.client.get("/groups/household/backup.json").data
    trash.delete(store, game_id)
    page = upload(user, "/groups/household", "/restore", saved, **{"Accept-Language": "de"})
    assert "1 Partie der Sicherung liegt im Papierkorb dieser Gruppe und blieb dort" in page


def test_a_folder_where_two_groups_share_an_id_loses_neither(store, club):
    """What the bug left on disk before ids were kept: the club's game in games/, the
    household's deleted game of the same id in the trash."""
    game_id = playing_game(store)
    trash.delete(store, game_id, now=NOW)
    theirs = store.read_file(store.trash_dir / f"{game_id}.json")
    store._write(store.file(game_id), {k: v for k, v in {**theirs, "group": club["id"]}.items()
                                       if k != "deleted"})
    store.index.reindex(game_id)
    assert [r["id"] for r in trash.listing(store, "household", now=NOW)] == [game_id]
    store.index.reconcile()
    assert trash.find(store, game_id, now=NOW) is not None
    back = trash.restore(store, game_id)
    assert back["id"] != game_id and back["origin"] == game_id and back["group"] == "household"
    assert store.load(game_id)["group"] == club["id"]
    assert trash.listing(store, "household", now=NOW) == []
    assert sorted(store.index.games()) == sorted([game_id, back["id"]])
