"""The origins the browser tests open, checked for what a phone gets on each: loopback is a
secure context like no phone at the table, the Wi-Fi address on plain http is not (no service
worker, no Wake Lock, no crypto.randomUUID), and trusted https is again."""
from __future__ import annotations

import pytest

from tests.browser.conftest import ORIGINS

FACTS = """() => [window.isSecureContext, 'serviceWorker' in navigator, 'wakeLock' in navigator,
                 typeof (window.crypto && crypto.randomUUID) === 'function']"""


@pytest.mark.parametrize("origin", ORIGINS, indirect=True)
def test_each_origin_is_what_the_phone_gets_there(page, server_url, origin):
    page.goto(f"{server_url}/")
    secure = origin != "lan-http"
    assert page.evaluate(FACTS) == [secure] * 4
    assert server_url.startswith({"loopback": "http://127.0.0.1:", "lan-http": "http://spieltisch.lan:",
                                  "https": "https://spieltisch.lan:"}[origin])
