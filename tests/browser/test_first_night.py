"""The first game night, tapped through on the table's real origin (the Wi-Fi's plain http):
an empty instance, four players added on the Group page one after another, the join link
seen, the first game started from the home page's third step with a new name announced and
the first dealer chosen by name, and its first hand saved. In English and German, on a phone
(390×844) and on a laptop (1280×800); screenshots of each step in test-artifacts/first-night/.

And the README's picture: ``LOOT_LEDGER_SCREENSHOT=1`` writes docs/screenshot.png from the
real app; without it the test checks that the committed picture is still of the app as it
is (its size, the page it was made from, its header and tab bar)."""
from __future__ import annotations

import io
import os
import struct
import zlib
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from PIL import Image, ImageChops, ImageStat
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, answered

ROOT = Path(__file__).resolve().parents[2]
README_PICTURE = ROOT / "docs" / "screenshot.png"
MADE_BY = "tests/browser/test_first_night.py"
WORDS = {
    "en": {"add": "Add", "start": "Start the game", "save": "Save the hand", "joins": "Eli joins the group.",
           "step3": "Start the first game", "added": "Dora is in the group.", "hand2": "Hand 2",
           "seat5": "Seat 5"},
    "de": {"add": "Hinzufügen", "start": "Partie beginnen", "save": "Spiel speichern",
           "joins": "Eli kommt neu zur Gruppe.", "step3": "Die erste Partie beginnen",
           "added": "Dora ist in der Gruppe.", "hand2": "Spiel 2", "seat5": "Platz 5"},
}
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}}


def look(page, name: str) -> None:
    (ARTIFACTS / "first-night").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "first-night" / f"{name}.png"))


def accessible(page, where: str) -> None:
    found = Axe().run(page).response["violations"]
    assert found == [], f"{where}: " + "; ".join(f"{v['id']}: {[n['target'] for n in v['nodes']][:4]}" for v in found)


def in_view(page, selector: str) -> bool:
    return bool(page.evaluate("""(s) => { const r = document.querySelector(s).getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight; }""", selector))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", WORDS)
@pytest.mark.parametrize("origin", ["lan-http"], indirect=True)
def test_the_first_night_from_an_empty_instance_to_a_saved_first_hand(page, server_url, live_app, lang, size):
    words, tag = WORDS[lang], f"{lang}-{size}"
    page.set_viewport_size(SIZES[size])
    page.goto(server_url + "/")
    if lang == "de":
        with page.expect_navigation():
            page.get_by_role("button", name="DE", exact=True).tap()
    steps = page.locator("ol.steps > li")
    expect(steps).to_have_count(3)
    expect(page.locator("ol.steps > li.done")).to_have_count(0)
    look(page, f"{tag}-1-home")
    accessible(page, "home's steps")

    # Step 1: the players, typed one after another without scrolling or reopening.
    with page.expect_navigation():
        steps.nth(0).locator("a").tap()
    assert page.url.endswith("#players") and in_view(page, "#add-player-name")
    for name in ("Anna", "Ben", "Cem", "Dora"):
        field = page.locator("#add-player-name")
        expect(field).to_be_visible()
        field.fill(name)
        with page.expect_navigation():
            page.locator("#add-player button[type=submit]").tap()
        expect(page.locator("#add-player-name")).to_be_focused()
        expect(page.locator("#add-player-name")).to_have_value("")
        assert in_view(page, "#add-player-name") and in_view(page, "#players p.done")
    expect(page.locator("#players p.done")).to_contain_text(words["added"])
    expect(page.locator("#players ul.players li")).to_have_count(4)
    look(page, f"{tag}-2-players")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        accessible(page, f"group page ({scheme})")
    page.emulate_media(color_scheme="light")

    # Step 2: the join link, on the address the phones use.
    page.locator("#invite").scroll_into_view_if_needed()
    expect(page.locator("#invite .link a")).to_have_text(server_url + "/")
    expect(page.locator("#invite .qrbox svg")).to_be_visible()
    look(page, f"{tag}-3-invite")

    # Step 3, from the home page: both steps before it are marked done.
    with page.expect_navigation():
        page.locator("nav.areas a").first.tap()
    expect(page.locator("ol.steps > li.done")).to_have_count(2)
    expect(steps.nth(2)).to_contain_text(words["step3"])
    with page.expect_navigation():
        steps.nth(2).get_by_role("link", name="Beutelschneider").tap()

    seats = page.locator("input[name=player]")
    for seat, name in enumerate(("Anna", "Ben", "Cem", "Eli")):
        seats.nth(seat).fill(name)
    expect(page.locator("p.joining")).to_have_text(words["joins"])
    dealer = page.locator("select[name=first_dealer] option")
    expect(dealer).to_have_text(["Anna", "Ben", "Cem", "Eli", words["seat5"]])
    page.locator("select[name=first_dealer]").select_option(label="Ben")
    look(page, f"{tag}-4-new-game")
    accessible(page, "new-game form")
    with page.expect_navigation():
        page.get_by_role("button", name=words["start"]).tap()
    expect(page.locator("#next .notice")).to_have_text(words["joins"])
    record = live_app.extensions["store"].load(page.url.split("#")[0].rsplit("/", 1)[-1])
    assert record["settings"]["first_dealer"] == 1 and record["players"] == ["Anna", "Ben", "Cem", "Eli"]

    form = page.locator("form.entry-form")
    for seat, gold in enumerate((30, 20, 20)):  # Eli's is 80 minus the rest
        form.locator(f"input[name='players-{seat}-gold']").fill(str(gold))
    with answered(page):
        form.get_by_role("button", name=words["save"]).tap()
    expect(page.locator("#next h2")).to_contain_text(words["hand2"])
    assert len(live_app.extensions["store"].load(record["id"])["entries"]) == 1
    look(page, f"{tag}-5-first-hand")
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]


