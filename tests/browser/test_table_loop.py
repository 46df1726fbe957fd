"""The loop at the table, on a phone (390×844, touch), for each game: a save lands on the next
form, a refusal is seen at once, Back never doubles, a dropped connection loses nothing; and
every page reads at 200 % text, in the dark and in German, with no axe-core violations.

Games are set up through the pages' own forms by a second, script-free client of the same
app (fast); what a person taps is tapped in Chromium.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.browser.conftest import (
    answered,
    bs_save,
    bs_setup,
    on_the_table,
    posts_to,
    quiet,
    shot,
    until,
    worker_ready,
)
from tests.formpage import Browserless
from tests.games.beutelschneider.web import test_pages as beutelschneider
from tests.games.beutezug.web import test_pages as beutezug
from tests.games.scoot.web.test_pages import seed
from tests.games.scoot.web.test_refusals import SET_UP
from tests.games.treasure.web.test_pages import ready
from tests.history.conftest import share

AXE = Axe()


# -- each game: a game in progress, a typical save, a refusal ---------------------------------

def bs_refuse(page):
    form = page.locator("form.entry-form")
    for seat, gold in enumerate((10, 20, 30, 90)):
        form.locator(f"input[name='players-{seat}-gold']").fill(str(gold))
    form.get_by_role("button", name="Save the hand").tap()


def bz_setup(user, store):
    game_id = beutezug.start(user, players=("Vincenzo", "Kate", "Johnny", "Dora"))
    beutezug.place(user, 0, 1, 2, 3)
    beutezug.play_round(user, (2, 1, "none"), (3, 5, "none"), (4, 8, "none"), (5, 11, "none"))
    return game_id


def bz_save(page):
    rows = page.locator("form.entry-form fieldset.bz-row")
    for i, (stack, loot, bonus) in enumerate([(2, 3, "orange"), (3, 6, "green"), (4, 9, "black"), (5, 12, "pink")]):
        row = rows.nth(i)
        row.locator(f"input[name$='-stack'][value='{stack}'] + span").tap()
        # The stack's tap moved to its loot: typing is all it takes.
        expect(row.locator("input[name$='-loot']")).to_be_focused()
        page.keyboard.type(str(loot))
        row.locator(f"input[name$='-bonus'][value='{bonus}'] + span").tap()
    page.get_by_role("button", name="Save the round").tap()


def bz_refuse(page):
    rows = page.locator("form.entry-form fieldset.bz-row")
    for i in range(3):  # the last row's stack is left out; the 0-cards kept for their point
        rows.nth(i).locator("input[name$='-stack'][value='0'] + span").tap()
        rows.nth(i).locator("input[name$='-bonus'][value='none'] + span").tap()
    page.get_by_role("button", name="Save the round").tap()


def tr_setup(user, store):
    return ready(user)


def tr_cards(page, side, values):
    for value in values:
        page.locator(f"label.tc:has(input[name='sides-{side}-combinations-0'][value='{value}'])").tap()


def tr_save(page):
    tr_cards(page, 0, ["red1", "red2", "red3"])  # a 3-card resale
    page.get_by_role("button", name="Save the turn").tap()


def tr_refuse(page):
    tr_cards(page, 0, ["red1", "red2", "red3"])
    tr_cards(page, 1, ["blue4"])  # a single card is no combination
    page.get_by_role("button", name="Save the turn").tap()


def sc_setup(user, store):
    return seed(store, ["Adam", "Beth"], SET_UP)


def sc_save(page):
    page.locator("#act-recruit").get_by_role("button", name=re.compile("Thief")).tap()


def sc_refuse(page):
    # The Wizard costs 6 gp of Beth's 5: the page shows its chip disabled with that reason. A
    # chip tapped anyway (a page drawn before the gold was spent, a crafted post) is refused
    # by the server in the same words: that refusal is what the loop checks here.
    wizard = page.locator("#act-recruit").get_by_role("button", name=re.compile("Wizard"))
    expect(wizard).to_be_disabled()
    wizard.evaluate("b => { b.disabled = false; }")
    wizard.tap()


@dataclass
class Game:
    slug: str
    setup: Callable[[Any, Any], str]
    save: Callable[[Any], None]
    refuse: Callable[[Any], None]
    refused_field: str  # the first field the refusal names


GAMES = [
    Game("beutelschneider", bs_setup, bs_save, bs_refuse, "players-3-gold"),
    Game("beutezug", bz_setup, bz_save, bz_refuse, "outcomes-3-stack"),
    Game("give-me-the-treasure", tr_setup, tr_save, tr_refuse, "sides-1-combinations-0"),
    Game("loot-and-scoot", sc_setup, sc_save, sc_refuse, "class"),
]


# -- what every page must pass ------------------------------------------------------------------

# What sticks out past the screen's right edge (tables scroll in their own box: not counted).
WIDER = """() => [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > 391
  && !(e.parentElement && e.parentElement.closest('.scroll'))).slice(-5).map(e => e.outerHTML.slice(0, 120))"""


def no_sideways_scroll_at_double_text(page, name=None):
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    page.reload()
    try:
        assert page.evaluate("getComputedStyle(document.body).fontSize") == "34px"  # 1.0625rem: it follows
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, page.evaluate(WIDER)
        # Counters stay readable: the number fits its field.
        for box in page.locator("input[type=number]").all()[:6]:
            if box.is_visible():
                assert box.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), box.get_attribute("name")
        if name:
            page.evaluate("document.getElementById('next') && document.getElementById('next').scrollIntoView()")
            shot(page, name, full_page=False)
    finally:
        cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 16, "fixed": 13}})
        page.reload()


def axe_clean(page, where):
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        found = AXE.run(page).response["violations"]
        assert found == [], f"{where} ({scheme}): " + "; ".join(
            f"{v['id']}: {[n['target'] for n in v['nodes']][:4]} {v['nodes'][0].get('failureSummary', '')[:200]}"
            for v in found)
    page.emulate_media(color_scheme="light")


def spinbuttons_named(page):
    tree = page.locator("main").aria_snapshot()
    unnamed = [line for line in tree.splitlines() if re.search(r"- spinbutton(?! \")", line)]
    assert unnamed == [], unnamed
    assert "spinbutton" in tree or "button" in tree


def in_view(page, locator):
    expect(locator).to_be_in_viewport(ratio=1)


# -- per game -------------------------------------------------------------------------------------

@on_the_table  # the table's phones: plain http on the LAN, and https once they trust the table
@pytest.mark.parametrize("game", GAMES, ids=[g.slug for g in GAMES])
def test_the_loop_of_each_game_on_a_phone(page, server_url, live_app, game):
    store = live_app.extensions["store"]
    user = Browserless(live_app.test_client())
    game_id = game.setup(user, store)
    page.goto(f"{server_url}/games/{game_id}")
    entries = len(store.load(game_id)["entries"])
    spinbuttons_named(page)

    # A save: one round trip, no reload; the next form's first field is ready on screen.
    heading = page.locator("#next h2").inner_text()
    page.evaluate("window.__same = 1")  # gone if the page were loaded again
    with answered(page):
        game.save(page)
    expect(page.locator("#next .last")).to_contain_text("Last entry")
    if game.slug != "loot-and-scoot":  # a Loot and Scoot turn goes on after one action
        expect(page.locator("#next h2")).not_to_have_text(heading)
    assert len(store.load(game_id)["entries"]) == entries + 1
    assert page.evaluate("window.__same") == 1
    focused = page.locator(":focus")
    expect(focused).to_have_count(1)
    in_view(page, focused)
    if game.slug != "loot-and-scoot":  # its Inn, every chip out of reach with its reason, is long
        in_view(page, page.locator("#next .now"))
    assert focused.evaluate("e => !!e.closest('#next .forms')")
    shot(page, f"loop-{game.slug}-after-save", full_page=False)

    # A refusal: the summary at the top of the screen, the first bad field focused beside it.
    with answered(page):
        game.refuse(page)
    summary = page.locator(".refusal")
    expect(summary).to_be_visible()
    in_view(page, summary)
    if game.slug == "loot-and-scoot":
        # The refused chip is drawn disabled again, and a disabled button takes no focus: its
        # reason stands under its row.
        expect(page.locator("#act-recruit .refusals")).to_contain_text("Wizard")
    else:
        focused = page.locator(":focus")
        assert focused.get_attribute("name") == game.refused_field
        in_view(page, focused)
    assert len(store.load(game_id)["entries"]) == entries + 1
    shot(page, f"loop-{game.slug}-refusal", full_page=False)

    # The connection drops as the entry is undone: it waits on the phone, then goes, once.
    page.goto(f"{server_url}/games/{game_id}")  # loaded afresh (the refusal is gone)
    expect(page.locator(".refusal")).to_have_count(0)
    page.context.set_offline(True)
    page.get_by_role("button", name="Undo the last entry").tap()
    outbox = page.locator("#next .outbox")
    expect(outbox).to_contain_text("Not saved yet")
    assert len(store.load(game_id)["entries"]) == entries + 1
    shot(page, f"loop-{game.slug}-offline", full_page=False)
    page.context.set_offline(False)
    expect(page.locator("#next .last.undone")).to_contain_text("Taken back", timeout=15000)
    expect(outbox).to_be_hidden()
    assert len(store.load(game_id)["entries"]) == entries
    with answered(page):
        page.get_by_role("button", name="Put it back").tap()
    assert len(store.load(game_id)["entries"]) == entries + 1

    # Large text, dark, German, and axe-core, on the page after a save.
    page.goto(f"{server_url}/games/{game_id}#next")
    no_sideways_scroll_at_double_text(page, f"loop-{game.slug}-200-percent")
    axe_clean(page, game.slug)
    page.emulate_media(color_scheme="dark")
    page.goto(f"{server_url}/games/{game_id}#next")
    shot(page, f"loop-{game.slug}-dark", full_page=False)
    page.emulate_media(color_scheme="light")
    page.locator(".lang").get_by_role("button", name="DE").tap()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    spinbuttons_named(page)
    page.goto(f"{server_url}/games/{game_id}#next")
    shot(page, f"loop-{game.slug}-german", full_page=False)
    page.locator(".lang").get_by_role("button", name="EN").tap()


# -- Back, offline, undo ----------------------------------------------------------------------

def test_back_then_save_stores_nothing_and_says_why_without_javascript(bs_game, no_script, server_url, live_app):
    store = live_app.extensions["store"]
    game_id, page = bs_game, no_script
    page.goto(f"{server_url}/games/{game_id}")
    form = page.locator("form.entry-form")
    for seat, gold in enumerate((25, 25, 15)):
        form.locator(f"input[name='players-{seat}-gold']").fill(str(gold))
    with page.expect_navigation():
        form.get_by_role("button", name="Save the hand").tap()
    assert page.url.endswith("#next")
    in_view(page, page.locator("#next h2"))
    page.go_back()
    gold = page.locator("input[name='players-0-gold']")
    if gold.input_value() == "25":
        # The browser kept the page as it was: its form was sent already, and says so.
        with page.expect_navigation():
            page.get_by_role("button", name="Save the hand").tap()
        expect(page.locator("#next .notice")).to_contain_text("sent before and is stored already")
    else:
        # The page again from the server: the next hand, its form never refilled by the
        # browser from history; Save as it stands is refused.
        expect(page.locator("#next h2")).to_have_text("Hand 4")
        assert [page.locator(f"input[name='players-{s}-gold']").input_value() for s in range(4)] == [""] * 4
        with page.expect_navigation():
            page.get_by_role("button", name="Save the hand").tap()
        in_view(page, page.locator(".refusal"))  # the form's action ends in #next
        shot(page, "loop-no-script-refusal", full_page=False)
    assert len(store.load(game_id)["entries"]) == 3


def test_back_to_the_game_after_a_correction_shows_the_game_as_it_is_now(bs_game, page, server_url, live_app):
    store = live_app.extensions["store"]
    game_id = bs_game
    page.goto(f"{server_url}/games/{game_id}")
    page.locator("ol.log li").first.get_by_role("link", name="Correct").tap()
    # The game page's next hand has the same fields: fill them on the correction page only.
    page.wait_for_url("**/entries/*/edit")
    page.locator("input[name='players-0-gold']").fill("40")
    page.locator("input[name='players-3-gold']").fill("0")
    page.get_by_role("button", name="Save the hand").tap()
    expect(page.locator("ol.log li").first.locator(".was")).to_contain_text("edited")
    assert page.url.endswith(f"/games/{game_id}")
    page.go_back()  # the game page from before the correction, from the browser's memory
    expect(page.locator("ol.log li").first.locator(".was")).to_contain_text("edited")
    page.locator("form.entry-form input[name='players-0-gold']").fill("25")
    assert len(store.load(game_id)["entries"]) == 2


def test_a_dropped_connection_loses_nothing(bs_game, page, server_url, live_app):
    store = live_app.extensions["store"]
    game_id = bs_game
    sent = posts_to(page, f"/games/{game_id}/entries")
    page.goto(f"{server_url}/games/{game_id}")
    worker_ready(page)
    page.reload()  # now under the service worker: the page is kept for offline
    expect(page.locator("#next h2")).to_have_text("Hand 3")

    page.context.set_offline(True)
    bs_save(page)
    outbox = page.locator("#next .outbox")
    expect(outbox).to_contain_text("Not saved yet — will be sent when the connection is back")
    # What was typed is listed, and the table goes on with the next hand on the phone.
    expect(outbox.locator("li")).to_contain_text("Hand 3 · Anna 25 · Ben 25 · Cem 15 · Dora –")
    expect(page.locator("#next h2")).to_have_text("Hand 4")
    expect(page.locator("input[name='players-0-gold']")).to_have_value("")
    assert len(store.load(game_id)["entries"]) == 2
    shot(page, "loop-offline-outbox", full_page=False)

    # A reload while offline: the last known state, said to be that, with the entry waiting.
    page.reload()
    expect(page.locator("main .offline")).to_be_visible()
    expect(outbox).to_contain_text("Hand 3")
    expect(page.locator("#next h2")).to_have_text("Hand 4")
    shot(page, "loop-offline-reloaded", full_page=False)

    page.context.set_offline(False)
    expect(page.locator("#next h2")).to_have_text("Hand 4", timeout=15000)
    expect(page.locator("main .offline")).to_be_hidden()
    expect(outbox).to_be_hidden()
    record = store.load(game_id)
    assert len(record["entries"]) == 3
    assert [p["gold"] for p in record["entries"][-1]["data"]["players"]] == [25, 25, 15, 15]
    stored_with = len(sent)  # tries while offline, then the one that was stored
    page.reload()
    expect(page.locator("#next h2")).to_have_text("Hand 4")
    quiet(page)  # app.js sends what waits right after the page loads
    assert len(sent) == stored_with and len(store.load(game_id)["entries"]) == 3  # never again


def test_an_entry_waiting_while_another_phone_changed_the_game_comes_back_stale(page, server_url, live_app):
    store = live_app.extensions["store"]
    user = Browserless(live_app.test_client())
    game_id = bs_setup(user, store)
    page.goto(f"{server_url}/games/{game_id}")
    page.context.set_offline(True)
    bs_save(page)
    expect(page.locator("#next .outbox")).to_be_visible()
    user.open(f"/games/{game_id}")
    user.submit("/entries", beutelschneider.hand_values(40, 20, 10, 10))  # another phone
    page.context.set_offline(False)
    expect(page.locator(".refusal")).to_contain_text("Another phone changed this game meanwhile")
    expect(page.locator("input[name='players-0-gold']")).to_have_value("25")  # typed values back
    assert len(store.load(game_id)["entries"]) == 3


def test_undo_says_what_it_took_back_and_puts_it_back(bs_game, page, server_url, live_app):
    store = live_app.extensions["store"]
    game_id = bs_game
    page.goto(f"{server_url}/games/{game_id}#next")
    page.get_by_role("button", name="Undo the last entry").tap()
    taken = page.locator("#next .last.undone")
    expect(taken).to_contain_text("Taken back")
    expect(taken).to_contain_text("Ben: 40")
    expect(page.locator("input[name='players-1-gold']")).to_have_value("40")  # refilled
    in_view(page, taken)
    shot(page, "loop-undo", full_page=False)
    page.get_by_role("button", name="Put it back").tap()
    expect(page.locator("#next h2")).to_have_text("Hand 3")
    expect(page.locator("#next .last.undone")).to_have_count(0)
    assert len(store.load(game_id)["entries"]) == 2


def test_counters_speak_and_their_label_focuses_the_field(bs_game, page, server_url):
    game_id = bs_game
    page.goto(f"{server_url}/games/{game_id}")
    field = page.get_by_role("spinbutton", name="Cutpurses").nth(1)
    expect(field).to_have_attribute("name", "players-1-cutpurses")
    page.get_by_role("button", name="Cutpurses: one more").nth(1).tap()
    page.get_by_role("button", name="Cutpurses: one more").nth(1).tap()
    page.get_by_role("button", name="Cutpurses: one fewer").nth(1).tap()
    expect(field).to_have_value("1")
    page.locator("label[for='players-1-cutpurses']").tap()
    expect(field).to_be_focused()
    expect(field).to_have_value("1")  # the label's tap changed nothing


# -- the other pages ----------------------------------------------------------------------------

def test_history_stats_player_and_share_pages_read_at_large_text_and_pass_axe(page, server_url, live_app):
    from tests.history.conftest import FIXTURE, finished_game
    store = live_app.extensions["store"]
    for i, (golds, minutes) in enumerate(FIXTURE):
        finished_game(store, golds, day=i + 1, minutes=minutes)
    user = Browserless(live_app.test_client())
    game_id = bs_setup(user, store)
    link = share(user, game_id)
    for path, name in [("/history", "history"), ("/stats", "stats"), ("/stats/players/Anna", "player"),
                       ("/stats/games/beutelschneider", "game-stats"), (link, "share"),
                       (f"/games/{game_id}/share", "share-manage"), ("/", "home"),
                       ("/groups/household", "group")]:
        page.goto(server_url + path)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, path
        no_sideways_scroll_at_double_text(page, f"loop-{name}-200-percent")
        axe_clean(page, path)


def test_the_share_view_follows_the_game_without_reloading(page, server_url, live_app):
    live_app.config["SHARE_POLL_SECONDS"] = 0.2  # the 5 s of a real table, shortened
    store = live_app.extensions["store"]
    user = Browserless(live_app.test_client())
    game_id = bs_setup(user, store)
    link = share(user, game_id)
    asked: list[int] = []
    page.on("response", lambda r: asked.append(r.status) if "/s/" in r.url else None)
    page.goto(server_url + link)
    expect(page.locator(".now h2")).to_have_text("Hand 3")
    expect(page.locator(".now")).to_contain_text("Cem deals.")
    expect(page.locator(".live")).to_contain_text("2 entries")
    page.evaluate("window.__same = 1")
    until(page, lambda: asked.count(304) >= 2)
    assert asked[0] == 200 and asked.count(304) >= 2 and set(asked[1:]) == {304}, asked  # nothing changed
    user.open(f"/games/{game_id}")
    user.submit("/entries", beutelschneider.hand_values(40, 20, 10, 10))
    expect(page.locator(".now h2")).to_have_text("Hand 4")
    expect(page.locator(".live")).to_contain_text("3 entries")
    assert 200 in asked[1:]  # the poll fetched the changed page ...
    assert page.evaluate("window.__same") == 1  # ... and swapped it in, no reload
    shot(page, "loop-share-live", full_page=False)
