"""A phone that reaches the table by the name its router gives it (`spieltisch.lan`,
`spieltisch.fritz.box`), end to end (issue 33.1): a real `serve --https`, Chromium mapping the
names to this machine (TESTING.md) and trusting the table's authority in its NSS database.
The https address the trust page offers opens without a certificate error, and the page's own
check ("This phone trusts the table now") succeeds, since it probes that same address.

`spieltisch.lan` is signed into the certificate when the phone first arrives by it;
`spieltisch.fritz.box` is a router name under a public domain, served once this computer's
resolver says it is this computer, or (as here, where only the browser knows it) when the
host names it in TABLE_NAMES."""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.chromium import CHROMIUM, LAUNCH, PHONE
from tests.browser.conftest import shot
from tests.conftest import free_port
from tests.tls.test_secure_table import read_until

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["spieltisch.lan", "spieltisch.fritz.box"]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """One `serve --https` for the module's phones (each its own browser, its own trust and
    HSTS): a server start was a third of each test."""
    instance = tmp_path_factory.mktemp("served") / "instance"
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "flask", "--app", "app", "serve", "--port", str(port), "--https"], cwd=ROOT,
        env={**os.environ, "COMPANION_INSTANCE_PATH": str(instance), "PYTHONUNBUFFERED": "1",
             "COMPANION_TABLE_NAMES": "spieltisch.fritz.box"},
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        read_until(process, "SHA-256")
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), 5).close()
                break
            except OSError:
                time.sleep(0.1)
        yield {"port": port, "ca": instance / "tls" / "ca.pem"}
    finally:
        process.terminate()
        process.wait(10)
        process.stdout.close()


@pytest.fixture
def trusting_phone(playwright, tmp_path, served):
    if not shutil.which("certutil"):
        pytest.fail("certutil is missing: apt-get install -y libnss3-tools")
    nssdb = tmp_path / "home" / ".pki" / "nssdb"
    nssdb.mkdir(parents=True)
    for step in (["-N", "--empty-password"], ["-A", "-t", "C,,", "-n", "table-ca", "-i", str(served["ca"])]):
        subprocess.run(["certutil", "-d", f"sql:{nssdb}", *step], check=True, capture_output=True)
    rules = ", ".join(f"MAP {n} 127.0.0.1" for n in NAMES)
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=[*LAUNCH, f"--host-resolver-rules={rules}"],
                                         env={"HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"})
    yield browser.new_context(**PHONE)
    browser.close()


@pytest.mark.parametrize("name", NAMES)
def test_the_router_name_is_trusted_end_to_end(served, trusting_phone, name):
    http, https = f"http://{name}:{served['port']}", f"https://{name}:{served['port'] + 1}"
    page = trusting_phone.new_page()
    page.goto(http + "/trust")
    # Offered by the name the phone came with, and the page's check of it succeeds.
    expect(page.locator("#trusted")).to_have_attribute("data-probe", https + "/trust/ping")
    expect(page.locator("#trusted")).to_be_visible()
    shot(page, f"trust-router-name-{name}", full_page=False)
    # The probe carried no HSTS: this name on plain http still opens (entries waiting there
    # can still be sent before the phone switches).
    assert page.goto(http + "/").ok and page.url == http + "/"
    page.goto(http + "/trust")
    page.locator("#trusted").get_by_role("link").tap()
    page.wait_for_url(https + "/")  # no "Your connection is not private"
    assert page.evaluate("isSecureContext") and page.evaluate("'serviceWorker' in navigator")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    # HSTS holds for this name now (docs/operations.md#cookies-and-hsts); by its address the
    # phone still opens plain http.
    plain = trusting_phone.new_page()
    assert plain.goto(f"http://127.0.0.1:{served['port']}/").ok
    plain.close()
    # Every secure address the https trust page lists opens too.
    page.goto(https + "/trust")
    for link in page.locator("#secure a.button").all():
        address = link.get_attribute("href")
        other = trusting_phone.new_page()
        assert other.goto(address).ok, address
        other.close()


def test_a_phone_that_never_trusted_keeps_plain_http(served, playwright, tmp_path):
    browser = playwright.chromium.launch(executable_path=CHROMIUM,
                                         args=[*LAUNCH, "--host-resolver-rules=MAP spieltisch.lan 127.0.0.1"],
                                         env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"})
    try:
        context = browser.new_context(**PHONE)
        page = context.new_page()
        http, https = f"http://spieltisch.lan:{served['port']}", f"https://spieltisch.lan:{served['port'] + 1}"
        page.goto(http + "/trust")
        expect(page.locator("#trusted")).to_have_attribute("data-checked", "refused")
        with pytest.raises(Exception, match="ERR_CERT_AUTHORITY_INVALID"):
            page.goto(https + "/")
        # No HSTS from an answer it could not trust: the name stays on plain http. (In a new
        # tab of the same phone: the tab of the certificate error may still be navigating to
        # Chromium's error page, which interrupts a navigation started there at once.)
        page = context.new_page()
        assert page.goto(http + "/").ok and page.url == http + "/"
    finally:
        browser.close()


def test_a_foreign_name_gets_the_plain_refusal_in_the_browser(served, playwright, tmp_path):
    browser = playwright.chromium.launch(executable_path=CHROMIUM,
                                         args=[*LAUNCH, "--host-resolver-rules=MAP rebind.attacker.example 127.0.0.1"],
                                         env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"})
    try:
        page = browser.new_context(**PHONE).new_page()
        answer = page.goto(f"http://rebind.attacker.example:{served['port']}/")
        assert answer.status == 421
        expect(page.get_by_text("Loot Ledger does not answer to the name “rebind.attacker.example”")).to_be_visible()
        assert page.evaluate("fetch('/group').then(r => r.status)") == 421
    finally:
        browser.close()
