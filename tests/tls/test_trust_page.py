"""The trust page and its downloads, on a real instance folder with the table's authority in it."""
from __future__ import annotations

import plistlib
import re

import pytest
from cryptography import x509

from companion import create_app
from companion.history import groups
from companion.record.shape import DEFAULT_GROUP
from companion.serving import tls

PHONE = "http://192.168.1.20:8000"  # the page as a phone on the table's Wi-Fi opens it


@pytest.fixture
def secure_app(tmp_path):
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance"),
                      "HTTP_PORT": 8000, "HTTPS_PORT": 8001, "LOCAL_NAME": "spieltisch.local"})
    tls.ensure(tmp_path / "instance", ["spieltisch.local"], ["192.168.1.20"], label="Loot Ledger table spieltisch")
    return app


def get(app, path, lang="en", base=PHONE):
    return app.test_client().get(path, base_url=base, headers={"Accept-Language": lang})


def text(response):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.get_data(as_text=True)))


def test_the_page_offers_both_downloads_the_steps_a_qr_code_and_the_https_address(secure_app):
    response = get(secure_app, "/trust")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert 'href="/trust/loot-ledger-table.crt"' in page and 'href="/trust/loot-ledger-table.mobileconfig"' in page
    assert "Certificate Trust Settings: turn on “Loot Ledger table spieltisch”" in text(response)
    assert 'href="https://192.168.1.20:8001/"' in page and 'href="https://spieltisch.local:8001/"' in page
    assert "If this phone opens https://spieltisch.local:8001/, use that one for “Add to home screen”" in text(response)
    # The code the next phone scans leads to this page on plain http.
    assert re.search(r'<div class="qrbox"[^>]*aria-label="QR code of the link http://192.168.1.20:8000/trust"[^>]*><svg', page)
    assert tls.fingerprint(tls.files(secure_app.instance_path)) in page.replace("<wbr>", "")


def test_the_page_in_german(secure_app):
    words = text(get(secure_app, "/trust", lang="de"))
    assert "Diesem Tisch vertrauen" in words and "Zertifikat herunterladen" in words
    assert "Zertifikatsvertrauenseinstellungen: Schalte „Loot Ledger table spieltisch“ ein." in words


def test_a_phone_that_has_joined_no_group_opens_it(secure_app):
    # A fresh phone has no group yet; with an access code set it would be sent to "join".
    groups.set_code(secure_app.extensions["store"], DEFAULT_GROUP, "geheim-1234")
    assert get(secure_app, "/").status_code == 303  # the games: join first
    assert get(secure_app, "/trust").status_code == 200
    assert get(secure_app, "/trust/loot-ledger-table.crt").status_code == 200


def test_android_gets_the_authority_as_der(secure_app):
    response = get(secure_app, "/trust/loot-ledger-table.crt")
    assert response.status_code == 200 and response.mimetype == "application/x-x509-ca-cert"
    assert response.headers["Content-Disposition"] == 'attachment; filename="loot-ledger-table.crt"'
    ca = x509.load_der_x509_certificate(response.data)
    assert ca == tls.ca_certificate(tls.files(secure_app.instance_path))


def test_ios_gets_a_profile_that_installs_the_authority_with_a_german_name_in_german(secure_app):
    response = get(secure_app, "/trust/loot-ledger-table.mobileconfig", lang="de")
    assert response.status_code == 200 and response.mimetype == "application/x-apple-aspen-config"
    profile = plistlib.loads(response.data)
    assert profile["PayloadDisplayName"] == "Loot-Ledger-Tisch"
    (root,) = profile["PayloadContent"]
    assert x509.load_der_x509_certificate(root["PayloadContent"]) == tls.ca_certificate(
        tls.files(secure_app.instance_path))


def test_over_https_the_page_says_this_phone_is_secure_already(secure_app):
    words = text(get(secure_app, "/trust", base="https://192.168.1.20:8001"))
    assert "This phone opens the table securely already" in words
    assert "http://192.168.1.20:8000/trust" in words  # the next phone still starts on http


def test_from_the_host_computer_the_addresses_are_its_lan_address(secure_app, lan):
    tls.ensure(secure_app.instance_path, ["spieltisch.local"], lan)
    page = get(secure_app, "/trust", base="http://127.0.0.1:8000").get_data(as_text=True)
    assert f'href="https://{lan[0]}:8001/"' in page and f"http://{lan[0]}:8000/trust" in page


def test_only_addresses_the_certificate_covers_are_offered(secure_app):
    # The phone came by a router's name the certificate does not name (no serve here to sign
    # it in): it is offered the covered ones, never one that ends in a certificate error.
    page = get(secure_app, "/trust", base="http://spieltisch.lan:8000").get_data(as_text=True)
    assert "https://spieltisch.lan:8001/" not in page
    assert 'data-probe="https://spieltisch.local:8001/trust/ping"' in page


@pytest.mark.parametrize("lang", ["en", "de"])
def test_without_https_the_page_says_how_the_host_turns_it_on_and_offers_nothing(app, lang):
    response = get(app, "/trust", lang=lang)
    assert response.status_code == 200
    assert ("--host 0.0.0.0" in text(response)) and ".crt" not in response.get_data(as_text=True)
    assert ("plain http only" if lang == "en" else "nur über einfaches http") in text(response)
    for path in ("/trust/loot-ledger-table.crt", "/trust/loot-ledger-table.mobileconfig"):
        assert get(app, path, lang=lang).status_code == 404


def test_the_group_page_leads_to_the_trust_page_when_https_is_on(secure_app, app):
    def group_page(of):
        return of.test_client().get("/group", base_url=PHONE, follow_redirects=True).get_data(as_text=True)
    # The invite section's own link (every http page's notice links /trust as well).
    assert '<a href="/trust">Trust this table</a>' in group_page(secure_app)
    assert '<a href="/trust">Trust this table</a>' not in group_page(app)


def test_the_page_may_ask_the_secure_address_and_nothing_else(secure_app):
    response = get(secure_app, "/trust")
    policy = response.headers["Content-Security-Policy"]
    assert policy.endswith("; connect-src 'self' https://192.168.1.20:8001")
    assert "default-src 'self'" in policy
    assert 'data-probe="https://192.168.1.20:8001/trust/ping"' in response.get_data(as_text=True)
    assert get(secure_app, "/trust/ping", base="https://192.168.1.20:8001").status_code == 204
    # Elsewhere the policy is the app's own.
    assert "connect-src" not in get(secure_app, "/trust/loot-ledger-table.crt").headers["Content-Security-Policy"]
