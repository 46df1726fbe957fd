"""What the table's authority may vouch for (issue 34.5), read from its certificate and tried
with its own key as a thief would: OpenSSL's `openssl verify` and Python's ssl module (a phone
that trusts the authority) refuse a certificate for a public address or an internet name, and
accept one for a private address or a `.lan` name."""
from __future__ import annotations

import datetime
import ipaddress
import shutil
import ssl
import subprocess

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from companion.serving import tls
from tests.tls.test_certificates import handshake

PUBLIC = ["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111"]
PRIVATE = ["192.168.178.20", "10.0.0.7", "172.20.10.2", "169.254.3.4", "127.0.0.1", "fd12:3456::1", "fe80::1"]


def load(path):
    return x509.load_pem_x509_certificate(path.read_bytes())


def test_the_limits_are_critical_and_name_local_suffixes_and_private_ranges_only(tmp_path):
    f, _ = tls.ensure(tmp_path, ["spieltisch.local"], ["192.168.1.20"])
    ext = load(f.ca).extensions.get_extension_for_class(x509.NameConstraints)
    assert ext.critical
    dns = {n.value for n in ext.value.permitted_subtrees if isinstance(n, x509.DNSName)}
    ips = {n.value for n in ext.value.permitted_subtrees if isinstance(n, x509.IPAddress)}
    assert {"local", "lan", "home.arpa", "internal", "fritz.box"} <= dns
    assert ips == {ipaddress.ip_network(n) for n in (
        "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16", "127.0.0.0/8",
        "fc00::/7", "fe80::/10", "::1/128")}
    assert all(ip.is_private or ip.is_link_local or ip.is_loopback for ip in ips)
    # openssl reads the same from the file.
    text = subprocess.run(["openssl", "x509", "-in", str(f.ca), "-noout", "-text"],
                          capture_output=True, text=True, check=True).stdout
    assert "X509v3 Name Constraints: critical" in text
    assert "IP:10.0.0.0/255.0.0.0" in text and "IP:FC00:0:0:0:0:0:0:0/FE00:0:0:0:0:0:0:0" in text


