"""``serve``'s secure table: HTTPS beside plain http, with the table's own certificate.

Plain http keeps the whole app (a phone that has not trusted the table still plays) and the
trust page; HTTPS on the next port gives a phone that trusted it a secure context. The
certificate and the ``.local`` announcement follow this computer's addresses while it serves,
and the certificate takes in the local names phones arrive by (``spieltisch.lan``,
``spieltisch.fritz.box``: whatever the router calls this computer), so the https address a
phone is offered is one it can open.
"""
from __future__ import annotations

import ipaddress
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from . import mdns, tls
from .network import is_loopback, lan_addresses

EVERYWHERE = ("0.0.0.0", "::", "")
CHECK_SECONDS = 30  # how soon a new Wi-Fi (a new address) gets its certificate and announcement
LEARNED_MAX = 16  # names phones arrived by, kept in the certificate (tls/names)


def _is_address(value: str) -> bool:
    try:
        ipaddress.ip_address(value)
    except ValueError:
        return False
    return True


def _url(scheme: str, host: str, port: int, path: str = "") -> str:
    return f"{scheme}://[{host}]:{port}/{path}" if ":" in host else f"{scheme}://{host}:{port}/{path}"


class Table:
    """The certificate, the name and the addresses of the table served on ``host``."""

    def __init__(self, instance: Path, host: str, http_port: int, https_port: int,
                 public_url: str = "", hostname: str | None = None,
                 addresses: Callable[[], list[str]] = lan_addresses, names: str = "") -> None:
        self.instance, self.host = Path(instance), host
        self.http_port, self.https_port = http_port, https_port
        self.name = mdns.local_name(hostname)
        public = urlsplit(public_url).hostname or ""
        given = [public, *names.replace(",", " ").split()]  # PUBLIC_URL's, TABLE_NAMES
        self.extra = [n.lower().rstrip(".") for n in dict.fromkeys(given) if n and n not in (self.name, "localhost")]
        # The authority may not vouch for a name outside the local zones: such a PUBLIC_URL
        # stays on plain http, its address (or the .local name) gets the certificate.
        self.left_out = [n for n in self.extra if not _is_address(n) and not tls.is_local_name(n)]
        self.extra = [n for n in self.extra if n not in self.left_out]
        self._lan = addresses
        self.lan: list[str] = []
        self.files: tls.Files | None = None
        self.learned = self._read_learned()
        self.names: set[str] = set()  # the names and addresses the certificate covers, as made
        self.addresses_left_out: list[str] = []  # outside the authority's limits (a public range)
        self.ca_renewed = False
        self._certifying = threading.RLock()  # the watcher and a phone's new name, one at a time
        self.announcer: mdns.Announcer | None = None
        self.on_renew: list[Callable[[tls.Files], None]] = []
        # The announcement runs on a thread of its own and the address watch on another: a
        # stop closes the announcer once, and no announcement starts a zeroconf after it.
        self._announcing = threading.Lock()
        self.closed = False

    def addresses(self) -> list[str]:
        """The addresses phones reach this computer at, as served."""
        return self._lan() if self.host in EVERYWHERE else [self.host]

    @property
    def _learned_file(self) -> Path:
        return tls.files(self.instance).folder / "names"

    def _read_learned(self) -> list[str]:
        try:
            lines = self._learned_file.read_text(encoding="utf-8").split()
        except OSError:
            return []
        return [n for n in lines if tls.is_local_name(n)][:LEARNED_MAX]

    def certify(self) -> bool:
        """A server certificate for the current addresses and names; whether it was made just now."""
        with self._certifying:
            lan = self.addresses()
            names = [self.name, "localhost"] + [n for n in self.extra if not _is_address(n)] + self.learned
            ips = list(dict.fromkeys(lan + [n for n in self.extra if _is_address(n)] + ["127.0.0.1"]))
            f = tls.files(self.instance)
            if f.ca.exists() and f.ca_key.exists():
                self.ca_renewed = tls.renew_ca_limits(f) or self.ca_renewed
            self.files, made = tls.ensure(self.instance, names, ips,
                                          label=f"Loot Ledger table {self.name.removesuffix('.local')}")
            covered = tls.allowed(names, ips)
            self.names = set(covered[0]) | set(covered[1])
            self.addresses_left_out = [a for a in ips if not tls.is_local_address(a)]
            self.lan = lan  # only once it is made: a failed renewal is tried again at the next check
            return made

    def learn(self, name: str) -> bool:
        """A local name a phone arrived by, signed into the certificate (and kept for the next
        start) unless it is there already; whether the certificate was made just now. At most
        ``LEARNED_MAX`` names: past that, phones are offered the names it covers."""
        if not name or name in self.names or not tls.is_local_name(name) or _is_address(name):
            return False
        with self._certifying:
            if name in self.names or len(self.learned) >= LEARNED_MAX or self.files is None:
                return False
            self.learned.append(name)
            try:
                tls.write_public(self._learned_file, ("\n".join(self.learned) + "\n").encode())
                self.certify()
            except OSError as error:  # a full disk: the phone is offered the names covered
                self.learned.remove(name)
                print(f"The certificate could not take in {name}: {error}", flush=True)
                return False
            for renew in self.on_renew:
                renew(self.files)
            return True

    def announce(self) -> str | None:
        """Announce the name on the network; a reason when that cannot work here."""
        with self._announcing:
            if self.closed:
                return "the server stopped"
            if self.announcer is None:
                self.announcer = mdns.Announcer(self.name, self.http_port, self.https_port)
            try:
                self.announcer.announce(self.lan)
            # No multicast on this network, port 5353 not ours, zeroconf's own refusals: the name
            # is a convenience, and serving (and renewing the certificate) must go on without it.
            except Exception as error:
                self.announcer.close()
                return str(error) or type(error).__name__
            return None

    def check(self) -> list[str] | None:
        """When the addresses changed: a new certificate (the same authority) and a new
        announcement; returns the new addresses, else None."""
        if self.addresses() == self.lan:
            return None
        if self.certify() and self.files is not None:
            for renew in self.on_renew:
                renew(self.files)
        if self.announcer is not None:
            self.announce()
        return self.lan

    def watch(self, say: Callable[[str], Any], stop: threading.Event) -> threading.Thread:
        def run() -> None:
            while not stop.wait(CHECK_SECONDS):
                try:
                    moved = self.check()
                except Exception as error:  # a full disk, say: tell, keep serving, try again later
                    say(f"The certificate could not be made for the new addresses: {error}")
                    continue
                if moved is not None:
                    say("The addresses changed: " + (" ".join(moved) or "none")
                        + "; a new certificate from the same authority, phones keep trusting it.")
        thread = threading.Thread(target=run, name="secure-table-watch", daemon=True)
        thread.start()
        return thread

    def close(self) -> None:
        with self._announcing:
            self.closed = True
            if self.announcer is not None:
                self.announcer.close()

    def lines(self) -> list[str]:
        """What the host reads: how a phone trusts the table once, then where it opens it."""
        assert self.files is not None
        first = self.lan[0] if self.lan else "127.0.0.1"
        named = [] if is_loopback(self.host) else [self.name]  # announced to the network only
        # Only what the certificate names: a public address of this computer is left out of it.
        secure = [_url("https", a, self.https_port) for a in [a for a in self.lan if a in self.names][:1] + named]
        return [
            f"Secure table on https, port {self.https_port}: phones open {_url('http', first, self.http_port, 'trust')}"
            " once (trust this table), then " + " or ".join(secure),
            f"  certificate authority “{tls.common_name(self.files)}”, SHA-256 {tls.fingerprint(self.files)}",
            f"  (its key stays in {self.files.folder})",
        ] + [f"  {n} (PUBLIC_URL or TABLE_NAMES) is not a local name: the certificate cannot name it"
             for n in self.left_out] + [
            f"  {a} is not a private address: the certificate cannot name it (phones use {self.name})"
            for a in self.addresses_left_out] + ([
            "  The authority's certificate was made again with its new limits (local names, private"
            " addresses only), same key: phones that trusted it keep working; see docs/operations.md"]
            if self.ca_renewed else []) + ([
            "  Names phones arrived by, in the certificate too: " + " ".join(self.learned)
            + f" (forget them: delete {self._learned_file})"] if self.learned else [])


def reloader(adapter: Any) -> Callable[[tls.Files], None]:
    """Swaps a running TLS listener's certificate: the next handshake gets the new one."""
    def reload(f: tls.Files) -> None:
        adapter.context.load_cert_chain(str(f.cert), str(f.key))
    return reload
