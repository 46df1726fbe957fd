"""Loot and Scoot on the phone: its forms (``forms``), how the game page uses them
(``adapter``) and the battle-odds page (``views``)."""
from .adapter import ADAPTER
from .views import bp

__all__ = ["ADAPTER", "bp"]
