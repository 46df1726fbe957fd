"""No import cycles among the modules of `companion`: the layers stand on each other, never in a
ring, so any one of them can be read, tested and changed from the bottom up.

Every import counts: at the top of a module, inside a function (one put there to get around a
cycle is still the cycle) and under ``if TYPE_CHECKING:`` (a name for a type is a dependence
too: a game's explanations read its state from a module of its own, not from the rules that
call them). The edges are read from the source, as the modules say them, so the test needs no
tool beyond the standard library.
"""
from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "companion"



def module_names() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    return (node for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom))


def imported(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The companion modules one module imports: ``from . import x`` is the submodule x
    where there is one, else the package; ``from .a import b`` is a.b or a."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]

    def known(dotted: str) -> str | None:
        while dotted and dotted not in modules:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    out: set[str] = set()
    for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [known(a.name) for a in node.names]
        else:
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, *([node.module] if node.module else [])])
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else known(base)
                       for a in node.names]
        out.update(t for t in targets if t and t != name)
    return out


def graph() -> dict[str, set[str]]:
    modules = module_names()
    return {name: imported(name, path, modules) for name, path in modules.items()}


def rings(edges: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            ring = set()
            while True:
                w = stack.pop()
                ring.add(w)
                if w == v:
                    break
            if len(ring) > 1:
                found.append(ring)

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_the_reading_sees_the_edges_it_must():
    edges = graph()
    assert "companion.web" in edges["companion"]  # from . import web
    assert "companion.cli" in edges["companion.web"]  # from . import assets, cli
    assert "companion.views.printables" in edges["companion.cli"]  # inside a function
    assert "companion.games.base" in edges["companion.games.treasure.explained"]  # from ..base import
    assert "companion.serving.secure" in edges["companion.cli"]  # under TYPE_CHECKING, and in serve


def test_rings_are_found():
    assert rings({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]
    assert rings({"a": {"b"}, "b": set()}) == []


def test_no_import_cycles_in_companion():
    found = rings(graph())
    assert found == [], found
