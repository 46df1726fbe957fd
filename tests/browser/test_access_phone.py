"""Every player can keep the score with a keyboard alone and a screen reader (issue 40), judged
from the accessibility tree (``aria_snapshot``) and the page's one status and alert.

A turn of each of four games is entered with keys only -- Tab, Shift+Tab, arrows, Space, Enter,
typing -- on a phone (390x844) and a laptop (1280x800), in English and German: a refusal, the
save that fixes it, Undo, "Put it back" and a correction. After each step the test looks at what
a screen reader is told (the status, the alert, the group names, no bare symbols), where the
focus is, and that it is never under the sticky "Not saved" box.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import bs_setup, shot
from tests.formpage import Browserless
from tests.games.beutezug.web.test_pages import place
from tests.games.beutezug.web.test_pages import start as start_beutezug
from tests.games.scoot.web.test_pages import start as start_scoot
from tests.games.treasure.web.test_pages import ready as ready_treasure

SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}}
WORDS = {
    "en": {"skip": "Skip to the next entry", "not saved": "Not saved", "saved": "Saved: ", "next": "Next: ",
           "undone": "Undone.", "put back": "Put back.", "corrected": "Correction saved.",
           "undo": "Undo the last entry", "put it back": "Put it back", "correct": "Correct",
           "stack": "Stack", "bonus": "Bonus", "changed": "The game changed: ", "pause": "Pause live updates"},
    "de": {"skip": "Zum nächsten Eintrag springen", "not saved": "Nicht gespeichert", "saved": "Gespeichert: ",
           "next": "Als Nächstes: ", "undone": "Rückgängig gemacht.", "put back": "Wieder eingetragen.",
           "corrected": "Korrektur gespeichert.", "undo": "Letzten Eintrag rückgängig machen",
           "put it back": "Wieder eintragen", "correct": "Korrigieren", "stack": "Stapel", "bonus": "Vorteil",
           "changed": "Die Partie hat sich geändert: ", "pause": "Live-Aktualisierung anhalten"},
}
# What a screen reader would read out as a bare symbol.
SYMBOLS = re.compile("[★↷↶⚄▲▼■◆●✗✖➜▸✓]")

# Where the focused control is drawn (a Beutezug chip's radio is 1 px; its chip is what shows),
# and whether the sticky "Not saved" box covers any of it.
UNDER_THE_BOX = """() => {
  const e = document.activeElement, box = document.querySelector('main .refusal:not(.mend)');
  if (!e || e === document.body) return 'no focus';
  const shown = e.matches('.bz-chip input, .tc input') ? e.parentElement : e;
  const r = shown.getBoundingClientRect();
  if (r.bottom <= 0 || r.top >= innerHeight) return 'off the screen: ' + (e.name || e.textContent.trim());
  if (!box || box.contains(e) || getComputedStyle(box).position !== 'sticky') return '';
  const b = box.getBoundingClientRect();
  return r.top < b.bottom - 0.5 && r.bottom > b.top + 0.5 ? 'under the box: ' + (e.name || e.textContent.trim()) : '';
}"""
FOCUS = """() => { const e = document.activeElement;
  return {name: e.name || '', value: e.value || '', tag: e.tagName, checked: !!e.checked,
          text: (e.getAttribute('aria-label') || e.textContent || '').replace(/\\s+/g, ' ').trim()}; }"""


def press(page, key: str) -> dict:
    page.keyboard.press(key)
    assert page.evaluate(UNDER_THE_BOX) == "", key
    return page.evaluate(FOCUS)


def tab_to(page, css: str, back: bool = False, most: int = 250) -> dict:
    """Tab (or Shift+Tab) until the focus is on ``css``; every stop on the way is in sight."""
    for _ in range(most):
        if page.evaluate("(s) => document.activeElement.matches(s)", css):
            return page.evaluate(FOCUS)
        press(page, "Shift+Tab" if back else "Tab")
    raise AssertionError(f"Tab never reached {css}")


def typed(page, text: str) -> None:
    page.keyboard.press("ControlOrMeta+A")
    page.keyboard.type(text)


def said(page, start: str, then: str = "") -> str:
    """What the page's one polite status says (after its short pause): ``start``, then ``then``."""
    status = page.locator("#said")
    expect(status).to_have_text(re.compile("^" + re.escape(start) + ".*" + re.escape(then)))
    assert page.locator("[role=status], [aria-live]").count() - page.locator("main [role=status]").count() == 1
    assert status.aria_snapshot().startswith("- status: ")
    return status.inner_text()