# -- the README's picture ------------------------------------------------------------------

def _with_text(png: bytes, key: str, value: str) -> bytes:
    """``png`` with a tEXt chunk ``key``: ``value`` right after its header (signature and
    IHDR: 33 bytes), where readers find it before the image data."""
    body = key.encode("latin-1") + b"\0" + value.encode("latin-1")
    chunk = struct.pack(">I", len(body)) + b"tEXt" + body + struct.pack(">I", zlib.crc32(b"tEXt" + body))
    return png[:33] + chunk + png[33:]


def _top(image: Image.Image, height: int) -> Image.Image:
    return image.convert("RGB").crop((0, 0, image.width, height))


def test_the_readme_picture_is_of_the_app_as_it_is(page, server_url, bs_game):
    # On the host's own address (a secure context): no plain-http notice in the picture.
    page.goto(f"{server_url}/games/{bs_game}#next")
    tabs = page.locator("nav.areas a")
    expect(tabs).to_have_count(4)
    expect(page.locator("nav.areas a[aria-current=page]")).to_have_count(1)
    page.evaluate("window.scrollTo(0, 0)")
    bar = page.locator("nav.areas").bounding_box()
    assert bar is not None and 0 < bar["y"] + bar["height"] < 200
    fresh = page.screenshot()
    made_from = f"{MADE_BY}: /games/<a Beutelschneider game>, tab bar: " + ", ".join(tabs.all_inner_texts())
    if os.environ.get("LOOT_LEDGER_SCREENSHOT"):
        README_PICTURE.write_bytes(_with_text(fresh, "Source", made_from))
    picture = Image.open(README_PICTURE)
    assert picture.size == (390 * 3, 844 * 3), "not the phone's screen: LOOT_LEDGER_SCREENSHOT=1 makes it again"
    assert picture.info.get("Source") == made_from, "not made by this test from a page with the tab bar"
    # The header and the tab bar hold no times or scores: they look the same in a fresh shot
    # unless the app's look changed since the picture was made.
    top = int((bar["y"] + bar["height"]) * 3)
    difference = ImageStat.Stat(ImageChops.difference(_top(picture, top), _top(Image.open(io.BytesIO(fresh)), top)))
    assert max(difference.mean) < 4, "the app looks different now: LOOT_LEDGER_SCREENSHOT=1 makes the picture again"
