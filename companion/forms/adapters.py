"""Each game's forms, by game slug (templates: templates/games/<slug>/); the interface they
share is ``adapter.Adapter``."""
from __future__ import annotations

from ..games.beutelschneider.web import ADAPTER as BEUTELSCHNEIDER
from ..games.beutezug.web import ADAPTER as BEUTEZUG
from ..games.scoot.web import ADAPTER as LOOT_AND_SCOOT
from ..games.treasure.web import ADAPTER as GIVE_ME_THE_TREASURE
from .adapter import Adapter
from .result import with_result

# Each game's forms, with its final result entered from paper besides (result.py).
ADAPTERS: dict[str, Adapter] = {slug: with_result(adapter) for slug, adapter in {
    "beutezug": BEUTEZUG,
    "beutelschneider": BEUTELSCHNEIDER,
    "give-me-the-treasure": GIVE_ME_THE_TREASURE,
    "loot-and-scoot": LOOT_AND_SCOOT,
}.items()}
