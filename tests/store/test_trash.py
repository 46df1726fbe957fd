"""The trash in a real store: delete, restore, removal for good after 30 days (a fixed
clock), emptying a group's trash, and what a crash halfway leaves."""
from __future__ import annotations

from datetime import timedelta

import pytest

from companion.storage import trash
from companion.storage.store import NoSuchGame
from tests.playing import NOW, playing_game


def test_a_deleted_game_leaves_the_index_and_its_folder_and_comes_back_as_it_was(store):
    game_id = playing_game(store)
    before = store.load(game_id)
    trash.delete(store, game_id, submission="del-1", now=NOW)
    assert game_id not in store.index.games() and game_id not in store.game_ids()
    with pytest.raises(NoSuchGame):
        store.load(game_id)
    listed = trash.listing(store, "household", now=NOW)
    assert [r["id"] for r in listed] == [game_id]
    assert listed[0]["deleted"] == NOW.isoformat() and "del-1" in listed[0]["submissions"]
    assert trash.until(listed[0]) == (NOW + timedelta(days=30)).isoformat()
    back = trash.restore(store, game_id, submission="res-1")
    assert "deleted" not in back and "res-1" in back["submissions"]
    assert store.load(game_id)["entries"] == before["entries"]
    assert store.index.games()[game_id]["status"] == "playing"
    assert trash.listing(store, "household", now=NOW) == []
    # A rebuilt index finds it too: it is an ordinary game file again.
    store.index.rebuild()
    assert game_id in store.index.games()


def test_the_trash_keeps_a_game_30_days_then_removes_it_for_good(store):
    old, young = playing_game(store), playing_game(store)
    trash.delete(store, old, now=NOW)
    trash.delete(store, young, now=NOW + timedelta(days=10))
    assert len(trash.listing(store, "household", now=NOW + timedelta(days=29, hours=23))) == 2
    # Past its 30 days a game cannot be brought back, even before anything removed its file.
    assert trash.find(store, old, now=NOW + timedelta(days=30)) is None
    assert trash.find(store, old, now=NOW + timedelta(days=29)) is not None
    assert [r["id"] for r in trash.listing(store, "household", now=NOW + timedelta(days=30))] == [young]
    # It goes for good once a look a day after the first that found it past its days agrees.
    assert trash.purge(store, now=NOW + timedelta(days=30, hours=23)) == 0
    assert trash.purge(store, now=NOW + timedelta(days=31)) == 1
    assert trash.find(store, old, now=NOW) is None
    with pytest.raises(NoSuchGame):
        trash.restore(store, old)
    trash.listing(store, "household", now=NOW + timedelta(days=40))
    assert trash.listing(store, "household", now=NOW + timedelta(days=41)) == []
    assert list(store.trash_dir.glob("*.json")) == []


def test_emptying_removes_what_the_person_saw_and_only_their_groups(store, club):
    mine, later, theirs = playing_game(store), playing_game(store), playing_game(store, group=club["id"])
    trash.delete(store, mine, now=NOW)
    trash.delete(store, theirs, now=NOW)
    seen = max(r["deleted"] for r in trash.listing(store, "household", now=NOW))
    trash.delete(store, later, now=NOW + timedelta(minutes=5))  # on another phone, meanwhile
    assert trash.purge(store, group_id="household", upto=seen, now=NOW) == 1
    assert [r["id"] for r in trash.listing(store, "household", now=NOW)] == [later]
    assert [r["id"] for r in trash.listing(store, club["id"], now=NOW)] == [theirs]


def test_a_crash_between_the_trash_copy_and_the_index_leaves_a_game_not_a_ghost(store):
    game_id = playing_game(store)
    record = store.load(game_id)
    # What a crash right after writing the trash copy leaves: the game in both folders.
    store.trash_dir.mkdir(exist_ok=True)
    store._write(trash._path(store, game_id), {**record, "deleted": NOW.isoformat()})
    assert trash.listing(store, "household", now=NOW) == []  # still a game, so not in the trash
    assert trash.find(store, game_id, now=NOW) is None  # and the stale copy is cleared
    assert store.load(game_id)["entries"] == record["entries"]
    # A restore finding the game in both folders just clears the copy.
    store._write(trash._path(store, game_id), {**record, "deleted": NOW.isoformat()})
    trash.restore(store, game_id)
    assert trash.find(store, game_id, now=NOW) is None and store.load(game_id)["entries"] == record["entries"]


