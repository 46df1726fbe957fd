"""Give Me The Treasure's forms (``forms``) and how the game page uses them (``adapter``)."""
from .adapter import ADAPTER
from .forms import ResaleForm

__all__ = ["ADAPTER", "ResaleForm"]
