"""The rules reference of each game as a page on the phone, from the same text as its PDF."""
from __future__ import annotations

from typing import Any

from flask import Blueprint, abort

from ..games import GAMES
from ..i18n import locale_name
from .printables import rules_html

bp = Blueprint("rules", __name__)


@bp.get("/rules/<slug>")
def reference(slug: str) -> Any:
    if slug not in GAMES:
        abort(404)
    # For now the printed reference as it is; a phone page of its own comes with issue 26.
    return rules_html(slug, locale_name())
