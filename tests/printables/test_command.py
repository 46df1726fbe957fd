"""`flask --app app printables FOLDER` writes every blank sheet and rules reference."""
from __future__ import annotations

from companion.games import GAMES
from companion.printing.papers import PAPERS

from tests.printables.conftest import Pdf


def test_the_command_writes_every_sheet_and_rules_reference_each_in_its_language(runner, tmp_path):
    result = runner.invoke(args=["printables", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    files = sorted((tmp_path / "out").glob("*.pdf"))
    sheets = sum(g.max_players - g.min_players + 1 for g in GAMES.values())
    variants = len(PAPERS) * 2   # papers × languages
    assert len(files) == (sheets + len(GAMES)) * variants
    assert all(f.read_bytes().startswith(b"%PDF-") for f in files)
    assert (tmp_path / "out" / "beutelschneider-sheet-5p-letter-de.pdf").exists()
    assert (tmp_path / "out" / "give-me-the-treasure-rules-a4-en.pdf").exists()
    assert f"{len(files)} PDFs in" in result.output
    # Every PDF is rendered in one request; each language's must still use its catalog,
    # not the first one the request looked up.
    english = Pdf((tmp_path / "out" / "beutelschneider-sheet-4p-a4-en.pdf").read_bytes()).text
    german = Pdf((tmp_path / "out" / "beutelschneider-sheet-4p-a4-de.pdf").read_bytes()).text
    assert "Score sheet" in english and "Wertungsblatt" not in english
    assert "Wertungsblatt" in german and "Score sheet" not in german
    assert "Grenze" in german
