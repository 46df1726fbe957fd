"""The table's phone on its real origins: plain http on the LAN (insecure: the trust page, the
download) and HTTPS with the table's certificate trusted (a secure context: service worker,
Wake Lock). Chromium resolves spieltisch.lan to this machine (TESTING.md, "The phone's real
origin"); the certificate is made by our own tls.py and trusted in a throwaway NSS database;
both listeners are cheroot, as `serve` runs them."""
from __future__ import annotations

import shutil
import subprocess
import threading

import pytest
from cryptography import x509
from playwright.sync_api import expect

from companion import create_app
from companion.serving import server, tls
from tests.browser.chromium import CHROMIUM, LAUNCH, PHONE
from tests.browser.conftest import shot, worker_ready
from tests.conftest import free_port

NAME = "spieltisch.lan"
SECURE = {"isSecureContext": "isSecureContext", "serviceWorker": "'serviceWorker' in navigator",
          "wakeLock": "'wakeLock' in navigator", "randomUUID": "typeof crypto.randomUUID === 'function'"}


@pytest.fixture
def table(tmp_path):
    """The app on http and https (the table's certificate for spieltisch.lan), as serve runs it."""
    instance = tmp_path / "instance"
    http_port, https_port = free_port(), free_port()
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(instance),
                      "HTTP_PORT": http_port, "HTTPS_PORT": https_port})
    f, _ = tls.ensure(instance, [NAME, "localhost"], ["127.0.0.1"], label="Loot Ledger table spieltisch")
    servers = [server.make_server(app, "127.0.0.1", http_port, 4),
               server.make_server(app, "127.0.0.1", https_port, 4, tls=(f.cert, f.key))]
    threads = []
    for s in servers:
        s.prepare()
        threads.append(threading.Thread(target=s.serve, daemon=True))
        threads[-1].start()
    yield {"http": f"http://{NAME}:{http_port}", "https": f"https://{NAME}:{https_port}", "files": f}
    for s in servers:
        s.stop()
    for t in threads:
        t.join(5)


def phone(playwright, home, **context):
    """Chromium as the table's phone, its certificate store in ``home``."""
    browser = playwright.chromium.launch(
        executable_path=CHROMIUM, args=LAUNCH + [f"--host-resolver-rules=MAP {NAME} 127.0.0.1"],
        env={"HOME": str(home), "PATH": "/usr/bin:/bin"})
    return browser, browser.new_context(**PHONE, accept_downloads=True, **context)


@pytest.fixture
def trusting_home(tmp_path, table):
    """A home folder whose NSS database trusts the table's authority, as a phone does once the
    trust page's steps are done."""
    if not shutil.which("certutil"):
        pytest.fail("certutil is missing: apt-get install -y libnss3-tools")
    home = tmp_path / "phone-home"
    nssdb = home / ".pki" / "nssdb"
    nssdb.mkdir(parents=True)
    subprocess.run(["certutil", "-d", f"sql:{nssdb}", "-N", "--empty-password"], check=True)
    subprocess.run(["certutil", "-d", f"sql:{nssdb}", "-A", "-t", "C,,", "-n", "loot-ledger-table",
                    "-i", str(table["files"].ca)], check=True)
    return home


def abilities(page) -> dict[str, bool]:
    return {k: page.evaluate(v) for k, v in SECURE.items()}


def test_plain_http_on_the_lan_gets_the_trust_page_and_the_certificate(playwright, tmp_path, table):
    browser, context = phone(playwright, tmp_path / "untrusting-home")
    try:
        page = context.new_page()
        page.goto(table["http"] + "/trust")
        assert abilities(page) == dict.fromkeys(SECURE, False)  # what the table's phone gets today
        expect(page.get_by_role("heading", name="Trust this table", level=1)).to_be_visible()
        expect(page.locator(".qrbox svg")).to_be_visible()
        # The page asked the secure address: the certificate was refused, nothing is said.
        expect(page.locator("#trusted")).to_have_attribute("data-checked", "refused")
        expect(page.locator("#trusted")).to_be_hidden()
        with page.expect_download() as download:
            page.get_by_role("link", name="Download the certificate").tap()
        assert download.value.suggested_filename == "loot-ledger-table.crt"
        downloaded = x509.load_der_x509_certificate(download.value.path().read_bytes())
        assert downloaded == tls.ca_certificate(table["files"])
        assert page.evaluate("""fetch('/trust/loot-ledger-table.mobileconfig')
            .then(r => [r.status, r.headers.get('content-type')])""") == [200, "application/x-apple-aspen-config"]
        # Without the trust step, Chromium refuses the secure address.
        with pytest.raises(Exception, match="ERR_CERT_AUTHORITY_INVALID"):
            context.new_page().goto(table["https"] + "/")
        # The whole app still plays on plain http.
        page.get_by_role("link", name="Without it, this phone plays on plain http as before.").tap()
        page.wait_for_url(table["http"] + "/")
        expect(page.get_by_role("heading", level=1)).to_be_visible()
    finally:
        browser.close()


def test_once_trusted_the_secure_address_is_a_secure_context_with_a_service_worker(
        playwright, table, trusting_home):
    browser, context = phone(playwright, trusting_home)
    try:
        page = context.new_page()
        page.goto(table["http"] + "/trust")
        # Back from the phone's settings: the page sees the table trusted now.
        expect(page.locator("#trusted")).to_be_visible()
        expect(page.locator("#trusted").get_by_role("link")).to_have_attribute("href", table["https"] + "/")
        with page.expect_navigation():
            page.get_by_role("button", name="DE", exact=True).tap()
        page.get_by_role("link", name=table["https"] + "/").tap()
        page.wait_for_url(table["https"] + "/")
        assert abilities(page) == dict.fromkeys(SECURE, True)
        # The session came along (cookies do not depend on the port): still German.
        expect(page.get_by_role("link", name="Partien", exact=True)).to_be_visible()
        scope = worker_ready(page)
        assert scope == table["https"] + "/"
        page.goto(table["https"] + "/trust")
        expect(page.get_by_text("Dieses Handy öffnet den Tisch schon sicher")).to_be_visible()
    finally:
        browser.close()


@pytest.mark.parametrize(("lang", "scheme"), [("en", "light"), ("de", "light"), ("en", "dark"), ("de", "dark")])
def test_the_trust_page_at_phone_size(playwright, tmp_path, table, lang, scheme):
    browser, context = phone(playwright, tmp_path / "home", locale=lang, color_scheme=scheme,
                             extra_http_headers={"Accept-Language": lang})
    try:
        page = context.new_page()
        page.goto(table["http"] + "/trust")
        heading = "Trust this table" if lang == "en" else "Diesem Tisch vertrauen"
        expect(page.get_by_role("heading", name=heading, level=1)).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        shot(page, f"trust-{lang}-{scheme}")
        cdp = context.new_cdp_session(page)
        cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
        page.reload()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        # What the screen shows (a full-page shot of a phone relays the page out at its height).
        for part in ("android", "ios", "secure", "next-phone"):
            page.locator(f"#{part}").scroll_into_view_if_needed()
            page.evaluate(f"document.getElementById('{part}').scrollIntoView()")
            shot(page, f"trust-{lang}-{scheme}-200-{part}", full_page=False)
    finally:
        browser.close()
