"""`flask --app app printables FOLDER` writes every blank sheet and rules reference."""
from __future__ import annotations

from companion import pdf
from companion.games import GAMES


def test_the_command_writes_every_sheet_and_rules_reference(runner, tmp_path):
    result = runner.invoke(args=["printables", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    files = sorted((tmp_path / "out").glob("*.pdf"))
    sheets = sum(g.max_players - g.min_players + 1 for g in GAMES.values())
    variants = len(pdf.PAPERS) * 2   # papers × languages
    assert len(files) == (sheets + len(GAMES)) * variants
    assert all(f.read_bytes().startswith(b"%PDF-") for f in files)
    assert (tmp_path / "out" / "beutelschneider-sheet-5p-letter-de.pdf").exists()
    assert (tmp_path / "out" / "give-me-the-treasure-rules-a4-en.pdf").exists()
    assert f"{len(files)} PDFs in" in result.output
