"""At 200 % text (the phone's own setting) no game page or form is wider than the phone, in
English and German; and Give Me The Treasure's "now" strip stays short."""
from __future__ import annotations

import json

import pytest

from companion.transfer import import_record
from tests.browser.conftest import shot
from tests.browser.test_table_loop import GAMES, WIDER
from tests.conftest import EXAMPLES
from tests.formpage import Browserless

SLUGS = [g.slug for g in GAMES]


def pages_of(live_app, slug) -> list[str]:
    """The new-game page, a game in progress (the next form), every correction page of the
    documented example, and the example's end."""
    store = live_app.extensions["store"]
    user = Browserless(live_app.test_client())
    game = next(g for g in GAMES if g.slug == slug)
    playing = game.setup(user, store)
    example = store.create(import_record(json.dumps(EXAMPLES[slug])))
    kinds: dict[str, int] = {}
    for entry in store.load(example)["entries"]:
        kinds.setdefault(entry["kind"], entry["id"])  # one correction page per entry kind
    return ([f"/new/{slug}", f"/games/{playing}", f"/games/{example}"]
            + [f"/games/{example}/entries/{n}/edit" for n in kinds.values()])


@pytest.fixture
def large_text(page):
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    yield page
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 16, "fixed": 13}})


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("slug", SLUGS)
def test_no_game_page_is_wider_than_the_phone_at_200_percent(large_text, server_url, live_app, slug, lang):
    page = large_text
    page.goto(server_url + "/")
    if lang == "de":
        with page.expect_navigation():
            page.locator(".lang").get_by_role("button", name="DE").tap()
    wide = {}
    for path in pages_of(live_app, slug):
        page.goto(server_url + path)
        assert page.evaluate("getComputedStyle(document.body).fontSize") == "34px"
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > 390:
            wide[path] = (width, page.evaluate(WIDER))
    assert not wide, json.dumps(wide, indent=1, ensure_ascii=False)


def test_the_treasure_now_strip_stays_short_at_200_percent(large_text, server_url, live_app):
    page = large_text
    store = live_app.extensions["store"]
    game = next(g for g in GAMES if g.slug == "give-me-the-treasure")
    game_id = game.setup(Browserless(live_app.test_client()), store)
    for lang in ("en", "de"):
        if lang == "de":
            page.goto(server_url + "/")
            with page.expect_navigation():
                page.locator(".lang").get_by_role("button", name="DE").tap()
        page.goto(f"{server_url}/games/{game_id}#next")
        shot(page, f"treasure-now-200-{lang}", full_page=False)
        height = page.locator("#next .now").bounding_box()["height"]
        assert height <= 0.75 * 844, (lang, height)
        shot(page, f"treasure-now-200-{lang}", full_page=False)
