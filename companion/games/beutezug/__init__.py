"""Beutezug: the rules (``rules``), the loot cards and chips (``cards``) and the dice odds
of a heist (``odds``)."""
from .rules import GAME

__all__ = ["GAME"]
