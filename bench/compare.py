"""Two checkouts' benches run in turn (before, after, before, after, ...), and a table of each
figure: the median before and after and the median of the rounds' after/before ratios. On a
shared machine the absolute times follow the load; a ratio within one round compares the two
under about the same load, so its median is the figure to read.

    python bench/compare.py --before ../wt-before [--after .] [--rounds 3] [--keep DIR]
                            [--script FILE] [-- the script's args]
    python bench/compare.py --table DIR [DIR ...]   # the table again from kept runs

Each run is a fresh process from its checkout's top, so that checkout's `companion/` is the one
imported (checked before the first round). By default each checkout runs its own
`bench/run.py`; `--script` runs one file against both instead (bench/save_figures.py, or
bench/part.py for the full run with parts left out). The load average (1/5/15 minutes) is
recorded at each run's start and end, in the table's closing lines and in DIR/load.txt.
"""
from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
Figures = dict[str, tuple[float, str]]


def imported_from(tree: Path) -> Path:
    out = subprocess.run([sys.executable, "-c", "import companion; print(companion.__file__)"],
                         cwd=tree, check=True, capture_output=True, text=True).stdout.strip()
    return Path(out).resolve()


def parse(text: str) -> Figures:
    figures = {}
    for line in text.splitlines():
        name, sep, rest = line.partition(": ")
        value, _, unit = rest.partition(" ")
        if sep and " " not in name:
            try:
                figures[name] = (float(value), unit)
            except ValueError:
                continue
    return figures


def load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def run(tree: Path, command: list[str], keep: Path, label: str) -> None:
    before = load()
    start = time.perf_counter()
    done = subprocess.run(command, cwd=tree, capture_output=True, text=True)
    took = time.perf_counter() - start
    (keep / f"{label}.out").write_text(done.stdout)
    (keep / f"{label}.err").write_text(done.stderr)
    line = f"{label}: {took:.0f} s, load {before} -> {load()}, exit {done.returncode}"
    with (keep / "load.txt").open("a") as f:
        print(line, file=f)
    print(f"# {line}", flush=True)


def table(dirs: list[Path]) -> None:
    """Pair each kept before-N with after-N of the same folder, and print the figures."""
    rounds: list[dict[str, Figures]] = []
    for folder in dirs:
        for out in sorted(folder.glob("before-*.out")):
            after = folder / out.name.replace("before-", "after-")
            if after.exists():
                rounds.append({"before": parse(out.read_text()), "after": parse(after.read_text())})
    names = list(dict.fromkeys(n for rd in rounds for side in ("before", "after") for n in rd[side]))
    print(f"{'figure':58} {'before':>10} {'after':>10} {'after/before':>12}  each round's ratio")
    for name in names:
        pairs = [(rd["before"].get(name), rd["after"].get(name)) for rd in rounds]
        befores = [b[0] for b, _ in pairs if b]
        afters = [a[0] for _, a in pairs if a]
        unit = next(x[1] for pair in pairs for x in pair if x)
        if not befores or not afters:
            only = "after" if afters else "before"
            print(f"{name:58} {'only ' + only:>21} {statistics.median(befores or afters):10.2f} {unit}")
            continue
        ratios = [a[0] / b[0] for b, a in pairs if a and b and b[0]]
        ratio = f"{statistics.median(ratios):12.2f}" if ratios else f"{'-':>12}"
        each = " ".join(f"{x:.2f}" for x in ratios)
        print(f"{name:58} {statistics.median(befores):10.2f} {statistics.median(afters):10.2f} {ratio}  "
              f"{each} ({unit}, {len(befores)}/{len(afters)} runs)")
    for folder in dirs:
        if (folder / "load.txt").exists():
            print("".join(f"# {line}" for line in (folder / "load.txt").open()), end="")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", type=Path)
    parser.add_argument("--after", type=Path, default=HERE)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--keep", type=Path, default=None, help="keep each run's output here")
    parser.add_argument("--script", type=Path, default=None,
                        help="one file run against both (default: each checkout's bench/run.py)")
    parser.add_argument("--table", type=Path, nargs="+", help="only print the table of kept runs")
    parser.add_argument("args", nargs="*", help="passed to the script (after --)")
    options = parser.parse_args()
    if options.table:
        table(options.table)
        return
    if not options.before:
        parser.error("--before is needed")
    trees = {"before": options.before.resolve(), "after": options.after.resolve()}
    for name, tree in trees.items():
        module = imported_from(tree)
        if not module.is_relative_to(tree):
            sys.exit(f"{name}: companion is imported from {module}, not from {tree}")
        print(f"# {name}: {tree} imports {module}", flush=True)
    script = str(options.script.resolve()) if options.script else "bench/run.py"
    keep = options.keep or Path(tempfile.mkdtemp(prefix="bench-compare-"))
    keep.mkdir(parents=True, exist_ok=True)
    done = [int(m[1]) for p in keep.glob("after-*.out") if (m := re.match(r"after-(\d+)", p.name))]
    first = max(done, default=0) + 1  # a folder kept from earlier rounds gets the next ones
    for r in range(first, first + options.rounds):
        for name, tree in trees.items():
            run(tree, [sys.executable, script, *options.args], keep, f"{name}-{r}")
    table([keep])


if __name__ == "__main__":
    main()
