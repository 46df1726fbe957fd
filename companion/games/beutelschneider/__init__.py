"""Beutelschneider: the rules of a hand and the running totals (``rules``)."""
from .rules import GAME

__all__ = ["GAME"]