def waits_for_answer(page) -> None:
    page.evaluate("document.querySelector('main').dataset.before = '1'")


def answered(page) -> None:
    expect(page.locator("main[data-before]")).to_have_count(0)


def no_bare_symbols(page) -> str:
    tree = page.locator("main").aria_snapshot()
    assert not SYMBOLS.search(tree), [line for line in tree.splitlines() if SYMBOLS.search(line)]
    return tree


def refused(page, words) -> None:
    """One alert, headed "Not saved"; the focus on its first wrong field, or on the box."""
    alert = page.get_by_role("alert")
    expect(alert).to_have_count(1)
    assert alert.aria_snapshot().startswith(f'- alert "{words["not saved"]}"')
    first = page.locator("main .refusal a[data-field]").first
    if first.count():
        name = first.get_attribute("data-field")
        assert page.evaluate("document.activeElement.name") == name
        # The wrong field says it, and says why (its message).
        invalid = page.evaluate("""(n) => { const e = document.activeElement, g = e.closest('[role=radiogroup], [role=group]');
            const d = e.getAttribute('aria-describedby') || (g && g.getAttribute('aria-describedby'));
            return [(e.getAttribute('aria-invalid') || (g && g.getAttribute('aria-invalid'))), d && document.getElementById(d).textContent]; }""", name)
        assert invalid[0] == "true" and invalid[1], invalid
    else:
        assert page.evaluate("document.activeElement.id") == "refusal"
    assert page.evaluate(UNDER_THE_BOX) == ""


def back_up_the_form(page, stops: int = 9) -> None:
    """Shift+Tab back up a refused form and forward again: never a stop under the box."""
    was = page.evaluate(FOCUS)
    for _ in range(stops):
        press(page, "Shift+Tab")
    for _ in range(stops):
        press(page, "Tab")
    if was["name"]:  # (from the box itself, which is no Tab stop, Tab goes on past it)
        assert page.evaluate(FOCUS)["name"] == was["name"]


def open_game(page, server_url, game_id, lang, size):
    page.set_viewport_size(SIZES[size])
    page.set_extra_http_headers({"Accept-Language": lang})
    page.goto(f"{server_url}/games/{game_id}")
    words = WORDS[lang]
    # The first Tab is the skip link; Enter lands on the next form's first field.
    assert press(page, "Tab")["text"] == words["skip"]
    return press(page, "Enter")


def undo_and_put_back(page, words, first: str):
    tab_to(page, f"button[aria-label='{words['undo']}']", back=True)
    waits_for_answer(page)
    press(page, "Enter")
    answered(page)
    said(page, words["undone"] + " " + words["next"])
    assert page.evaluate("document.activeElement.closest('#next .forms') !== null")
    if first:
        assert page.evaluate("document.activeElement.name") == first
    assert page.locator("main").get_by_role("button", name=words["put it back"]).count() == 1
    tab_to(page, "form[action*='/put-back#'] button", back=True)
    waits_for_answer(page)
    press(page, "Enter")
    answered(page)
    said(page, words["put back"] + " " + words["next"])
    no_bare_symbols(page)


def correct_the_last_entry(page, words, field: str, value: str, save_css: str = "form.entry-form button[type=submit]"):
    tab_to(page, "#log li:last-child a[href$='/edit']")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    tab_to(page, field)
    if value == " ":
        press(page, "Space")
    elif value:
        typed(page, value)
    tab_to(page, save_css)
    waits_for_answer(page)
    press(page, "Enter")
    answered(page)
    said(page, words["corrected"] + " " + words["next"])
    assert page.evaluate("document.activeElement.closest('#next .forms') !== null")


