"""The shape of Higher Card's one entry kind (see companion/games/schema.py)."""
from __future__ import annotations

from typing import Any

ENTRIES: dict[str, Any] = {"round": {"cards": [int]}}
SETTINGS: dict[str, Any] = {}
