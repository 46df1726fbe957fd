"""The table's names against a real `serve` process (issue 34.3, 33.1, 34.9): a request for a
name that is not the table's (DNS rebinding: `rebind.attacker.example` pointed at this
computer) is refused, reads and writes; the table's own names are served; a local name a phone
arrives by is signed into the certificate at once, so the https address it is offered opens
for a phone that trusts the table; https answers carry HSTS and a Secure cookie of their own."""
from __future__ import annotations

import http.client
import os
import re
import socket
import ssl
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

import pytest
from cryptography import x509

from companion.serving import network, tls
from tests.conftest import free_port
from tests.formpage import _Forms
from tests.tls.test_secure_table import read_until

ROOT = Path(__file__).resolve().parents[2]
FOREIGN = "rebind.attacker.example"


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """`serve --https` on loopback, with one name the host configured (TABLE_NAMES)."""
    instance = tmp_path_factory.mktemp("names") / "instance"
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "flask", "--app", "app", "serve", "--port", str(port), "--https"], cwd=ROOT,
        env={**os.environ, "COMPANION_INSTANCE_PATH": str(instance), "PYTHONUNBUFFERED": "1",
             "COMPANION_TABLE_NAMES": "ledger.example.org, spieltisch.home.arpa"},
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        read_until(process, "SHA-256")
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), 5).close()
                break
            except OSError:
                time.sleep(0.1)
        yield {"port": port, "https": port + 1, "instance": instance, "process": process}
    finally:
        process.terminate()
        process.wait(10)
        process.stdout.close()


def ask(table, method, path, host, body=b"", headers=None, secure=False, sni=None):
    """One request to the server on loopback with this Host header (as a browser sends it for
    the name it resolved to this computer); the answer."""
    port = table["https"] if secure else table["port"]
    if secure:
        context = ssl.create_default_context(cafile=str(tls.files(table["instance"]).ca))
        context.check_hostname = sni is not None
        if sni is None:
            context.verify_mode = ssl.CERT_NONE
        conn: http.client.HTTPConnection = http.client.HTTPSConnection("127.0.0.1", port, timeout=10, context=context)
        if sni is not None:
            conn.host = sni  # the name the phone checks the certificate for (SNI too)
            conn._create_connection = lambda *a, **k: socket.create_connection(("127.0.0.1", port), 10)
    else:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
    conn.putheader("Host", f"{host}:{port}")
    for name, value in (headers or {}).items():
        conn.putheader(name, value)
    if body:
        conn.putheader("Content-Length", str(len(body)))
    conn.endheaders(body or None)
    answer = conn.getresponse()
    answer.body = answer.read().decode(errors="replace")
    conn.close()
    return answer


def game_files(table) -> int:
    return len(list((table["instance"] / "games").glob("*.json")))


def new_game_form(table, host):
    """A fresh phone's cookie and the new-game form as the page offers it, players filled in."""
    page = ask(table, "GET", "/new/beutelschneider", host)
    cookie = page.getheader("Set-Cookie").split(";", 1)[0]
    parser = _Forms()
    parser.feed(page.body)
    form = next(f for f in parser.forms if "stack" in f["class"])
    players = iter(["Anna", "Ben", "Cem", "", ""])
    fields = [(k, next(players) if k == "player" else v) for k, v in form["fields"]]
    return cookie, urlencode(fields).encode()


def test_a_foreign_name_is_refused_reads_and_writes(table):
    read = ask(table, "GET", "/", FOREIGN)
    assert read.status == 421 and "does not answer to the name “rebind.attacker.example”" in read.body
    assert "Household" not in read.body and "Set-Cookie" not in read.headers
    for path in ("/group", "/history", "/static/css/app.css", "/trust/loot-ledger-table.crt", "/nothing-here"):
        assert ask(table, "GET", path, FOREIGN).status == 421, path

    # A write the table would take from its own name (the cookie and form of a real page) ...
    cookie, form = new_game_form(table, "127.0.0.1")
    before = game_files(table)
    kind = {"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"}
    refused = ask(table, "POST", "/new/beutelschneider", FOREIGN, form, kind)
    assert refused.status == 421 and game_files(table) == before
    # ... and over https too.
    assert ask(table, "POST", "/new/beutelschneider", FOREIGN, form, kind, secure=True).status == 421
    assert game_files(table) == before
    # The very same write from the table's own name makes the game: only the name was wrong.
    made = ask(table, "POST", "/new/beutelschneider", "127.0.0.1", form, kind)
    assert made.status in (200, 303) and game_files(table) == before + 1


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "[::1]", "192.168.178.20", "10.0.0.7",
                                  "spieltisch.lan", "spieltisch.local", "x.home.arpa", "tisch.internal",
                                  "ledger.example.org", "spieltisch"])
