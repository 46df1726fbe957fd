"""Loot and Scoot on a phone: the first player drawn, picks, a turn at the Inn and in a
Dungeon (a Treasure rolled by the app), the rulebook's 12 gp, a Boss and the final scoring."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from companion import create_app
from tests.browser.conftest import PAGE_BUDGET, answered, game_id_of, shot, weights


@pytest.fixture
def live_app(tmp_path):
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance")})
    return app


def tap(page, locator):
    """A tap on a game page's form: sent in the background, answered in place."""
    with answered(page):
        locator.tap()


def act(page, action):
    return page.locator(f"#act-{action}")


def gold(page, name):
    card = page.locator(".scoot-party", has=page.get_by_role("heading", name=re.compile(f"^{name} ")))
    return int(card.locator(".gp").inner_text().split()[0])


def pick(page, first, second):
    form = page.locator("form.entry-form")
    form.get_by_text(first, exact=True).tap()
    form.get_by_text(second, exact=True).tap()
    tap(page, form.get_by_role("button", name="Record the two Adventurers"))


def leave(page, dungeon, levels, how, loot=0):
    form = act(page, "leave")
    form.locator(".chip", has_text=dungeon).tap()
    for level in levels:
        form.locator(".chips.levels").first.get_by_text(str(level), exact=True).tap()
    form.get_by_text(how, exact=True).tap()
    for _ in range(loot):
        form.locator("input[name='loot']").locator("xpath=..").get_by_role("button", name=re.compile(": one more")).tap()
    tap(page, form.get_by_role("button", name="Leave the Dungeon"))


def test_a_table_plays_a_few_turns_and_scores_the_game(page, server_url, live_app):
    page.goto(server_url + "/")
    page.get_by_role("link", name="Loot and Scoot").tap()
    for i, name in enumerate(["Adam", "Beth"]):
        page.locator("input[name='player']").nth(i).fill(name)
    tap(page, page.get_by_role("button", name="Start the game"))
    expect(page.locator("p.next", has_text="Remove 1 Upgrade of each type.")).to_be_visible()
    expect(page.locator("p.next", has_text="12 room tiles")).to_be_visible()

    tap(page, page.get_by_role("button", name="Let the app draw"))
    store = live_app.extensions["store"]
    game_id = game_id_of(page)
    entry = store.load(game_id)["entries"][0]
    assert entry["kind"] == "first_player" and entry["source"] == "app"
    first = ["Adam", "Beth"][entry["data"]["seat"]]
    second = ["Adam", "Beth"][1 - entry["data"]["seat"]]
    expect(page.get_by_role("heading", name=f"{first} picks two Adventurers")).to_be_visible()
    pick(page, "Squire", "Wizard")
    pick(page, "Priest", "Thief")

    # Turn 1: recruit a Thief (3 gp), then a-Lootin': the app rolls a Treasure.
    expect(page.get_by_role("heading", name=f"Turn 1: {first}")).to_be_visible()
    box = act(page, "recruit").get_by_role("button", name=re.compile("Thief")).bounding_box()
    assert box["height"] >= 44
    tap(page, act(page, "recruit").get_by_role("button", name=re.compile("Thief")))
    assert gold(page, first) == 2
    tap(page, act(page, "treasure").get_by_role("button", name=re.compile("roll 2d6 for me")))
    treasure = store.load(game_id)["entries"][-1]
    assert treasure["source"] == "app" and len(treasure["data"]["dice"]) == 2
    assert gold(page, first) == 2 + sum(treasure["data"]["dice"])
    expect(page.get_by_text("drawn by the app").last).to_be_visible()
    leave(page, second, [1], "Left peacefully")  # 3 + 1 room + 1 special tile
    assert gold(page, first) == 2 + sum(treasure["data"]["dice"]) + 5

    # Turn 2: recruit a Squire, then levels 1, 2, 3, left peacefully: the rulebook's 12 gp.
    tap(page, act(page, "recruit").get_by_role("button", name=re.compile("Squire")))
    assert gold(page, second) == 2
    leave(page, first, [1, 2, 3], "Left peacefully")
    assert gold(page, second) == 14
    expect(page.locator("ol.log li").last).to_contain_text(f"{second} +12 gp")
    shot(page, "scoot-game")

    # Turn 3: beg; turn 4: the Boss falls and the game ends.
    tap(page, act(page, "beg").get_by_role("button"))
    tap(page, act(page, "recruit").get_by_role("button", name=re.compile("Wizard")))
    leave(page, first, [2, 6], "Left peacefully", loot=1)
    expect(page.get_by_role("heading", name="This is The End")).to_be_visible()

    form = page.locator("form.entry-form")
    form.locator("input[name='players-{}-loot-0']".format(["Adam", "Beth"].index(second))).fill("3")
    tap(page, form.get_by_role("button", name="Score the game"))
    expect(page.locator("#outcome")).to_contain_text(second)
    expect(page.locator("#outcome")).to_contain_text("Most victory points.")
    expect(page.locator("table.scoot-final")).to_contain_text("Unclaimed tiles")
    shot(page, "scoot-final")

    loaded, answer = weights(page)
    assert loaded <= PAGE_BUDGET and answer <= 12 * 1024

    page.get_by_role("link", name="Battle odds").tap()
    page.locator("input[name='level2']").fill("1")
    page.get_by_text("The monster's level is greater").tap()
    tap(page, page.get_by_role("button", name="Work out the odds"))
    expect(page.locator("#answer")).to_contain_text("87.5%")
    expect(page.locator("#answer")).to_contain_text("7/8")
    shot(page, "scoot-odds")
