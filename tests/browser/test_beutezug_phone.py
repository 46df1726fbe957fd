"""Beutezug on a phone: three players, the app draws the placement chips, seven rounds to the end."""
from __future__ import annotations

from playwright.sync_api import expect

from companion.record.entries import replay
from tests.browser.conftest import PAGE_BUDGET, answered, game_id_of, shot, weights

# Per round, per row of the form (rolling order): (stack, loot, bonus). The row-0 player of the
# first four rounds collects orange, green, black and pink only if the order keeps them there,
# so the loot chip is asserted from the record, not assumed.
ROUNDS = [
    [(2, 3, "orange"), (2, 2, "pink"), (0, None, "none")],
    [(3, 5, "green"), (0, None, "reroll_one"), (2, 4, "none")],
    [(3, 5, "black"), (3, 6, "none"), (2, 1, "none")],
    [(0, None, "pink"), (5, 14, "none"), (4, 9, "none")],
    [(2, 1, "none"), (4, 10, "reroll_all"), (5, 13, "none")],
    [(5, 12, "none"), (3, 4, "none"), (3, 7, "green")],
    [(3, 5, "none"), (4, 8, "none"), (5, 11, "none")],
]


def enter_round(page, outcomes):
    rows = page.locator("form.entry-form fieldset.bz-row")
    assert rows.count() == len(outcomes)
    for i, (stack, loot, bonus) in enumerate(outcomes):
        row = rows.nth(i)
        row.locator(f"input[name$='-stack'][value='{stack}'] + span").tap()
        if loot is not None:
            row.locator("input[name$='-loot']").fill(str(loot))
        if bonus != "none" or stack == 0:  # a 0-card is always asked: its bonus or its point
            row.locator(f"input[name$='-bonus'][value='{bonus}'] + span").tap()
    with answered(page):
        page.get_by_role("button", name="Save the round").tap()


def draw_if_asked(page):
    """After a tie for a place the page asks for a draw: let the app draw it."""
    button = page.get_by_role("button", name="Let the app draw")
    if button.count():
        with answered(page):
            button.tap()


def test_three_players_play_seven_rounds_on_a_phone(page, server_url, live_app):
    page.goto(server_url + "/")
    page.get_by_role("link", name="Beutezug").tap()
    for i, name in enumerate(["Vincenzo", "Kate", "Johnny"]):
        page.locator("input[name='player']").nth(i).fill(name)
    with page.expect_navigation():
        page.get_by_role("button", name="Start the game").tap()
    game_id = game_id_of(page)
    store = live_app.extensions["store"]

    with answered(page):
        page.get_by_role("button", name="Let the app draw").tap()
    (placement,) = store.load(game_id)["entries"]
    assert placement["source"] == "app"
    expect(page.get_by_text("holds the re-roll chip and rolls first.")).to_be_visible()

    # A player's card is a few thumb-sized taps.
    chip = page.locator("fieldset.bz-row").first.locator(".bz-stack .bz-chip span").first
    box = chip.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    bonus = page.locator("fieldset.bz-row").first.locator(".bz-bonus .bz-chip span").nth(3)
    assert bonus.bounding_box()["height"] >= 44
    # Nothing sticks out sideways at 390 px.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    for n, outcomes in enumerate(ROUNDS, start=1):
        enter_round(page, outcomes)
        if n == 2:
            shot(page, "beutezug-game")
        if n < len(ROUNDS):
            draw_if_asked(page)
            expect(page.get_by_role("heading", name=f"Round {n + 1} of 7")).to_be_visible()

    view = replay(store.load(game_id))
    assert view.finished and len(view.state.rounds) == 7
    winner = view.state.players[view.outcome.winners[0]]
    outcome = page.locator("#outcome")
    expect(outcome).to_contain_text(winner)
    expect(outcome).to_contain_text(str(view.outcome.words))
    expect(page.locator("form.entry-form")).to_have_count(0)
    shot(page, "beutezug-end")

    # The page stays small on bad Wi-Fi.
    loaded, answer = weights(page)
    assert loaded <= PAGE_BUDGET and answer <= 12 * 1024


def test_the_heist_check_on_a_phone(page, server_url, live_app):
    page.goto(server_url + "/new/beutezug")
    for i, name in enumerate(["Vincenzo", "Kate", "Johnny"]):
        page.locator("input[name='player']").nth(i).fill(name)
    with page.expect_navigation():
        page.get_by_role("button", name="Start the game").tap()
    with answered(page):
        page.get_by_role("button", name="Let the app draw").tap()
    # The player about to roll (first in the rolling order) opens the check.
    with page.expect_navigation():
        page.locator(".bz-players li").first.get_by_role("link", name="Heist check and odds").tap()
    for i, (colour, minimum, rolled) in enumerate([("blue", 2, 2), ("green", 4, 4), ("black", 5, 3)]):
        page.locator(f"select[name='required-{i}-colour']").select_option(colour)
        page.locator(f"input[name='required-{i}-minimum']").fill(str(minimum))
        page.locator(f"input[name='rolled-{i}']").fill(str(rolled))
    with page.expect_navigation():
        page.get_by_role("button", name="Check").tap()
    result = page.locator("#result")
    expect(result).to_contain_text("Chance to seize this card")
    expect(result).to_contain_text("Die 3 (black): 3, needs 5")
    expect(result).to_contain_text("Re-roll die 3 (black)")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "beutezug-heist")
