"""What every answer owes the table's names and its https: a request for a name that is not the
table's is refused before anything reads or writes (DNS rebinding, network.served); an https
answer carries HSTS and its own Secure session cookie.
"""
from __future__ import annotations

from typing import Any

from flask import Flask, current_app, request
from flask.sessions import SecureCookieSessionInterface
from itsdangerous import BadSignature

from ..i18n import t
from ..markers import N_
from ..serving import network

NOT_SERVED = N_("Loot Ledger does not answer to the name “%(name)s”. Open the table by the address "
                "the host's screen shows; if the name is this computer's, the host adds it to the "
                "setting TABLE_NAMES.")

# How long a phone that opened an https page keeps to https for that name by itself
# (docs/operations.md#https-and-certificates): an hour, so a phone that trusted the table
# keeps its game night secure, yet an http link or a tab left on http by the same name
# (entries waiting there) works again soon, since the http port never speaks TLS.
HSTS_SECONDS = 3600
# https's own session cookie: the `__Host-` prefix makes the browser keep it to this name, with
# Secure, on every path. Plain http keeps Flask's `session`: a Secure cookie of the same name
# would shut the http side of that name out of its session (a plain page may not replace it).
SECURE_COOKIE = "__Host-session"


def refuse_foreign_host() -> Any:
    """A request for a name the table does not answer to: a plain 421, nothing read or written."""
    if network.served(request.host, current_app.config):
        return None
    name = network.host_name(request.host) or request.host
    current_app.logger.warning("refused a request for the name %r (not this table's)", name[:100])
    body = t(NOT_SERVED) % {"name": name[:100]}
    return current_app.response_class(body + "\n", status=421, mimetype="text/plain")


def learn_name() -> None:
    """A phone that came by a local name the certificate does not cover yet: the table signs
    it in (``serve``'s secure table), so the https address it is offered works."""
    table = current_app.extensions.get("secure_table")
    if table is not None:
        table.learn(network.host_name(request.host))


def strict_transport(response: Any) -> Any:
    # Not on the trust page's probe: a page on http asks it whether the phone trusts the table
    # yet, and that answer must not move the http page's own name to https.
    if request.is_secure and request.endpoint != "trust.ping":
        response.headers.setdefault("Strict-Transport-Security", f"max-age={HSTS_SECONDS}")
    return response


class Sessions(SecureCookieSessionInterface):
    """Flask's signed cookie session, kept in ``__Host-session`` (Secure) on https and in
    ``session`` on plain http. A phone that switches to https takes its http session along
    (its group, its language) the first time: the plain cookie is sent over https too."""

    def get_cookie_name(self, app: Flask) -> str:
        return SECURE_COOKIE if request.is_secure else super().get_cookie_name(app)

    def get_cookie_secure(self, app: Flask) -> bool:
        return request.is_secure or super().get_cookie_secure(app)

    def get_cookie_domain(self, app: Flask) -> str | None:
        return None if request.is_secure else super().get_cookie_domain(app)  # `__Host-`: no Domain

    def get_cookie_path(self, app: Flask) -> str:
        return "/" if request.is_secure else super().get_cookie_path(app)  # `__Host-`: the path /

    def open_session(self, app: Flask, request: Any) -> Any:
        serializer = self.get_signing_serializer(app)
        if serializer is None:
            return None
        value = request.cookies.get(self.get_cookie_name(app))
        carried = not value and request.is_secure
        if carried:
            value = request.cookies.get(super().get_cookie_name(app))
        if not value:
            return self.session_class()
        try:
            data = serializer.loads(value, max_age=int(app.permanent_session_lifetime.total_seconds()))
        except BadSignature:
            return self.session_class()
        session = self.session_class(data)
        session.modified = carried  # a carried session is written as the secure cookie at once
        return session


def init_app(app: Flask) -> None:
    # First of all: a foreign name is refused before the store is looked at.
    app.before_request_funcs.setdefault(None, []).insert(0, refuse_foreign_host)
    app.before_request(learn_name)
    app.after_request(strict_transport)
    app.session_interface = Sessions()
