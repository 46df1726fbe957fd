"""``<hostname>.local`` by multicast DNS: the records, and a real announcement answered on this
machine's network (a second zeroconf instance asks over multicast, as a phone would)."""
from __future__ import annotations

import os
import socket

import pytest
from zeroconf import AddressResolverIPv4, EventLoopBlocked, IPVersion, Zeroconf

from companion.serving import mdns
from companion.serving.network import lan_addresses


@pytest.mark.parametrize(("hostname", "name"), [
    ("Spieltisch", "spieltisch.local"),
    ("spieltisch.fritz.box", "spieltisch.local"),
    ("Annas MacBook Pro", "annas-macbook-pro.local"),
    ("--", "loot-ledger.local"),
    ("x" * 80, "x" * 63 + ".local"),
])
def test_the_local_name_is_one_dns_label(hostname, name):
    assert mdns.local_name(hostname) == name


def test_both_services_point_at_the_name_and_its_addresses():
    http, https = mdns.services("spieltisch.local", ["192.168.1.20"], 8000, 8001)
    assert (http.type, http.port, https.type, https.port) == (mdns.HTTP, 8000, mdns.HTTPS, 8001)
    assert http.server == https.server == "spieltisch.local."
    assert http.parsed_addresses() == ["192.168.1.20"] == https.parsed_addresses()
    assert http.name == "Loot Ledger on spieltisch._http._tcp.local."
    (moved,) = mdns.services("spieltisch.local", ["10.0.0.7"], 8000, None)  # no https: no _https
    assert moved.parsed_addresses() == ["10.0.0.7"]


@pytest.fixture
def address():
    found = lan_addresses()
    if not found:
        pytest.skip("this machine has no network address to announce on")
    return found[0]


def test_the_name_and_the_secure_service_are_answered_on_the_network(address):
    # This machine and this process: runs side by side (xdist, a second checkout) each
    # announce a name of their own, not one that the other already holds.
    name = f"loot-ledger-test-{socket.gethostname()[:8].lower()}-{os.getpid()}.local"
    announcer = mdns.Announcer(name, 8000, 8001)
    phone = Zeroconf(interfaces=[address], ip_version=IPVersion.V4Only)
    try:
        for _ in range(3):  # zeroconf gives up on a loop it finds busy: a loaded runner waits again
            try:
                assert announcer.announce([address])
                break
            except EventLoopBlocked:
                continue
        else:
            pytest.skip("zeroconf's own loop stayed blocked three times here (another zeroconf of the run holds it)")
        assert not announcer.announce([address])  # the same addresses: nothing to do
        resolver = AddressResolverIPv4(name + ".")
        assert resolver.request(phone, 3000)
        assert resolver.parsed_addresses() == [address]
        info = phone.get_service_info(mdns.HTTPS, announcer.infos[1].name, timeout=3000)
        assert info is not None and info.port == 8001 and info.server == name + "."
    finally:
        announcer.close()
        phone.close()
    assert announcer.zeroconf is None
