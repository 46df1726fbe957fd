"""Writes the disk refuses, on a real full (tmpfs) disk: every form answers "Not saved: …"
with 507 (full) or 503 (read-only), keeps what was typed and changes nothing; an entry whose
game file was written is saved even when the index write fails, and the index heals."""
from __future__ import annotations

import errno
import io
import json
import os
import subprocess
from pathlib import Path

import pytest

from companion import create_app
from companion.storage.store import NotSaved
from companion.views import not_saved as not_saved_message
from tests.conftest import small_tmpfs
from tests.formpage import Browserless
from tests.games.beutelschneider.web.test_pages import hand_values, start
from tests.history.conftest import finished_game

FULL = "The server&#39;s disk is full. Free some space on it, then send this again."
PAGE = 4096


def not_saved(page: str) -> bool:
    """The page says "Not saved" (a game page's refusal box, else the message's own words)
    and why."""
    return "Not saved" in page and FULL in page


@pytest.fixture
def disk(tmp_path):
    yield from small_tmpfs(tmp_path, "1m")


class Disk:
    """The data folder's disk: fill it up to ``room`` free pages, then free it again."""

    def __init__(self, mount: Path):
        self.filler = mount / "filler"

    def fill(self, room: int = 0) -> None:
        fd = os.open(self.filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        try:
            while True:
                os.write(fd, b"\0" * PAGE)
        except OSError as error:
            assert error.errno == errno.ENOSPC
        finally:
            os.close(fd)
        if room:
            os.truncate(self.filler, max(0, self.filler.stat().st_size // PAGE - room) * PAGE)

    def free(self) -> None:
        self.filler.unlink(missing_ok=True)


@pytest.fixture
def app(tmp_path, disk):
    return create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance"),
                       "DATA_DIR": str(disk)})


@pytest.fixture
def full(disk):
    return Disk(disk)


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*")
            if p.is_file() and p.parent.name not in ("locks", "pending") and p.name != "filler"}


def test_a_hand_on_a_full_disk_is_not_saved_keeps_what_was_typed_and_goes_once_there_is_room(
        user, store, full, disk):
    game_id = start(user)
    before = files(disk)
    full.fill()
    response = user.submit("/entries", hand_values(40, 30, 10))
    assert response.status_code == 507
    assert not_saved(user.page) and "Something went wrong" not in user.page
    assert 'name="players-0-gold" value="40"' in user.page
    assert files(disk) == before
    full.free()
    assert user.submit("/entries").status_code == 200  # the same form, as it was re-shown
    assert len(store.load(game_id)["entries"]) == 1


def test_undo_correction_and_note_on_a_full_disk_change_nothing(user, store, full, disk):
    game_id = start(user)
    user.submit("/entries", hand_values(40, 30, 10))
    before = files(disk)
    full.fill()
    assert user.submit("/undo").status_code == 507 and not_saved(user.page)
    user.open(f"/games/{game_id}/entries/1/edit")
    assert user.submit("", hand_values(50, 20, 10)).status_code == 507
    assert not_saved(user.page) and 'value="50"' in user.page
    user.open(f"/games/{game_id}")
    assert user.submit("/note", {"note": "pizza at nine"}).status_code == 507
    assert not_saved(user.page) and "pizza at nine</textarea>" in user.page
    assert files(disk) == before


def test_a_draw_on_a_full_disk_is_not_saved(user, store, full, disk):
    user.open("/new/beutezug")
    user.submit("", {"player": ["Vincenzo", "Kate", "Johnny", "", ""]})
    before = files(disk)
    full.fill()
    assert user.submit("/draw").status_code == 507 and not_saved(user.page)
    assert files(disk) == before


def test_a_new_game_on_a_full_disk_keeps_the_names(user, store, full, disk):
    full.fill()
    user.open("/new/beutelschneider")
    response = user.submit("", {"player": ["Anna", "Ben", "Cem", "", ""], "note": "at Cem's"})
    assert response.status_code == 507 and not_saved(user.page)
    assert 'value="Anna"' in user.page and 'value="Cem"' in user.page
    assert store.game_ids() == []


