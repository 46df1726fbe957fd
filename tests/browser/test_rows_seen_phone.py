"""While a round fills from several phones (issue 38.2) on the table's own address: a phone
typing its row sees the count line change when another phone sends its row, its fields and
focus untouched; and every phone shows the rows other phones sent filled in and marked, not to
be changed there, its own row still its own."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import on_the_table, until
from tests.browser.test_offline_first_visit_phone import looks
from tests.browser.test_own_game_phone import SIX, own_setup
from tests.browser.test_rows_phone import send_row, table
from tests.browser.test_table_loop import axe_clean
from tests.formpage import Browserless

__all__ = ["table"]


def gold(page, seat: int):
    return page.locator(f"form.entry-form input[name='players-{seat}-gold']")


@on_the_table
def test_the_count_changes_while_a_row_is_typed(table, live_app, bs_game):
    _, (anna, ben, cem) = table
    # Anna is typing her gold: the keyboard is up, nothing sent yet.
    gold(anna, 0).tap()
    gold(anna, 0).press_sequentially("3")
    send_row(ben, 1, 20)
    until(anna, lambda: "1 of 4 in (Ben)" in anna.locator("#next p.draft").inner_text())
    # Anna's form as she left it: her digit, the focus in her field.
    assert anna.evaluate("document.activeElement.name") == "players-0-gold"
    expect(gold(anna, 0)).to_have_value("3")
    gold(anna, 0).press_sequentially("0")
    expect(gold(anna, 0)).to_have_value("30")
    # Anna sends her row from the form she kept; Cem saves the rest: one hand, as sent.
    anna.get_by_role("button", name="Send my row (Anna)").tap()
    until(cem, lambda: "2 of 4 in (Anna, Ben)" in cem.locator("#next p.draft").inner_text())
    cem.locator("form.entry-form input[name='players-2-gold']").fill("10")
    cem.get_by_role("button", name="Save the hand").tap()
    until(cem, lambda: cem.locator("#next .now h2").inner_text() == "Hand 4")
    entries = live_app.extensions["store"].load(bs_game)["entries"]
    assert len(entries) == 3 and [p["gold"] for p in entries[-1]["data"]["players"]] == [30, 20, 10, 20]


@on_the_table
def test_rows_other_phones_sent_are_shown_filled_in_and_marked(table, live_app, bs_game):
    _, (anna, ben, cem) = table
    send_row(ben, 1, 20)
    until(cem, lambda: "1 of 4 in (Ben)" in cem.locator("#next p.draft").inner_text())
    # Ben's row as he sent it, on every other phone: filled in, marked, not to be typed over.
    for phone in (anna, cem):
        # Each phone follows on its own clock: Anna's may ask after Cem's (a loaded machine).
        until(phone, lambda p=phone: "1 of 4 in (Ben)" in p.locator("#next p.draft").inner_text())
        expect(gold(phone, 1)).to_have_value("20")
        expect(gold(phone, 1)).not_to_be_editable()
        expect(phone.locator("form.entry-form fieldset.player").nth(1)).to_contain_text("Ben: already in")
        cutpurses = phone.locator("form.entry-form input[name='players-1-cutpurses']")
        expect(cutpurses).not_to_be_editable()
        expect(cutpurses.locator("xpath=..").get_by_role("button").first).to_be_disabled()
        expect(gold(phone, 2)).to_be_editable()
    expect(gold(ben, 1)).to_be_editable()  # on his own phone, his row stays his
    cem.locator("form.entry-form fieldset.player").nth(1).scroll_into_view_if_needed()
    looks(cem, "rows-sent-shown")  # and at 200 % text in the dark
    axe_clean(cem, "a round with a row sent by another phone")
    # Anna sends hers; Cem sees it too, and saves the rest: one hand, as sent.
    send_row(anna, 0, 30)
    until(cem, lambda: "2 of 4 in (Anna, Ben)" in cem.locator("#next p.draft").inner_text())
    expect(gold(cem, 0)).to_have_value("30")
    gold(cem, 2).fill("10")
    cem.get_by_role("button", name="Save the hand").tap()
    until(cem, lambda: cem.locator("#next .now h2").inner_text() == "Hand 4")
    entries = live_app.extensions["store"].load(bs_game)["entries"]
    assert len(entries) == 3 and [p["gold"] for p in entries[-1]["data"]["players"]] == [30, 20, 10, 20]


def test_an_own_games_score_sent_by_another_phone_is_shown_beside_its_name(page, browser, browser_context_args,
                                                                          server_url, live_app):
    """An own game's round is a score field per player: the mark stands before the field, whose
    name stays the player's."""
    game_id = own_setup(Browserless(live_app.test_client()), live_app.extensions["store"])
    context = browser.new_context(**browser_context_args)
    second = context.new_page()
    try:
        second.goto(f"{server_url}/games/{game_id}/phone")
        second.get_by_label(SIX[1], exact=True).check()
        second.get_by_role("button", name="Save", exact=True).tap()
        page.goto(f"{server_url}/games/{game_id}")
        second.locator("input[name='players-1-score']").fill("-10")
        second.get_by_role("button", name=f"Send my row ({SIX[1]})").tap()
        until(page, lambda: f"1 of 4 in ({SIX[1]})" in page.locator("#next p.draft").inner_text())
        score = page.get_by_role("spinbutton", name=SIX[1], exact=True)
        expect(score).to_have_value("-10")
        expect(score).not_to_be_editable()
        expect(page.locator("form.entry-form .scores")).to_contain_text(f"{SIX[1]}: already in")
    finally:
        context.close()
