"""A table the phone trusts: the table's own authority and server certificate for ``LAN``, made
by the code `serve` uses (companion/serving/tls.py), and a ``HOME`` whose NSS database (Chromium reads
``$HOME/.pki/nssdb``) trusts that authority. For the browser tests' https origin and
bench/phone.py."""
from __future__ import annotations

import subprocess
from pathlib import Path

from companion.serving import tls

LAN = "spieltisch.lan"  # the host's computer as a phone on the Wi-Fi names it
RESOLVE = f"--host-resolver-rules=MAP {LAN} 127.0.0.1"  # Chromium's flag: that name is this machine


def trusted_table(folder: Path) -> dict[str, Path]:
    """The authority, the server's certificate and key, and the HOME that trusts the
    authority, in ``folder``."""
    files, _ = tls.ensure(folder, [LAN], ["127.0.0.1"], label="Loot Ledger test table")
    nssdb = folder / "home" / ".pki" / "nssdb"
    nssdb.mkdir(parents=True)
    for step in (["-N", "--empty-password"], ["-A", "-t", "C,,", "-n", "table-ca", "-i", str(files.ca)]):
        subprocess.run(["certutil", "-d", f"sql:{nssdb}", *step], check=True, capture_output=True)
    return {"cert": files.cert, "key": files.key, "home": folder / "home"}
