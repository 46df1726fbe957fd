"""Give Me The Treasure (Duel of Crooks): the coin tally (``rules``), the Black Market, Bandits
and Reinforcements (``market``), one turn's Resale read and priced (``turn``) and the best
resale of a hand (``resale``)."""
from .result import GAME  # its rules, with its final result entered from paper

__all__ = ["GAME"]
