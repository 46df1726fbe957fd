"""At phone size: the host opens the app on its own computer (127.0.0.1) and invites a phone;
the link and QR code it shows point at the computer's LAN address, and the page says so."""
from __future__ import annotations

from urllib.parse import urlsplit

from playwright.sync_api import expect

from tests.browser.conftest import shot
from tests.conftest import LAN


def test_the_invite_opened_on_the_host_points_the_phones_at_its_lan_address(page, server_url, lan):
    port = urlsplit(server_url).port
    page.goto(server_url + "/group")
    expect(page.locator("#invite .link a")).to_have_text(f"http://{LAN[0]}:{port}/")
    page.locator("#code input#code").fill("tavern-42")
    with page.expect_navigation():
        page.get_by_role("button", name="Set the access code").tap()
    link = page.locator("#invite .link a").inner_text()
    assert urlsplit(link).hostname == LAN[0] and "/join/household/" in link
    expect(page.locator("#invite")).to_contain_text("its address on the network")
    expect(page.locator("#invite .qrbox svg")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "phones-invite")
    page.emulate_media(color_scheme="dark")
    shot(page, "phones-invite-dark")
    with page.expect_navigation():
        page.get_by_role("button", name="DE", exact=True).tap()
    expect(page.locator("#invite")).to_contain_text("seine Adresse im Netzwerk")
    shot(page, "phones-invite-de")
