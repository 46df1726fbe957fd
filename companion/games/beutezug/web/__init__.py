"""Beutezug on the phone: its forms and their adapter (``forms``), the heist check (``views``)."""
from .forms import ADAPTER
from .views import bp

__all__ = ["ADAPTER", "bp"]
