"""The papers a printable is made for, by the name a request gives: the page size the PDF
is laid out on (CSS ``@page size``) and the printable width a sheet's columns share.

Below both the render pool (``companion.printing.pool``) and the renderer (``companion.printing.pdf``),
which each read it: neither imports the other for it.
"""
from __future__ import annotations

PAPERS = {"a4": "A4", "letter": "letter"}
PAPER_WIDTH_MM = {"a4": 210.0, "letter": 215.9}
PAPER_HEIGHT_MM = {"a4": 297.0, "letter": 279.4}
# Printable width: the paper's width, less print.css's page margins of 11 mm a side.
PAGE_MARGINS_MM = 22.0
