"""One device cannot make groups without end (issue 34: 300 groups from one phone in 82 s):
NEW_GROUPS a day per address, then a clear message next to the name, and nothing made."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from companion.history import groups
from tests.formpage import Browserless

NOW = datetime(2027, 1, 15, 20, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def fixed_clock(app):
    app.config["LIFECYCLE_NOW"] = NOW


def phone_at(app, address: str, language: str = "en") -> Browserless:
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    return Browserless(client)


def new_group(phone: Browserless, name: str) -> int:
    """The new-group form of this phone's group's settings page, sent once."""
    phone.response = phone.client.get("/group", follow_redirects=True)
    phone.page, phone.url = phone.response.get_data(as_text=True), phone.response.request.path
    return phone.submit("/groups/new", {"name": name, "code": "a-code"}, follow=False).status_code


def test_one_device_makes_at_most_new_groups_a_day_then_is_told_so(app, store):
    phone = phone_at(app, "10.7.0.1")
    assert [new_group(phone, f"Group {n}") for n in range(groups.NEW_GROUPS)] == [303] * groups.NEW_GROUPS
    before = len(groups.all_groups(store))
    assert new_group(phone, "One too many") == 422
    # Next to the new group's name, in its form.
    form = phone.page.split('action="/groups/new"', 1)[1].split("</form>", 1)[0]
    assert 'class="error">This device has made as many new groups today as one device may.' in form
    assert len(groups.all_groups(store)) == before  # nothing made
    # Another device at the table is not held up.
    assert new_group(phone_at(app, "10.7.0.2"), "Theirs") == 303
    # A day later this one may again.
    app.config["LIFECYCLE_NOW"] = NOW + timedelta(days=1, seconds=1)
    assert new_group(phone, "Tomorrow's") == 303


def test_the_cap_is_said_in_german(app, store):
    phone = phone_at(app, "10.7.0.3", "de")
    for n in range(groups.NEW_GROUPS):
        new_group(phone, f"Gruppe {n}")
    assert new_group(phone, "Noch eine") == 422
    assert "Dieses Gerät hat heute schon so viele neue Gruppen angelegt" in phone.page


def test_refused_forms_and_a_resent_form_do_not_count(app, store):
    phone = phone_at(app, "10.7.0.4")
    for n in range(groups.NEW_GROUPS - 1):
        assert new_group(phone, f"Group {n}") == 303
    assert new_group(phone, "Group 0") == 422  # a name in use: no group made, not counted
    assert new_group(phone, "The last") == 303
    assert new_group(phone, "Past it") == 422
    assert groups.find_by_name(store, "Past it") is None


def test_a_clock_set_back_does_not_stretch_the_day(app, store):
    phone = phone_at(app, "10.7.0.5")
    for n in range(groups.NEW_GROUPS):
        new_group(phone, f"Group {n}")
    app.config["LIFECYCLE_NOW"] = NOW - timedelta(hours=5)  # set back
    assert new_group(phone, "Still too many") == 422
    app.config["LIFECYCLE_NOW"] = NOW + timedelta(hours=19, seconds=1)  # a day after the set-back look
    assert new_group(phone, "A day on") == 303
