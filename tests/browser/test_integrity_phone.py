"""Integrity at the seams, on a phone: a full disk says "Not saved" and keeps the hand as
typed (English, German, dark, 200 % text); an import that is already here links to it; a
message lands by its field; the Treasure setting and the Loot and Scoot end screen."""
from __future__ import annotations

import errno
import os
import subprocess

import pytest
from playwright.sync_api import expect

from companion import create_app
from companion.record.entries import add_entry, new_record
from tests.browser.conftest import answered, shot
from tests.games.scoot.test_game import TWO_PLAYER_GAME
from tests.history.conftest import finished_game


@pytest.fixture
def disk(tmp_path):
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here: {done.stderr.decode().strip()}")
    yield mount
    subprocess.run(["umount", "-l", str(mount)], check=True)


@pytest.fixture
def live_app(tmp_path, disk):
    return create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance"), "DATA_DIR": str(disk)})


def fill_up(disk) -> None:
    fd = os.open(disk / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(fd, b"\0" * 4096)
    except OSError as error:
        assert error.errno == errno.ENOSPC
    finally:
        os.close(fd)


def test_a_hand_on_a_full_disk_says_not_saved_and_keeps_what_was_typed(page, server_url, live_app, disk):
    store = live_app.extensions["store"]
    game_id = store.create(new_record("beutelschneider", ["Anna", "Ben", "Cem"], {}))
    page.goto(f"{server_url}/games/{game_id}")
    fill_up(disk)
    for seat, gold in enumerate((40, 30, 10)):
        page.locator(f"input[name='players-{seat}-gold']").fill(str(gold))
    with answered(page):
        page.get_by_role("button", name="Save the hand").tap()
    box = page.locator("#refusal")  # headed "Not saved", the reason below
    expect(box).to_contain_text("Not saved")
    expect(page.get_by_role("alert")).to_contain_text("The server's disk is full.")  # the box is the alert
    expect(page.locator("input[name='players-0-gold']")).to_have_value("40")
    shot(page, "integrity-not-saved", full_page=False)
    page.emulate_media(color_scheme="dark")
    shot(page, "integrity-not-saved-dark", full_page=False)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    page.goto(f"{server_url}/games/{game_id}")  # the page as it is: nothing was stored
    with page.expect_navigation():
        page.get_by_role("button", name="DE", exact=True).tap()
    for seat, gold in enumerate((40, 30, 10)):
        page.locator(f"input[name='players-{seat}-gold']").fill(str(gold))
    with answered(page):
        page.locator("form.entry-form button[type=submit]").first.tap()
    expect(page.locator("#refusal")).to_contain_text("Nicht gespeichert")
    expect(page.locator("#refusal")).to_contain_text("Die Festplatte des Servers ist voll.")
    shot(page, "integrity-not-saved-de-large", full_page=False)
    assert store.load(game_id)["entries"] == []
    (disk / "filler").unlink()
    with answered(page):
        page.locator("form.entry-form button[type=submit]").first.tap()  # the same form again
    assert len(store.load(game_id)["entries"]) == 1


def test_an_import_already_here_links_to_the_game(page, server_url, live_app, tmp_path):
    store = live_app.extensions["store"]
    game_id = finished_game(store, (50, 30, 0))
    body = live_app.test_client().get(f"/games/{game_id}/record.json").data
    path = tmp_path / "record.json"
    path.write_bytes(body)
    page.goto(f"{server_url}/import")
    page.locator("input[type=file]").set_input_files(str(path))
    with page.expect_navigation():
        page.get_by_role("button", name="Import").tap()
    expect(page.get_by_role("alert")).to_contain_text("Already here, nothing was added")
    shot(page, "integrity-import-already-here")
    with page.expect_navigation():
        page.get_by_role("link", name="Beutelschneider (Anna, Ben, Cem)").tap()
    assert page.url.endswith(f"/games/{game_id}")
    assert store.game_ids() == [game_id]


def test_the_assassin_message_is_by_the_assassins_field(page, server_url, live_app):
    store = live_app.extensions["store"]
    game_id = store.create(new_record("beutelschneider", ["Anna", "Ben", "Cem"], {}))
    page.goto(f"{server_url}/games/{game_id}")
    for seat, gold in enumerate((40, 30, 10)):
        page.locator(f"input[name='players-{seat}-gold']").fill(str(gold))
    page.locator("input[name='players-1-assassin']").evaluate("el => el.closest('details') && (el.closest('details').open = true)")
    page.locator("input[name='players-1-assassin']").fill("2")
    with answered(page):
        page.get_by_role("button", name="Save the hand").tap()
    box = page.locator("div.field", has=page.locator("input[name='players-1-assassin']"))
    expect(box).to_contain_text("Only 1 authorities are in the deck with this many players.")
    box.scroll_into_view_if_needed()
    shot(page, "integrity-assassin-by-its-field")


def test_the_treasure_setting_and_the_scoot_end_screen(page, server_url, live_app):
    page.goto(f"{server_url}/new/give-me-the-treasure")
    expect(page.get_by_text("all of its Cursed Paintings (the rule as written)")).to_be_visible()
    expect(page.get_by_label("all of its Cursed Paintings (the rule as written)")).to_be_checked()
    shot(page, "integrity-treasure-free-discard-setting")
    store = live_app.extensions["store"]
    record = new_record("loot-and-scoot", ["Adam", "Beth"], {})
    for kind, data in TWO_PLAYER_GAME[:-2] + [("treasure_roll", {"dice": [3, 3]}),
                                               ("treasure_roll", {"dice": [6, 6]})]:
        record = add_entry(record, kind, data)
    game_id = store.create(record)
    page.goto(f"{server_url}/games/{game_id}")
    expect(page.get_by_text("+ 18 gp of unrevealed Treasure: 20 gp in all")).to_be_visible()
    expect(page.get_by_text("Money with the unrevealed Treasure (gp)")).to_be_visible()
    page.locator("table.scoot-final").scroll_into_view_if_needed()
    shot(page, "integrity-scoot-end-screen")

