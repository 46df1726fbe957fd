"""Three phones, a row each (issue 38.2), for a Beutezug round: each player taps their own
heist in the round's form, whose rows are in rolling order, and the round is stored once."""
from __future__ import annotations

import pytest

from tests.browser.conftest import shot, until
from tests.formpage import Browserless
from tests.games.beutezug.web import test_pages as beutezug

PLAYERS = ("Vincenzo", "Kate", "Johnny")


@pytest.fixture
def bz_game(live_app) -> str:
    """Three players, the placement chips drawn: the first round to enter."""
    user = Browserless(live_app.test_client())
    game_id = beutezug.start(user, players=PLAYERS)
    beutezug.place(user, beutezug.KATE, beutezug.VINCENZO, beutezug.JOHNNY)
    return game_id


def send_heist(page, seat: int, stack: int, loot: int | None, bonus: str) -> None:
    row = page.locator("form.entry-form fieldset.bz-row").filter(has=page.locator("legend", has_text=PLAYERS[seat]))
    row.locator(f"input[name$='-stack'][value='{stack}'] + span").tap()
    if loot is not None:
        row.locator("input[name$='-loot']").fill(str(loot))
    row.locator(f"input[name$='-bonus'][value='{bonus}'] + span").tap()
    page.get_by_role("button", name=f"Send my row ({PLAYERS[seat]})").tap()


@pytest.mark.parametrize("origin", ["lan-http"], indirect=True)
def test_a_beutezug_round_entered_row_by_row_on_three_phones_is_stored_once(
        browser, browser_context_args, server_url, live_app, bz_game):
    contexts = [browser.new_context(**browser_context_args) for _ in PLAYERS]
    try:
        phones = [c.new_page() for c in contexts]
        for seat, p in enumerate(phones):
            p.goto(f"{server_url}/games/{bz_game}/phone")
            p.get_by_label(PLAYERS[seat], exact=True).check()
            p.get_by_role("button", name="Save", exact=True).tap()
            until(p, lambda p=p, seat=seat: p.get_by_role(
                "button", name=f"Send my row ({PLAYERS[seat]})").count() == 1)
        first = beutezug.EXAMPLE[0]
        vincenzo, kate, johnny = phones
        send_heist(johnny, beutezug.JOHNNY, *first[beutezug.JOHNNY])
        send_heist(vincenzo, beutezug.VINCENZO, *first[beutezug.VINCENZO])
        until(kate, lambda: "2 of 3 in (Vincenzo, Johnny)" in kate.locator("#next").inner_text())
        shot(kate, "rows-beutezug-two-of-three")
        store = live_app.extensions["store"]
        assert [e["kind"] for e in store.load(bz_game)["entries"]] == ["placement"]
        send_heist(kate, beutezug.KATE, *first[beutezug.KATE])
        for phone in phones:
            until(phone, lambda phone=phone: "Round 2 of 7" in phone.locator("#next").inner_text())
        entries = store.load(bz_game)["entries"]
        assert [e["kind"] for e in entries] == ["placement", "round"]
        assert {o["seat"]: (o["stack"], o.get("loot"), o["bonus"]) for o in entries[-1]["data"]["outcomes"]} == first
        shot(vincenzo, "rows-beutezug-stored")
    finally:
        for c in contexts:
            c.close()
