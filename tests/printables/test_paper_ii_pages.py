"""Issue 36.2 and 36.3: no page of leftovers, and the pack shows how far it is.

Every printable is rendered once per test session, two at a time in processes of their own
(about two minutes on two cores): every game's blank sheet for every player count it seats
(the own game at 1, 2, 3, 5, 8 and 12 of its 1 to 12: its sheet changes its rows at each
line a name takes, not with the count), without names and with the longest names the app
accepts, every rules reference, and the pack's page for an own game; each on A4 and
Letter, in English and German (160 PDFs). A page after the first must hold at least a
fifth of a page: its lowest word or rule, the footer left out, reaches below a fifth of the
printable height. And the pack itself, as /printables offers it for five players with long
names (German, A4: Beutezug's sheet sent a footnote to a page of its own there).
"""
from __future__ import annotations

import io
import re
from concurrent.futures import ProcessPoolExecutor

import pdfplumber
import pytest

from companion.games import GAMES

MM = 72 / 25.4
TOP_MM, BOTTOM_MM = 9.0, 13.0        # the smaller top margin (a reference's), the sheets' bottom


def sampled(low: int, high: int) -> list[int]:
    """A game for up to a dozen is sampled (its layout changes with how names wrap, not with
    each count): the three smallest tables, two between and the largest."""
    full = list(range(low, high + 1))
    return full if len(full) <= 6 else full[:3] + [full[len(full) // 3], full[2 * len(full) // 3], full[-1]]


def cases() -> list[tuple[str, str, int, str, str, bool]]:
    found = []
    for paper in ("a4", "letter"):
        for lang in ("en", "de"):
            for slug, game in sorted(GAMES.items()):
                found.append(("rules", slug, 0, paper, lang, False))
                counts = sampled(game.min_players, game.max_players)
                found += [("sheet", slug, n, paper, lang, named) for n in counts for named in (False, True)]
            found += [("house", "own-game", 0, paper, lang, named) for named in (False, True)]
    return found


def fill(data: bytes, first: bool = True) -> list[float | None]:
    """Each page's content as a share of its printable height: its lowest word, line or box.
    ``first=False`` leaves the first page unmeasured (None): no rule asks how full it is, and
    reading its words was a third of the module's time, most PDFs having one page."""
    shares: list[float | None] = []
    with pdfplumber.open(io.BytesIO(data)) as document:
        for number, page in enumerate(document.pages):
            if number == 0 and not first:
                shares.append(None)
                continue
            floor = page.height - BOTTOM_MM * MM     # the footer (title, page number) below it
            bottoms = [w["bottom"] for w in page.extract_words() if w["top"] < floor]
            bottoms += [e["bottom"] for e in page.edges + page.rects if e["top"] < floor]
            lowest = max(bottoms, default=TOP_MM * MM)
            shares.append(round((lowest - TOP_MM * MM) / (floor - TOP_MM * MM), 3))
    return shares


def render_case(case: tuple[str, str, int, str, str, bool], shared: str) -> tuple[tuple, list[float | None]]:
    import hashlib
    import os
    import tempfile
    from pathlib import Path

    from companion import create_app
    from companion.printing import pdf as render
    from companion.games import get_game
    from companion.views import printables
    from tests.conftest import TESTING
    from tests.printables.layout import NAMES

    kind, slug, players, paper, lang, named = case
    app = create_app({**TESTING, "INSTANCE_PATH": tempfile.mkdtemp()})
    landscape = False
    with app.test_request_context(headers={"Accept-Language": lang}):
        if kind == "sheet":
            names = (NAMES * 3)[:players] if named else []
            html = printables.blank_sheet_html(slug, players, names, lang,
                                               "Ä" * 20 + " game night" if named and get_game(slug).paper.named else "",
                                               paper=paper)
            landscape = get_game(slug).paper.landscape
        elif kind == "house":
            html = printables.house_rules_html(slug, lang, NAMES[0] if named else "")
        else:
            html = printables.rules_html(slug, lang)
    # The run's shared renders (tests/conftest.py ``renders``), under the same key: the rules
    # references are the very PDFs test_layout and test_rules_references ask the app for.
    path = Path(shared) / (hashlib.sha256(repr((html, paper, landscape)).encode()).hexdigest() + ".pdf")
    if path.exists():
        pdf = path.read_bytes()
    else:
        pdf = render.render(html, paper, landscape)
        part = path.with_suffix(f".{os.getpid()}.part")
        part.write_bytes(pdf)
        part.replace(path)
    return case, fill(pdf, first=False)


@pytest.fixture(scope="session")
def filled(shared_renders) -> dict[tuple, list[float | None]]:
    every = cases()
    with ProcessPoolExecutor(2) as workers:
        return dict(workers.map(render_case, every, [str(shared_renders)] * len(every), chunksize=4))


@pytest.mark.parametrize("case", cases(), ids=lambda c: "-".join(map(str, c)))
def test_no_page_holds_less_than_a_fifth_of_a_page(filled, case):
    shares = filled[case]
    assert len(shares) == 1 or min(share for share in shares[1:] if share is not None) >= 0.2, shares


@pytest.mark.parametrize("players", [3, 4])
def test_treasures_blank_sheets_for_three_and_four_keep_their_reference_on_the_page(filled, players):
    # A quarter page of reference went to a page of its own.
    for paper in ("a4", "letter"):
        for lang in ("en", "de"):
            assert len(filled[("sheet", "give-me-the-treasure", players, paper, lang, False)]) == 1


def test_the_pack_as_offered_for_five_long_names_has_no_page_of_leftovers(tmp_path):
    from companion import create_app
    from companion.history.groups import add_player
    from tests.conftest import TESTING
    from tests.formpage import Browserless
    from tests.printables.layout import NAMES

    app = create_app({**TESTING, "INSTANCE_PATH": str(tmp_path / "instance")})
    for name in NAMES:
        add_player(app.extensions["store"], "household", name)
    user = Browserless(app.test_client())
    user.open("/printables")
    ticked = [value for name, value in user.form("/printables/pack")["fields"] if name == "players"]
    assert len(ticked) == 5
    sent = user.submit("/printables/pack", {"games": sorted(GAMES), "players": ticked, "lang": "de",
                                            "paper": "a4"}, follow=False)
    assert sent.status_code == 303, user.page[:2000]
    response = user.client.get(sent.headers["Location"])
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    shares = fill(response.data)
    with pdfplumber.open(io.BytesIO(response.data)) as pack:
        firsts = [(page.extract_text() or "").splitlines()[0] for page in pack.pages]
    # Each part starts on a page of its own under its title: a page whose first line is no
    # part's title continues the one before, and holds a fifth of a page or more.
    titles = ("Wertungsblatt", "Regelübersicht", "Hausregeln", "Wie die App")
    leftovers = [(i + 1, firsts[i], share) for i, share in enumerate(shares)
                 if share < 0.2 and not any(title in firsts[i] for title in titles)]
    assert leftovers == [], list(zip(firsts, shares))
    # The own game's page is the table's rules, not how the app keeps score.
    assert any("Hausregeln" in first for first in firsts)
    assert not any("Wie die App" in first for first in firsts)


def test_the_waiting_page_says_how_many_parts_of_the_pack_are_ready(tmp_path):
    # A pack not ready at once answers "being made" (202) with the parts made of all; the
    # count only grows, and the PDF follows.
    import time

    from companion import create_app
    from tests.conftest import TESTING

    app = create_app({**TESTING, "INSTANCE_PATH": str(tmp_path / "instance"), "PDF_WAIT_SECONDS": 0.05})
    client = app.test_client()
    url = "/printables/pack.pdf?games=beutezug&games=own-game&games=beutelschneider&lang=de&paper=letter"
    said = []
    deadline = time.monotonic() + 240
    while True:
        response = client.get(url, headers={"Accept-Language": "de"})
        if response.status_code != 202:
            break
        page = response.get_data(as_text=True)
        found = re.search(r"(\d+) von (\d+) Teilen deines PDFs sind fertig", page)
        assert found, page[:2000]
        said.append((int(found.group(1)), int(found.group(2))))
        assert time.monotonic() < deadline
        time.sleep(0.3)
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert said and {total for _, total in said} == {6}
    done = [d for d, _ in said]
    assert done == sorted(done) and done[0] < 6, said
