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
import threading
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from flask import current_app, request, url_for

from . import tls

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


# -- the names this table answers to (a defence against DNS rebinding) --------------------------
#
# A web page any phone on the Wi-Fi opens can point a name of its own (rebind.attacker.example)
# at this computer and then read and write the table as that name. A request is answered only
# when its Host is one of the table's own: a name in a zone only the local network answers
# (nobody outside can point it anywhere), an address (an address is not rebound: the page's
# origin is that address itself), or a name the host gave. docs/configuration.md#names.

# Zones no stranger can hold: mDNS, names no public registry hands out, the home network's own.
PRIVATE_ZONES = ("local", "lan", "home", "home.arpa", "internal", "localdomain", "localhost")
# A router's own zone under a public top-level domain (fritz.box is registered publicly): served
# when this computer's resolver (the router) says the name is this computer.
ROUTER_ZONES = ("fritz.box",)
LOOKUP_SECONDS = 60  # how long a router name's lookup is taken as true


def _under(name: str, zones: tuple[str, ...]) -> bool:
    return any(name == z or name.endswith("." + z) for z in zones)


def host_name(host: str) -> str:
    """The name in a Host header (``Spieltisch.LAN.:8000`` -> ``spieltisch.lan``), "" for none."""
    try:
        return (urlsplit(f"//{host}").hostname or "").rstrip(".")
    except ValueError:
        return ""


def own_names(config: Any) -> set[str]:
    """The names this computer is given: its ``.local`` name and host name, PUBLIC_URL's, and
    the setting TABLE_NAMES."""
    from .mdns import local_name  # zeroconf's import only where the name is needed
    names = {str(config.get("LOCAL_NAME") or local_name()), socket.gethostname().lower()}
    public = host_name(urlsplit(str(config.get("PUBLIC_URL") or "")).netloc)
    configured = str(config.get("TABLE_NAMES") or "").replace(",", " ").split()
    return {n.lower().rstrip(".") for n in (*names, public, *configured) if n}


def my_addresses(config: Any) -> set[str]:
    listening = str(config.get("SERVE_HOST") or "")
    return set(lan_addresses()) | ({listening} if listening not in ("", "0.0.0.0", "::") else set())


_looked_up: dict[str, tuple[bool, float]] = {}
_lookups = threading.Lock()


def _is_here(name: str, mine: set[str]) -> bool:
    """Whether this computer's resolver says ``name`` is this computer (remembered a minute)."""
    now = time.monotonic()
    with _lookups:
        known = _looked_up.get(name)
    if known is not None and known[1] > now:
        return known[0]
    try:
        found = {str(info[4][0]) for info in socket.getaddrinfo(name, None, socket.AF_UNSPEC, socket.SOCK_STREAM)}
    except (OSError, UnicodeError):
        found = set()
    here = any(a in mine or ipaddress.ip_address(a.split("%")[0]).is_loopback for a in found)
    with _lookups:
        if len(_looked_up) > 256:  # a flood of made-up names does not grow it for good
            _looked_up.clear()
        _looked_up[name] = (here, now + LOOKUP_SECONDS)
    return here


def served(host: str, config: Any) -> bool:
    """Whether a request with this Host header is for this table."""
    name = host_name(host)
    if not name:
        return False
    if is_loopback(name):
        return True
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        pass
    else:
        return tls.is_local_address(str(address)) or str(address) in my_addresses(config)
    if name in own_names(config) or "." not in name or _under(name, PRIVATE_ZONES):
        # A name of one label is looked up in the local network's own search domain only.
        return True
    return _under(name, ROUTER_ZONES) and _is_here(name, my_addresses(config))
