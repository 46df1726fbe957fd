"""The server starts on a disk that refuses writes -- full (a 300 KiB tmpfs filled up) with
an index the start would repair, or read-only (the tmpfs remounted ro: root ignores
chmod) -- and serves what it can read: every page and game, the repaired games list; every
write says "Not saved"; the right access code still lets a phone in."""
from __future__ import annotations

import io
import json
import subprocess
from datetime import UTC, datetime, timedelta

import pytest

from companion import create_app
from companion.history import groups
from companion.record.entries import new_record
from companion.storage import trash
from tests.conftest import small_tmpfs
from tests.formpage import Browserless
from tests.history.conftest import finished_game, join
from tests.views.test_not_saved import Disk

READ_ONLY = "The server&#39;s data folder is read-only."
FULL = "The server&#39;s disk is full."


@pytest.fixture
def disk(tmp_path):
    yield from small_tmpfs(tmp_path, "300k")


def server(tmp_path, disk):
    """A new start of the server: its data on the small disk, its instance elsewhere."""
    return create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance"),
                       "DATA_DIR": str(disk)})


def played(tmp_path, disk) -> tuple[str, str]:
    """Two games and a second group; the newer game's row lost (a write cut short), so the
    next start has to repair the index."""
    store = server(tmp_path, disk).extensions["store"]
    groups.create(store, "Club", "club-code")
    listed = finished_game(store, (50, 30, 0))
    unlisted = store.create(new_record("beutelschneider", ["Dora", "Emil", "Finn"], {}))
    store.index.unlist(unlisted)
    assert unlisted not in json.loads((disk / "index.json").read_text())["games"].__repr__()
    return listed, unlisted


def serves_what_it_reads(app, listed: str, unlisted: str, refusal: str, status: int) -> None:
    client = app.test_client()
    home = client.get("/")
    assert home.status_code == 200 and f"/games/{unlisted}" in home.get_data(as_text=True)
    for path in ("/history", "/stats", "/trash", "/groups/household", f"/games/{listed}",
                 f"/games/{unlisted}", "/new/beutelschneider"):
        assert client.get(path).status_code == 200, path
    user = Browserless(client)
    user.open("/new/beutelschneider")
    response = user.submit("", {"player": ["Anna", "Ben", "Cem", "", ""]})
    assert response.status_code == status and "Not saved" in user.page and refusal in user.page
    # The right code lets a phone in; a wrong one is still refused as wrong, not as unsaved.
    phone = app.test_client()
    wrong = join(phone, "Club", "wrong-code")
    assert wrong.status_code == 422 and "Wrong group name or access code." in wrong.get_data(as_text=True)
    right = join(phone, "Club", "club-code")
    assert right.status_code == 303, right.get_data(as_text=True)
    club = groups.find_by_name(app.extensions["store"], "Club")
    assert f'data-group="{club["id"]}"' in phone.get("/").get_data(as_text=True)


def test_a_full_disk_with_an_index_to_repair_starts_and_serves_what_it_can_read(tmp_path, disk):
    listed, unlisted = played(tmp_path, disk)
    full = Disk(disk)
    full.fill()
    app = server(tmp_path, disk)  # the start: its repair of the index is refused
    serves_what_it_reads(app, listed, unlisted, FULL, 507)
    full.free()
    # With room again, the next write keeps the repaired list too.
    user = Browserless(app.test_client())
    user.open("/new/beutelschneider")
    assert user.submit("", {"player": ["Anna", "Ben", "Cem", "", ""]}).status_code == 200
    on_disk = {d["id"] for d in json.loads((disk / "index.json").read_text())["games"].values()}
    assert {listed, unlisted} <= on_disk and len(on_disk) == 3


def test_a_read_only_data_folder_starts_and_serves_what_it_can_read(tmp_path, disk):
    listed, unlisted = played(tmp_path, disk)
    (disk / "pending" / unlisted).touch()  # a marker the start would settle, too
    before = server(tmp_path, disk)
    old = finished_game(before.extensions["store"], (10, 20, 30))
    trash.delete(before.extensions["store"], old, now=datetime.now(UTC) - timedelta(days=40))  # past its days
    saved = json.loads(before.test_client().get("/groups/household/backup.json").data)
    saved["records"][0]["id"] = "not-here-yet"
    subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
    try:
        app = server(tmp_path, disk)
        serves_what_it_reads(app, listed, unlisted, READ_ONLY, 503)
        user = Browserless(app.test_client())
        user.open("/groups/household")
        form = user.form("/restore")
        response = user.client.post(form["action"], data={
            **dict(form["fields"]), "file": (io.BytesIO(json.dumps(saved).encode()), "backup.json")},
            content_type="multipart/form-data")
        page = response.get_data(as_text=True)
        assert response.status_code == 503 and "Not saved" in page and READ_ONLY in page
        assert "/groups/household/restore" in page  # the group page again, its form there
    finally:
        subprocess.run(["mount", "-o", "remount,rw", str(disk)], check=True)
