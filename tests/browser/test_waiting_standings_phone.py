"""Issue 33, item 3: a phone with entries waiting shows the standings as they will be once
they are sent, marked so, in all five games, on the table's plain-http Wi-Fi name; back online
they are sent and the standings are the server's, the same numbers the rules give the stored
record. Each game's entry reaches each seat's total as its adapter describes it
(``Adapter.waiting``), added up by static/js/waiting.js. On the main branch before this the
standings stayed as stored while offline: the first assertion of each test failed there."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from companion.record.entries import replay
from tests.browser.conftest import shot, until, waiting
from tests.browser.layout import problems
from tests.browser.test_offline_first_visit_phone import BIG, wifi_off, wifi_on
from tests.browser.test_own_game_phone import own_setup
from tests.browser.test_real_phone import HANDS, bs_game
from tests.browser.test_table_loop import bz_setup, sc_save, sc_setup, tr_cards, tr_setup
from tests.formpage import Browserless
from tests.games.beutezug.web import test_pages as beutezug

__all__ = ["bs_game"]
lan = pytest.mark.parametrize("origin", ["lan-http"], indirect=True)


def totals(page) -> dict[str, int]:
    """Each player's total as the standings show it."""
    rows = page.evaluate("""() => [...document.querySelectorAll('#standings table.standings tbody tr')].map(r =>
        [r.querySelector('bdi').textContent, r.querySelector('td.n').childNodes[0].textContent])""")
    return {name: int(re.sub(r"[^\d-]", "", total.replace("−", "-"))) for name, total in rows}


def by_rules(store, game_id) -> dict[str, int]:
    """Each player's total as the rules give it for the stored record."""
    record = store.load(game_id)
    return {record["players"][s.seat]: s.score for s in replay(record).standings}


def sent(page, store, game_id, entries: int) -> dict[str, int]:
    """Back online: what waited is stored, and the page shows the server's standings."""
    wifi_on(page)
    until(page, lambda: len(store.load(game_id)["entries"]) == entries)
    until(page, lambda: waiting(page) == 0)
    expect(page.locator("#standings .plus")).to_have_count(0, timeout=15000)
    expect(page.locator("#standings .pending")).to_have_count(0)
    return totals(page)


def marked(page, entries: int, lang: str = "en") -> None:
    head = page.locator("#standings h2 small.provisional")
    words = {"en": f"with {entries} entr{'y' if entries == 1 else 'ies'} not sent yet",
             "de": f"mit {entries} noch nicht gesendete{'m' if entries == 1 else 'n'} Eintr{'ag' if entries == 1 else 'ägen'}"}
    expect(head).to_have_text(words[lang])
    expect(page.locator("#standings .pending")).to_be_visible()


def looks(page, name: str) -> None:
    """The standings with what waits, as the phone shows them, then at 200 % text in the dark."""
    top = "document.querySelector('#standings').scrollIntoView({block: 'start'})"
    page.evaluate(top)
    shot(page, name, full_page=False)
    cdp = page.context.new_cdp_session(page)
    page.emulate_media(color_scheme="dark")
    cdp.send("Page.setFontSizes", {"fontSizes": BIG})
    try:
        page.wait_for_timeout(100)
        page.evaluate(top)
        # Nothing wider than the screen, every number in view, no word broken
        # (tests/browser/layout.py).
        found = problems(page)
        assert not (found.get("wide") or found.get("scores") or found.get("words")), found
        shot(page, f"{name}-200-dark", full_page=False)
    finally:
        cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 16, "fixed": 13}})
        page.emulate_media(color_scheme="light")


@lan
@pytest.mark.parametrize("lang", [
    pytest.param("en", marks=pytest.mark.browser_context_args(locale="en-GB")),
    pytest.param("de", marks=pytest.mark.browser_context_args(locale="de-DE"))])
