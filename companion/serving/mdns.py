"""``<hostname>.local`` on the table's network, by multicast DNS (zeroconf, pure Python).

Phones then open the same address whatever the router gave this computer tonight, and the
server certificate names it. The app and its secure twin are also announced as ``_http._tcp``
and ``_https._tcp`` services, so a service browser lists "Loot Ledger on …".
"""
from __future__ import annotations

import re
import socket

from zeroconf import IPVersion, ServiceInfo, Zeroconf

HTTP, HTTPS = "_http._tcp.local.", "_https._tcp.local."


def local_name(hostname: str | None = None) -> str:
    """This computer's name as one DNS label under ``.local`` (``Spieltisch.fritz.box`` →
    ``spieltisch.local``)."""
    label = (hostname if hostname is not None else socket.gethostname()).split(".")[0].lower()
    label = re.sub(r"[^a-z0-9-]+", "-", label).strip("-")[:63].strip("-")
    return f"{label or 'loot-ledger'}.local"


def services(name: str, addresses: list[str], http_port: int, https_port: int | None) -> list[ServiceInfo]:
    """The records to announce: each service points at ``name``, which resolves (A/AAAA) to
    ``addresses``."""
    server = name.rstrip(".") + "."
    title = f"Loot Ledger on {name.removesuffix('.local')}"
    ports = [(HTTP, http_port)] + ([(HTTPS, https_port)] if https_port else [])
    return [ServiceInfo(kind, f"{title}.{kind}", port=port, properties={"path": "/"}, server=server,
                        parsed_addresses=list(addresses))
            for kind, port in ports]


class Announcer:
    """Announces the services for the current addresses; announcing other addresses
    withdraws the old records and answers with the new ones."""

    def __init__(self, name: str, http_port: int, https_port: int | None) -> None:
        self.name, self.http_port, self.https_port = name, http_port, https_port
        self.addresses: list[str] = []
        self.zeroconf: Zeroconf | None = None
        self.infos: list[ServiceInfo] = []

    def announce(self, addresses: list[str]) -> bool:
        """Returns whether anything changed."""
        if addresses == self.addresses and self.zeroconf is not None:
            return False
        self.close()
        self.addresses = list(addresses)
        if not addresses:
            return True
        # Only on the table's interfaces, not on containers' bridges.
        self.zeroconf = Zeroconf(interfaces=list(addresses), ip_version=IPVersion.V4Only)
        self.infos = services(self.name, addresses, self.http_port, self.https_port)
        try:
            for info in self.infos:
                # Another Loot Ledger on the same network: "… (2)" rather than a refusal.
                self.zeroconf.register_service(info, allow_name_change=True)
        except Exception:
            # Not announced after all: the next check tries again instead of taking it as done.
            self.zeroconf.close()
            self.zeroconf, self.infos, self.addresses = None, [], []
            raise
        return True

    def close(self) -> None:
        if self.zeroconf is not None:
            self.zeroconf.unregister_all_services()
            self.zeroconf.close()
        self.zeroconf, self.infos = None, []