# -- the four games, keys only ---------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", WORDS)
def test_a_beutezug_round_with_keys_only(page, server_url, live_app, lang, size):
    words = WORDS[lang]
    user = Browserless(live_app.test_client())
    game_id = start_beutezug(user)
    place(user, 0, 1, 2)
    at = open_game(page, server_url, game_id, lang, size)
    assert at["name"] == "outcomes-0-stack" and at["value"] == "2"
    row = page.locator("form.entry-form fieldset.bz-row").first
    tree = row.aria_snapshot()
    # The visible "Stack" names its group, the bonuses have a group name, "0 ✗" has words.
    assert f'- radiogroup "{words["stack"]}"' in tree and f'- radiogroup "{words["bonus"]}"' in tree, tree
    assert not SYMBOLS.search(tree), tree
    # Arrows move through the stacks and stay there (to 5 and back), then Tab goes to the loot.
    for value in ("3", "4", "5"):
        at = press(page, "ArrowRight")
        assert (at["name"], at["value"], at["checked"]) == ("outcomes-0-stack", value, True)
    for _ in range(3):
        at = press(page, "ArrowLeft")
    assert (at["name"], at["value"]) == ("outcomes-0-stack", "2")
    assert press(page, "Tab")["name"] == "outcomes-0-loot"
    page.keyboard.type("3")
    # Saved with two rows left without a stack: refused, said once, focus on the first.
    waits_for_answer(page)
    press(page, "Enter")
    answered(page)
    refused(page, words)
    assert page.evaluate("document.activeElement.name") == "outcomes-1-stack"
    tree = page.locator("form.entry-form fieldset.bz-row").nth(1).aria_snapshot()
    assert f'- radiogroup "{words["stack"]}"' in tree
    shot(page, f"access-beutezug-refused-{lang}-{size}", full_page=False)
    back_up_the_form(page)
    press(page, "ArrowRight")                                   # stack 3
    assert press(page, "Tab")["name"] == "outcomes-1-loot"
    page.keyboard.type("5")
    tab_to(page, "input[name='outcomes-2-stack']")
    press(page, "ArrowRight")
    at = press(page, "ArrowRight")                               # stack 4
    assert (at["name"], at["value"]) == ("outcomes-2-stack", "4")
    press(page, "Tab")
    page.keyboard.type("9")
    waits_for_answer(page)
    press(page, "Enter")
    answered(page)
    said(page, words["saved"], words["next"])
    expect(page.get_by_role("alert")).to_have_count(0)
    assert page.evaluate("document.activeElement.name") == "outcomes-0-stack"
    no_bare_symbols(page)
    undo_and_put_back(page, words, "outcomes-0-stack")
    correct_the_last_entry(page, words, "input[name='outcomes-0-loot']", "2")
    assert live_app.extensions["store"].load(game_id)["entries"][-1]["data"]["outcomes"][0]["loot"] == 2


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", WORDS)
def test_a_beutelschneider_hand_with_keys_only(page, server_url, live_app, lang, size):
    words = WORDS[lang]
    game_id = bs_setup(Browserless(live_app.test_client()), live_app.extensions["store"])
    at = open_game(page, server_url, game_id, lang, size)
    assert at["name"] == "players-0-gold"
    tree = page.locator("form.entry-form").aria_snapshot()
    assert '- group "Anna"' in tree and not SYMBOLS.search(tree)
    for seat, gold in enumerate((25, 25, 50)):                  # 100 of 80 gold
        tab_to(page, f"input[name='players-{seat}-gold']")
        page.keyboard.type(str(gold))
    waits_for_answer(page)
    press(page, "Enter")
    answered(page)
    refused(page, words)
    back_up_the_form(page)
    tab_to(page, "input[name='players-2-gold']")
    typed(page, "15")
    waits_for_answer(page)
    press(page, "Enter")
    answered(page)
    said(page, words["saved"], words["next"])
    assert page.evaluate("document.activeElement.name") == "players-0-gold"
    no_bare_symbols(page)
    undo_and_put_back(page, words, "players-0-gold")
    correct_the_last_entry(page, words, "input[name='players-0-cutpurses']", "1")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", WORDS)
