"""The table loop on a phone, in figures, one a line: `name: value unit`.

    python bench/phone.py               # taps per typical entry, and a save on slow 3G
    python bench/phone.py --repeat 7    # more runs for the medians
    python bench/phone.py --src DIR     # the same against another checkout (a "before")

Debian's Chromium at 390×844 with touch, driven by Playwright, the app served in-process.
Taps and keys are counted as a person makes them: a tap on each chip, button and field that
is not focused already, a key per character typed. Every entry is made right after a save
through the page (where the app lands), so what a save leaves ready counts.

The slow connection is Chrome's own emulation: 2 s round trip, 50 KB/s each way. A save's
time runs from the tap on Save until the next form is there with the page loaded; with
JavaScript (the form sent in the background) and without (POST, redirect, GET); and with
JavaScript where a phone at the table that trusted the host's certificate opens it:
https://spieltisch.lan (a throwaway CA, tests/browser/tls.py), goal ≤ 2.5 s.
Goals are judged from these figures by a person (see issue 12), never asserted in tests.
"""
from __future__ import annotations

import argparse
import os
import ssl
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
parser = argparse.ArgumentParser()
parser.add_argument("--repeat", type=int, default=5)
parser.add_argument("--src", type=Path, default=ROOT, help="the checkout whose app is measured")
ARGS = parser.parse_args()
sys.path.insert(0, str(ARGS.src))
sys.path.insert(1, str(ROOT))  # tests/ helpers (the pages' forms) from this checkout

from playwright.sync_api import sync_playwright  # noqa: E402
from werkzeug.serving import make_server  # noqa: E402

from companion import create_app  # noqa: E402
from tests.browser.chromium import CHROMIUM, LAUNCH, PHONE  # noqa: E402
from tests.browser.tls import LAN, RESOLVE, trusted_table  # noqa: E402
from tests.formpage import Browserless  # noqa: E402

SLOW_3G = {"offline": False, "latency": 2000, "downloadThroughput": 50 * 1024,
           "uploadThroughput": 50 * 1024}


def figure(name: str, value: float, unit: str) -> None:
    print(f"{name}: {value:.0f} {unit}" if unit in ("taps", "ms") else f"{name}: {value:.2f} {unit}",
          flush=True)


