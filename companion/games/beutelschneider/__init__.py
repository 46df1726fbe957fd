"""Beutelschneider: the rules of a hand and the running totals (``rules``)."""
from .result import GAME  # its rules, with its final result entered from paper

__all__ = ["GAME"]
