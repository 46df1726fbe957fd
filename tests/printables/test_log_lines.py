"""The log of a filled sheet: the game page's entry words, with fewer boxes for WeasyPrint."""
from __future__ import annotations

import pytest

from companion.games.beutelschneider.paper import hand_in_grid
from companion.games.paper import LogRound, beyond_the_grid
from companion.sheets import CELL_GAP, log_line


@pytest.mark.parametrize("entry, printed", [
    ('<span class="kind">Hand</span>\n<span class="cell">Anna: 30</span><span class="cell">Ben: 10</span>',
     f"<b>Hand</b>\nAnna: 30{CELL_GAP}Ben: 10"),
    # Whitespace between two cells gives way to the gap; elsewhere it stays.
    ('<span class="cell">A: 1</span>\n<span class="cell">B: 2</span>\n<span class="tag">Alchemist</span>',
     f'A: 1{CELL_GAP}B: 2\n<span class="tag">Alchemist</span>'),
    # Markup inside a cell is kept, and so are escaped characters.
    ('<span class="cell">Kate: 3→7 <i class="bz-mark b-pink" title="+1 &quot;pink&quot;">◆</i> '
     '<b>loot chip 6</b></span><span class="cell">&lt;i&gt;Ann&lt;/i&gt;: 0</span>',
     '<i class="bz-mark b-pink" title="+1 &quot;pink&quot;">◆</i>'),
    ('<span class="cell">&lt;i&gt;Ann&lt;/i&gt;: 0</span>', "&lt;i&gt;Ann&lt;/i&gt;: 0"),
    # Other elements, block cells among them, are left as they are...
    ('<span class="kind">Turn</span><div class="cell">Ann: <span class="tcombo">1</span></div>',
     '<b>Turn</b><div class="cell">Ann: <span class="tcombo">1</span></div>'),
    # ... but a side that only resold nothing is left out (the sheet's key says it once).
    ('<span class="kind">Turn</span><div class="cell">Ann: <span class="quiet">nothing resold</span></div>'
     '<div class="cell">Bo: <span class="tcombo">2</span></div>',
     '<b>Turn</b><div class="cell">Bo: <span class="tcombo">2</span></div>'),
    # A hyphen-minus before a number prints as the minus sign; one inside a word stays.
    ('<span class="tag gp">Anna-Lena -3 gp</span>', '<span class="tag gp">Anna-Lena \u22123 gp</span>'),
])
def test_a_log_line_keeps_the_words_and_drops_the_cell_spans(entry, printed):
    line = str(log_line(entry))
    assert printed in line
    assert 'class="cell"' not in line.replace('<div class="cell">', "")
    assert 'class="kind"' not in line


def test_a_log_line_is_markup_and_is_not_escaped_again():
    assert str(log_line("<b>5 &amp; 6</b>")) == "<b>5 &amp; 6</b>"
    assert hasattr(log_line("x"), "__html__")


def test_the_log_by_round_leaves_out_the_hands_the_grid_shows_in_full():
    def hand(id_: int, **more) -> dict:
        return {"id": id_, "kind": "hand", "data": {"players": [{"gold": 40}], **more}, "edits": []}
    plain, alchemist = hand(1), hand(2, alchemist=True)
    corrected = {**hand(3), "edits": [{"at": "2026-12-01T10:00:00+00:00", "data": {}}]}
    choice = {"id": 4, "kind": "tie_choice", "data": {"choice": "share"}, "edits": []}
    rounds = [LogRound(1, [plain]), LogRound(2, [alchemist]), LogRound(3, [corrected, hand(5)]),
              LogRound(4, [choice])]
    told = beyond_the_grid(rounds, hand_in_grid)
    assert [(r.number, [e["id"] for e in r.entries]) for r in told] == [(2, [2]), (3, [3]), (4, [4])]
    assert [r.label for r in told] == [r.label for r in rounds[1:]]


@pytest.mark.parametrize("entry", [
    '<span class="kind">Hand</span>\n<span class="cell">Anna: 30</span><span class="cell">Ben: 10</span>',
    '<span class="kind"><i>Hand</i> &amp; co</span>\n<span class="cell">Anna: 30</span><span class="cell">Ben: 10</span>',
])
def test_a_log_line_can_leave_out_its_kind_and_keeps_the_rest(entry):
    assert str(log_line(entry, kind=False)).strip() == f"Anna: 30{CELL_GAP}Ben: 10"


def test_a_row_names_its_kind_once():
    hand = {"id": 1, "kind": "hand", "data": {}, "edits": []}
    choice = {"id": 2, "kind": "tie_choice", "data": {}, "edits": []}
    assert not LogRound(3, [hand], kind="hand").labelled(hand)          # "Hand 3 · Anna: 30"
    assert LogRound(3, [hand, choice], kind="hand").labelled(hand)      # two entries: each says what it is
    assert LogRound(4, [choice]).labelled(choice)                         # the End row


def test_nothing_resold_is_not_printed_turn_after_turn():
    line = str(log_line('<span class="kind">Turn</span><div class="cell">A &amp; B: <span class="quiet">nothing resold</span></div>'
                        '<div class="cell">C &amp; D: <span class="tcombo">123</span></div>'))
    assert "nothing resold" not in line and "A &amp; B" not in line and "C &amp; D" in line


def test_a_turn_in_which_no_side_resold_says_so_once_rather_than_stand_empty():
    line = str(log_line('<span class="kind">Turn</span><div class="cell">A &amp; B: <span class="quiet">nothing resold</span></div>'
                        '<div class="cell">C &amp; D: <span class="quiet">nothing resold</span></div>', kind=False))
    assert line.count("nothing resold") == 1 and "A &amp; B" not in line and "C &amp; D" not in line
