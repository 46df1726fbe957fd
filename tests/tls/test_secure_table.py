"""serve's secure table: the certificate follows the addresses while a real cheroot TLS listener
keeps serving, and `serve` itself answers on http and https with what it prints."""
from __future__ import annotations

import os
import ssl
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from cryptography import x509

from companion import create_app
from companion.serving import secure, server, tls
from companion.serving.secure import Table, reloader
from tests.conftest import free_port

ROOT = Path(__file__).resolve().parents[2]


def table(tmp_path, addresses, **kw):
    return Table(tmp_path, "0.0.0.0", 8000, 8001, hostname="Spieltisch", addresses=lambda: list(addresses), **kw)


def test_the_host_reads_where_phones_trust_the_table_and_where_they_go_then(tmp_path):
    t = table(tmp_path, ["192.168.1.20"])
    assert t.certify()
    assert tls.covered(x509.load_pem_x509_certificate(t.files.cert.read_bytes())) == (
        {"spieltisch.local", "localhost"}, {"192.168.1.20", "127.0.0.1"})
    first, authority, _ = t.lines()
    assert first == ("Secure table on https, port 8001: phones open http://192.168.1.20:8000/trust once "
                     "(trust this table), then https://192.168.1.20:8001/ or https://spieltisch.local:8001/")
    assert tls.fingerprint(t.files) in authority and "Loot Ledger table spieltisch" in authority


def test_a_public_url_on_a_local_name_is_in_the_certificate_one_on_the_internet_is_not(tmp_path):
    t = table(tmp_path / "a", ["192.168.1.20"], public_url="http://spieltisch.fritz.box:8000")
    t.certify()
    assert "spieltisch.fritz.box" in tls.covered(x509.load_pem_x509_certificate(t.files.cert.read_bytes()))[0]
    t = table(tmp_path / "b", ["192.168.1.20"], public_url="http://loot.example.com")
    t.certify()
    assert "loot.example.com" not in tls.covered(x509.load_pem_x509_certificate(t.files.cert.read_bytes()))[0]
    assert t.lines()[-1] == "  loot.example.com (PUBLIC_URL or TABLE_NAMES) is not a local name: the certificate cannot name it"


def test_a_public_address_of_this_computer_is_left_out_and_said(tmp_path):
    # A campus's public range: one name outside the authority's limits would spoil the whole
    # certificate for every phone, so that address is left out, and the host reads why.
    t = table(tmp_path, ["130.149.7.7", "10.0.0.7"])
    t.certify()
    assert tls.covered(x509.load_pem_x509_certificate(t.files.cert.read_bytes()))[1] == {"10.0.0.7", "127.0.0.1"}
    lines = t.lines()
    assert lines[0].endswith("then https://10.0.0.7:8001/ or https://spieltisch.local:8001/")
    assert "  130.149.7.7 is not a private address: the certificate cannot name it (phones use spieltisch.local)" in lines


def test_an_authority_from_an_older_release_gets_its_limits_at_start_and_says_so(tmp_path):
    from tests.tls.test_ca_limits import old_authority
    f, _ = tls.ensure(tmp_path, ["spieltisch.local"], ["192.168.1.20"])
    old = old_authority(f)
    t = table(tmp_path, ["192.168.1.20"])
    t.certify()
    assert tls.has_current_limits(tls.ca_certificate(t.files))
    assert tls.ca_certificate(t.files).public_key() == old.public_key()
    assert any("made again with its new limits" in line for line in t.lines())
    t = table(tmp_path, ["192.168.1.20"])  # the next start: nothing to say
    t.certify()
    assert not any("made again" in line for line in t.lines())


def test_names_phones_arrived_by_are_kept_for_the_next_start_up_to_a_limit(tmp_path, monkeypatch):
    monkeypatch.setattr(secure, "LEARNED_MAX", 2)
    t = table(tmp_path, ["192.168.1.20"])
    t.certify()
    renewed = []
    t.on_renew.append(renewed.append)
    assert t.learn("spieltisch.lan") and renewed == [t.files]
    assert not t.learn("spieltisch.lan")  # covered already: nothing made
    assert not t.learn("loot.example.com") and not t.learn("8.8.8.8")  # the authority may not
    assert t.learn("spieltisch.fritz.box")
    assert not t.learn("third.home.arpa")  # past the limit: offered the names covered instead
    names = tls.covered(x509.load_pem_x509_certificate(t.files.cert.read_bytes()))[0]
    assert {"spieltisch.lan", "spieltisch.fritz.box"} <= names and "third.home.arpa" not in names
    again = table(tmp_path, ["192.168.1.20"])
    again.certify()
    assert {"spieltisch.lan", "spieltisch.fritz.box"} <= again.names
    assert any("spieltisch.lan spieltisch.fritz.box" in line for line in again.lines())


def phone_opens(port, ca, address):
    """A phone that trusts ``ca`` opens ``https://address:port/trust`` (reached on loopback)."""
    context = ssl.create_default_context(cafile=str(ca))
    context.check_hostname = True
    with ssl.create_connection(("127.0.0.1", port)) as raw, \
            context.wrap_socket(raw, server_hostname=address) as s:
        s.sendall(f"GET /trust HTTP/1.1\r\nHost: {address}:{port}\r\nConnection: close\r\n\r\n".encode())
        return s.recv(100).split(b"\r\n")[0]


