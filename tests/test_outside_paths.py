"""No text of the repository (a comment, a docstring, a doc page, a test) points at a folder
beside the checkout, such as ``../shared/rules/…``, or at this machine's own: a reader of the
repository has neither. A rule is cited by its rulebook and section ("Beutezug rulebook,
"Heist failed""), our own reading by its page in docs/games/."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# ../shared/ beside the checkout, or this machine's own folders (/work/...)
OUTSIDE = re.compile(r"(?<![\w.])\.\./(?:\.\./)*shared/|(?<![\w/])/work/")


def tracked() -> list[Path]:
    names = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT, capture_output=True, check=True,
                           text=True).stdout.split("\0")
    return [ROOT / n for n in names if n and (ROOT / n).is_file()]


def test_the_pattern_finds_a_path_beside_the_checkout():
    assert OUTSIDE.search('"""Rule text: ../shared/rules/beutezug.en.txt."""')
    assert OUTSIDE.search("# see ../../shared/TESTING.md")
    assert OUTSIDE.search('RULES = Path("/work/shared/rules")')
    assert not OUTSIDE.search("companion/shared/x.py, docs/shared/, https://example.org/work/")


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
