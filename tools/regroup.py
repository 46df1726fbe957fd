"""Regroup the flat top of ``companion/`` into packages by what they are (issue 37.3), by
``git mv`` and by rewriting every import and every mention of a moved module, so that it can
be run again on a main that has moved on meanwhile.

    python tools/regroup.py            # moves, rewrites, then ruff's import order
    python tools/regroup.py --dry-run  # says what it would move, changes nothing

It is idempotent: a module already moved is skipped, an import already rewritten is left.
Run it on a clean work tree; then ``.venv/bin/ruff check . && .venv/bin/mypy`` and the tests.
What moves where is ``MOVES`` below; ``docs/architecture.md`` draws the result.
"""
from __future__ import annotations

import argparse
import ast
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Old module -> new module, by what each is: the record and what is read off it, the files on
# disk, printing, serving the table, the group's history. One name per role: a game's
# explanations are ``explained`` in every game; the record's shape and what is done to it are
# named for what they hold.
PACKAGES = {
    "record": ("the game record: its shape, its entries and their replay, mending, what is read off it, "
               "the rows of a round drafted on several phones",
               {"record": "shape", "records": "entries", "mending": "mending", "summary": "summary",
                "drafts": "drafts"}),
    "storage": ("the files on disk: the store, its index, atomic files, the trash",
                {"store": "store", "index": "index", "files": "files", "trash": "trash"}),
    "printing": ("printed pages: papers, what sheets show, columns, glyphs, the PDF and its workers",
                 {"papers": "papers", "sheets": "sheets", "columns": "columns", "glyphs": "glyphs",
                  "pdf": "pdf", "printing": "pool"}),
    "serving": ("serving the table: the HTTP server, HTTPS and its certificates, mDNS, addresses",
                {"server": "server", "secure": "secure", "tls": "tls", "mdns": "mdns", "network": "network"}),
    "history": ("a group's history: groups, a game's life, statistics, colours, and the records going "
                "out and coming in (a record as JSON, backups, BG Stats)",
                {"groups": "groups", "lifecycle": "lifecycle", "stats": "stats", "colours": "colours",
                 "bgstats": "bgstats", "backup": "backup", "transfer": "transfer"}),
    "pages": ("what the web pages share: charts, static assets, the request guard",
              {"chart": "chart", "bars": "bars", "assets": "assets", "guard": "guard"}),
}
# Beside the packages, by themselves: the app (__init__, web, cli, settings, paths), time
# (clock, with the periods and zones it reads), text, i18n and the markers. The form widgets go
# with the forms (they render the forms' fields).
MOVES: dict[str, str] = {f"companion.{old}": f"companion.{package}.{new}"
                         for package, (_about, modules) in PACKAGES.items() for old, new in modules.items()}
MOVES["companion.forms.widgets"] = "companion.forms.widgets"
for game in ("scoot", "treasure"):
    MOVES[f"companion.games.{game}.explain"] = f"companion.games.{game}.explained"
# The translation markers, out of the rules' base into a module of their own; the rules keep
# importing them from their base (which re-exports them), every other module from here.
MARKERS = ("N_", "Nn_")
MARKERS_MODULE = "companion.markers"
BASE = "companion.games.base"

# Mentions of a moved module by its file name alone, which no pattern can tell from another
# file's: each written out, old text -> new text, in its file.
FIXUPS = {
    "tests/printables/test_build.py": [
        ('"pdf.py", "glyphs.py", "sheets.py", "chart.py"',
         '"printing/pdf.py", "printing/glyphs.py", "printing/sheets.py", "pages/chart.py"'),
        ('"games/beutezug/rules.py", "columns.py"', '"games/beutezug/rules.py", "printing/columns.py"'),
        ('"package/glyphs.py"', '"package/printing/glyphs.py"')],
    "tests/store/test_record_shape.py": [('path.name != "record.py"', 'path.name != "shape.py"')],
    # The rules may mark their messages: the markers' module is pure and imports nothing.
    "tests/games/test_pure.py": [('assert name.startswith("companion.games"), name',
                                  'assert name.startswith(("companion.games", "companion.markers")), name')],
}

TEXT_FILES = ("*.md", "*.toml", "*.cfg", "*.txt", "*.py", "*.html", "*.yml", "*.yaml", "*.ini")
SKIP = (".git", ".venv", "node_modules", "__pycache__")
DRAWN = ("imports-before.txt", "imports-after.txt")  # drawings of a past tree; redrawn by docs/imports.py
TOP_SKIP = ("instance", "test-artifacts", "printables")  # made by the app, at the top only


def skipped(path: Path) -> bool:
    rel = path.relative_to(ROOT).parts
    return rel[0] in TOP_SKIP or any(part in SKIP or part.startswith(".") for part in rel[:-1])


