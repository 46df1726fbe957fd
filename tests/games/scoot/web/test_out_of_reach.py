"""An action the rules refuse now is shown as such before the tap: a disabled button with
the rules' reason under its row. A crafted post of it is refused with the same reason."""
from __future__ import annotations

import re

from tests.games.scoot.web.test_pages import entries, errors, seed, start, tap
from tests.games.scoot.web.test_refusals import BEG, SET_UP


def button(page, name, value):
    found = re.search(rf'<button[^>]*name="{name}" value="{value}"[^>]*>', page)
    assert found, f"no {name}={value} button"
    return found.group(0)


def reasons(page, name):
    found = re.search(rf'<ul class="refusals" id="why-{name}">(.*?)</ul>', page, re.S)
    return re.findall(r"<li>([^<]*)</li>", found.group(1)) if found else []


def test_hirelings_none_left_are_disabled_with_the_reason_and_a_crafted_hire_is_refused(user, store):
    # Two players: four Hirelings are removed and each party starts with two, the pool is empty.
    game_id = seed(store, ["Adam", "Beth"], SET_UP)
    user.open(f"/games/{game_id}")
    assert "disabled" in button(user.page, "count", "1") and "disabled" in button(user.page, "count", "2")
    assert reasons(user.page, "count") == ["1, 2: No Hireling is left in the common pool."]
    stored = entries(store, game_id)
    response = tap(user, "hire", ("count", "1"))
    assert response.status_code == 422
    assert "No Hireling is left in the common pool." in errors(user)
    assert entries(store, game_id) == stored


def test_what_the_purse_cannot_pay_is_disabled_and_what_it_can_stays_tappable(user, store):
    game_id = seed(store, ["Adam", "Beth"], SET_UP)   # Adam: Squire and Wizard, 5 gp
    user.open(f"/games/{game_id}")
    assert "disabled" not in button(user.page, "class", "priest")   # 3 gp
    assert "disabled" in button(user.page, "class", "wizard")       # a second one: 6 gp
    assert reasons(user.page, "class") == ["Squire, Wizard: Adam has 5 gp, not the 6 gp this costs."]
    assert all("disabled" in button(user.page, "upgrade", c) for c in ("squire", "priest", "wizard", "thief"))
    assert reasons(user.page, "upgrade") == [
        "Squire, Priest, Wizard, Thief: Adam has 5 gp, not the 10 gp this costs."]
    stored = entries(store, game_id)
    assert tap(user, "build", ("upgrade", "priest")).status_code == 422
    assert "Adam has 5 gp, not the 10 gp this costs." in errors(user)
    assert entries(store, game_id) == stored


def test_a_full_party_and_an_upgrade_built_name_their_rule(user, store):
    game_id = seed(store, ["Adam", "Beth"], SET_UP + [BEG, BEG] * 4 + [
        ("action", {"action": "build", "upgrade": "wizard"})])
    user.open(f"/games/{game_id}")
    assert "disabled" in button(user.page, "upgrade", "wizard")
    assert "Wizard: A player cannot have two Upgrades of the same type." in reasons(user.page, "upgrade")


def test_in_german_the_reason_is_german(user, store):
    start(user, ("Adam", "Beth"))
    user.submit("/lang", button=("lang", "de"))
    assert reasons(user.page, "count") == ["1, 2: Im allgemeinen Vorrat ist kein Söldner mehr."]
