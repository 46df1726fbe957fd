"""Give Me The Treasure on a phone: the app deals, each side keeps its cards behind a tap, the
turns are entered by tapping cards, a refusal, a correction, the end; and the best-resale helper."""
from __future__ import annotations

from playwright.sync_api import expect

from companion.games.treasure.rules import GAME
from tests.browser.conftest import PAGE_BUDGET, answered, game_id_of, shot, weights


def chip(page, name, value):
    return page.locator(f"label.tc:has(input[name='{name}'][value='{value}'])")


def tap_cards(page, name, values):
    for value in values:
        chip(page, name, value).tap()
        expect(page.locator(f"input[name='{name}'][value='{value}']")).to_be_checked()


def save_turn(page):
    with answered(page):
        page.get_by_role("button", name="Save the turn").tap()


def state_of(live_app, game_id):
    record = live_app.extensions["store"].load(game_id)
    return GAME.replay(record["players"], record["settings"], [(e["kind"], e["data"]) for e in record["entries"]])


def test_a_duel_entered_by_tapping_cards_to_the_end(page, server_url, live_app):
    page.goto(server_url + "/")
    page.get_by_role("link", name="Give Me The Treasure").tap()
    for i, name in enumerate(["Ann", "Bob"]):
        page.locator("input[name='player']").nth(i).fill(name)
    with page.expect_navigation():
        page.get_by_role("button", name="Start the game").tap()
    game_id = game_id_of(page)

    with answered(page):
        page.get_by_role("button", name="Let the app draw").tap()
    # Each side opens its own cards, keeps two of the three dealt.
    for who in ("Ann", "Bob"):
        page.locator("summary", has_text=f"{who}: tap to choose").tap()
        cards = page.locator("details[open] .rchips label.chip")
        expect(cards).to_have_count(3)
        cards.nth(0).tap()
        cards.nth(1).tap()
        expect(page.locator("details.secret[open]")).to_have_count(0)  # closed by itself
    with answered(page):
        page.get_by_role("button", name="Keep these cards").tap()
    state = state_of(live_app, game_id)
    assert len(state.reinforcements) == 2

    # The card grid is made for thumbs, and colours are written, not only coloured.
    red3 = chip(page, "sides-0-combinations-0", "red3")
    box = red3.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    grid = page.locator("details.tcombo[open] .tcards").first.bounding_box()
    assert grid["x"] >= 0 and grid["x"] + grid["width"] <= 390
    letter = page.evaluate("""() => getComputedStyle(document.querySelector(
        "label.tc.red b"), "::after").content""")
    assert letter == '"R"'
    expect(page.locator("details.tcombo[open] .tch.red").first).to_have_text("red")

    # A single card is refused next to its grid; nothing is stored.
    tap_cards(page, "sides-0-combinations-0", ["red3"])
    save_turn(page)
    expect(page.locator(".error", has_text="A single card is not a combination.")).to_be_visible()
    assert len(live_app.extensions["store"].load(game_id)["entries"]) == 2

    # Turn 1: Ann untaps the 3 and sells red 1-2-3-4-5; Bob two pairs.
    chip(page, "sides-0-combinations-0", "red3").tap()
    tap_cards(page, "sides-0-combinations-0", ["red1", "red2", "red3", "red4", "red5"])
    tap_cards(page, "sides-1-combinations-0", ["blue5", "green5"])
    page.locator("fieldset.side-resale").nth(1).locator("summary", has_text="Combination 2").tap()
    tap_cards(page, "sides-1-combinations-1", ["blue6", "green6"])
    shot(page, "treasure-turn-tapped")
    save_turn(page)
    state = state_of(live_app, game_id)
    assert len(state.turns) == 1 and state.coins[0] >= 17
    expect(page.get_by_text("Turn 2", exact=True)).to_be_visible()

    # A coin correction with its reason, from the small form under the standings.
    page.locator("summary", has_text="Coin correction").tap()
    page.locator("input[name='side'][value='1']").check()
    page.locator("input[name='coins']").fill("1")
    page.locator("input[name='reason']").fill("forgot a coin")
    with answered(page):
        page.get_by_role("button", name="Save the correction").tap()
    expect(page.locator("ol.log")).to_contain_text("forgot a coin")

    # Turn 2: Ann sells 7 7 7, pays off a Cursed Painting with the stepper; that ends the game.
    tap_cards(page, "sides-0-combinations-0", ["red7", "blue7", "green7"])
    page.locator("fieldset.side-resale").first.locator("summary", has_text="Cursed Paintings").tap()
    stepper = page.locator("input[name='sides-0-cursed_paid']").locator("xpath=..")
    stepper.get_by_role("button", name="Cursed Paintings paid off (2 coins each): one more").tap()
    expect(page.locator("input[name='sides-0-cursed_paid']")).to_have_value("1")
    tap_cards(page, "sides-1-combinations-0", ["yellow1", "blue1"])
    save_turn(page)
    state = state_of(live_app, game_id)
    assert GAME.outcome(state) is not None and GAME.outcome(state).winners == (0,)
    expect(page.locator("section.outcome")).to_contain_text("Ann")
    expect(page.locator("ol.log li").nth(2)).to_contain_text("Turn")
    shot(page, "treasure-game")
    loaded, answer = weights(page)
    assert loaded <= PAGE_BUDGET and answer <= 12 * 1024


def test_the_best_resale_helper_at_phone_size(page, server_url):
    page.goto(server_url + "/give-me-the-treasure/best-resale")
    tap_cards(page, "chest", ["red2", "yellow3", "green4", "red4", "yellow4"])
    page.locator("select[name='bandit']").select_option("joe")
    with page.expect_navigation():
        page.get_by_role("button", name="Find the best resale").tap()
    expect(page.locator("#best h2")).to_have_text("6 coins")
    expect(page.locator("#best")).to_contain_text("Left in the chest: nothing")
    # The chest stays tapped for another try.
    expect(page.locator("input[name='chest'][value='yellow3']")).to_be_checked()
    shot(page, "treasure-best-resale")
