"""Higher Card, the tiny game that docs/adding-a-game.md adds, kept for the tests: its rules
(``rules``), the shape of its one entry kind (``shapes``), its phone (``web``) and its
templates (templates/games/higher-card/). tests/test_tiny_game.py registers it."""
from .rules import GAME

__all__ = ["GAME"]
