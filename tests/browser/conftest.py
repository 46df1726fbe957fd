"""A real browser at phone size: Debian's Chromium driven by Playwright (tests/browser/chromium.py),
app served in-process; and the helpers the browser tests share.

The app is served where a test asks (``origin``): on ``http://127.0.0.1`` by default, which
Chromium treats as a secure context, or where the table's phones really are -- ``lan-http``,
an insecure address on the Wi-Fi (``http://spieltisch.lan:PORT``: no service worker, no Wake
Lock, no ``crypto.randomUUID``), and ``https``, the same name over TLS with a certificate the
phone trusts (a CA made for the session, trusted in a throwaway NSS database under a temp
``HOME`` of the browser process, tests/browser/tls.py).
"""
from __future__ import annotations

import os
import ssl
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import expect
from werkzeug.serving import make_server

from companion import create_app
from tests.browser.chromium import CHROMIUM, LAUNCH, PHONE
from tests.browser.tls import LAN, RESOLVE, trusted_table
from tests.conftest import TESTING
from tests.formpage import Browserless
from tests.games.beutelschneider.web import test_pages as beutelschneider

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
ORIGINS = ("loopback", "lan-http", "https")
# The loop as the table's phones have it: ``@on_the_table`` runs a test on both real origins.
on_the_table = pytest.mark.parametrize("origin", ["lan-http", "https"], indirect=True)


@pytest.fixture(scope="session")
def table_tls(tmp_path_factory) -> dict[str, Path]:
    """What a phone has once it trusted the table (tests/browser/tls.py)."""
    return trusted_table(tmp_path_factory.mktemp("table-tls"))


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, table_tls):
    if not CHROMIUM:
        pytest.fail("Chromium is missing: apt-get install -y chromium (see README)")
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [*LAUNCH, RESOLVE],
        "env": {**os.environ, "HOME": str(table_tls["home"])},  # Chromium reads $HOME/.pki/nssdb
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, **PHONE}


@pytest.fixture
def live_app(tmp_path):
    return create_app({**TESTING, "INSTANCE_PATH": str(tmp_path / "instance")})


# -- a Beutelschneider game in progress, the one most flows start from -----------------------

def bs_setup(user, store):
    game_id = beutelschneider.start(user, players=("Anna", "Ben", "Cem", "Dora"))
    for golds in ((30, 20, 20, 10), (10, 40, 10, 20)):
        user.submit("/entries", beutelschneider.hand_values(*golds))
    return game_id


def bs_save(page):
    form = page.locator("form.entry-form")
    for seat, gold in enumerate((25, 25, 15)):  # Dora's is 80 minus the rest
        form.locator(f"input[name='players-{seat}-gold']").fill(str(gold))
    form.get_by_role("button", name="Save the hand").tap()


@pytest.fixture
def bs_game(live_app) -> str:
    """Four players, two hands stored, set up by a script-free client of the same app."""
    return bs_setup(Browserless(live_app.test_client()), live_app.extensions["store"])


@pytest.fixture
def no_script(browser, browser_context_args):
    """A page of a phone with scripts off."""
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    yield context.new_page()
    context.close()


def until(page, test, seconds: float = 60) -> None:
    """Wait for ``test()`` to hold, letting the page's events in meanwhile. The deadline only
    ends a wait for what never comes: a loaded machine takes what it takes."""
    end = time.monotonic() + seconds
    while not test():
        if time.monotonic() > end:
            raise AssertionError(f"not within {seconds} s")
        page.wait_for_timeout(50)


def quiet(page) -> None:
    """Wait until the page has sent what it sends by itself (after a load, or an answer) and
    nothing is under way: no request for half a second."""
    page.wait_for_load_state("networkidle")


def waiting(page) -> int:
    """How many entries app.js keeps in the phone's outbox."""
    return page.evaluate("JSON.parse(localStorage.getItem('loot-ledger-outbox') || '[]').length")


def game_id_of(page) -> str:
    """The id of the game whose page is open (its address may end in #next)."""
    return page.url.split("#")[0].rsplit("/", 1)[-1]


