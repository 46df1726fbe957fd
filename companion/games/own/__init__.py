"""A game of the table's own: named, seated and scored as its host sets it (``rules``)."""
from .result import GAME

__all__ = ["GAME"]
