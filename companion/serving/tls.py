"""The table's own certificate authority, so phones on the local network get HTTPS they trust.

A phone trusts the authority once (the trust page); the server certificate it signs names this
computer's LAN addresses and its ``.local`` name, and is made again, by the same authority, when
those change: a phone that trusted the table keeps trusting it on another Wi-Fi. Both private
keys stay in the instance folder, readable by its owner only.

The authority may only vouch for local names and private, link-local and loopback addresses
(its name constraints, marked critical): if its key ever leaked, a phone that trusts it still
trusts nobody's bank, by name or by address. docs/operations.md says what such a key can do.
"""
from __future__ import annotations

import datetime
import ipaddress
import os
import plistlib
import uuid
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

CA_YEARS = 10
# Apple refuses server certificates valid for longer than 825 days even under a root a
# person installed; 397 days is what browsers accept from any authority.
SERVER_DAYS = 397
RENEW_DAYS = 30  # made again this long before it runs out
# What the authority may vouch for: names that only mean something on a local network (a
# router's own zone too), and the addresses no internet site has: private, link-local and
# loopback, IPv4 and IPv6. A table on a public address range (a campus) gets no certificate
# for that address; its phones use a local name there.
LOCAL_SUFFIXES = ("local", "lan", "home", "home.arpa", "internal", "localdomain", "localhost", "fritz.box")
LOCAL_NETWORKS = tuple(ipaddress.ip_network(n) for n in (
    "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16",  # private (RFC 1918)
    "169.254.0.0/16", "127.0.0.0/8",  # link-local, loopback
    "fc00::/7", "fe80::/10", "::1/128",  # unique local, link-local, loopback
))


def is_local_name(name: str) -> bool:
    """Whether the authority may vouch for ``name`` (its name constraints)."""
    name = name.lower().rstrip(".")
    return any(name == s or name.endswith("." + s) for s in LOCAL_SUFFIXES)


def is_local_address(address: str) -> bool:
    """Whether the authority may vouch for ``address`` (its name constraints)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip.version == n.version and ip in n for n in LOCAL_NETWORKS)


@dataclass(frozen=True)
class Files:
    """Where the table's authority and server certificate live (PEM files)."""
    folder: Path

    @property
    def ca(self) -> Path:
        return self.folder / "ca.pem"

    @property
    def ca_key(self) -> Path:
        return self.folder / "ca-key.pem"

    @property
    def cert(self) -> Path:
        return self.folder / "server.pem"

    @property
    def key(self) -> Path:
        return self.folder / "server-key.pem"


def files(instance: Path) -> Files:
    return Files(Path(instance) / "tls")


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC)


def _write_private(path: Path, data: bytes) -> None:
    """A private key, mode 0600 from the first byte on (never world-readable, even briefly)."""
    part = path.with_suffix(".part")
    part.unlink(missing_ok=True)
    fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    os.replace(part, path)


def write_public(path: Path, data: bytes) -> None:
    part = path.with_suffix(".part")
    part.write_bytes(data)
    os.replace(part, path)


def _key_pem(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


def _name_constraints() -> x509.NameConstraints:
    # Permitted subtrees of a kind exclude every other name of that kind: a DNS name outside
    # the suffixes, an address outside the networks. Without the addresses, any IP was free.
    permitted: list[x509.GeneralName] = [x509.DNSName(s) for s in LOCAL_SUFFIXES]
    permitted += [x509.IPAddress(n) for n in LOCAL_NETWORKS]
    return x509.NameConstraints(permitted_subtrees=permitted, excluded_subtrees=None)


def _ca_extensions(public_key: ec.EllipticCurvePublicKey) -> list[tuple[x509.ExtensionType, bool]]:
    """The authority's extensions and whether each is critical."""
    return [
        (x509.BasicConstraints(ca=True, path_length=0), True),
        (x509.KeyUsage(digital_signature=True, key_cert_sign=True, crl_sign=True,
                       content_commitment=False, key_encipherment=False, data_encipherment=False,
                       key_agreement=False, encipher_only=False, decipher_only=False), True),
        (x509.SubjectKeyIdentifier.from_public_key(public_key), False),
        # Critical: a system that cannot apply the limits must refuse the authority rather
        # than trust it without them.
        (_name_constraints(), True),
        # Web servers only (OpenSSL and Chromium hold a chain to its authority's purposes):
        # not e-mail, not code signing.
        (x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), False),
    ]


