"""What a game's forms module gives the pages: one ``Adapter`` per game.

The game page, the entry view and the new-game page only talk to a game through this
interface, so a new game shows here what it must provide (the abstract methods) and what
it may change (the defaults). Everything else an adapter offers (labels, tables, the
Beutezug heist link ...) is for that game's own templates.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

from ..games.base import RulesError
from . import EntryForm, attach_errors
from .base import LedgerForm


class Adapter(ABC):
    #: Entry kind -> its form class: the kinds a page can post to ``play.add``.
    forms: ClassVar[Mapping[str, type[EntryForm]]]
    #: Kinds whose template renders its own forms, all shown while any of them is expected
    #: (a Loot and Scoot turn offers every action and leaving at once).
    own_forms: ClassVar[tuple[str, ...]] = ()
    #: Kinds shown at any time, under the standings (a coin correction), not as the next step.
    standing_forms: ClassVar[tuple[str, ...]] = ()

    @abstractmethod
    def setup_form(self, formdata: Any = None) -> LedgerForm:
        """The game's settings on the new-game page."""

    @abstractmethod
    def to_settings(self, form: Any) -> dict[str, Any]:
        """The settings a validated setup form gives, for ``Game.setup``."""

    @abstractmethod
    def form(self, kind: str, record: dict[str, Any], data: dict[str, Any] | None = None,
             formdata: Any = None) -> EntryForm:
        """The form of ``kind`` for this record: empty, filled from an entry's ``data``
        (a correction) or from what was posted (``formdata``)."""

    @abstractmethod
    def to_data(self, kind: str, form: Any, record: dict[str, Any]) -> dict[str, Any]:
        """The entry data a validated form gives; the rules check it."""

    def kind_of(self, formdata: Any) -> str:
        """The entry kind a posted form makes (a game may derive it from the fields)."""
        return str(formdata.get("kind", ""))

    def attach(self, form: Any, error: RulesError) -> list[str]:
        """Put each rules message next to its field; return the ones that fit no field."""
        return attach_errors(form, error)

    def source(self, form: Any) -> str:
        """Who made the entry's random part: ``"table"``, or ``"app"`` when it rolled."""
        return "table"
