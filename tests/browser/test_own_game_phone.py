"""A game of the table's own on a phone at the table: six players by rounds to its target, on the
phone's real origins; and its page in German, dark, at 200 % text, no wider than the phone."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.browser import test_table_loop as table
from tests.browser.conftest import answered, game_id_of, on_the_table, shot

SIX = ["Anna", "Ben", "Cem", "Dora", "Emil", "Fay"]
ROUNDS = [(12, 8, 0, 5, 3, 9), (10, 20, 4, 5, 3, 9), (9, 25, 6, 1, 0, 2)]  # Ben 53 after round 3


def start(page, server_url, name="Skat", target="50"):
    page.goto(server_url + "/")
    page.get_by_role("link", name="Any other game").tap()
    for i, player in enumerate(SIX):
        page.locator("input[name='player']").nth(i).fill(player)
    page.locator("input[name='name']").fill(name)
    page.locator("input[name='target']").fill(target)
    page.get_by_role("button", name="Start the game").tap()


def enter_round(page, points):
    form = page.locator("form.entry-form")
    for seat, score in enumerate(points):
        form.locator(f"input[name='players-{seat}-score']").fill(str(score))
    with answered(page):
        form.get_by_role("button", name="Save the round").tap()


@on_the_table
def test_six_players_play_by_rounds_to_the_target(page, server_url, live_app):
    start(page, server_url)
    expect(page.locator("h1")).to_contain_text("Skat")
    expect(page.get_by_text("The game ends after the round in which a total reaches 50.")).to_be_visible()
    box = page.get_by_role("button", name="Save the round").bounding_box()
    assert box["height"] >= 44
    for points in ROUNDS[:2]:
        enter_round(page, points)
    expect(page.get_by_role("heading", name="Round 3")).to_be_visible()
    expect(page.get_by_text("Ben leads with 28.")).to_be_visible()
    enter_round(page, ROUNDS[2])
    expect(page.locator("#outcome")).to_contain_text("Ben")
    expect(page.get_by_text("A total reached 50; the highest total wins.")).to_be_visible()
    record = live_app.extensions["store"].load(game_id_of(page))
    assert [e["kind"] for e in record["entries"]] == ["round"] * 3
    shot(page, f"own-game-end-{page.url.split(':')[0]}")


def test_the_own_game_page_in_german_dark_at_200_percent_fits_the_phone(page, server_url, live_app):
    start(page, server_url, name="Doppelkopf", target="100")
    enter_round(page, ROUNDS[0])
    with page.expect_navigation():
        page.locator(".lang").get_by_role("button", name="DE").tap()
    page.emulate_media(color_scheme="dark")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    page.reload()
    expect(page.get_by_role("heading", name="Runde 2")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "own-game-de-dark-200", full_page=False)
    page.goto(server_url + "/new/own-game")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "own-game-new-de-dark-200", full_page=False)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 16, "fixed": 13}})


# -- the table loop every game passes (tests/browser/test_table_loop.py), for this one --------

def own_setup(user, store):
    user.open("/new/own-game")
    user.submit("", {"player": SIX[:4] + [""] * 8, "name": "Skat", "target": "500"})
    user.submit("/entries", {f"players-{i}-score": p for i, p in enumerate((10, 20, 30, 40))})
    return user.url.rsplit("/", 1)[-1]


def own_save(page):
    form = page.locator("form.entry-form")
    for seat, score in enumerate((5, -10, 0, 15)):
        form.locator(f"input[name='players-{seat}-score']").fill(str(score))
    form.get_by_role("button", name="Save the round").tap()


def own_refuse(page):
    form = page.locator("form.entry-form")
    form.locator("input[name='players-0-score']").fill("5")   # Ben's score left out
    form.get_by_role("button", name="Save the round").tap()


OWN = table.Game("own-game", own_setup, own_save, own_refuse, "players-1-score")


@on_the_table
def test_the_table_loop_of_an_own_game(page, server_url, live_app):
    table.test_the_loop_of_each_game_on_a_phone(page, server_url, live_app, OWN)


def test_choosing_an_earlier_games_name_fills_in_its_settings(page, server_url, live_app):
    user = table.Browserless(live_app.test_client())
    user.open("/new/own-game")
    user.submit("", {"player": SIX[:4] + [""] * 8, "name": "Hearts", "wins": "low", "target": "100",
                     "ties": "break"})
    page.goto(server_url + "/new/own-game")
    expect(page.get_by_text("Played before: Hearts.")).to_be_visible()
    page.locator("input[name='name']").fill("hearts")
    expect(page.locator("select[name='wins']")).to_have_value("low")
    expect(page.locator("select[name='ties']")).to_have_value("break")
    expect(page.locator("input[name='target']")).to_have_value("100")
    page.locator("select[name='scoring']").select_option("places")
    expect(page.locator("input[name='target']")).to_be_hidden()   # a target is for rounds only
    shot(page, "own-game-new")
