"""The build a kept PDF belongs to: any file that can change a printed page is part of it."""
from __future__ import annotations

from companion.printing import pool as printing


def test_every_file_that_shapes_a_printed_page_is_part_of_the_build():
    names = {name for name, _ in printing.build_sources()}
    # The code that draws a page is not only the rules: the views fill it, pdf.py renders it,
    # glyphs.py picks its fonts; the fonts themselves decide what fits in a cell.
    for module in ("views/printables.py", "printing/pdf.py", "printing/glyphs.py", "printing/sheets.py", "pages/chart.py",
                   "games/beutezug/rules.py", "printing/columns.py"):
        assert f"package/{module}" in names
    assert "static/css/print.css" in names
    assert any(name.startswith("static/fonts/") and name.endswith((".ttf", ".otf", ".woff2"))
               for name in names)
    assert any(name.startswith("templates/print/") for name in names)
    assert "templates/games/beutezug/print/filled.html" in names   # each game's own layouts
    assert any(name.startswith("package/translations/de/") for name in names)


def test_a_changed_file_is_a_new_build_and_an_unchanged_copy_is_not(monkeypatch, tmp_path):
    sources = printing.build_sources()
    before = printing.build_id()

    def build_with(glyphs: bytes) -> str:
        copy = tmp_path / "glyphs.py"
        copy.write_bytes(glyphs)
        monkeypatch.setattr(printing, "build_sources", lambda: [
            (name, copy if name == "package/printing/glyphs.py" else path) for name, path in sources])
        return printing.build_id()

    original = dict(sources)["package/printing/glyphs.py"].read_bytes()
    assert build_with(original) == before  # where the file lies does not matter, what it holds does
    assert build_with(original + b"\n# changed\n") != before
