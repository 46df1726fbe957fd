"""Each game's forms, by game slug (templates: templates/play/<slug>/)."""
from __future__ import annotations

from typing import Any

from .beutelschneider import ADAPTER as BEUTELSCHNEIDER
from .beutezug import ADAPTER as BEUTEZUG
from .scoot_adapter import ADAPTER as LOOT_AND_SCOOT

ADAPTERS: dict[str, Any] = {
    "beutezug": BEUTEZUG,
    "beutelschneider": BEUTELSCHNEIDER,
    "loot-and-scoot": LOOT_AND_SCOOT,
}
