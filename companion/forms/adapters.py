"""Each game's forms, by game slug (templates: templates/play/<slug>/); the interface they
share is ``adapter.Adapter``."""
from __future__ import annotations

from .adapter import Adapter
from .beutelschneider import ADAPTER as BEUTELSCHNEIDER
from .beutezug import ADAPTER as BEUTEZUG
from .scoot import ADAPTER as LOOT_AND_SCOOT
from .treasure import ADAPTER as GIVE_ME_THE_TREASURE

ADAPTERS: dict[str, Adapter] = {
    "beutezug": BEUTEZUG,
    "beutelschneider": BEUTELSCHNEIDER,
    "give-me-the-treasure": GIVE_ME_THE_TREASURE,
    "loot-and-scoot": LOOT_AND_SCOOT,
}
