"""Beutezug's bonus marks are one set: the phone's round form, the printed sheet's legend and
grid, and the printed log all show the same mark for the same bonus."""
from __future__ import annotations

from companion.games import get_game
from companion.games.beutezug.web import ADAPTER
from companion.games.beutezug.cards import BONUS_LABELS, BONUS_MARKS
from tests.games.beutezug.web.test_pages import start
from tests.printables.conftest import Pdf

COLOURS = ("orange", "green", "black", "pink")


def test_every_bonus_has_its_own_mark_defined_once():
    assert ADAPTER.marks is BONUS_MARKS and get_game("beutezug").paper.facts(4)["marks"] is BONUS_MARKS
    assert set(BONUS_MARKS) == set(BONUS_LABELS)
    assert len(set(BONUS_MARKS.values())) == len(BONUS_MARKS)


def test_the_phone_form_and_the_printed_sheet_and_log_agree(user, client, logged):
    start(user)
    user.submit("/entries", {f"order-{i}": seat for i, seat in enumerate((1, 0, 2))})
    for colour in COLOURS:  # the chip's mark beside its words on the round form
        assert f'<i class="bz-mark b-{colour}" aria-hidden="true">{BONUS_MARKS[colour]}</i>' in user.page

    game_id = logged("beutezug")
    sheet = Pdf(client.get(f"/games/{game_id}/sheet.pdf?lang=en").data).text
    log = Pdf(client.get(f"/games/{game_id}/log.pdf?lang=en").data).text
    for colour in COLOURS:
        assert f"{BONUS_MARKS[colour]} {BONUS_LABELS[colour]}" in sheet, colour  # the legend
    # The documented example's round 1: Vincenzo's +1 orange, Kate's +1 pink.
    for text in (sheet, log):
        assert BONUS_MARKS["orange"] in text and BONUS_MARKS["pink"] in text
    # The marks the old sheet used for other colours appear nowhere for them.
    assert "● +1 orange" not in sheet and "◆ +1 pink" not in sheet
