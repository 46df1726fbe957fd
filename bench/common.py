"""What the bench's figures share: the players, a hand, a median, how a figure is printed."""
from __future__ import annotations

import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = ["Anna", "Ben", "Cem", "Dora"]


def hand(golds: list[int]) -> dict:
    return {"players": [{"gold": g, "cutpurses": 0} for g in golds]}


def median_ms(action: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def p99(samples: list[float]) -> float:
    """The sample 99 % of the others do not exceed (the nearest rank, no interpolation)."""
    return sorted(samples)[min(len(samples) - 1, int(len(samples) * 0.99))]


def serve(root: Path, port: int, env: dict[str, str]) -> subprocess.Popen[bytes]:
    """``flask --app app serve`` on ``port`` with ``env`` added, once it answers ``/`` (a minute
    at most: a first start compiles the catalog and minifies the scripts)."""
    server = subprocess.Popen(
        [sys.executable, "-m", "flask", "--app", "app", "serve", "--port", str(port)],
        cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, **env})
    for _ in range(600):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5).read()
            break
        except OSError:
            time.sleep(0.1)
    return server


def figure(name: str, value: float, unit: str) -> None:
    print(f"{name}: {value:.2f} {unit}", flush=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
