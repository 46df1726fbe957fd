"""Loot and Scoot's forms (``forms``) and how the game page uses them (``adapter``)."""
from .adapter import ADAPTER

__all__ = ["ADAPTER"]
