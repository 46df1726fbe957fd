"""Beutezug on the phone: its forms and their adapter (``forms``), the heist check (``views``)."""
from .forms import ADAPTER

__all__ = ["ADAPTER"]
