"""The access-code throttle cannot be reset from outside (issue 22): wrong codes are counted
per address and target group, and only the right code for that group clears its count."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from companion import groups
from tests.formpage import Browserless
from tests.history.conftest import join


@pytest.fixture(autouse=True)
def still_clock(monkeypatch):
    """The throttle's clock stands still: on a slow machine the loops below may take longer
    than the first wait, which is then rightly over."""
    monkeypatch.setattr(groups, "time", SimpleNamespace(time=lambda: 1_800_000_000.0))


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


def test_made_up_group_names_share_one_count(app, store):
    phone = app.test_client()
    for n in range(groups.FREE_TRIES):
        assert join(phone, f"Nobody {n}", "x").status_code == 422
    assert join(phone, "Nobody else", "x").status_code == 429
    assert len(store.read_state("throttle")) == 1
