"""The table's certificate authority and server certificate, as files in a real instance folder,
checked the way a TLS client checks them (Python's ssl module against the authority)."""
from __future__ import annotations

import datetime
import plistlib
import socket
import ssl
import stat
import threading

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes

from companion.serving import tls

NAMES = ["spieltisch.local", "localhost"]
ADDRESSES = ["192.168.1.20", "127.0.0.1"]


def load(path):
    return x509.load_pem_x509_certificate(path.read_bytes())


def mode(path):
    return stat.S_IMODE(path.stat().st_mode)


def test_the_server_certificate_names_this_computer_and_is_signed_by_the_table(tmp_path):
    f, made = tls.ensure(tmp_path, NAMES, ADDRESSES)
    assert made
    cert, ca = load(f.cert), load(f.ca)
    assert tls.covered(cert) == ({"spieltisch.local", "localhost"}, {"192.168.1.20", "127.0.0.1"})
    cert.verify_directly_issued_by(ca)
    assert cert.extensions.get_extension_for_class(x509.BasicConstraints).value.ca is False
    usage = cert.extensions.get_extension_for_class(x509.ExtendedKeyUsage).value
    assert x509.oid.ExtendedKeyUsageOID.SERVER_AUTH in usage
    assert ca.extensions.get_extension_for_class(x509.BasicConstraints).value.ca is True


def test_validity_the_phones_accept(tmp_path):
    f, _ = tls.ensure(tmp_path, NAMES, ADDRESSES)
    cert, ca = load(f.cert), load(f.ca)
    now = datetime.datetime.now(datetime.UTC)
    # Valid already for a phone whose clock is a little behind.
    assert cert.not_valid_before_utc < now - datetime.timedelta(hours=12)
    # Apple's limit for a server certificate is 825 days, browsers' 398.
    assert (cert.not_valid_after_utc - cert.not_valid_before_utc).days <= 398
    assert ca.not_valid_after_utc - now > datetime.timedelta(days=365 * 9)


def test_private_keys_are_for_the_owner_only(tmp_path):
    f, _ = tls.ensure(tmp_path, NAMES, ADDRESSES)
    assert mode(f.ca_key) == 0o600 and mode(f.key) == 0o600
    assert mode(f.folder) == 0o700
    assert b"PRIVATE KEY" in f.ca_key.read_bytes() and b"PRIVATE KEY" not in f.ca.read_bytes()


def test_the_same_addresses_keep_the_certificate(tmp_path):
    f, _ = tls.ensure(tmp_path, NAMES, ADDRESSES)
    before = f.cert.read_bytes()
    assert tls.ensure(tmp_path, list(reversed(NAMES)), ADDRESSES) == (f, False)
    assert f.cert.read_bytes() == before


def test_new_addresses_renew_the_certificate_under_the_same_authority(tmp_path):
    f, _ = tls.ensure(tmp_path, NAMES, ADDRESSES)
    ca_before, key_before, cert_before = f.ca.read_bytes(), f.ca_key.read_bytes(), load(f.cert)

    f, made = tls.ensure(tmp_path, NAMES, ["10.0.0.7", "127.0.0.1"])  # another Wi-Fi tonight
    assert made
    assert f.ca.read_bytes() == ca_before and f.ca_key.read_bytes() == key_before
    cert = load(f.cert)
    assert cert.serial_number != cert_before.serial_number
    assert tls.covered(cert)[1] == {"10.0.0.7", "127.0.0.1"}
    cert.verify_directly_issued_by(load(f.ca))
    assert mode(f.key) == 0o600


def test_a_certificate_about_to_run_out_is_made_again(tmp_path):
    f, _ = tls.ensure(tmp_path, NAMES, ADDRESSES)
    first = load(f.cert)
    later = first.not_valid_after_utc - datetime.timedelta(days=tls.RENEW_DAYS - 1)
    assert tls.ensure(tmp_path, NAMES, ADDRESSES, now=later)[1]
    assert load(f.cert).not_valid_after_utc > first.not_valid_after_utc