def run(*args: str, dry: bool = False) -> None:
    print("$", " ".join(args))
    if not dry:
        subprocess.run(args, cwd=ROOT, check=True)


def path_of(module: str, package: bool = False) -> Path:
    parts = module.split(".")
    return ROOT.joinpath(*parts, "__init__.py") if package else ROOT.joinpath(*parts[:-1], parts[-1] + ".py")


def module_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def move_files(dry: bool) -> dict[str, str]:
    """Moves what is still in its old place; the modules moved by this run, new -> old (a
    module moved by an earlier run has its imports written from its new place already)."""
    moved = {}
    for package, (about, _modules) in PACKAGES.items():
        init = path_of(f"companion.{package}", package=True)
        if not init.exists() and not dry:
            init.parent.mkdir(exist_ok=True)
            init.write_text(f'"""{about[0].upper()}{about[1:]}."""\n', encoding="utf-8")
            run("git", "add", str(init.relative_to(ROOT)))
    for old, new in MOVES.items():
        source, target = path_of(old), path_of(new)
        if source.exists() and not target.exists():
            run("git", "mv", str(source.relative_to(ROOT)), str(target.relative_to(ROOT)), dry=dry)
            moved[new] = old
    return moved


def split_markers(dry: bool) -> None:
    """N_ and Nn_ move from the rules' base into companion/markers.py; the base re-exports them."""
    markers = path_of(MARKERS_MODULE)
    base = path_of(BASE)
    if markers.exists() or dry:
        return
    source = base.read_text(encoding="utf-8")
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    found = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name in MARKERS]
    chunks = []
    for node in sorted(found, key=lambda n: n.lineno, reverse=True):
        start = node.lineno - 1 - len(node.decorator_list)
        assert node.end_lineno is not None
        chunks.insert(0, "".join(lines[start:node.end_lineno]))
        del lines[start:node.end_lineno]
    markers.write_text(
        '"""The translation markers: a message marked where it is written, translated where it is\n'
        'shown. Pure Python, imported by the rules (``games/base.py`` hands them on) and by every\n'
        'layer that keeps a message to say later; the catalog extractor looks for these names\n'
        '(docs/translations.md)."""\nfrom __future__ import annotations\n\n\n'
        + "\n\n".join(c.strip("\n") + "\n" for c in chunks), encoding="utf-8")
    text = "".join(lines)
    names = ", ".join(f"{m} as {m}" for m in MARKERS)  # re-exported for the games
    text = re.sub(r"(\nfrom __future__ import annotations\n)", rf"\1\nfrom ..markers import {names}\n", text, count=1)
    base.write_text(re.sub(r"\n{4,}", "\n\n\n", text), encoding="utf-8")
    run("git", "add", str(markers.relative_to(ROOT)))


# -- imports -----------------------------------------------------------------------------------

def new_name(module: str) -> str:
    return MOVES.get(module, module)


def old_module_of(path: Path, reverse: dict[str, str]) -> str:
    """The module a file was before the moves (its imports are written from there)."""
    now = module_of(path)
    return reverse.get(now, now)


def resolve(current: str, is_package: bool, level: int, module: str | None) -> str:
    parts = current.split(".") if is_package else current.split(".")[:-1]
    if level > 1:
        parts = parts[: len(parts) - (level - 1)]
    return ".".join(parts + ([module] if module else []))


def relative(current: str, is_package: bool, target: str) -> tuple[int, str]:
    here = current.split(".") if is_package else current.split(".")[:-1]
    there = target.split(".")
    common = 0
    while common < min(len(here), len(there)) and here[common] == there[common]:
        common += 1
    return len(here) - common + 1, ".".join(there[common:])


def render(level: int, module: str, names: list[tuple[str, str | None]]) -> str:
    head = "from " + "." * level + module + " import "
    body = ", ".join(n if a is None or a == n else f"{n} as {a}" for n, a in names)
    if len(head) + len(body) <= 110:
        return head + body
    return head + "(\n" + "".join(f"    {n if a is None or a == n else f'{n} as {a}'},\n" for n, a in names) + ")"


