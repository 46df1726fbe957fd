"""The log of a filled sheet: the game page's entry words, with fewer boxes for WeasyPrint."""
from __future__ import annotations

import pytest

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
    # Other elements, block cells among them, are left as they are.
    ('<span class="kind">Turn</span><div class="cell">Ann: <span class="quiet">nothing resold</span></div>',
     '<b>Turn</b><div class="cell">Ann: <span class="quiet">nothing resold</span></div>'),
])
def test_a_log_line_keeps_the_words_and_drops_the_cell_spans(entry, printed):
    line = str(log_line(entry))
    assert printed in line
    assert 'class="cell"' not in line.replace('<div class="cell">', "")
    assert 'class="kind"' not in line


def test_a_log_line_is_markup_and_is_not_escaped_again():
    assert str(log_line("<b>5 &amp; 6</b>")) == "<b>5 &amp; 6</b>"
    assert hasattr(log_line("x"), "__html__")
