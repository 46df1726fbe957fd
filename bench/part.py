"""A checkout's own `bench/run.py`, its full run with some parts left out, for repeated
before/after rounds on a busy machine where the whole run takes too long to repeat.

    python /path/to/bench/part.py --skip server,printing_p99 [run.py's args]   # from the top of the checkout

The checkout's bench module is imported unchanged and run as `bench/run.py` would run; a part
skipped is a name in it replaced by one that prints nothing. The parts: start, printables
(the filled sheet against a bare table, the cached download, memory over 300 renders), sheets
(by length), printing_p99 (the game page while ten sheets render), server (the flood and the
upload).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

PARTS = {"start": "start_figures", "printables": "printables_figures", "sheets": "sheet_length_figures",
         "printing_p99": "game_page_while_printing_figures", "server": "server_figures"}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--skip", default="", help=f"comma-separated, of {', '.join(PARTS)}")
    args, rest = parser.parse_known_args()
    root = Path.cwd()
    sys.path.insert(0, str(root))
    import companion
    from bench import run
    assert Path(companion.__file__).resolve().is_relative_to(root.resolve()), companion.__file__
    for part in filter(None, args.skip.split(",")):
        setattr(run, PARTS[part], lambda *a, **k: None)
    sys.argv = [str(root / "bench" / "run.py"), *rest]
    run.main()


if __name__ == "__main__":
    main()
