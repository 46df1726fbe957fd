"""Each game's forms, by game slug (templates: templates/play/<slug>/); the interface they
share is ``adapter.Adapter``."""
from __future__ import annotations

from .adapter import Adapter
from .beutelschneider import ADAPTER as BEUTELSCHNEIDER
from .beutezug import ADAPTER as BEUTEZUG
from .result import with_result
from .scoot import ADAPTER as LOOT_AND_SCOOT
from .treasure import ADAPTER as GIVE_ME_THE_TREASURE

# Each game's forms, with its final result entered from paper besides (result.py).
ADAPTERS: dict[str, Adapter] = {slug: with_result(adapter) for slug, adapter in {
    "beutezug": BEUTEZUG,
    "beutelschneider": BEUTELSCHNEIDER,
    "give-me-the-treasure": GIVE_ME_THE_TREASURE,
    "loot-and-scoot": LOOT_AND_SCOOT,
}.items()}