def _ca_certificate(key: ec.EllipticCurvePrivateKey, name: x509.Name, now: datetime.datetime,
                    until: datetime.datetime) -> x509.Certificate:
    builder = (
        x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))  # a phone whose clock is a little behind
        .not_valid_after(until)
    )
    for extension, critical in _ca_extensions(key.public_key()):
        builder = builder.add_extension(extension, critical=critical)
    return builder.sign(key, hashes.SHA256())


def make_ca(f: Files, label: str) -> None:
    """A new authority: its key (0600) and its self-signed certificate, named after the table."""
    f.folder.mkdir(parents=True, exist_ok=True)
    os.chmod(f.folder, 0o700)
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, label),
                      x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Loot Ledger")])
    now = _now()
    cert = _ca_certificate(key, name, now, now + datetime.timedelta(days=365 * CA_YEARS))
    _write_private(f.ca_key, _key_pem(key))
    write_public(f.ca, cert.public_bytes(serialization.Encoding.PEM))


def has_current_limits(ca: x509.Certificate) -> bool:
    """Whether the authority carries today's limits (critical, with the address ranges)."""
    try:
        constraints = ca.extensions.get_extension_for_class(x509.NameConstraints)
    except x509.ExtensionNotFound:
        return False
    return constraints.critical and constraints.value == _name_constraints()


def renew_ca_limits(f: Files) -> bool:
    """An authority made before its limits were what they are now (by an older release): its
    certificate made again, with the same key, the same name and the same end, now with
    today's limits. Returns whether it was.

    The key stays, so a phone that trusted the old certificate keeps trusting every server
    certificate the table signs from now on, without a step; a phone that trusts the table
    afresh gets the limited one. The old certificate on a phone keeps its old limits (names
    only): what a leaked key could do there is in docs/operations.md.
    """
    ca = ca_certificate(f)
    if has_current_limits(ca):
        return False
    key = serialization.load_pem_private_key(f.ca_key.read_bytes(), password=None)
    assert isinstance(key, ec.EllipticCurvePrivateKey)
    cert = _ca_certificate(key, ca.subject, ca.not_valid_before_utc + datetime.timedelta(days=1),
                           ca.not_valid_after_utc)
    write_public(f.ca, cert.public_bytes(serialization.Encoding.PEM))
    return True


def ca_certificate(f: Files) -> x509.Certificate:
    return x509.load_pem_x509_certificate(f.ca.read_bytes())


def allowed(names: list[str], addresses: list[str]) -> tuple[list[str], list[str]]:
    """Of these names and addresses, those the authority may vouch for: a certificate with one
    name outside its limits is refused whole, by every phone."""
    return ([n.lower().rstrip(".") for n in dict.fromkeys(names) if is_local_name(n)],
            [str(ipaddress.ip_address(a)) for a in dict.fromkeys(addresses) if is_local_address(a)])


def _wanted(names: list[str], addresses: list[str]) -> list[x509.GeneralName]:
    out: list[x509.GeneralName] = [x509.DNSName(n) for n in dict.fromkeys(names)]
    out += [x509.IPAddress(ipaddress.ip_address(a)) for a in dict.fromkeys(addresses)]
    return out


def covered(cert: x509.Certificate) -> tuple[set[str], set[str]]:
    """The names and addresses a certificate is valid for."""
    try:
        san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except x509.ExtensionNotFound:
        return set(), set()
    return set(san.get_values_for_type(x509.DNSName)), {str(a) for a in san.get_values_for_type(x509.IPAddress)}


def _current(f: Files, names: list[str], addresses: list[str], now: datetime.datetime) -> bool:
    """Whether the server certificate on disk is this authority's, covers exactly these names
    and addresses, and is not about to run out."""
    if not (f.cert.exists() and f.key.exists()):
        return False
    try:
        cert = x509.load_pem_x509_certificate(f.cert.read_bytes())
    except ValueError:
        return False
    ca = ca_certificate(f)
    if cert.issuer != ca.subject:
        return False
    try:
        cert.verify_directly_issued_by(ca)
    except (ValueError, TypeError, InvalidSignature):
        return False
    if cert.not_valid_after_utc - now < datetime.timedelta(days=RENEW_DAYS):
        return False
    return covered(cert) == (set(names), {str(ipaddress.ip_address(a)) for a in addresses})


