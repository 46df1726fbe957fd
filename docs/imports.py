"""The import structure of companion/, drawn as text: each game one place, the other modules
and folders as they are, the arrows between them, the circles, and the layers.

    .venv/bin/python docs/imports.py [CHECKOUT] > docs/imports-after.txt

CHECKOUT (default: this one) draws another tree; imports-before.txt is main at 192a99b:
`mkdir /tmp/before && git archive 192a99b companion app.py | tar -x -C /tmp/before`.

Imports inside a function count (they run too), `if TYPE_CHECKING:` ones do not.
"""
from __future__ import annotations

import ast
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parents[1]).resolve()


def place(module: str) -> str:
    """The place a module belongs to: a game's package (all of it), a module of
    companion/games/ beside them, another folder of companion/ (all of it), or the module."""
    parts = module.split(".")
    path = "/".join(parts)
    if parts[:2] == ["companion", "games"] and len(parts) > 2:
        if (ROOT / "/".join(parts[:3])).is_dir():
            return "/".join(parts[:3]) + "/"
        return path + ".py"
    if len(parts) == 2 and (ROOT / path).is_dir() and parts[1] != "games":
        return path + "/"
    if len(parts) > 2:
        return "/".join(parts[:2]) + "/"
    return path + ("/__init__.py" if (ROOT / path).is_dir() else ".py")


def modules() -> dict[str, Path]:
    found = {"app": ROOT / "app.py"}
    for path in sorted((ROOT / "companion").rglob("*.py")):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


def type_checking_only(tree: ast.Module) -> set[ast.AST]:
    return {node for block in ast.walk(tree) if isinstance(block, ast.If)
            and ast.unparse(block.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING")
            for statement in block.body for node in ast.walk(statement)}


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = type_checking_only(tree)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(tree):
        if node in skip:
            continue
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            targets = [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


def circles(arrows: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one place (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(arrows[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                other = stack.pop()
                component.append(other)
                if other == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(arrows):
        if node not in index:
            visit(node)
    return found


def layers(arrows: dict[str, set[str]], joined: dict[str, str]) -> dict[str, int]:
    """Each place's layer: one above the highest it imports (a circle counts as one place)."""
    layer: dict[str, int] = {}

    def of(node: str, seen: frozenset[str]) -> int:
        if node in layer:
            return layer[node]
        below = [other for member in [m for m in arrows if joined[m] == joined[node]]
                 for other in arrows[member] if joined[other] != joined[node] and other not in seen]
        layer[node] = 1 + max((of(other, seen | {node}) for other in below), default=0)
        return layer[node]

    for node in arrows:
        of(node, frozenset())
    return layer


def main() -> None:
    sys.setrecursionlimit(10_000)
    known = modules()
    module_arrows = {name: imports(name, path, known) for name, path in known.items()}
    arrows: dict[str, set[str]] = defaultdict(set)
    for name, targets in module_arrows.items():
        arrows[place(name)] |= {place(t) for t in targets} - {place(name)}
    rings = circles(arrows)
    joined = {node: node for node in arrows}
    for ring in rings:
        for node in ring:
            joined[node] = ring[0]
    module_rings = circles(defaultdict(set, module_arrows))
    layer = layers(arrows, joined)
    count = sum(len(t) for t in arrows.values())
    print(f"Imports of companion/ by place: {len(arrows)} places, {count} arrows")
    print("(a game's package is one place; drawn by docs/imports.py)")
    print()
    print(f"Circles between places: {len(rings)}")
    for ring in rings:
        print("  " + " <-> ".join(ring))
    print(f"Circles between modules: {len(module_rings)}")
    for ring in module_rings:
        print("  " + " <-> ".join(ring))
    print()
    print("Layers, from the top (each place imports only places below it, except within a circle):")
    for level in sorted(set(layer.values()), reverse=True):
        print(f"  {level:2}  " + "  ".join(sorted(p for p in layer if layer[p] == level)))
    print()
    print("Arrows (place -> the places it imports):")
    for node in sorted(arrows, key=lambda n: (-layer[n], n)):
        if arrows[node]:
            print(f"  {node} -> " + ", ".join(sorted(arrows[node])))


if __name__ == "__main__":
    main()
