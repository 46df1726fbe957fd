"""Beutezug: the rules (``rules``), the loot cards and chips (``cards``) and the dice odds
of a heist (``odds``)."""
from .result import GAME  # its rules, with its final result entered from paper

__all__ = ["GAME"]