def test_new_addresses_get_a_new_certificate_on_the_running_server_from_the_same_authority(tmp_path):
    addresses = ["192.168.1.20"]
    t = Table(tmp_path, "0.0.0.0", 8000, 8001, hostname="spieltisch", addresses=lambda: list(addresses))
    t.certify()
    ca_before = t.files.ca.read_bytes()
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance")})
    port = free_port()
    secure = server.make_server(app, "127.0.0.1", port, 2, tls=(t.files.cert, t.files.key))
    t.on_renew.append(reloader(secure.ssl_adapter))
    secure.prepare()
    thread = threading.Thread(target=secure.serve, daemon=True)
    thread.start()
    try:
        assert phone_opens(port, t.files.ca, "192.168.1.20") == b"HTTP/1.1 200 OK"
        with pytest.raises(ssl.SSLCertVerificationError):
            phone_opens(port, t.files.ca, "10.0.0.7")
        assert t.check() is None  # nothing changed: nothing made

        addresses[:] = ["10.0.0.7"]  # the laptop joined another Wi-Fi
        assert t.check() == ["10.0.0.7"]
        assert t.files.ca.read_bytes() == ca_before
        assert phone_opens(port, t.files.ca, "10.0.0.7") == b"HTTP/1.1 200 OK"
        with pytest.raises(ssl.SSLCertVerificationError):
            phone_opens(port, t.files.ca, "192.168.1.20")
    finally:
        secure.stop()
        thread.join(5)


def read_until(process, text, seconds=20):
    lines, end = [], time.monotonic() + seconds
    while time.monotonic() < end:
        line = process.stdout.readline()
        lines.append(line)
        if text in line:
            return lines
    raise AssertionError(f"{text!r} not printed: {lines}")


@pytest.mark.parametrize("https", [True, False])
def test_serve_answers_on_http_and_on_https_beside_it(tmp_path, https):
    port = free_port()
    instance = tmp_path / "instance"
    flag = ["--https"] if https else ["--no-https"]
    process = subprocess.Popen(
        [sys.executable, "-m", "flask", "--app", "app", "serve", "--port", str(port), *flag], cwd=ROOT,
        env={**os.environ, "COMPANION_INSTANCE_PATH": str(instance), "PYTHONUNBUFFERED": "1"},
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        printed = "".join(read_until(process, "SHA-256" if https else "Only this computer"))
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/trust", timeout=5) as answer:
                    plain = answer.read().decode()
                break
            except OSError:
                time.sleep(0.1)
        ca = instance / "tls" / "ca.pem"
        if https:
            assert f"phones open http://127.0.0.1:{port}/trust once" in printed
            assert f"then https://127.0.0.1:{port + 1}/\n" in printed
            assert "Download the certificate" in plain
            with urllib.request.urlopen(f"https://127.0.0.1:{port + 1}/trust", timeout=5,
                                        context=ssl.create_default_context(cafile=str(ca))) as page:
                assert "opens the table securely already" in page.read().decode()
        else:
            assert "https" not in printed and not ca.exists()
            assert "served on plain http only" in plain
            with pytest.raises(OSError):
                urllib.request.urlopen(f"http://127.0.0.1:{port + 1}/", timeout=2)
    finally:
        process.terminate()
        process.wait(10)
        process.stdout.close()


def test_the_watcher_renews_for_new_addresses_and_keeps_going_when_it_cannot(tmp_path, monkeypatch):
    monkeypatch.setattr(secure, "CHECK_SECONDS", 0.05)
    addresses = ["192.168.1.20"]
    t = table(tmp_path, addresses)
    t.certify()
    said: list[str] = []
    stop = threading.Event()
    thread = t.watch(said.append, stop)
    try:
        addresses[:] = ["10.0.0.7"]
        wait_for(lambda: said)
        assert said == ["The addresses changed: 10.0.0.7; a new certificate from the same authority, "
                        "phones keep trusting it."]
        # The certificate cannot be written (here: a folder stands where it goes).
        t.files.cert.unlink()
        t.files.cert.mkdir()
        addresses[:] = ["10.0.0.8"]
        wait_for(lambda: len(said) > 1)
        assert said[1].startswith("The certificate could not be made for the new addresses:")
        t.files.cert.rmdir()  # fixed: the next check makes it
        wait_for(lambda: any("10.0.0.8" in line for line in said))
        assert tls.covered(x509.load_pem_x509_certificate(t.files.cert.read_bytes()))[1] == {"10.0.0.8", "127.0.0.1"}
        assert thread.is_alive()
    finally:
        stop.set()
        thread.join(5)


def wait_for(condition, seconds=10):
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "not in time"
        time.sleep(0.02)


def test_an_announcement_that_comes_after_the_stop_starts_no_zeroconf(tmp_path):
    # serve announces on a thread of its own; a server stopped before that thread runs must
    # not leave a zeroconf instance (and its sockets and loop) behind in the process.
    t = table(tmp_path, ["192.168.1.20"])
    t.certify()
    t.close()
    assert t.announce() == "the server stopped"
    assert t.announcer is None
