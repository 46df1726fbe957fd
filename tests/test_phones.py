"""Phones find the table: links and QR codes made for other phones never point at the host's
own loopback address, and `serve` prints the addresses the phones can open."""
from __future__ import annotations

import ipaddress
import re
from urllib.parse import urlsplit

import pytest
import segno

from companion import create_app
from companion.cli import phone_lines
from companion.history import groups
from companion.record.entries import new_record
from companion.serving import network
from companion.serving.network import is_loopback, lan_addresses
from tests.conftest import LAN
from tests.formpage import Browserless


def qr_svg(url: str) -> str:
    """The QR code of ``url`` as the pages draw it."""
    return segno.make(url, error="m").svg_inline(scale=4, dark="#000", light="#fff", svgclass="qr",
                                                  omitsize=True)


def opened_at(app, host: str) -> None:
    """Requests arrive as a browser opening ``host`` sends them (the Host header)."""
    inner = app.wsgi_app

    def wsgi(environ, start_response):
        environ["HTTP_HOST"] = host
        return inner(environ, start_response)
    app.wsgi_app = wsgi


def with_code(app, user):
    user.open("/groups/household")
    user.submit("/code", {"code": "Kaninchen7"})
    return groups.invite_token(app.secret_key, groups.get(app.extensions["store"], "household"))


def group_page(user) -> str:
    user.open("/groups/household")
    return user.page


def user_of(tmp_path, **config) -> tuple:
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance"), **config})
    return app, Browserless(app.test_client())


def join_link(page: str) -> str:
    found = re.search(r'<p class="link"><a href="([^"]+)"', page)
    assert found, page
    return found.group(1)


def test_a_join_link_made_through_127_0_0_1_points_at_the_lan_address(app, user, lan):
    opened_at(app, "127.0.0.1:8000")
    token = with_code(app, user)
    page = group_page(user)
    link = join_link(page)
    assert urlsplit(link).hostname != "127.0.0.1"
    assert link == f"http://{LAN[0]}:8000/join/household/{token}"
    assert qr_svg(link) in page
    assert f"its address on the network, http://{LAN[0]}:8000, which the other phones can reach" in page


def test_a_share_link_made_through_localhost_points_at_the_lan_address(app, user, store, lan):
    opened_at(app, "localhost:8000")
    game_id = store.create(new_record("beutelschneider", ["Anna", "Ben", "Cem"], {}))
    user.open(f"/games/{game_id}/share")
    user.submit(f"/games/{game_id}/share")
    link = join_link(user.page)
    assert re.fullmatch(rf"http://{re.escape(LAN[0])}:8000/s/[\w-]+", link)
    assert qr_svg(link) in user.page


def test_a_page_opened_from_another_phone_keeps_its_address_and_says_nothing_about_it(app, user):
    opened_at(app, "192.168.178.20:8000")
    token = with_code(app, user)
    page = group_page(user)
    assert join_link(page) == f"http://192.168.178.20:8000/join/household/{token}"
    assert "address on the network" not in page and "PUBLIC_URL" not in page


def test_a_configured_public_url_wins_and_the_page_says_so(tmp_path):
    app, user = user_of(tmp_path, PUBLIC_URL="http://spieltisch.local:8000/")
    opened_at(app, "127.0.0.1:8000")
    token = with_code(app, user)
    page = group_page(user)
    link = join_link(page)
    assert link == f"http://spieltisch.local:8000/join/household/{token}"
    assert qr_svg(link) in page
    assert "use the address set for this app (PUBLIC_URL): http://spieltisch.local:8000." in page


def test_public_url_comes_from_the_environment_too(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_PUBLIC_URL", "https://ledger.example.org")
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance")})
    with app.test_request_context("/", base_url="http://127.0.0.1:8000"):
        assert network.base().url_for("home.index") == "https://ledger.example.org/"


def test_a_server_listening_on_loopback_only_is_named_on_the_page(app, user, lan):
    app.config["SERVE_HOST"] = "127.0.0.1"  # what `serve` records
    opened_at(app, "127.0.0.1:8000")
    page = group_page(user)
    assert "The app listens on this computer only" in page and "--host 0.0.0.0" in page
    app.config["SERVE_HOST"] = "0.0.0.0"
    assert "listens on this computer only" not in group_page(user)


def test_without_an_access_code_the_group_page_shows_the_address_for_the_other_phones(app, user, lan):
    opened_at(app, "127.0.0.1:8000")
    page = group_page(user)
    address = f"http://{LAN[0]}:8000/"
    assert f'<a href="{address}">{address}</a>' in page
    assert qr_svg(address) in page


def test_the_notes_are_german_on_a_german_page(tmp_path):
    app, user = user_of(tmp_path, PUBLIC_URL="http://spieltisch.local:8000")
    user.client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "de"
    with_code(app, user)
    assert "eingestellte Adresse (PUBLIC_URL): http://spieltisch.local:8000." in group_page(user)


def test_serve_on_every_address_prints_each_lan_address_and_a_qr_code_of_the_first(lan):
    lines = phone_lines("0.0.0.0", 8000)
    assert lines[0] == "Phones open: " + "  ".join(f"http://{a}:8000/" for a in LAN)
    # Read the printed code back, two modules a character (light drawn, for a dark terminal):
    # it is the QR code of the first address.
    pairs = {"█": (0, 0), "▀": (0, 1), "▄": (1, 0), " ": (1, 1)}
    printed = [[pairs[ch][half] for ch in line] for line in lines[1].splitlines() for half in (0, 1)]
    code = segno.make(f"http://{LAN[0]}:8000/", error="m")
    border = [0] * (code.symbol_size()[0])
    expected = [border] * 4 + [[0] * 4 + [int(m) for m in row] + [0] * 4 for row in code.matrix] + [border] * 4
    assert printed[:len(expected)] == expected


def test_serve_on_loopback_says_how_to_let_the_phones_in():
    assert phone_lines("127.0.0.1", 8000) == [
        "Only this computer can open it. For the phones at the table: serve --host 0.0.0.0"]


def test_serve_on_one_address_prints_that_address():
    assert phone_lines("192.168.178.20", 8000)[0] == "Phones open: http://192.168.178.20:8000/"


@pytest.mark.parametrize(("host", "loopback"), [
    ("127.0.0.1:8000", True), ("127.1.2.3", True), ("localhost", True), ("localhost:5000", True),
    ("[::1]:8000", True), ("192.168.178.20:8000", False), ("0.0.0.0", False),
    ("spieltisch.local", False), ("[fe80::1]:8000", False)])
def test_loopback_hosts(host, loopback):
    assert is_loopback(host) is loopback


def test_no_lan_address_is_a_loopback_or_link_local_one(monkeypatch):
    # This machine's own, whatever they are (a CI machine may have none): well-formed IPv4.
    assert all(ipaddress.ip_address(a).version == 4 for a in lan_addresses())
    # The choice itself, on a computer with every kind of interface: only the reachable ones.
    found = {"lo": "127.0.0.1", "eth0": "192.168.1.50", "wlan0": "169.254.3.4",
             "docker0": "172.17.0.1", "wlp2s0": "10.0.0.7", "enp3s0": "0.0.0.0", "eno1": "192.168.1.50"}
    monkeypatch.setattr(network.socket, "if_nameindex", lambda: list(enumerate(found)))
    monkeypatch.setattr(network, "_interface_address", found.get)
    assert lan_addresses() == ["192.168.1.50", "10.0.0.7"]
