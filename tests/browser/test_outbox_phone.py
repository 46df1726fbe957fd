"""What app.js keeps on the phone when the server answers but stores nothing: a phone signed
out meanwhile (the host changed the access code) and a game another phone deleted. The entry
stays in the outbox with the server's reason and its way out, and is sent once the way is
taken (joined again; the game brought back from the trash) -- once, never twice."""
from __future__ import annotations

from playwright.sync_api import expect

from companion.history import groups
from companion.storage import trash
from tests.browser.conftest import bs_save, posts_to, shot, waiting


def test_signed_out_meanwhile_the_entry_waits_until_the_phone_joins_again(bs_game, page, server_url, live_app):
    store = live_app.extensions["store"]
    game_id = bs_game
    sent = posts_to(page, f"/games/{game_id}/entries")
    page.goto(f"{server_url}/games/{game_id}")
    groups.set_code(store, "household", "Kaninchen7")  # the host, on another phone

    bs_save(page)
    outbox = page.locator("#next .outbox")
    expect(outbox).to_contain_text("Not saved yet:")
    expect(outbox).to_contain_text("This phone has to join its group again")
    expect(outbox).not_to_contain_text("when the connection is back")
    expect(page.locator("input[name='players-0-gold']")).to_have_value("25")  # still typed
    assert len(store.load(game_id)["entries"]) == 2 and waiting(page) == 1
    shot(page, "outbox-signed-out", full_page=False)

    outbox.get_by_role("link", name="Join").tap()
    page.fill("input[name=name]", "Household")
    page.fill("input[name=code]", "Kaninchen7")
    page.get_by_role("button", name="Join").last.tap()
    expect(page.locator("#next h2")).to_have_text("Hand 4")  # back on the game; sent
    assert page.url.startswith(f"{server_url}/games/{game_id}")
    record = store.load(game_id)
    assert len(record["entries"]) == 3
    assert [p["gold"] for p in record["entries"][-1]["data"]["players"]] == [25, 25, 15, 15]
    assert waiting(page) == 0 and len(sent) == 2  # refused once, then stored


def test_a_game_deleted_meanwhile_keeps_the_entry_until_it_is_back(bs_game, page, server_url, live_app):
    store = live_app.extensions["store"]
    game_id = bs_game
    sent = posts_to(page, f"/games/{game_id}/entries")
    page.goto(f"{server_url}/games/{game_id}")
    trash.delete(store, game_id)  # another phone

    bs_save(page)
    outbox = page.locator("#next .outbox")
    expect(outbox).to_contain_text("This game was deleted meanwhile, so this was not stored.")
    expect(page.locator("#next h2")).to_have_text("Hand 3")  # the page stays as it was
    assert waiting(page) == 1
    shot(page, "outbox-deleted", full_page=False)

    outbox.get_by_role("link", name="Open the trash").tap()
    page.get_by_role("button", name="Restore").tap()
    expect(page.locator("main").get_by_role("status")).to_contain_text("The game is back.")
    page.goto(f"{server_url}/games/{game_id}")
    expect(page.locator("#next h2")).to_have_text("Hand 4")
    assert len(store.load(game_id)["entries"]) == 3
    assert waiting(page) == 0 and len(sent) == 2
    page.reload()
    expect(page.locator("#next h2")).to_have_text("Hand 4")
    assert len(sent) == 2 and len(store.load(game_id)["entries"]) == 3  # never again