def test_a_treasure_turn_with_keys_only(page, server_url, live_app, lang, size):
    words = WORDS[lang]
    game_id = ready_treasure(Browserless(live_app.test_client()))
    c0 = "sides-0-combinations-0"
    open_game(page, server_url, game_id, lang, size)
    tab_to(page, f"input[name='{c0}'][value='red3']")
    press(page, "Space")                                          # one card is no combination
    tab_to(page, "form.entry-form button[type=submit]")
    waits_for_answer(page)
    press(page, "Enter")
    answered(page)
    refused(page, words)
    assert page.evaluate("document.activeElement.value") == "red3"
    # The cards of a combination are a group named by its side and number.
    assert page.locator("main .tcards").first.aria_snapshot().split("\n")[0] in (
        """- 'group "Ann: Combination 1"':""", """- 'group "Ann: Kombination 1"':""")
    back_up_the_form(page)
    for card in ("red2", "red1"):
        tab_to(page, f"input[name='{c0}'][value='{card}']", back=True)
        press(page, "Space")
    tab_to(page, "form.entry-form button[type=submit]")
    waits_for_answer(page)
    press(page, "Enter")
    answered(page)
    said(page, words["saved"], words["next"])
    assert page.evaluate("document.activeElement.closest('#next .forms') !== null")
    no_bare_symbols(page)
    undo_and_put_back(page, words, page.evaluate("document.activeElement.name"))
    correct_the_last_entry(page, words, f"input[name='{c0}'][value='red4']", " ")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", WORDS)
def test_a_loot_and_scoot_turn_with_keys_only(page, server_url, live_app, lang, size):
    words = WORDS[lang]
    game_id = start_scoot(Browserless(live_app.test_client()))
    open_game(page, server_url, game_id, lang, size)
    # Training with nothing chosen: refused, the focus on its first group.
    tab_to(page, "#act-train summary")
    press(page, "Enter")
    tab_to(page, "#act-train button.wide")
    waits_for_answer(page)
    press(page, "Enter")
    answered(page)
    refused(page, words)
    group = page.evaluate("document.activeElement.closest('[role=radiogroup], [role=group]').getAttribute('aria-label')")
    assert group, "the wrong field's group has a name"
    back_up_the_form(page)
    tab_to(page, "#act-recruit button[value='priest']", back=True)
    waits_for_answer(page)
    press(page, "Enter")
    answered(page)
    said(page, words["saved"], words["next"])
    expect(page.get_by_role("alert")).to_have_count(0)
    no_bare_symbols(page)
    undo_and_put_back(page, words, page.evaluate("document.activeElement.name"))
    correct_the_last_entry(page, words, "#act-recruit button[value='thief']", "", save_css="#act-recruit button[value='thief']")
    assert live_app.extensions["store"].load(game_id)["entries"][-1]["data"]["class"] == "thief"


# -- the outbox: said when something waits and when it is sent, not every few seconds ----------

@pytest.mark.parametrize("origin", ["lan-http"], indirect=True)  # the table's phone: no service worker
@pytest.mark.parametrize("lang", WORDS)
def test_a_waiting_entry_is_said_once_and_said_again_when_it_is_sent(page, server_url, live_app, lang, origin):
    game_id = bs_setup(Browserless(live_app.test_client()), live_app.extensions["store"])
    page.set_extra_http_headers({"Accept-Language": lang})
    page.clock.install()  # the page's timers run as they do, and its retry rounds at once on demand
    page.goto(f"{server_url}/games/{game_id}")
    status = page.locator("#said")
    page.context.set_offline(True)
    form = page.locator("form.entry-form")
    for seat, gold in enumerate((25, 25, 15)):  # Dora's is 80 minus the rest
        form.locator(f"input[name='players-{seat}-gold']").fill(str(gold))
    form.locator("button[type=submit]").tap()
    outbox = page.locator("#next .outbox")
    expect(outbox).to_be_visible()
    head = outbox.locator("p").first.inner_text()
    expect(status).to_have_text(head)
    assert outbox.get_attribute("role") is None and outbox.get_attribute("aria-live") is None
    # Two rounds of app.js's 8 s retry: the box is the same element, its words unchanged, and
    # the status is not said again (no mutation of it at all).
    page.evaluate("""() => { window.__box = document.querySelector('#next .outbox'); window.__said = 0;
        new MutationObserver(() => window.__said++).observe(document.getElementById('said'),
            {childList: true, characterData: true, subtree: true}); }""")
    for _ in range(34):  # 17 s in steps, the answers to what each step sent let in between
        page.clock.run_for(500)
        page.wait_for_timeout(20)
    assert page.evaluate("window.__box === document.querySelector('#next .outbox')")
    assert page.evaluate("window.__said") == 0
    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(status).to_have_text(re.compile("^" + re.escape({"en": "Sent: ", "de": "Gesendet: "}[lang])))
    expect(outbox).to_be_hidden()
    assert len(live_app.extensions["store"].load(game_id)["entries"]) == 3
