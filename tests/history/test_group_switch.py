"""A phone that joins another group is told to forget what its browser cached of the old
group's pages (Clear-Site-Data: "cache"); joining its own group again changes nothing."""
from __future__ import annotations

from companion.history import groups
from tests.history.conftest import join


def test_joining_another_group_clears_the_browser_cache(app, user, store):
    tavern = groups.create(store, "Tavern", "Kaninchen7")
    user.open("/")
    assert 'data-group="household"' in user.page
    answer = join(user.client, "Tavern", "Kaninchen7")
    assert answer.status_code == 303 and answer.headers["Clear-Site-Data"] == '"cache"'
    user.open("/")  # app.js compares this with the group it saw last, and drops old pages
    assert f'data-group="{tavern["id"]}"' in user.page and tavern["id"] != "household"


def test_a_new_group_made_on_this_phone_clears_it_too(app, user):
    user.open("/groups/household")
    answer = user.submit("/groups/new", {"name": "Tavern", "code": "Kaninchen7"}, follow=False)
    assert answer.status_code == 303 and answer.headers["Clear-Site-Data"] == '"cache"'


def test_joining_the_same_group_again_keeps_the_cache(app, user, store):
    groups.set_code(store, "household", "Kaninchen7")  # the host: this phone must join again
    answer = join(user.client, "Household", "Kaninchen7")
    assert answer.status_code == 303 and "Clear-Site-Data" not in answer.headers


def test_a_wrong_code_clears_nothing(app, store):
    groups.create(store, "Tavern", "Kaninchen7")
    answer = join(app.test_client(), "Tavern", "wrong-code")
    assert answer.status_code == 422 and "Clear-Site-Data" not in answer.headers