class Hands:
    """What a person does, counted: taps, and keys typed."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def tap(self, locator) -> None:
        locator.tap()
        self.count += 1

    def type_into(self, field, text: str) -> None:
        if not field.evaluate("e => e === document.activeElement"):
            self.tap(field)
        self.page.keyboard.type(text)
        self.count += len(text)


def saved(page, heading: str) -> None:
    """The next step is on the page (after a background answer or a full load)."""
    page.locator("#next h2", has_text=heading).wait_for()
    page.wait_for_load_state("load")


# -- the games: a game right after a save, and its typical entry ---------------------------------

def start(user, slug: str, players: list[str]) -> str:
    user.open(f"/new/{slug}")
    user.submit("", {"player": players + [""] * 5})
    return user.url.rsplit("/", 1)[-1]


def beutezug(user, page, url) -> int:
    game_id = start(user, "beutezug", ["Vincenzo", "Kate", "Johnny", "Dora"])
    user.submit("/entries", {f"order-{i}": i for i in range(4)})
    page.goto(f"{url}/games/{game_id}")
    hands = Hands(page)

    def round_(outcomes, heading):
        rows = page.locator("form.entry-form fieldset.bz-row")
        for i, (stack, loot, bonus) in enumerate(outcomes):
            row = rows.nth(i)
            hands.tap(row.locator(f"input[name$='-stack'][value='{stack}'] + span"))
            hands.type_into(row.locator("input[name$='-loot']"), str(loot))
            hands.tap(row.locator(f"input[name$='-bonus'][value='{bonus}'] + span"))
        hands.tap(page.get_by_role("button", name="Save the round"))
        saved(page, heading)

    round_([(2, 1, "none"), (3, 5, "none"), (4, 8, "none"), (5, 11, "none")], "Round 2")
    hands.count = 0  # right after a save: the round a table plays, every player seizing a card
    round_([(2, 3, "orange"), (3, 6, "green"), (4, 9, "black"), (5, 12, "pink")], "Round 3")
    return hands.count


def beutelschneider(user, page, url) -> int:
    game_id = start(user, "beutelschneider", ["Anna", "Ben", "Cem", "Dora"])
    page.goto(f"{url}/games/{game_id}")
    hands = Hands(page)

    def hand(golds, heading):
        form = page.locator("form.entry-form")
        for seat, gold in enumerate(golds):  # the last one empty: 80 minus the rest
            hands.type_into(form.locator(f"input[name='players-{seat}-gold']"), str(gold))
        # Ben caught a Cutpurse: the counter's +.
        hands.tap(form.locator("input[name='players-1-cutpurses']").locator("xpath=..").locator("button").last)
        hands.tap(form.get_by_role("button", name="Save the hand"))
        saved(page, heading)

    hand((10, 40, 10), "Hand 2")
    hands.count = 0
    hand((30, 20, 20), "Hand 3")
    return hands.count


def treasure(user, page, url) -> int:
    game_id = start(user, "give-me-the-treasure", ["Ann", "Bob"])
    user.submit("/entries", {"bandits-0": "chipo", "bandits-1": "joe", "first_divider": "0"})
    user.submit("/entries", {"reinforcements-0": ["super_rou_rou", "viper"],
                             "reinforcements-1": ["ninja_leo", "croc_brothers"]})
    page.goto(f"{url}/games/{game_id}")
    hands = Hands(page)

    def turn(cards, heading):
        for value in cards:
            hands.tap(page.locator(f"label.tc:has(input[name='sides-0-combinations-0'][value='{value}'])"))
        hands.tap(page.get_by_role("button", name="Save the turn"))
        saved(page, heading)

    turn(["yellow1", "red1"], "Turn 2")
    hands.count = 0
    turn(["red1", "red2", "red3"], "Turn 3")  # a resale of three cards
    return hands.count


def scoot(user, page, url) -> int:
    game_id = start(user, "loot-and-scoot", ["Adam", "Beth"])
    user.submit("/entries", {"seat": "0"})
    user.submit("/entries", {"classes": ["squire", "wizard"]})
    user.submit("/entries", {"classes": ["priest", "thief"]})
    page.goto(f"{url}/games/{game_id}")
    hands = Hands(page)
    hands.tap(page.locator("#act-beg").get_by_role("button"))  # Adam's turn: beg
    saved(page, "Turn 2")
    hands.count = 0  # Beth: recruit a Squire (3 gp), then loot a room of Adam's and leave
    hands.tap(page.locator("#act-recruit").get_by_role("button", name="Squire"))
    page.locator("#act-leave").wait_for()
    leave = page.locator("#act-leave")
    hands.tap(leave.locator(".chip", has_text="Adam"))
    hands.tap(leave.locator(".chips.levels").first.get_by_text("1", exact=True))
    hands.tap(leave.get_by_text("Left peacefully", exact=True))
    hands.tap(leave.get_by_role("button", name="Leave the Dungeon"))
    saved(page, "Turn 3")
    return hands.count


# -- a save on a slow connection -----------------------------------------------------------------

WATCH = """() => {
  window.__tap = 0; window.__ready = 0;
  addEventListener("pointerdown", e => { window.__tap = window.__tap || e.timeStamp; }, true);
  new MutationObserver(() => {
    const h = document.querySelector("#next h2");
    if (!window.__ready && h && h.textContent.includes("Hand 2")) window.__ready = performance.now();
  }).observe(document.body, { childList: true, subtree: true });
}"""
TIMED = """() => {
  if (window.__tap && window.__ready) return window.__ready - window.__tap;
  const n = performance.getEntriesByType("navigation")[0];
  return n.loadEventEnd;
}"""


def slow_save(user, page, url) -> float:
    """ms from the tap on Save to the next hand's form, on emulated slow 3G."""
    game_id = start(user, "beutelschneider", ["Anna", "Ben", "Cem", "Dora"])
    page.goto(f"{url}/games/{game_id}")
    page.wait_for_timeout(300)  # the service worker (where there is one) has its files
    page.reload()
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_3G)
    try:
        form = page.locator("form.entry-form")
        for seat, gold in enumerate((30, 20, 20)):
            form.locator(f"input[name='players-{seat}-gold']").fill(str(gold))
        button = form.get_by_role("button", name="Save the hand")
        # Timed by the browser's own clock, so the driver's overhead is not counted: with
        # JavaScript from the tap to the moment the next form is in the page; without, from
        # the start of the navigation (the POST) to the end of the new page's load event.
        page.evaluate(WATCH)
        button.tap()
        saved(page, "Hand 2")
        return page.evaluate(TIMED)
    finally:
        cdp.send("Network.emulateNetworkConditions", {**SLOW_3G, "latency": 0, "downloadThroughput": -1,
                                                      "uploadThroughput": -1})
        cdp.detach()


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "INSTANCE_PATH": folder})
        server = make_server("127.0.0.1", 0, app, threaded=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_port}"
        table = trusted_table(Path(folder))
        tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        tls.load_cert_chain(table["cert"], table["key"])
        secure = make_server("127.0.0.1", 0, app, threaded=True, ssl_context=tls)
        threading.Thread(target=secure.serve_forever, daemon=True).start()
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=[*LAUNCH, RESOLVE],
                                        env={**os.environ, "HOME": str(table["home"])})

            def run(measure, scripts=True, at=url):
                context = browser.new_context(**PHONE, java_script_enabled=scripts)
                try:
                    return measure(Browserless(app.test_client()), context.new_page(), at)
                finally:
                    context.close()

            figure("taps_beutezug_round_4p_all_cards", run(beutezug), "taps")
            figure("taps_beutelschneider_hand_4p", run(beutelschneider), "taps")
            figure("taps_treasure_resale_3_cards", run(treasure), "taps")
            figure("taps_scoot_typical_turn", run(scoot), "taps")
            with_js = [run(slow_save) for _ in range(ARGS.repeat)]
            without = [run(slow_save, scripts=False) for _ in range(ARGS.repeat)]
            figure("save_slow3g_ms", statistics.median(with_js), "ms")
            figure("save_slow3g_full_reload_ms", statistics.median(without), "ms")
            figure("save_slow3g_ratio", statistics.median(with_js) / statistics.median(without), "x")
            https = [run(slow_save, at=f"https://{LAN}:{secure.server_port}") for _ in range(ARGS.repeat)]
            figure("save_slow3g_https_ms", statistics.median(https), "ms")
            browser.close()
        server.shutdown()
        secure.shutdown()


if __name__ == "__main__":
    main()