@pytest.fixture
def origin(request) -> str:
    """Where the phone opens the app: "loopback" unless a test asks for another (``ORIGINS``)."""
    return getattr(request, "param", "loopback")


@pytest.fixture
def server_url(live_app, origin, table_tls):
    tls = None
    if origin == "https":
        tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        tls.load_cert_chain(table_tls["cert"], table_tls["key"])
    server = make_server("127.0.0.1", 0, live_app, threaded=True, ssl_context=tls)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    host = "127.0.0.1" if origin == "loopback" else LAN
    yield f"{'https' if tls else 'http'}://{host}:{server.server_port}"
    server.shutdown()


@pytest.fixture
def page(page, server_url):
    """A phone page that fails the test on any request that leaves this machine."""
    outside: list[str] = []
    page.on("request", lambda r: None if r.url.startswith((server_url, "data:")) else outside.append(r.url))
    page.on("pageerror", lambda e: outside.append(f"script error: {e}"))
    yield page
    assert outside == [], f"requests outside the app or script errors: {outside}"


@contextmanager
def answered(page) -> Iterator[None]:
    """A game page's form sent in the background by app.js: wait until the server's answer
    has replaced the page's <main> (there is no navigation to wait for)."""
    page.evaluate("document.querySelector('main').dataset.before = '1'")
    yield
    expect(page.locator("main[data-before]")).to_have_count(0)


def posts_to(page, path: str) -> list[str]:
    """The POSTs the page sends to ``path``, counted as they leave (answered or not)."""
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.method == "POST" and r.url.endswith(path) else None)
    return sent


# What a game page may weigh on the phone with its files (``weights``): 50 KB since scripts and
# stylesheets are served minified (issue 26; app.js 18 KB of it as the phone keeps it, about
# 6 KB over the wire, gzipped, and cached for a year under its versioned name); 60 KB since
# app.js keeps the group's pages for offline use and sends what waits from any page (issue 33;
# app.js 24 KB); 65 KB since the standings count the entries waiting on the phone (issue 33,
# item 3: waiting.js 5.9 KB, loaded by game pages only, and each game's description of its
# entries in the page); 72 KB since every phone follows the game (follow.js) and a screen
# reader is told what changed (issues 38 and 40).
PAGE_BUDGET = 72 * 1024


def weights(page) -> tuple[int, int]:
    """What a phone downloads, in bytes: the page as loaded with its files (counted at full
    size when they came from the phone's cache), and the largest answer to a form sent
    in the background since."""
    entries = page.evaluate("""() => performance.getEntriesByType('resource').concat(
        performance.getEntriesByType('navigation')).map(e => [e.initiatorType, e.transferSize || e.encodedBodySize || 0])""")
    loaded = sum(size for kind, size in entries if kind != "fetch")
    return loaded, max((size for kind, size in entries if kind == "fetch"), default=0)


def worker_ready(page, seconds: float = 60) -> str:
    """The scope of the service worker that controls ``page``'s origin, once it is ready.
    Bounded: ``page.evaluate`` has no time limit, and a worker that never gets ready (its
    install failed) held a test and its worker process for many minutes."""
    scope = page.evaluate("""seconds => Promise.race([
        navigator.serviceWorker.ready.then(r => r.scope),
        new Promise(done => setTimeout(() => done(null), seconds * 1000))])""", seconds)
    assert scope, f"no service worker ready within {seconds} s"
    return scope


def shot(page, name: str, full_page: bool = True) -> Path:
    """Keep a screenshot (the whole page, or what the screen shows) as a test artifact, for
    a person to look at: at the page's own size, 390 px wide (at the phone's 3 device pixels
    each, a whole page took Chromium about 5 times as long to paint and encode, some 0.5-1 s
    a shot, with 170 shots in the suite)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page, scale="css")
    return path


@pytest.fixture(scope="session")
def base_url():
    """pytest-playwright's own fallback is a fixture method that pytest 9 warns about (an
    error under filterwarnings=error); our tests use ``server_url`` instead."""
    return None