def test_a_certificate_from_another_authority_is_replaced(tmp_path):
    other = tmp_path / "other"
    g, _ = tls.ensure(other, NAMES, ADDRESSES)
    f, _ = tls.ensure(tmp_path / "table", NAMES, ADDRESSES)
    f.cert.write_bytes(g.cert.read_bytes())
    f.key.write_bytes(g.key.read_bytes())
    assert tls.ensure(tmp_path / "table", NAMES, ADDRESSES)[1]
    load(f.cert).verify_directly_issued_by(load(f.ca))


def handshake(f, server_name):
    """A real TLS handshake on loopback: the server certificate as served, and Python's ssl
    module as a phone that trusts the table's authority. Raises what the phone refuses."""
    server_context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server_context.load_cert_chain(f.cert, f.key)
    listener = socket.create_server(("127.0.0.1", 0))

    def answer():
        conn, _ = listener.accept()
        try:
            with server_context.wrap_socket(conn, server_side=True) as s:
                s.recv(1)
        except (ssl.SSLError, OSError):
            pass
    thread = threading.Thread(target=answer, daemon=True)
    thread.start()
    phone = ssl.create_default_context(cafile=str(f.ca))
    try:
        with socket.create_connection(listener.getsockname()) as raw, \
                phone.wrap_socket(raw, server_hostname=server_name) as s:
            s.send(b"x")
            return s.version()
    finally:
        thread.join(5)
        listener.close()


def test_a_phone_trusting_the_authority_accepts_the_server(tmp_path):
    # A phone's hotspot (172.20.10.x); a documentation or carrier-grade NAT address is no
    # private one, so it is left out rather than spoil the certificate.
    f, _ = tls.ensure(tmp_path, ["spieltisch.lan"], ["127.0.0.1", "172.20.10.2", "192.0.2.2", "100.64.1.2"])
    assert tls.covered(load(f.cert))[1] == {"127.0.0.1", "172.20.10.2"}
    assert handshake(f, "spieltisch.lan") in ("TLSv1.2", "TLSv1.3")
    assert handshake(f, "127.0.0.1") in ("TLSv1.2", "TLSv1.3")
    assert handshake(f, "172.20.10.2") in ("TLSv1.2", "TLSv1.3")


def test_a_phone_that_has_not_trusted_it_refuses(tmp_path):
    f, _ = tls.ensure(tmp_path, ["spieltisch.lan"], ["127.0.0.1"])
    g, _ = tls.ensure(tmp_path / "another-table", ["spieltisch.lan"], ["127.0.0.1"])
    f.ca.write_bytes(g.ca.read_bytes())  # the phone trusts another table
    with pytest.raises(ssl.SSLCertVerificationError):
        handshake(f, "spieltisch.lan")


def test_the_authority_cannot_vouch_for_a_site_on_the_internet(tmp_path):
    f, _ = tls.ensure(tmp_path, ["spieltisch.local"], ["127.0.0.1"])
    tls.make_server_cert(f, ["bank.example.com"], [])  # as a stolen authority key would
    with pytest.raises(ssl.SSLCertVerificationError, match="subtree"):
        handshake(f, "bank.example.com")
    assert tls.is_local_name("spieltisch.fritz.box") and tls.is_local_name("Spieltisch.LOCAL.")
    assert not tls.is_local_name("notlocal") and not tls.is_local_name("example.com")


def test_the_ios_profile_carries_the_authority(tmp_path):
    f, _ = tls.ensure(tmp_path, NAMES, ADDRESSES)
    profile = plistlib.loads(tls.mobileconfig(f, "Loot Ledger table", "why"))
    assert profile["PayloadType"] == "Configuration"
    (payload,) = profile["PayloadContent"]
    assert payload["PayloadType"] == "com.apple.security.root"
    assert x509.load_der_x509_certificate(payload["PayloadContent"]) == load(f.ca)
    # Downloading it again replaces the same profile on the phone.
    assert plistlib.loads(tls.mobileconfig(f, "x", "y"))["PayloadUUID"] == profile["PayloadUUID"]
    assert tls.fingerprint(f) == load(f.ca).fingerprint(hashes.SHA256()).hex(":").upper()
