"""The rules' quick copy of a frozen record: dataclasses.replace's result, at twice the speed."""
from __future__ import annotations

import dataclasses

import pytest

from companion.games.base import replace
from companion.games.scoot.state import Party


def test_a_quick_copy_is_the_dataclass_copy():
    party = Party(gold=5, hirelings=2)
    assert replace(party, gold=9) == dataclasses.replace(party, gold=9)
    assert replace(party, gold=9) is not party and party.gold == 5
    with pytest.raises(TypeError, match="no field gp"):
        replace(party, gp=9)
    with pytest.raises(dataclasses.FrozenInstanceError):
        replace(party, gold=9).gold = 1   # type: ignore[misc]
