"""Loot and Scoot: the turn order and ledger (``rules``), the state and its tables
(``state``), the Inn actions and Dungeon events (``actions``), the final scoring and
tie-break chain (``score``) and the odds of a Dungeon round (``odds``)."""
from .result import GAME  # its rules, with its final result entered from paper

__all__ = ["GAME"]