def test_the_tables_own_names_and_addresses_are_served(table, host):
    assert ask(table, "GET", "/", host).status in (200, 303)


@pytest.mark.parametrize("host", [FOREIGN, "8.8.8.8", "[2606:4700:4700::1111]", "spieltisch.lan.attacker.example",
                                  "localhost.attacker.example", "fritz.box.attacker.example"])
def test_other_names_and_public_addresses_are_refused(table, host):
    assert ask(table, "GET", "/", host).status == 421


def test_links_are_built_only_from_a_name_the_table_serves(table):
    # The group page's address for the other phones is the name the page was opened by: the
    # table's own. A foreign Host never gets that far.
    page = ask(table, "GET", "/group", "spieltisch.lan")
    while page.status == 303:
        page = ask(table, "GET", page.getheader("Location"), "spieltisch.lan")
    assert f"http://spieltisch.lan:{table['port']}/" in page.body and FOREIGN not in page.body


def covered(table):
    return tls.covered(x509.load_pem_x509_certificate(tls.files(table["instance"]).cert.read_bytes()))


@pytest.mark.parametrize("name", ["spieltisch.lan", "spieltisch.fritz.box"])
def test_a_local_name_a_phone_arrives_by_is_signed_into_the_certificate(table, name):
    if name.endswith("fritz.box") and not network._is_here(name, network.my_addresses({})):
        # A router's name under a public domain is served when this computer's resolver says it
        # is this computer: not so on the test machine, where only the browser maps it.
        assert ask(table, "GET", "/trust", name).status == 421
        return
    trust = ask(table, "GET", "/trust", name)
    assert trust.status == 200
    assert name in covered(table)[0]
    offered = re.search(r'data-probe="([^"]+)"', trust.body).group(1)
    assert offered == f"https://{name}:{table['https']}/trust/ping"
    # A phone that trusts the authority opens that address: the certificate names it.
    assert ask(table, "GET", "/trust/ping", name, secure=True, sni=name).status == 204
    # And the next start keeps it (tls/names).
    assert name in (table["instance"] / "tls" / "names").read_text().split()


def test_a_configured_local_name_is_in_the_certificate_from_the_start(table):
    names, addresses = covered(table)
    assert "spieltisch.home.arpa" in names and "ledger.example.org" not in names
    assert "127.0.0.1" in addresses


def test_https_answers_carry_hsts_and_a_secure_cookie_of_their_own(table):
    plain = ask(table, "GET", "/", "spieltisch.lan")
    assert "Strict-Transport-Security" not in plain.headers
    assert plain.getheader("Set-Cookie").startswith("session=") and "Secure" not in plain.getheader("Set-Cookie")
    secure = ask(table, "GET", "/", "spieltisch.lan", secure=True, sni="spieltisch.lan")
    assert secure.getheader("Strict-Transport-Security") == "max-age=3600"
    cookie = secure.getheader("Set-Cookie")
    assert cookie.startswith("__Host-session=") and "; Secure" in cookie and "Path=/" in cookie
    assert "Domain" not in cookie
    # The probe the http trust page makes does not move its http name to https.
    probe = ask(table, "GET", "/trust/ping", "spieltisch.lan", secure=True, sni="spieltisch.lan")
    assert "Strict-Transport-Security" not in probe.headers


def test_a_phone_that_switches_to_https_keeps_its_http_session(table):
    # The language chosen on http (in the http cookie) is there on the first https page.
    page = ask(table, "GET", "/import", "spieltisch.lan")
    cookie = page.getheader("Set-Cookie").split(";", 1)[0]
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.body).group(1)
    switched = ask(table, "POST", "/lang", "spieltisch.lan", urlencode({"csrf_token": token, "lang": "de", "next": "/"}).encode(),
                   {"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"})
    assert switched.status == 303
    cookie = switched.getheader("Set-Cookie").split(";", 1)[0]
    secure = ask(table, "GET", "/trust", "spieltisch.lan", headers={"Cookie": cookie}, secure=True, sni="spieltisch.lan")
    assert 'lang="de"' in secure.body
    assert secure.getheader("Set-Cookie").startswith("__Host-session=")