def test_a_trash_copy_beside_a_damaged_game_file_is_kept_as_it_may_be_the_only_good_one(store):
    game_id, other = playing_game(store), playing_game(store)
    record = store.load(game_id)
    store.trash_dir.mkdir(exist_ok=True)
    copy = trash._path(store, game_id)
    store._write(copy, {**record, "deleted": NOW.isoformat()})  # a delete cut short
    store.file(game_id).write_text('{"record": {"1": {"schema"')  # and then the game file damaged
    trash.delete(store, other, now=NOW)  # each delete purges the trash
    trash.purge(store, now=NOW + timedelta(days=31))
    assert trash.purge(store, now=NOW + timedelta(days=32)) == 1  # the other game, past its days
    trash.purge(store, now=NOW, group_id="household", upto=(NOW + timedelta(days=1)).isoformat())
    assert copy.exists() and store.read_file(copy)["entries"] == record["entries"]


def test_a_game_is_not_brought_back_beside_itself_under_another_id(store):
    from companion.history.transfer import export_record, import_record
    original = playing_game(store)
    copy = store.create(import_record(export_record(store.load(original))))  # imported again
    assert store.load(copy)["origin"] == original
    trash.delete(store, original, now=NOW)
    with pytest.raises(trash.Duplicate) as refused:
        trash.restore(store, original)
    assert refused.value.listed == copy
    assert original not in store.index.games() and [r["id"] for r in trash.listing(store, "household", now=NOW)] == [original]
    # The other way round: the import deleted, the original listed; or two imports of one game.
    trash.delete(store, copy, now=NOW)
    trash.restore(store, original)
    with pytest.raises(trash.Duplicate):
        trash.restore(store, copy)
    second = store.create(import_record(export_record(store.load(original))))
    trash.delete(store, original, now=NOW)
    with pytest.raises(trash.Duplicate):
        trash.restore(store, copy)  # same origin as the second import
    assert sorted(store.index.games()) == [second]
    # Another group's game of the same record is another group's business.
    other = store.create(import_record(export_record(store.load(second)), group="club"))
    trash.delete(store, second, now=NOW)
    trash.restore(store, original)
    assert sorted(store.index.games()) == sorted([original, other])


def test_a_restore_whose_index_write_fails_is_kept_and_listed_by_the_next_write(store, monkeypatch):
    import errno

    from companion.storage import files
    game_id = playing_game(store)
    trash.delete(store, game_id, now=NOW)
    write = files.write_atomically

    def full_for_the_index(path, text):
        if path.name == "index.json":
            raise OSError(errno.ENOSPC, "No space left on device")
        write(path, text)
    monkeypatch.setattr(files, "write_atomically", full_for_the_index)
    back = trash.restore(store, game_id, submission="res-1")  # the game file is written: restored
    assert "res-1" in back["submissions"] and store.file(game_id).exists()
    assert trash.listing(store, "household", now=NOW) == []
    assert (store.folder / "pending" / game_id).exists()  # the row is owed, and known to be
    assert '"' + game_id + '"' not in (store.folder / "index.json").read_text()
    assert store.index.games()[game_id]["status"] == "playing"  # listed meanwhile, from its file
    monkeypatch.undo()
    playing_game(store, players=("Dora", "Emil", "Finn"))  # whoever writes next lists it
    assert store.index.games()[game_id]["status"] == "playing"
    assert not (store.folder / "pending" / game_id).exists()


# -- the clock is not trusted to destroy -------------------------------------------------------

def test_a_clock_jump_ahead_one_look_and_the_clock_set_back_leave_the_game_in_the_trash(store):
    game_id = playing_game(store)
    trash.delete(store, game_id, now=NOW)
    ahead = NOW + timedelta(days=31)  # a Raspberry Pi without a clock battery, before NTP
    assert trash.listing(store, "household", now=ahead) == []  # past its days by that clock: not shown
    assert trash.purge(store, now=ahead + timedelta(hours=1)) == 0  # looks the same day: kept
    assert [r["id"] for r in trash.listing(store, "household", now=NOW + timedelta(hours=1))] == [game_id]
    # Set back, the look forgot the sighting: the next jump ahead starts counting again.
    assert trash.purge(store, now=ahead + timedelta(days=2)) == 0
    assert trash.restore(store, game_id)["id"] == game_id


def test_a_look_with_the_clock_behind_the_first_sighting_starts_counting_again(store):
    game_id = playing_game(store)
    trash.delete(store, game_id, now=NOW)
    assert trash.purge(store, now=NOW + timedelta(days=400)) == 0  # a year ahead
    assert trash.purge(store, now=NOW + timedelta(days=40)) == 0  # set back, still past its days
    assert trash.purge(store, now=NOW + timedelta(days=40, hours=23)) == 0
    assert trash.purge(store, now=NOW + timedelta(days=41)) == 1


def test_emptying_the_trash_on_purpose_is_at_once_whatever_the_clock(store):
    game_id = playing_game(store)
    trash.delete(store, game_id, now=NOW)
    seen = trash.listing(store, "household", now=NOW)[0]["deleted"]
    assert trash.purge(store, group_id="household", upto=seen, now=NOW - timedelta(days=3)) == 1
    assert trash.find(store, game_id, now=NOW) is None
