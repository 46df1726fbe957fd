"""The "trust this table" page: a phone on plain http downloads the table's certificate
authority, trusts it once, and from then on opens the app over HTTPS (a secure context:
the service worker, Wake Lock, install).

Open to every phone, in a group or not: a phone trusts the table before it joins a group,
and the certificate is no secret.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from cryptography import x509
from flask import Blueprint, abort, current_app, render_template, request

from ..i18n import t
from ..markers import N_
from ..serving import network, tls
from . import CSP
from .groups import _qr

bp = Blueprint("trust", __name__)

DER_TYPE = "application/x-x509-ca-cert"  # Android (and desktops) offer to install it
PROFILE_TYPE = "application/x-apple-aspen-config"  # iOS/iPadOS: "Profile Downloaded"


def _files() -> tls.Files | None:
    """The table's authority, when ``serve`` serves HTTPS with it."""
    if not current_app.config.get("HTTPS_PORT"):
        return None
    f = tls.files(Path(current_app.instance_path))
    return f if f.ca.exists() else None


def _address(scheme: str, host: str, port: int | None) -> str:
    host = f"[{host}]" if ":" in host else host
    return f"{scheme}://{host}" + (f":{port}" if port else "") + "/"


def _covered(f: tls.Files) -> set[str]:
    """The names and addresses the server certificate covers now."""
    table = current_app.extensions.get("secure_table")
    if table is not None:
        return set(table.names)
    try:
        names, addresses = tls.covered(x509.load_pem_x509_certificate(f.cert.read_bytes()))
    except (OSError, ValueError):
        return set()
    return names | addresses


def secure_addresses(f: tls.Files) -> list[str]:
    """Where this phone opens the secure table, the first one probed: the name it reached this
    page by (or, from the computer itself, its LAN address), the ``.local`` name, this
    computer's addresses -- those the certificate covers, so none of them fails for a phone
    that trusts the table."""
    port = current_app.config["HTTPS_PORT"]
    host = urlsplit(network.base().url).hostname or request.host
    name = current_app.config.get("LOCAL_NAME")
    candidates = [host] + ([name] if name else []) + network.lan_addresses()
    covered = _covered(f)
    found = [c for c in dict.fromkeys(candidates) if c in covered][:2]
    return [_address("https", c, port) for c in found or [host]]


def plain_address() -> str:
    """This page on plain http, for the next phone to scan (from a page opened over https too)."""
    host = urlsplit(network.base().url).hostname or request.host
    return _address("http", host, current_app.config.get("HTTP_PORT") or urlsplit(request.host_url).port) + "trust"


@bp.get("/trust")
def page() -> Any:
    f = _files()
    if f is None:
        return render_template("trust/page.html", on=False)
    plain, addresses = plain_address(), secure_addresses(f)
    response = current_app.make_response(render_template(
        "trust/page.html", on=True, secure=request.is_secure, addresses=addresses,
        fingerprint=tls.fingerprint(f), ca_name=tls.common_name(f), plain=plain, qr=_qr(plain)))
    # trust.js asks the secure address whether this phone trusts the table yet.
    response.headers["Content-Security-Policy"] = CSP + "; connect-src 'self' " + addresses[0].rstrip("/")
    return response


@bp.get("/trust/ping")
def ping() -> Any:
    return "", 204


def _download(body: bytes, mimetype: str, filename: str) -> Any:
    response = current_app.response_class(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "no-cache"  # a new authority (a new instance folder) shows at once
    return response


@bp.get("/trust/loot-ledger-table.crt")
def certificate() -> Any:
    f = _files()
    if f is None:
        abort(404)
    return _download(tls.ca_der(f), DER_TYPE, "loot-ledger-table.crt")


@bp.get("/trust/loot-ledger-table.mobileconfig")
def profile() -> Any:
    f = _files()
    if f is None:
        abort(404)
    body = tls.mobileconfig(f, t(N_("Loot Ledger table")),
                            t(N_("Lets this iPhone or iPad open the Loot Ledger table on the local network "
                                 "over HTTPS.")))
    return _download(body, PROFILE_TYPE, "loot-ledger-table.mobileconfig")
