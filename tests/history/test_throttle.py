"""The access-code throttle cannot be reset from outside (issue 22): wrong codes are counted
per address and target group, and only the right code for that group clears its count."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from companion.history import groups
from tests.formpage import Browserless
from tests.history.conftest import join

NOW = datetime(2027, 1, 15, 20, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def still_clock(app):
    """The app's clock stands still: on a slow machine the loops below may take longer than
    the first wait, which is then rightly over."""
    app.config["LIFECYCLE_NOW"] = NOW


def test_joining_a_group_of_ones_own_does_not_clear_the_guesses_at_another(app, store, club):
    attacker = Browserless(app.test_client())
    attacker.open("/groups/household")  # the code-less Household lets any phone in
    attacker.submit("/groups/new", {"name": "Mine", "code": "mine-code"})
    answers = []
    for round_ in range(6):
        for _ in range(2):
            answers.append(join(attacker.client, "Club", f"{round_:04d}").status_code)
        assert join(attacker.client, "Mine", "mine-code").status_code == 303
    # Three tries are free; the fourth guess at Club already has to wait, and so does every
    # later one while the waits grow.
    assert answers[:3] == [422, 422, 422] and set(answers[3:]) == {429}
    assert groups.failures(store, "127.0.0.1", club["id"]) == groups.FREE_TRIES
    assert groups.failures(store, "127.0.0.1", groups.find_by_name(store, "Mine")["id"]) == 0


def test_a_join_link_of_ones_own_group_does_not_clear_the_guesses_either(app, store, club):
    phone = app.test_client()
    for guess in range(groups.FREE_TRIES):
        assert join(phone, "Club", f"guess-{guess}").status_code == 422
    assert phone.get("/join/household/" + "0" * 32).status_code == 404  # no link: a wrong one
    assert phone.get("/join/nosuchgroup/" + "0" * 32).status_code == 404
    assert join(phone, "Household").status_code == 303
    assert join(phone, "Club", "club-code").status_code == 429


def test_the_right_code_clears_only_the_count_at_its_group(app, store, club):
    groups.create(store, "Other", "other-code")
    phone = app.test_client()
    for guess in range(groups.FREE_TRIES):
        assert join(phone, "Club", f"guess-{guess}").status_code == 422
        assert join(phone, "Other", f"guess-{guess}").status_code == 422
    store.change_state("throttle", lambda s: {a: {**v, "last": v["last"] - 60} for a, v in s.items()})
    assert join(phone, "Club", "club-code").status_code == 303  # a minute later
    assert groups.failures(store, "127.0.0.1", club["id"]) == 0
    assert groups.failures(store, "127.0.0.1", groups.find_by_name(store, "Other")["id"]) == 3


def test_made_up_names_answer_as_real_groups_do(app, store, club):
    phone = app.test_client()
    for n in range(groups.FREE_TRIES):
        assert join(phone, f"Nobody {n}", "x").status_code == 422
    # One count for every made-up name was at its wait by now, so a name still answering 422
    # was a group: each name has its own count, as each group has.
    assert join(phone, "Nobody else", "x").status_code == 422
    assert join(phone, "Club", "x").status_code == 422
    answers = {name: [join(phone, name, "x").status_code for _ in range(4)]
               for name in ("Club", "Nobody else")}
    assert answers["Club"] == answers["Nobody else"] == [422, 422, 429, 429]


def test_made_up_names_cannot_grow_the_state_without_bound(app, store, club):
    phone = app.test_client()
    for n in range(groups.MAX_MADE_UP + 3):
        assert join(phone, f"Nobody {n}", "x").status_code == 422
    # Past the bound every try from that address counts in one count, at any name alike.
    assert {join(phone, name, "x").status_code for name in ("Nobody more", "Club")} == {429}
    assert len(store.read_state("throttle")) <= 2 * groups.MAX_MADE_UP + 3


def _from(app, address):
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def test_a_flood_from_many_addresses_costs_wrong_guesses_only(app, store, club):
    """Past GROUP_FREE_TRIES wrong codes from all addresses, a member with the right code
    still gets in at once (issue 34); a wrong code costs its address its free tries."""
    for n in range(groups.GROUP_FREE_TRIES):
        assert join(_from(app, f"10.0.1.{n}"), "Club", f"guess-{n}").status_code == 422
    assert groups.group_failures(store, club["id"]) == groups.GROUP_FREE_TRIES
    assert join(_from(app, "10.0.2.2"), "Club", "club-code").status_code == 303  # not counted
    assert groups.group_failures(store, club["id"]) == groups.GROUP_FREE_TRIES
    newcomer = _from(app, "10.0.2.1")
    assert join(newcomer, "Club", "guess-new").status_code == 422  # checked, and wrong
    refused = join(newcomer, "Club", "club-code")  # its free tries went with the flood
    assert refused.status_code == 429
    assert "Too many wrong codes from this device. Try again in 2 seconds." in refused.get_data(as_text=True)
    # Before the flood, a wrong code left the other free tries.
    assert groups.failures(store, "10.0.1.0", club["id"]) == 1


def test_a_few_guesses_elsewhere_do_not_lock_a_newcomer_out(app, store, club):
    bad = _from(app, "10.0.3.1")
    for n in range(groups.FREE_TRIES + 2):
        join(bad, "Club", f"guess-{n}")
    assert join(_from(app, "10.0.3.2"), "Club", "club-code").status_code == 303
    assert groups.group_failures(store, club["id"]) == groups.FREE_TRIES


def _new_group_again(phone, submission, code):
    """The new-group form on this phone's group's settings page, posted with ``submission``."""
    phone.response = phone.client.get("/group", follow_redirects=True)
    phone.page, phone.url = phone.response.get_data(as_text=True), phone.response.request.path
    return phone.submit("/groups/new", {"name": "Anything", "code": code, "submission": submission},
                        follow=False)


def test_another_forms_submission_id_is_no_way_to_guess_a_groups_code(app, store):
    target = groups.create(store, "Target", "1234")
    groups.add_player(store, target["id"], "Anna", submission="oldphone-sub")
    attacker = Browserless(app.test_client())
    answers = [_new_group_again(attacker, "oldphone-sub", f"{n:04d}").status_code for n in range(30)]
    answers.append(_new_group_again(attacker, "oldphone-sub", "1234").status_code)
    with attacker.client.session_transaction() as session:
        assert session.get("group") != target["id"]
    # The first made a group of the attacker's own; the rest were that form sent again, its
    # codes throttled there. Target's code was never tried at all.
    assert answers[:4] == [303, 303, 303, 303] and set(answers[4:]) == {429}
    assert groups.failures(store, "127.0.0.1", target["id"]) == 0
    assert groups.find_by_name(store, "Anything")["created_by"] == "oldphone-sub"


def test_the_new_group_form_sent_again_lets_in_only_through_the_throttle(app, store):
    maker = Browserless(app.test_client())
    assert _new_group_again(maker, "maker-sub", "right-code").status_code == 303
    made = groups.find_by_name(store, "Anything")
    attacker = Browserless(app.test_client())
    answers = [_new_group_again(attacker, "maker-sub", f"wrong-{n}").status_code for n in range(6)]
    assert answers[:3] == [303, 303, 303] and set(answers[3:]) == {429}
    assert "Too many wrong codes" in attacker.page
    with attacker.client.session_transaction() as session:
        assert session.get("group") != made["id"]
    # The phone that made it, resending after a lost answer, is let in (and its count goes).
    lost = Browserless(app.test_client())
    lost.client.environ_base["REMOTE_ADDR"] = "10.0.0.9"  # the maker's phone, not the attacker's
    assert _new_group_again(lost, "maker-sub", "right-code").status_code == 303
    with lost.client.session_transaction() as session:
        assert session.get("group") == made["id"]


def test_a_clock_set_back_never_makes_a_wait_longer_than_its_rule(store):
    """An hour back (a computer without a clock battery, before NTP sets it): 5 wrong codes
    wait 8 s, as their rule says, not the hour and 8 s to the last one's time."""
    at = 1_800_000_000.0
    for n in range(5):
        at += groups.wait_after(n)
        assert groups.attempt(store, "10.4.4.4", "club", now=at) == 0
    assert groups.attempt(store, "10.4.4.4", "club", now=at - 3600) == groups.wait_after(5) == 8


def test_the_clock_the_app_reads_set_back_an_hour_keeps_the_wait_of_the_rule(app, store, club):
    phone = app.test_client()
    for n in range(5):
        app.config["LIFECYCLE_NOW"] += timedelta(seconds=groups.wait_after(n))
        assert join(phone, "Club", f"guess-{n}").status_code == 422
    app.config["LIFECYCLE_NOW"] -= timedelta(hours=1)
    refused = join(phone, "Club", "club-code")
    assert refused.status_code == 429
    assert "Try again in 8 seconds." in refused.get_data(as_text=True)
    app.config["LIFECYCLE_NOW"] += timedelta(seconds=8)  # the wait, on the clock as it is now
    assert join(phone, "Club", "club-code").status_code == 303
