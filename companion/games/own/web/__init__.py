"""A game of the table's own on the phone: its forms and their adapter (``forms``)."""
from .forms import ADAPTER

__all__ = ["ADAPTER"]