def rewrite_imports(path: Path, reverse: dict[str, str]) -> bool:
    source = path.read_text(encoding="utf-8")
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return False
    now = module_of(path)
    was = old_module_of(path, reverse)
    is_package = path.name == "__init__.py"
    moved_file = now != was  # moved by this run: its relative imports are written anew
    outside_games = not now.startswith("companion.games.")
    lines = source.splitlines(keepends=True)
    edits: list[tuple[int, int, str]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.module == "__future__":
            continue
        full = resolve(was, is_package, node.level, node.module) if node.level else (node.module or "")
        if not full.startswith("companion"):
            continue
        if full in MOVES and path_of(full, package=True).exists() and all(
                path_of(f"{full}.{a.name}").exists() or path_of(f"{full}.{a.name}", package=True).exists()
                for a in node.names):
            continue  # the new package of that name (companion.record.shape), its modules imported
        groups: dict[str, list[tuple[str, str | None]]] = {}
        for alias in node.names:
            target = new_name(full)
            child = f"{full}.{alias.name}"
            if child in MOVES:
                # ``from pkg import module``: the module is now elsewhere
                new = MOVES.get(child, child)
                parent, leaf = new.rsplit(".", 1)
                groups.setdefault(parent, []).append((leaf, alias.asname or alias.name))
                continue
            if alias.name in MARKERS and full == BASE and outside_games:
                groups.setdefault(MARKERS_MODULE, []).append((alias.name, alias.asname))
                continue
            groups.setdefault(target, []).append((alias.name, alias.asname))
        if list(groups) == [full] and not (moved_file and node.level):
            continue  # nothing of it moved, and it is written from where it was
        text = []
        for target, names in groups.items():
            if node.level:
                level, module = relative(now, is_package, target)
            else:
                level, module = 0, target
            text.append(render(level, module, names))
        indent = " " * node.col_offset
        assert node.end_lineno is not None and node.end_col_offset is not None
        # What follows the statement on its last line (a comment, a noqa) stays after it.
        tail = lines[node.end_lineno - 1][node.end_col_offset:].rstrip("\n")
        written = "".join(indent + t.replace("\n", "\n" + indent) + "\n" for t in text)
        edits.append((node.lineno - 1, node.end_lineno, written[:-1] + tail + "\n"))
    if not edits:
        return False
    for start, end, text in sorted(edits, reverse=True):
        lines[start:end] = [text]
    path.write_text("".join(lines), encoding="utf-8")
    return True


# -- every other mention: dotted names, paths ---------------------------------------------------

def current_names() -> set[str]:
    """Every module and package name after the moves, and each one's parents."""
    names = set()
    for new in MOVES.values():
        parts = new.split(".")
        names |= {".".join(parts[:i]) for i in range(1, len(parts) + 1)}
    return names


DOTTED = re.compile("(?<![\\w.])(" + "|".join(re.escape(o) for o in sorted(MOVES, key=len, reverse=True))
                    + ")(?!\\w)(\\.\\w+)?")
PATHS = re.compile("(?<![\\w/])(" + "|".join(re.escape(o.replace(".", "/")) for o in MOVES) + ")\\.py\\b")


def _dotted(match: re.Match[str]) -> str:
    old, rest = match.group(1), match.group(2) or ""
    if rest and old + rest in current_names():
        return match.group(0)  # a name of the new layout (companion.record.shape), not the old module
    return MOVES[old] + rest


def text_files() -> list[Path]:
    out = []
    for pattern in TEXT_FILES:
        for path in ROOT.rglob(pattern):
            if skipped(path) or "translations" in path.relative_to(ROOT).parts or path.name in DRAWN:
                continue
            out.append(path)
    return sorted(set(out))


def rewrite_mentions(path: Path) -> bool:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":  # the import statements are rewrite_imports' (and already new)
        try:
            tree = ast.parse(text)
        except SyntaxError:
            return False
        imports = {n for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)
                   for n in range(node.lineno, (node.end_lineno or node.lineno) + 1)}
        new = "".join(line if n in imports else DOTTED.sub(_dotted, line)
                      for n, line in enumerate(text.splitlines(keepends=True), 1))
    else:
        new = DOTTED.sub(_dotted, text)
    new = PATHS.sub(lambda m: MOVES[m.group(1).replace("/", ".")].replace(".", "/") + ".py", new)
    if new != text:
        path.write_text(new, encoding="utf-8")
        return True
    return False


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    reverse = move_files(args.dry_run)
    if args.dry_run:
        return 0
    split_markers(args.dry_run)
    changed = [p for p in sorted(ROOT.rglob("*.py")) if not skipped(p) and rewrite_imports(p, reverse)]
    print(f"imports rewritten in {len(changed)} files")
    said = [p for p in text_files() if rewrite_mentions(p)]
    print(f"mentions rewritten in {len(said)} files")
    for name, pairs in FIXUPS.items():
        path = ROOT / name
        if path.exists():
            text = path.read_text(encoding="utf-8")
            for old, new in pairs:
                text = text.replace(old, new)
            path.write_text(text, encoding="utf-8")
    run(sys.executable, "-m", "ruff", "check", "--fix", "--select", "I", "-q", "companion", "tests",
        "app.py", "bench", "docs", "tools")
    return 0


if __name__ == "__main__":
    sys.exit(main())
