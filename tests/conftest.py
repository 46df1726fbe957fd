"""Fixtures: an app on a real TinyDB folder in a temp dir, its client, its CLI runner."""
from __future__ import annotations

import pytest

from companion import create_app
from tests.formpage import Browserless


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance")})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture
def store(app):
    return app.extensions["store"]


@pytest.fixture
def user(client):
    """Fills in and sends the app's forms the way a browser without JavaScript would."""
    return Browserless(client)
