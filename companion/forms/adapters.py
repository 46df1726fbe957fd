"""Each game's forms, by game slug (templates: templates/play/<slug>/)."""
from __future__ import annotations

from typing import Any

from .beutelschneider import ADAPTER as BEUTELSCHNEIDER
from .beutezug import ADAPTER as BEUTEZUG

ADAPTERS: dict[str, Any] = {
    "beutelschneider": BEUTELSCHNEIDER,
    "beutezug": BEUTEZUG,
}