def make_server_cert(f: Files, names: list[str], addresses: list[str],
                     now: datetime.datetime | None = None) -> None:
    """A server certificate for ``names`` and ``addresses``, signed by the authority: whatever
    it is given, as a stolen key would (``ensure`` gives it only what the limits allow)."""
    now = now or _now()
    ca = ca_certificate(f)
    ca_key = serialization.load_pem_private_key(f.ca_key.read_bytes(), password=None)
    assert isinstance(ca_key, ec.EllipticCurvePrivateKey)
    key = ec.generate_private_key(ec.SECP256R1())
    # OpenSSL holds the common name to the DNS limits too: a local name, never an address.
    common = names[0] if names else "localhost"
    cert = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common)]))
        .issuer_name(ca.subject).public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=SERVER_DAYS))
        .add_extension(x509.SubjectAlternativeName(_wanted(names, addresses)), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=False, crl_sign=False,
                                     content_commitment=False, key_encipherment=False,
                                     data_encipherment=False, key_agreement=False,
                                     encipher_only=False, decipher_only=False), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()),
                       critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    # The key first: a server reading the pair in between gets the new key with the old
    # certificate at worst, and refuses it, rather than keeping an old key for good.
    _write_private(f.key, _key_pem(key))
    write_public(f.cert, cert.public_bytes(serialization.Encoding.PEM))


def ensure(instance: Path, names: list[str], addresses: list[str], label: str = "Loot Ledger table",
           now: datetime.datetime | None = None) -> tuple[Files, bool]:
    """The authority (made once, its limits brought up to date) and a server certificate for
    exactly these names and addresses, those its limits allow; returns the files and whether the server certificate was made just now."""
    f = files(instance)
    if not (f.ca.exists() and f.ca_key.exists()):
        make_ca(f, label)
    renew_ca_limits(f)
    names, addresses = allowed(names, addresses)
    if _current(f, names, addresses, now or _now()):
        return f, False
    make_server_cert(f, names, addresses, now)
    return f, True


def common_name(f: Files) -> str:
    """The authority's name, as a phone lists it among its trusted certificates."""
    names = ca_certificate(f).subject.get_attributes_for_oid(NameOID.COMMON_NAME)
    return str(names[0].value) if names else ""


def ca_der(f: Files) -> bytes:
    return ca_certificate(f).public_bytes(serialization.Encoding.DER)


def fingerprint(f: Files) -> str:
    """The authority's SHA-256 fingerprint, as phones show it (``AB:CD:…``)."""
    return ":".join(f"{b:02X}" for b in ca_certificate(f).fingerprint(hashes.SHA256()))


def mobileconfig(f: Files, display_name: str, description: str) -> bytes:
    """An iOS/iPadOS configuration profile that installs the authority as a root.

    Its identifiers follow from the authority, so downloading it again replaces the same
    profile rather than adding a second one.
    """
    der = ca_der(f)
    seed = uuid.uuid5(uuid.NAMESPACE_OID, fingerprint(f))
    ident = f"lan.loot-ledger.table.{seed.hex[:12]}"
    profile = {
        "PayloadType": "Configuration", "PayloadVersion": 1,
        "PayloadIdentifier": ident, "PayloadUUID": str(seed).upper(),
        "PayloadDisplayName": display_name, "PayloadDescription": description,
        "PayloadOrganization": "Loot Ledger", "PayloadRemovalDisallowed": False,
        "PayloadContent": [{
            "PayloadType": "com.apple.security.root", "PayloadVersion": 1,
            "PayloadIdentifier": ident + ".ca",
            "PayloadUUID": str(uuid.uuid5(seed, "ca")).upper(),
            "PayloadDisplayName": display_name, "PayloadCertificateFileName": "loot-ledger-table.cer",
            "PayloadContent": der,
        }],
    }
    return plistlib.dumps(profile, fmt=plistlib.FMT_XML)
