"""Text set in columns (companion/printing/columns.py): blanks as wide as their gaps, cells at their
starts, lines that wrap where they may; and widths that count the font's kerning."""
from __future__ import annotations

import re

from companion.printing import columns
from companion.printing.glyphs import width_mm


def test_a_blank_is_as_wide_as_the_gap_to_half_a_hair_space_in_few_characters():
    for gap in (0.1, 1.0, 7.3, 33.3, 91.0):
        spaces = columns.blank(gap, 8)
        assert abs(width_mm(spaces, 8) - gap) <= width_mm(columns.HAIR, 8) / 2 + 1e-9
        assert len(spaces) <= gap / width_mm("\u2003", 8) + 4


def test_a_row_sets_each_cell_at_its_start_and_wraps_what_does_not_fit():
    keep = columns.KEEP
    cells = ["7", f"Rekrutieren{keep}Knappe{keep}· Ausbilden{keep}Zauberer{keep}→\u202f12", f"Betteln{keep}→\u202f9"]
    starts, rooms = [2.0, 10.0, 45.0], [6.0, 30.0, 30.0]
    lines = columns.lines(cells, starts, rooms, 8)
    assert len(lines) == 3 and lines[1].strip() == f"Ausbilden{keep}Zauberer"   # too wide for one
    assert lines[2].strip() == "→\u202f12"                                    # the gp with its arrow
    for line in lines:
        at = 0.0
        for piece in re.split("([\u2003\u2002\u2009\u200a]+)", line):
            if piece and not piece.isspace():
                assert any(abs(at - s) < 0.15 for s in starts), (piece, at)
                assert width_mm(piece, 8) <= rooms[starts.index(min(starts, key=lambda s: abs(s - at)))]
            at += width_mm(piece, 8)


def test_a_word_wider_than_its_column_is_cut_where_it_must_be():
    lines = columns.wrap("W" * 40, 20, 8)
    assert "".join(lines) == "W" * 40 and len(lines) > 1
    assert all(width_mm(line, 8) <= 20 for line in lines)


def test_widths_count_the_fonts_kerning():
    # "AV" and "Tr" draw tighter than their advances add up to.
    assert width_mm("AV", 9) < width_mm("A", 9) + width_mm("V", 9)
    assert width_mm("Trade", 9) < sum(width_mm(c, 9) for c in "Trade")


def test_a_single_character_wider_than_its_room_is_left_as_it_is():
    assert columns.wrap("W", 0.5, 8) == ["W"]