def test_an_import_and_a_restore_on_a_full_disk_say_so(client, store, full, disk, tmp_path):
    other = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "other")})
    source = Browserless(other.test_client())
    game_id = start(source)
    source.submit("/entries", hand_values(40, 30, 10))
    record = other.test_client().get(f"/games/{game_id}/record.json").data
    backup = other.test_client().get("/groups/household/backup.json").data
    full.fill()
    user = Browserless(client)
    user.open("/import")
    form = dict(user.form("")["fields"])
    response = client.post("/import", data={**form, "file": (io.BytesIO(record), "r.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 507 and not_saved(response.get_data(as_text=True))
    user.open("/groups/household")
    form = dict(user.form("/restore")["fields"])
    response = client.post("/groups/household/restore", content_type="multipart/form-data",
                           data={**form, "file": (io.BytesIO(backup), "b.json")})
    page = response.get_data(as_text=True)
    assert response.status_code == 507 and not_saved(page)
    assert "0 games of the backup were restored before that" in page
    assert store.game_ids() == []


@pytest.mark.parametrize(("action", "field", "values"), [
    ("/name", "name", {"name": "The Crooks"}),
    ("/players", "name", {"name": "Dora"}),
    ("/code", "code", {"code": "secret-code"}),
])
def test_group_settings_on_a_full_disk_keep_what_was_typed(user, store, full, disk, action, field, values):
    user.open("/groups/household")
    full.fill()
    response = user.submit(action, values, with_field=field)
    assert response.status_code == 507 and not_saved(user.page)
    if field == "name":
        assert f'value="{values["name"]}"' in user.page
    assert store.index.table("groups") == {}


def test_a_write_without_a_form_of_its_own_says_not_saved_on_the_error_page(user, store, full, disk):
    # A share link is one button: the error page says what happened, never the generic 500.
    game_id = start(user)
    user.open(f"/games/{game_id}/share")
    full.fill()
    response = user.submit("/share")
    assert response.status_code == 507 and not_saved(user.page)
    assert "Something went wrong" not in user.page and store.index.table("shares") == {}


def test_a_read_only_data_folder_answers_503(user, store, disk):
    game_id = start(user)
    subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
    try:
        response = user.submit("/entries", hand_values(40, 30, 10))
        assert response.status_code == 503
        assert "Not saved" in user.page and "The server&#39;s data folder is read-only." in user.page
        assert 'name="players-0-gold" value="40"' in user.page
    finally:
        subprocess.run(["mount", "-o", "remount,rw", str(disk)], check=True)
    assert store.load(game_id)["entries"] == []


def test_a_finishing_hand_whose_index_write_fails_is_saved_and_the_index_heals(user, store, full, disk):
    # Enough finished games that the index needs more room than the game file.
    for n in range(60):
        finished_game(store, (50, 30, 0), day=n % 28 + 1)
    game_id = start(user, limit="30")
    assert (disk / "index.json").stat().st_size > 3 * PAGE
    assert (disk / "games" / f"{game_id}.json").stat().st_size < PAGE // 2
    full.fill(room=2)  # a page for the game file, too few for the index
    form = user.form("/entries")
    data: dict[str, list[str]] = {}
    for name, value in form["fields"]:
        data.setdefault(name, []).append(value)
    data.update({k: [str(v)] for k, v in hand_values(40, 30, 10).items()})
    response = user.client.post(form["action"], data=data)
    assert response.status_code == 303  # saved: the game file was written
    assert len(store.load(game_id)["entries"]) == 1
    on_disk = {d["id"]: d for d in json.loads((disk / "index.json").read_text())["games"].values()}
    assert on_disk[game_id]["status"] == "playing"  # behind: the disk refused it
    full.free()
    # The phone never saw the answer and sends the same form again: a repeat, which brings
    # the game's row up to date.
    assert user.client.post(form["action"], data=data).status_code == 303
    on_disk = {d["id"]: d for d in json.loads((disk / "index.json").read_text())["games"].values()}
    assert on_disk[game_id]["status"] == "finished"
    assert len(store.load(game_id)["entries"]) == 1
    assert f"/games/{game_id}" in user.open("/history").get_data(as_text=True)


@pytest.mark.parametrize(("code", "status", "words"), [
    (errno.ENOSPC, 507, "disk is full"), (errno.EDQUOT, 507, "disk is full"),
    (errno.EROFS, 503, "read-only"), (errno.EACCES, 503, "not allowed"),
    (errno.EPERM, 503, "not allowed"), (errno.EIO, 503, "Input/output error"), (None, 503, "busy"),
])
def test_each_refusal_of_the_disk_has_its_own_translated_message(app, code, status, words):
    with app.test_request_context("/", headers={"Accept-Language": "de"}):
        german, answered = not_saved_message(NotSaved(code, "Input/output error" if code == errno.EIO else "x"))
    assert answered == status and german.startswith("Nicht gespeichert: ")
    with app.test_request_context("/"):
        english, _ = not_saved_message(NotSaved(code, "Input/output error" if code == errno.EIO else "x"))
    assert english.startswith("Not saved: ") and words in english
