"""The addresses other phones at the table use to reach this app.

A host often opens the app on the laptop that serves it, at ``http://127.0.0.1:8000/``: a
link or QR code built from that address is useless on every other phone. Links made for
other phones (join, share) therefore use, in this order: the configured ``PUBLIC_URL``;
when the page was opened through a loopback address, this machine's first LAN address;
else the address the page was opened with (another phone already reached it that way).
"""
from __future__ import annotations

import ipaddress
import socket
import struct
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from flask import current_app, request, url_for

# Interfaces of containers and virtual machines on this computer: phones cannot reach them.
VIRTUAL = ("lo", "docker", "br-", "veth", "virbr", "vmnet", "vboxnet", "tun", "tap", "ifb")
SIOCGIFADDR = 0x8915  # Linux: the IPv4 address of one interface


def _interface_address(name: str) -> str | None:
    try:
        import fcntl
    except ImportError:  # not a Unix: the host name's addresses below will do
        return None
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            packed = fcntl.ioctl(s.fileno(), SIOCGIFADDR, struct.pack("256s", name[:15].encode()))
        except OSError:  # no IPv4 address on it (down, or IPv6 only), or not Linux
            return None
    return socket.inet_ntoa(packed[20:24])


def _usable(address: str) -> bool:
    ip = ipaddress.ip_address(address)
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other phones may reach, in interface order.

    Read from the interfaces (Linux), else from what the host name resolves to; nothing
    is sent anywhere to find them.
    """
    found: list[str] = []
    try:
        names = [name for _, name in socket.if_nameindex()]
    except OSError:
        names = []
    for name in names:
        address = None if name.startswith(VIRTUAL) else _interface_address(name)
        if address and _usable(address) and address not in found:
            found.append(address)
    if not found:
        try:
            infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
        except OSError:
            infos = []
        for info in infos:
            address = str(info[4][0])
            if _usable(address) and address not in found:
                found.append(address)
    return found


def is_loopback(host: str) -> bool:
    """``host`` as in a Host header or a bind address: ``localhost``, ``127.0.0.1:8000``, ``[::1]``."""
    name = urlsplit(f"//{host}").hostname or ""
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class Base:
    """Where links for other phones start, and why: ``configured`` (PUBLIC_URL), ``lan``
    (the page was opened through loopback; this machine's LAN address instead), ``opened``
    (the address this page was opened with), or ``none`` (opened through loopback and
    this machine has no LAN address: no other phone can reach it)."""
    url: str
    source: str
    # The server listens on loopback only (``serve`` without ``--host 0.0.0.0``).
    closed: bool = False

    def url_for(self, endpoint: str, **values: Any) -> str:
        """An absolute URL for another phone (a join link, a share link)."""
        return self.url + url_for(endpoint, **values)


def base() -> Base:
    """Where links for other phones start, for this request."""
    configured = str(current_app.config.get("PUBLIC_URL") or "").strip().rstrip("/")
    if configured:
        return Base(configured, "configured")
    opened = request.host_url.rstrip("/")
    if not is_loopback(request.host):
        return Base(opened, "opened")
    listening = current_app.config.get("SERVE_HOST")
    closed = bool(listening) and is_loopback(str(listening))
    addresses = lan_addresses()
    if not addresses:
        return Base(opened, "none", closed)
    port = urlsplit(request.host_url).port
    host = addresses[0] + (f":{port}" if port else "")
    return Base(f"{request.scheme}://{host}", "lan", closed)