def test_beutelschneider_two_hands_offline_count_in_the_standings(bs_game, page, server_url, live_app, origin, lang):
    store, game_id = live_app.extensions["store"], bs_game
    page.goto(f"{server_url}/games/{game_id}")
    assert totals(page) == {"Anna": 40, "Ben": 60, "Cem": 30, "Dora": 30}
    wifi_off(page)
    form = page.locator("form.entry-form")
    save = form.locator("button.primary")
    for seat, gold in enumerate(HANDS[0]):  # Dora's 20: the rest of the deck's 80
        form.locator(f"input[name='players-{seat}-gold']").fill(str(gold))
    save.tap()
    expect(page.locator("#next .outbox li")).to_have_count(1)
    for seat, gold in enumerate(HANDS[1]):
        form.locator(f"input[name='players-{seat}-gold']").fill(str(gold))
    form.locator("input[name='players-2-cutpurses']").fill("1")   # Cem: −20
    ben = form.locator("fieldset:has(input[name='players-1-gold'])")
    ben.locator("summary").tap()
    ben.locator("input[name='players-1-other']").fill("10")      # Ben: +10 special points
    save.tap()
    expect(page.locator("#next .outbox li")).to_have_count(2)
    # 40+10+40, 60+50+20+10, 30+0+0−20, 30+20+20
    assert totals(page) == {"Anna": 90, "Ben": 140, "Cem": 10, "Dora": 70}
    marked(page, 2, lang)
    expect(page.locator("#standings tr[data-seat='1'] .plus")).to_contain_text("+80")
    expect(page.locator("#standings tr[data-seat='2'] .plus")).to_contain_text("-20")
    # The points still to go to the limit of 300, as they will be.
    expect(page.locator("#standings tr[data-seat='1'] .to-go")).to_contain_text("160")
    looks(page, f"waiting-standings-beutelschneider-{lang}")
    assert sent(page, store, game_id, 4) == by_rules(store, game_id) == {"Anna": 90, "Ben": 140, "Cem": 10, "Dora": 70}


@lan
def test_own_game_two_rounds_offline_count_in_the_standings(page, server_url, live_app, origin):
    store = live_app.extensions["store"]
    game_id = own_setup(Browserless(live_app.test_client()), store)
    page.goto(f"{server_url}/games/{game_id}")
    before = totals(page)
    wifi_off(page)
    form = page.locator("form.entry-form")
    for n, scores in enumerate(((5, -10, 0, 15), (1, 2, 3, -4))):
        for seat, score in enumerate(scores):
            form.locator(f"input[name='players-{seat}-score']").fill(str(score))
        form.get_by_role("button", name="Save the round").tap()
        expect(page.locator("#next .outbox li")).to_have_count(n + 1)
    names = store.load(game_id)["players"]
    shown = totals(page)
    assert shown != before
    assert shown == {names[0]: 16, names[1]: 12, names[2]: 33, names[3]: 51}
    marked(page, 2)
    looks(page, "waiting-standings-own-game")
    # The second removed from the phone: the standings as they will be without it.
    page.once("dialog", lambda d: d.accept())
    remove = page.locator("#next .outbox").get_attribute("data-remove")
    page.locator("#next .outbox li").nth(1).get_by_role("button", name=remove).tap()
    expect(page.locator("#next .outbox li")).to_have_count(1)
    shown = totals(page)
    assert shown == {names[0]: 15, names[1]: 10, names[2]: 30, names[3]: 55}
    marked(page, 1)
    assert sent(page, store, game_id, 2) == by_rules(store, game_id) == shown


def bz_round(points, kate_bonus):
    """A round by seat, keeping the order of the points (so no tie asks for placement chips):
    the most loot to the one ahead, the last a 0-card kept for its point; Kate (seat 1) a
    card with ``kate_bonus``."""
    order = sorted(range(4), key=lambda s: (points[s], s))
    out = {}
    for rank, seat in enumerate(order):
        stack, loot = (0, None) if rank == 0 else (rank + 2, 3 * rank + 2)
        out[seat] = (stack, loot, kate_bonus if seat == 1 else "none")
    return out


