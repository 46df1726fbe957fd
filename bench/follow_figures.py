"""Six phones following one game while one phone plays it (issue 38.5), against a real
`serve`: the playing phone's game page (a hand saved, answered with the page, as app.js
sends it) p99 alone and with six phones asking every FOLLOW_POLL_SECONDS, as a ratio; and what
a following phone costs while nothing changes: requests a minute, and their answers.

    python bench/follow_figures.py [--root ../main]  # alone; bench/run.py runs it too
"""
from __future__ import annotations

import argparse
import http.cookiejar
import shutil
import statistics
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import PLAYERS, ROOT, figure, free_port, p99, serve
from companion import create_app
from companion.record.entries import new_record
from companion.settings import DEFAULTS
from tests.formpage import forms_of

PHONES = 6
HANDS = 150
EVERY = float(DEFAULTS["FOLLOW_POLL_SECONDS"])


class Phone:
    """A phone's browser: its own cookies (session, CSRF token)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def get(self, path: str, headers: dict[str, str] | None = None) -> tuple[int, bytes, dict[str, str]]:
        request = urllib.request.Request(self.base + path, headers=headers or {})
        try:
            with self.opener.open(request, timeout=60) as response:
                return response.status, response.read(), dict(response.headers)
        except urllib.error.HTTPError as error:
            return error.code, error.read(), dict(error.headers)

    def save_hand(self, game_id: str, page: str) -> tuple[float, str]:
        """A hand typed into the page's entry form and sent as app.js sends it; the time to
        the answer (the game page) and that page."""
        form = next(f for f in forms_of(page) if "entry-form" in f["class"].split())
        golds = {f"players-{seat}-gold": str(g) for seat, g in enumerate((30, 20, 20, 10))}
        data = [(k, golds.get(k, v)) for k, v in form["fields"]]
        body = urllib.parse.urlencode(data).encode()
        request = urllib.request.Request(self.base + f"/games/{game_id}/entries", data=body,
                                         headers={"X-Requested-With": "fetch"})
        start = time.perf_counter()
        try:
            with self.opener.open(request, timeout=60) as response:
                answer = response.read().decode()
        except urllib.error.HTTPError as error:
            text = error.read().decode()
            raise SystemExit(f"{error.code}: {text[text.find('refusal'):][:600]}") from None
        return (time.perf_counter() - start) * 1000, answer


def follower(phone: Phone, game_id: str, stop: threading.Event, counts: dict[int, int],
             following: threading.Event) -> None:
    tag = ""
    while not stop.is_set():
        if not following.wait(0.1):
            continue
        status, _, headers = phone.get(f"/games/{game_id}/live", {"If-None-Match": tag} if tag else {})
        counts[status] = counts.get(status, 0) + 1
        tag = headers.get("ETag", tag)
        stop.wait(EVERY)


BLOCK = 10  # hands played alone and followed by turns: a shared machine's load drifts


def play(base: str, alone_id: str, followed_id: str, following: threading.Event) -> tuple[list[float], list[float]]:
    """The same phone plays both games, a block of hands each by turns, the second followed."""
    phone = Phone(base)
    pages = {g: phone.get(f"/games/{g}")[1].decode() for g in (alone_id, followed_id)}
    times: dict[str, list[float]] = {alone_id: [], followed_id: []}
    for block in range(2 * HANDS // BLOCK):
        game_id = (alone_id, followed_id)[block % 2]
        if game_id == followed_id:
            following.set()
            time.sleep(EVERY)  # every phone looking again
        for _ in range(BLOCK):
            took, pages[game_id] = phone.save_hand(game_id, pages[game_id])
            times[game_id].append(took)
        following.clear()
    return times[alone_id], times[followed_id]


def follow_figures(root: Path = ROOT, quiet_seconds: float = 30) -> None:
    folder = Path(tempfile.mkdtemp())
    try:
        instance = folder / "instance"
        app = create_app({"INSTANCE_PATH": str(instance)})
        store = app.extensions["store"]
        alone_id = store.create(new_record("beutelschneider", PLAYERS, {"limit": 10000}))
        followed_id = store.create(new_record("beutelschneider", PLAYERS, {"limit": 10000}))
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = serve(root, port, {"COMPANION_INSTANCE_PATH": str(instance)})
        try:
            stop, following = threading.Event(), threading.Event()
            counts: list[dict[int, int]] = [{} for _ in range(PHONES)]
            threads = [threading.Thread(target=follower, args=(Phone(base), followed_id, stop, counts[i], following),
                                        daemon=True) for i in range(PHONES)]
            for thread in threads:
                thread.start()
            alone, followed = play(base, alone_id, followed_id, following)
            following.set()
            played = [dict(c) for c in counts]
            # Nothing changes now (once each phone has seen the last hand): what looks cost.
            time.sleep(EVERY * 2)
            for c in counts:
                c.clear()
            time.sleep(quiet_seconds)
            stop.set()
            for thread in threads:
                thread.join(30)
        finally:
            server.terminate()
            server.wait(30)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    quiet = [sum(c.values()) for c in counts]
    figure("follow_save_and_page_median_one_phone_ms", statistics.median(alone), "ms")
    figure(f"follow_save_and_page_median_with_{PHONES}_following_ms", statistics.median(followed), "ms")
    figure("follow_save_and_page_p99_one_phone_ms", p99(alone), "ms")
    figure(f"follow_save_and_page_p99_with_{PHONES}_following_ms", p99(followed), "ms")
    figure(f"follow_save_and_page_p99_ratio_{PHONES}_to_1", p99(followed) / p99(alone), "x")
    figure("follow_pages_per_phone_per_save", sum(c.get(200, 0) for c in played) / PHONES / HANDS, "pages")
    figure("follow_requests_per_phone_per_minute_unchanged", sum(quiet) / PHONES * 60 / quiet_seconds, "requests")
    figure("follow_unchanged_answers_304", sum(c.get(304, 0) for c in counts) / max(1, sum(quiet)) * 100, "%")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", type=Path, default=ROOT)
    follow_figures(parser.parse_args().root)
