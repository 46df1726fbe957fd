"""A phone brings the group's BG Stats history in: the Group page's restore with
BGStatsExport.json, the summary, the one tap, the progress, and History (390x844, LAN)."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.bgstats_files import every_case
from tests.browser.conftest import shot, until


@pytest.mark.parametrize("origin", ["lan-http"], indirect=True)
def test_a_bg_stats_export_through_the_group_page(page, server_url, live_app, tmp_path):
    export = tmp_path / "BGStatsExport.json"
    export.write_text(json.dumps(every_case(), ensure_ascii=False), encoding="utf-8")
    page.goto(f"{server_url}/groups/household")
    page.set_input_files("input[name=file]", str(export))
    with page.expect_navigation():
        page.get_by_role("button", name="Restore from a backup").tap()
    main = page.locator("main")
    expect(main.locator("h1")).to_contain_text("Import from BG Stats")
    expect(main).to_contain_text("8 plays to import")
    expect(main.locator(".new-players")).to_have_text("Anna, Ben, Cem, dora, Emil")
    expect(main.locator(".refusals li")).to_have_count(1)  # Beutelschneider below its limit
    assert live_app.extensions["store"].index.games() == {}  # nothing stored before the tap
    shot(page, "bgstats-summary")
    button = page.get_by_role("button", name="Import 8 plays")
    box = button.bounding_box()
    assert box and box["width"] <= 390 and box["height"] >= 40  # a thumb's tap on the phone
    button.tap()
    until(page, lambda: page.locator(".imported").count() == 1)
    expect(page.locator(".imported")).to_contain_text("8 games added, 0 already here")
    shot(page, "bgstats-imported")
    with page.expect_navigation():
        page.get_by_role("link", name="History").first.tap()
    history = page.locator("main")
    for name in ("Beutezug", "Skat", "Hearts", "Codenames", "Pandemic", "Carcassonne"):
        expect(history).to_contain_text(name)
    shot(page, "bgstats-history")
    # An imported game's end screen offers it to BG Stats on the same phone.
    with page.expect_navigation():
        page.locator("main a[href^='/games/']").first.tap()
    send = page.locator("#send-bgstats")
    expect(send).to_be_visible()
    assert send.get_attribute("href").startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    shot(page, "bgstats-send", full_page=False)
    # A cooperative play everyone lost: the game nobody won, said so on its page.
    page.go_back()
    with page.expect_navigation():
        page.locator("main li", has_text="nobody won").locator("a").first.tap()
    expect(page.locator("#outcome h2")).to_have_text("Nobody won")
    expect(page.locator("#outcome")).to_contain_text("A cooperative game: nobody won, the game beat the table.")
    shot(page, "bgstats-nobody-won", full_page=False)
