"""Shared steps for the Loot and Scoot view tests: start a game, tap the turn panel."""
from __future__ import annotations

import re

import pytest

from companion import create_app
from companion.records import add_entry, new_record
from companion.views import scoot


@pytest.fixture
def app(tmp_path):
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance")})
    if "scoot" not in app.blueprints:  # until companion/web.py registers it
        app.register_blueprint(scoot.bp)
    return app


PICKS = (["squire", "wizard"], ["priest", "thief"], ["squire", "priest"], ["thief", "wizard"])


def start(user, players=("Adam", "Beth", "Carl"), first="0", picks=True):
    user.open("/new/loot-and-scoot")
    response = user.submit("", {"player": list(players) + [""] * (4 - len(players))})
    assert response.status_code == 200, user.page
    game_id = user.url.rsplit("/", 1)[-1]
    if first is not None:
        assert user.submit("/entries", {"seat": first}).status_code == 200
    if picks:
        for pair in PICKS[:len(players)]:
            assert user.submit("/entries", {"classes": pair}).status_code == 200, user.page
    return game_id


def tap(user, action, button=None, **values):
    """Send the turn panel's form for ``action``, as a tap on ``button`` (name, value)."""
    return user.submit(f"do={action}", {k.rstrip("_"): v for k, v in values.items()}, button=button)


def entries(store, game_id):
    return store.load(game_id)["entries"]


def gold(user, name):
    match = re.search(rf"<h3>{name} <span class=\"gp\">(-?\d+) gp</span>", user.page)
    assert match, f"no purse for {name}"
    return int(match.group(1))


def errors(user):
    return re.findall(r'class="error">([^<]*)<', user.page)


def alerts(user):
    return re.findall(r'role="alert">([^<]*)<', user.page)


def seed(store, players, items):
    """A game stored with these entries (kind, data), each checked by the rules."""
    record = new_record("loot-and-scoot", players, {})
    for kind, data in items:
        record = add_entry(record, kind, data)
    return store.create(record)
