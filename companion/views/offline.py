"""The phone's offline side: the service worker and the page it shows for a page never opened.

The worker keeps the static files (versioned names, see ``web.static_url``) and the last copy
of each game page and rules reference, so a dropped connection shows the last known state (marked as such) and
the outbox in app.js can keep what was typed until it is sent.
"""
from __future__ import annotations

import hashlib
from typing import Any

from flask import Blueprint, current_app, render_template, url_for

from ..forms.adapter import ADAPTERS
from ..pages.assets import game_stylesheet, static_url

bp = Blueprint("offline", __name__)

ASSETS = ("css/app.css", "css/areas.css", "js/app.js", "js/zone.js", "js/secret.js", "js/waiting.js", "css/rules.css", "js/rules.js",
          "icons/icon.svg", "icons/icon-192.png", "manifest.webmanifest")


@bp.get("/sw.js")
def worker() -> Any:
    assets = [static_url(a) for a in ASSETS]
    assets += [s for s in (game_stylesheet(slug) for slug in ADAPTERS) if s]
    version = hashlib.sha256("\n".join(assets).encode()).hexdigest()[:12]
    body = render_template("offline/sw.js", version=version, assets=assets,
                           offline=url_for("offline.page"), static=url_for("static", filename=""),
                           pages=[url_for("home.index"), url_for("play.game", game_id="x")[:-1],
                                  url_for("rules.reference", slug="x")[:-1],
                                  url_for("history.index"), url_for("stats.index")])
    response = current_app.response_class(body, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"  # a new version is noticed at once
    return response


@bp.get("/offline")
def page() -> Any:
    return render_template("offline/page.html")
