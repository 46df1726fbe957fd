"""A game page kept for offline use outlives an upgrade of the app: its static files then have
new versioned names (the old cache is deleted when the new worker takes over), and the copy
still names the old ones. Offline, it must come up styled, with app.js, and say it is a copy."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.conftest import shot, worker_ready

# The kept copy, rewritten as it was before an upgrade: every ?v= an old one (none cached).
AS_BEFORE_AN_UPGRADE = """async ([path, drop_script]) => {
  const pages = await caches.open("pages");
  const kept = await pages.match(path);
  let html = (await kept.text()).replace(/\\?v=[0-9a-f]+/g, "?v=0000old");
  if (drop_script) html = html.replace(/<script[^>]*app\\.js[^>]*><\\/script>/, "");
  await pages.put(path, new Response(html, { headers: kept.headers }));
  return (html.match(/\\?v=0000old/g) || []).length;
}"""

STYLED = """() => [...document.styleSheets].some(s => s.href && s.href.includes("/css/app.css")
  && s.href.includes("v=0000old") && s.cssRules.length > 0)"""


def test_an_offline_copy_from_before_an_upgrade_comes_up_styled_and_marked(bs_game, page, server_url):
    game_id = bs_game
    path = f"/games/{game_id}"
    page.goto(server_url + path)
    worker_ready(page)
    page.reload()  # under the service worker: the page is kept, the static files cached
    expect(page.locator("#next h2")).to_have_text("Hand 3")
    assert page.evaluate(AS_BEFORE_AN_UPGRADE, [path, False]) >= 2

    page.context.set_offline(True)
    page.reload()
    expect(page.locator("main .offline")).to_be_visible()
    assert page.evaluate(STYLED)  # the old name served by the file's current version
    expect(page.locator(".step button").first).to_be_visible()  # app.js ran: its steppers
    shot(page, "offline-after-upgrade", full_page=False)

    # Without app.js (a script that cannot run), the copy still says what it is.
    page.context.set_offline(False)
    page.goto(server_url + path)
    expect(page.locator("main .offline")).to_be_hidden()
    page.evaluate(AS_BEFORE_AN_UPGRADE, [path, True])
    page.context.set_offline(True)
    page.reload()
    assert not re.search(r"app\.js", page.content())
    expect(page.locator("main .offline")).to_be_visible()
    page.context.set_offline(False)
