"""Give Me The Treasure on the phone: its forms (``forms``), how the game page uses them
(``adapter``) and the best-resale page (``views``)."""
from .adapter import ADAPTER
from .views import bp

__all__ = ["ADAPTER", "bp"]
