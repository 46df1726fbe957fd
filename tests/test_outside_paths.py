"""No text of the repository (a comment, a docstring, a doc page) points a reader at a folder
beside the checkout, such as ``../shared/rules/…``: a reader of the repository has none. A
rule is cited by its rulebook and section ("Beutezug rulebook, "Heist failed""), our own
reading by its page in docs/games/."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUTSIDE = re.compile(r"(?<![\w.])\.\./(?:\.\./)*shared/")


def tracked() -> list[Path]:
    names = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT, capture_output=True, check=True,
                           text=True).stdout.split("\0")
    return [ROOT / n for n in names if n and (ROOT / n).is_file()]


def test_the_pattern_finds_a_path_beside_the_checkout():
    assert OUTSIDE.search('"""Rule text: ../shared/rules/beutezug.en.txt."""')
    assert OUTSIDE.search("# see ../../shared/TESTING.md")
    assert not OUTSIDE.search("companion/shared/x.py and docs/shared/")


def test_no_text_names_a_folder_outside_the_repository():
    found = []
    for path in tracked():
        if path == Path(__file__):
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # images, fonts, compiled catalogs
        found += [f"{path.relative_to(ROOT)}:{n}" for n, line in enumerate(text.splitlines(), 1)
                  if OUTSIDE.search(line)]
    assert found == []
