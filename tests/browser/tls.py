"""A table the phone trusts: a throwaway CA, a server certificate for ``LAN`` signed by it, and
a ``HOME`` whose NSS database (Chromium reads ``$HOME/.pki/nssdb``) trusts the CA. For the
browser tests' https origin and bench/phone.py; ../shared/TESTING.md, "The phone's real origin"."""
from __future__ import annotations

import datetime
import subprocess
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

LAN = "spieltisch.lan"  # the host's computer as a phone on the Wi-Fi names it
RESOLVE = f"--host-resolver-rules=MAP {LAN} 127.0.0.1"  # Chromium's flag: that name is this machine


def _certificate(subject: str, key, issuer: x509.Name, signer, ca: bool, days: int = 2) -> x509.Certificate:
    now = datetime.datetime.now(datetime.UTC)
    builder = (x509.CertificateBuilder().subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, subject)]))
               .issuer_name(issuer).public_key(key.public_key()).serial_number(x509.random_serial_number())
               .not_valid_before(now - datetime.timedelta(hours=1)).not_valid_after(now + datetime.timedelta(days=days))
               .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True))
    if ca:
        builder = builder.add_extension(x509.KeyUsage(
            digital_signature=True, key_cert_sign=True, crl_sign=True, content_commitment=False,
            key_encipherment=False, data_encipherment=False, key_agreement=False,
            encipher_only=False, decipher_only=False), critical=True)
    else:
        builder = (builder.add_extension(x509.SubjectAlternativeName([x509.DNSName(subject)]), critical=False)
                   .add_extension(x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False))
    return builder.sign(signer, hashes.SHA256())


def trusted_table(folder: Path) -> dict[str, Path]:
    """The CA, the server's certificate and key, and the HOME that trusts the CA, in ``folder``."""
    ca_key, key = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Loot Ledger test table CA")])
    ca = _certificate("Loot Ledger test table CA", ca_key, ca_name, ca_key, ca=True)
    server = _certificate(LAN, key, ca_name, ca_key, ca=False)
    pem = serialization.Encoding.PEM
    (folder / "ca.pem").write_bytes(ca.public_bytes(pem))
    (folder / "server.pem").write_bytes(server.public_bytes(pem))
    (folder / "server.key").write_bytes(key.private_bytes(
        pem, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    nssdb = folder / "home" / ".pki" / "nssdb"
    nssdb.mkdir(parents=True)
    for step in (["-N", "--empty-password"], ["-A", "-t", "C,,", "-n", "table-ca", "-i", str(folder / "ca.pem")]):
        subprocess.run(["certutil", "-d", f"sql:{nssdb}", *step], check=True, capture_output=True)
    return {"cert": folder / "server.pem", "key": folder / "server.key", "home": folder / "home"}
