"""Each game's forms, by game slug (templates: templates/play/<slug>/)."""
from __future__ import annotations

from typing import Any

from .beutelschneider import ADAPTER as BEUTELSCHNEIDER
from .beutezug import ADAPTER as BEUTEZUG
from .scoot_adapter import ADAPTER as LOOT_AND_SCOOT
from .treasure import ADAPTER as GIVE_ME_THE_TREASURE

ADAPTERS: dict[str, Any] = {
    "beutezug": BEUTEZUG,
    "beutelschneider": BEUTELSCHNEIDER,
    "give-me-the-treasure": GIVE_ME_THE_TREASURE,
    "loot-and-scoot": LOOT_AND_SCOOT,
}
