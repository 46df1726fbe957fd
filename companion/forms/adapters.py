"""Each game's forms, by game slug (templates: templates/play/<slug>/)."""
from __future__ import annotations

from typing import Any

from .beutelschneider import ADAPTER as BEUTELSCHNEIDER
from .treasure import ADAPTER as TREASURE

ADAPTERS: dict[str, Any] = {
    "beutelschneider": BEUTELSCHNEIDER,
    "give-me-the-treasure": TREASURE,
}
