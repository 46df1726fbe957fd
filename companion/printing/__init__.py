"""Printed pages: papers, what sheets show, columns, glyphs, the PDF and its workers."""