def stolen_key_leaf(f, names=(), addresses=(), purpose=x509.oid.ExtendedKeyUsageOID.SERVER_AUTH):
    """A server certificate signed with the authority's key for whatever a thief asks, past
    every check the app makes (tls.ensure would leave such names out)."""
    ca, key = load(f.ca), serialization.load_pem_private_key(f.ca_key.read_bytes(), None)
    leaf_key = ec.generate_private_key(ec.SECP256R1())
    now = datetime.datetime.now(datetime.UTC)
    sans = [x509.DNSName(n) for n in names] + [x509.IPAddress(ipaddress.ip_address(a)) for a in addresses]
    cert = (x509.CertificateBuilder()
            .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "x")]))
            .issuer_name(ca.subject).public_key(leaf_key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(hours=1)).not_valid_after(now + datetime.timedelta(days=30))
            .add_extension(x509.SubjectAlternativeName(sans), critical=False)
            .add_extension(x509.ExtendedKeyUsage([purpose]), critical=False)
            .sign(key, hashes.SHA256()))
    path = f.folder / "leaf.pem"
    path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    (f.folder / "leaf.key").write_bytes(leaf_key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    return path


def openssl_verify(f, leaf) -> subprocess.CompletedProcess:
    return subprocess.run(["openssl", "verify", "-purpose", "sslserver", "-CAfile", str(f.ca), str(leaf)],
                          capture_output=True, text=True)


@pytest.fixture
def authority(tmp_path):
    if not shutil.which("openssl"):
        pytest.fail("openssl is missing: apt-get install -y openssl")
    f, _ = tls.ensure(tmp_path, ["spieltisch.local"], ["192.168.1.20"])
    return f


@pytest.mark.parametrize("address", PUBLIC)
def test_a_leaf_for_a_public_address_is_refused(authority, address):
    done = openssl_verify(authority, stolen_key_leaf(authority, addresses=[address]))
    assert done.returncode != 0 and "permitted subtree violation" in done.stderr + done.stdout


@pytest.mark.parametrize("name", ["bank.example.com", "google.com", "spieltisch.lan.example.com"])
def test_a_leaf_for_an_internet_name_is_refused(authority, name):
    done = openssl_verify(authority, stolen_key_leaf(authority, names=[name]))
    assert done.returncode != 0 and "permitted subtree violation" in done.stderr + done.stdout


def test_one_public_address_among_local_names_spoils_the_whole_leaf(authority):
    done = openssl_verify(authority, stolen_key_leaf(authority, names=["spieltisch.lan"], addresses=["8.8.8.8"]))
    assert done.returncode != 0


@pytest.mark.parametrize("address", PRIVATE)
def test_a_leaf_for_a_private_address_verifies(authority, address):
    done = openssl_verify(authority, stolen_key_leaf(authority, addresses=[address]))
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("name", ["spieltisch.lan", "spieltisch.fritz.box", "nas.home.arpa", "x.local", "x.internal"])
def test_a_leaf_for_a_local_name_verifies(authority, name):
    done = openssl_verify(authority, stolen_key_leaf(authority, names=[name]))
    assert done.returncode == 0, done.stderr


def test_a_phone_that_trusts_the_authority_refuses_a_public_address_over_tls(authority):
    # Python's ssl module as the phone: the handshake with a stolen-key certificate for 8.8.8.8.
    stolen_key_leaf(authority, addresses=["8.8.8.8"]).replace(authority.cert)
    (authority.folder / "leaf.key").replace(authority.key)
    with pytest.raises(ssl.SSLCertVerificationError, match="subtree"):
        handshake(authority, "8.8.8.8")
    stolen_key_leaf(authority, addresses=["192.168.178.20"]).replace(authority.cert)
    (authority.folder / "leaf.key").replace(authority.key)
    assert handshake(authority, "192.168.178.20") in ("TLSv1.2", "TLSv1.3")


def test_the_authority_signs_for_web_servers_only(authority):
    # An e-mail certificate with the key: refused at the authority (depth 1), whose purposes
    # are web servers only.
    leaf = stolen_key_leaf(authority, names=["mail.lan"], purpose=x509.oid.ExtendedKeyUsageOID.EMAIL_PROTECTION)
    done = subprocess.run(["openssl", "verify", "-purpose", "smimesign", "-CAfile", str(authority.ca), str(leaf)],
                          capture_output=True, text=True)
    assert done.returncode != 0 and "at 1 depth lookup: unsuitable certificate purpose" in done.stderr + done.stdout


def test_serve_leaves_a_public_address_out_of_the_certificate(tmp_path):
    # A table on a campus's public range: the certificate names the local ones only, and so
    # stays valid (one name outside the limits would spoil it for every phone).
    f, _ = tls.ensure(tmp_path, ["spieltisch.local", "loot.example.com"], ["130.149.7.7", "10.0.0.7"])
    assert tls.covered(load(f.cert)) == ({"spieltisch.local"}, {"10.0.0.7"})
    assert openssl_verify(f, f.cert).returncode == 0


def old_authority(f):
    """The authority as an older release made it: name constraints on DNS names only, not
    critical. Same key and name as ``f``'s."""
    ca, key = load(f.ca), serialization.load_pem_private_key(f.ca_key.read_bytes(), None)
    old = (x509.CertificateBuilder().subject_name(ca.subject).issuer_name(ca.subject)
           .public_key(key.public_key()).serial_number(x509.random_serial_number())
           .not_valid_before(ca.not_valid_before_utc).not_valid_after(ca.not_valid_after_utc)
           .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
           .add_extension(x509.NameConstraints([x509.DNSName(s) for s in tls.LOCAL_SUFFIXES], None), critical=False)
           .sign(key, hashes.SHA256()))
    f.ca.write_bytes(old.public_bytes(serialization.Encoding.PEM))
    return old


def test_an_older_authority_is_made_again_with_the_limits_and_the_same_key(tmp_path):
    f, _ = tls.ensure(tmp_path, ["spieltisch.local"], ["192.168.1.20"])
    old = old_authority(f)
    key_before = f.ca_key.read_bytes()
    phone_trusts = tmp_path / "old-ca.pem"  # what a phone installed from the older release
    phone_trusts.write_bytes(f.ca.read_bytes())
    # The old one lets a thief pass for 8.8.8.8: that is what is fixed.
    assert subprocess.run(["openssl", "verify", "-CAfile", str(phone_trusts),
                           str(stolen_key_leaf(f, addresses=["8.8.8.8"]))], capture_output=True).returncode == 0

    assert tls.renew_ca_limits(f)
    new = load(f.ca)
    assert f.ca_key.read_bytes() == key_before and new.subject == old.subject
    assert new.public_key() == old.public_key() and new.not_valid_after_utc == old.not_valid_after_utc
    assert tls.has_current_limits(new) and not tls.renew_ca_limits(f)  # once
    # The server certificate the table signs from now on verifies for the phone that trusted
    # the old one (no step on that phone) and for a phone that trusts the new one.
    tls.ensure(tmp_path, ["spieltisch.lan"], ["192.168.1.20"])
    for anchor in (phone_trusts, f.ca):
        done = subprocess.run(["openssl", "verify", "-purpose", "sslserver", "-CAfile", str(anchor), str(f.cert)],
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
    # The new one refuses what the old one let through.
    assert openssl_verify(f, stolen_key_leaf(f, addresses=["8.8.8.8"])).returncode != 0
