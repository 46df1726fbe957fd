"""Which Host names the table answers to (network.served), case by case; the real server's
refusal is in test_names.py."""
from __future__ import annotations

import socket

import pytest

from companion.serving import network


@pytest.fixture(autouse=True)
def forget_lookups():
    network._looked_up.clear()
    yield
    network._looked_up.clear()


CONFIG = {"LOCAL_NAME": "spieltisch.local", "PUBLIC_URL": "http://ledger.example.org:8000",
          "TABLE_NAMES": "club.example.net,  Kneipe.example.com"}


@pytest.mark.parametrize("host", [
    "localhost", "localhost:8000", "app.localhost", "127.0.0.1:8000", "127.3.4.5", "[::1]:8001",
    "192.168.1.20:8000", "10.0.0.7", "172.20.10.2", "169.254.3.4", "[fd12::1]", "[fe80::1]",
    "spieltisch.local", "Spieltisch.LAN.:8000", "x.home.arpa", "tisch.internal", "nas.home", "pc.localdomain",
    "spieltisch", "ledger.example.org:8000", "club.example.net", "kneipe.example.com",
])
def test_the_tables_own(host, lan):
    assert network.served(host, CONFIG)


@pytest.mark.parametrize("host", [
    "", ":8000", "rebind.attacker.example", "8.8.8.8", "[2606:4700:4700::1111]", "1.1.1.1:8000",
    "spieltisch.lan.attacker.example", "localhost.attacker.example", "example.org.", "example.org",
    "ledger.example.org.attacker.example", "x.example.org",
])
def test_not_the_tables(host, lan):
    assert not network.served(host, CONFIG)


def test_this_computers_public_address_is_its_own(lan, monkeypatch):
    monkeypatch.setattr(network, "lan_addresses", lambda: ["130.149.7.7"])
    assert network.served("130.149.7.7:8000", {})
    assert not network.served("130.149.7.8:8000", {})


def resolver(answers, asked):
    def getaddrinfo(name, *args, **kwargs):
        asked.append(name)
        if name not in answers:
            raise socket.gaierror("not known")
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (answers[name], 0))]
    return getaddrinfo


def test_a_router_name_under_a_public_domain_is_served_when_it_is_this_computer(lan, monkeypatch):
    # fritz.box is a registered domain: a stranger's page could use a name under it, so the
    # name is served only when this computer's resolver (the router) says it is this computer.
    asked: list[str] = []
    monkeypatch.setattr(network.socket, "getaddrinfo", resolver(
        {"spieltisch.fritz.box": lan[0], "nas.fritz.box": "192.168.178.99"}, asked))
    assert network.served("spieltisch.fritz.box:8000", {})
    assert not network.served("nas.fritz.box", {})  # another device on the network
    assert not network.served("unknown.fritz.box", {})
    assert network.served("spieltisch.fritz.box", {}) and asked.count("spieltisch.fritz.box") == 1  # remembered
    assert asked == ["spieltisch.fritz.box", "nas.fritz.box", "unknown.fritz.box"]


def test_a_refused_name_gets_a_plain_answer_in_the_phones_language_and_nothing_else(client):
    for method in ("get", "post"):
        response = getattr(client, method)("/", base_url="http://rebind.attacker.example:8000",
                                           headers={"Accept-Language": "de"})
        assert response.status_code == 421 and response.mimetype == "text/plain"
        assert response.get_data(as_text=True).startswith(
            "Loot Ledger antwortet nicht auf den Namen „rebind.attacker.example“.")
        assert "Set-Cookie" not in response.headers