@lan
def test_beutezug_a_round_offline_counts_with_its_loot_chip_and_zero_card(page, server_url, live_app, origin):
    """Kate (seat 1) holds +1 orange, green and black: the pink of the waiting round earns her
    the first loot chip (6); a 0-card kept for no bonus counts its 1 point."""
    store = live_app.extensions["store"]
    user = Browserless(live_app.test_client())
    game_id = bz_setup(user, store)
    for bonus in ("orange", "green", "black"):
        outcomes = bz_round(replay(store.load(game_id)).state.points, bonus)
        beutezug.play_round(user, *beutezug.by_seat(user, outcomes))
    points = replay(store.load(game_id)).state.points
    assert replay(store.load(game_id)).state.loot_chip(1) is None
    page.goto(f"{server_url}/games/{game_id}")
    before = totals(page)
    stored = len(store.load(game_id)["entries"])
    wifi_off(page)
    outcomes = bz_round(points, "pink")
    rows = page.locator("form.entry-form fieldset.bz-row")
    for i in range(4):
        row = rows.nth(i)
        stack, loot, bonus = outcomes[int(row.locator("input[name$='-seat']").input_value())]
        row.locator(f"input[name$='-stack'][value='{stack}'] + span").tap()
        if loot is not None:
            row.locator("input[name$='-loot']").fill(str(loot))
        row.locator(f"input[name$='-bonus'][value='{bonus}'] + span").tap()
    page.get_by_role("button", name="Save the round").tap()
    expect(page.locator("#next .outbox li")).to_have_count(1)
    shown = totals(page)
    names = ["Vincenzo", "Kate", "Johnny", "Dora"]
    gains = {names[s]: 1 if stack == 0 else loot for s, (stack, loot, _b) in outcomes.items()}
    gains["Kate"] += 6  # the loot chip
    assert shown == {name: before[name] + gains[name] for name in names}
    marked(page, 1)
    looks(page, "waiting-standings-beutezug")
    assert sent(page, store, game_id, stored + 1) == by_rules(store, game_id) == shown
    assert replay(store.load(game_id)).state.loot_chip(1) == 6


@lan
def test_treasure_turn_and_correction_offline_count_in_the_standings(page, server_url, live_app, origin):
    store = live_app.extensions["store"]
    game_id = tr_setup(Browserless(live_app.test_client()), store)
    page.goto(f"{server_url}/games/{game_id}")
    before = totals(page)
    stored = len(store.load(game_id)["entries"])
    wifi_off(page)
    tr_cards(page, 0, ["red1", "red2", "red3"])   # a colour run of 3: 6 coins
    page.get_by_role("button", name="Save the turn").tap()
    item = page.locator("#next .outbox li").first
    expect(item).to_contain_text("red 1, red 2, red 3 → 6")
    expect(item).to_contain_text("nothing resold")
    shown = totals(page)
    assert shown == {"Ann": before["Ann"] + 6, "Bob": before["Bob"]}
    marked(page, 1)
    # A coin correction under the standings, while the turn waits: counted too.
    correction = page.locator("#correction")
    correction.locator("summary").tap()
    correction.locator("input[name='side'][value='1']").check()
    correction.locator("input[name='coins']").fill("3")
    correction.locator("input[name='reason']").fill("Miscounted")
    correction.get_by_role("button", name="Save the correction").tap()
    until(page, lambda: waiting(page) == 2)
    shown = totals(page)
    assert shown == {"Ann": before["Ann"] + 6, "Bob": before["Bob"] + 3}
    marked(page, 2)
    expect(page.locator("#next .outbox li").nth(1)).to_contain_text("Bob +3 — Miscounted")
    looks(page, "waiting-standings-give-me-the-treasure")
    assert sent(page, store, game_id, stored + 2) == by_rules(store, game_id) == shown


@lan
def test_scoot_recruit_offline_counts_its_price_in_the_standings(page, server_url, live_app, origin):
    store = live_app.extensions["store"]
    game_id = sc_setup(Browserless(live_app.test_client()), store)
    page.goto(f"{server_url}/games/{game_id}")
    before = totals(page)
    stored = len(store.load(game_id)["entries"])
    wifi_off(page)
    sc_save(page)  # the current player recruits a Thief: 3 gp, their first
    expect(page.locator("#next .outbox li")).to_have_count(1)
    shown = totals(page)
    assert [shown[n] - before[n] for n in before].count(-3) == 1
    assert sum(shown[n] - before[n] for n in before) == -3
    marked(page, 1)
    looks(page, "waiting-standings-loot-and-scoot")
    assert sent(page, store, game_id, stored + 1) == by_rules(store, game_id) == shown
