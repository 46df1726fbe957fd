"""Issue 36 (Paper II): each game's own words in its own folder, charts told apart in black
and white, the pack as /printables offers it, the wording slips of the sheets."""
from __future__ import annotations

import pytest

from companion.games import GAMES
from companion.views.rules import text_of
from tests.games.tables import table

PRINTED = table("PRINTED_NAMES")  # a game's card names that stay as printed (tests/games/<pkg>/)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("slug", sorted(GAMES))
def test_a_rules_page_names_only_its_own_games_cards(client, slug, lang):
    body = text_of(client.get(f"/rules/{slug}", headers={"Accept-Language": lang}).get_data(as_text=True))
    for other, names in PRINTED.items():
        said = [name for name in names if name in body]
        if other == slug:
            # Its own characters, and the sentence that they stay as printed, in both languages.
            assert said == list(names)
            assert ("stay as printed" if lang == "en" else "wie sie auf den Karten stehen") in body
        else:
            assert said == [], (slug, other, lang)


# -- 36.1: no number breaks ---------------------------------------------------------------------

def test_every_total_of_a_330_hand_beutelschneider_sheet_is_one_word(app):
    # A long game to 10,000: totals of four and five digits in the narrow Σ columns, where
    # "4200" printed as "420" over "0".
    import io
    from collections import Counter

    import pdfplumber

    from companion.printing import pdf as render
    from companion.games import get_game
    from companion.record.entries import replay
    from companion.printing.sheets import detail, minus
    from companion.views import printables
    from tests.printables.layout import NAMES, autoplay

    store = app.extensions["store"]
    record = store.load(store.create(autoplay("beutelschneider", NAMES[:5], 330, settings={"limit": 10000})))
    with app.test_request_context():
        html = printables.game_sheet_html(record, "de", "a4")
    game = get_game("beutelschneider")
    hands = detail(game, replay(record), record, "a4", str)["hands"]
    totals = Counter(minus(cell[4]) for hand in hands for cell in hand["cells"])
    assert len(hands) == 330 and max(int(t.replace("−", "-")) for t in totals) >= 4000
    words: Counter[str] = Counter()
    with pdfplumber.open(io.BytesIO(render.render(html, "a4", True))) as document:
        for page in document.pages:
            words.update(w["text"] for w in page.extract_words(x_tolerance=1.5, y_tolerance=2))
    missing = {total: count - words[total] for total, count in totals.items() if words[total] < count}
    assert missing == {}


# -- 36.3: the pack takes what /printables offers -------------------------------------------------

@pytest.mark.parametrize("count", [2, 7, 12])
def test_the_pack_as_the_page_offers_it_names_each_table_it_seats_and_numbers_its_pages(tmp_path, count):
    import io

    import pdfplumber

    from companion import create_app
    from companion.history.groups import add_player
    from tests.conftest import TESTING
    from tests.formpage import Browserless

    app = create_app({**TESTING, "INSTANCE_PATH": str(tmp_path / "instance")})
    names = [f"Player {chr(65 + i)}" for i in range(count)]
    for name in names:
        add_player(app.extensions["store"], "household", name)
    user = Browserless(app.test_client())
    user.open("/printables")
    offered = user.form("/printables/pack")["fields"]
    ticked = [value for name, value in offered if name == "players"]
    assert sorted(ticked) == names                     # every player of the group, ticked
    # As offered, with the own game and one game of our own ticked.
    sent = user.submit("/printables/pack", {"games": ["beutezug", "own-game"], "players": ticked,
                                            "lang": "en", "paper": "a4"}, follow=False)
    assert sent.status_code == 303, user.page[:2000]
    response = user.client.get(sent.headers["Location"])
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    with pdfplumber.open(io.BytesIO(response.data)) as pack:
        texts = [page.extract_text() for page in pack.pages]
        numbers = []
        for page in pack.pages:
            corner = [w for w in page.extract_words() if w["x0"] > page.width * 0.8
                      and w["top"] > page.height - 15 * 72 / 25.4]
            numbers.append([w["text"] for w in corner])
    assert numbers == [[str(i)] for i in range(1, len(texts) + 1)]
    own = [text for text in texts if "Own game" in text.splitlines()[0] or "Score sheet" in text][:1]
    sheets = [t for t in texts if "Score sheet" in t]
    # The own game seats all of them: its sheet names every player; Beutezug (2 to 5) names
    # them where they fit it, and prints its blank sheet otherwise.
    assert own and any(all(name in t for name in names) for t in sheets)
    beutezug_named = any(all(name in t for name in names) and "Beutezug" in t for t in sheets)
    assert beutezug_named == (count <= 5)


# -- 36.6: twelve players told apart in black and white -------------------------------------------

def test_twelve_players_markers_and_lines_are_pairwise_distinct_without_colour():
    import re

    from companion.pages.chart import legend_items, totals_chart

    players = [f"P{i}" for i in range(12)]
    totals = [[t * (s + 1) for s in range(12)] for t in range(1, 6)]
    svg = str(totals_chart(players, totals, width=460, height=150, label="Totals"))
    groups = re.findall(r"<g class=\"pc-[^\"]*\"[^>]*>(.*?)</g>", svg, re.S)
    assert len(groups) == 12
    looks = []
    for group in groups:
        dash = re.search(r'stroke-dasharray="([^"]*)"', group).group(1)
        path = re.search(r'<path d="([^"]*)" ([^/]*)/>', group)
        # A marker's shape relative to its own first point, and how it is painted: no colour.
        numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", path.group(1).split("M")[1])]
        shape = re.sub(r"-?\d+(?:\.\d+)?", "#", path.group(1).split("M", 2)[1]) + str(numbers[2:])
        looks.append((shape, "fill=\"none\"" in path.group(2)))
        assert dash is not None
    assert len(set(looks)) == 12, looks
    symbols = [symbol for _, _, symbol in legend_items(players)]
    assert len(set(symbols)) == 12, symbols


# -- 36.7: wording slips -----------------------------------------------------------------------------

@pytest.mark.parametrize("lang,one,many", [("en", "1 player<", "3 players<"), ("de", "1 Spieler<", "3 Spieler<")])
def test_a_sheet_for_one_player_says_player(app, lang, one, many):
    from companion.views import printables
    with app.test_request_context(headers={"Accept-Language": lang}):
        alone = printables.blank_sheet_html("own-game", 1, [], lang)
        three = printables.blank_sheet_html("own-game", 3, [], lang)
    assert one in alone and "1 players" not in alone and many in three


@pytest.mark.parametrize("lang,rounds,hands", [
    ("en", "Rounds the grid shows in full", "Hands the grid"),
    ("de", "Runden, die die Tabelle vollständig zeigt", "Spiele, die die Tabelle")])
def test_a_rounds_sheet_says_rounds_where_the_grid_shows_them(app, lang, rounds, hands):
    from companion.views import printables
    from tests.printables.layout import autoplay

    store = app.extensions["store"]
    record = store.load(store.create(autoplay("own-game", ["Ann", "Bob", "Cy"], 5)))
    with app.test_request_context(headers={"Accept-Language": lang}):
        html = printables.game_sheet_html(record, lang, "a4")
    assert rounds in html and hands not in html


@pytest.mark.parametrize("lang,said,not_said", [
    ("en", "Tie-break: another hand, or a shared win", "a tie at the top"),
    ("de", "Bei Gleichstand: noch ein Spiel oder ein geteilter Sieg", "Gleichstand an der Spitze")])
def test_the_beutelschneider_sheets_tie_break_says_it_once_in_the_games_words(app, lang, said, not_said):
    from companion.views import printables
    with app.test_request_context(headers={"Accept-Language": lang}):
        html = text_of(printables.blank_sheet_html("beutelschneider", 4, [], lang))
    assert said in html and not_said not in html


def test_a_gold_pill_keeps_its_amount_and_unit_together(app, logged):
    # "+8 gp": the amount and its unit joined by a no-break space, in the log and on paper.
    from companion.views import printables
    record = app.extensions["store"].load(logged("loot-and-scoot"))
    with app.test_request_context():
        html = printables.game_sheet_html(record, "en")
    pills = __import__("re").findall(r'<span class="tag gp">([^<]*)</span>', html)
    assert pills and all(pill.endswith("&nbsp;gp") for pill in pills), pills


@pytest.mark.parametrize("slug,said,not_said", [
    # The terms define "Runde" as a hand: the table decides, not the round.
    ("beutelschneider", "Der Tisch entscheidet, ob noch ein Spiel folgt", "Die Runde entscheidet"),
    # A seat is a "Platz"; a place in the ranking is a "Platzierung".
    ("own-game", "der Endstand (oder die Platzierung) jedes Platzes", "(oder Platz) jedes Platzes")])
def test_the_german_references_keep_their_terms_apart(app, slug, said, not_said):
    from companion.views import printables
    with app.test_request_context(headers={"Accept-Language": "de"}):
        text = text_of(printables.rules_html(slug, "de"))
    assert said in text and not_said not in text


@pytest.mark.parametrize("lang,word", [("en", "Total"), ("de", "Summe")])
def test_the_own_games_total_head_clears_its_columns_rule(app, lang, word):
    import io

    import pdfplumber

    from companion.printing import pdf as render
    from companion.views import printables
    with app.test_request_context(headers={"Accept-Language": lang}):
        html = printables.blank_sheet_html("own-game", 12, [], lang)
    with pdfplumber.open(io.BytesIO(render.render(html, "a4", True))) as document:
        page = document.pages[0]
        head = next(w for w in page.extract_words() if w["text"] == word)
        rules = [e["x0"] for e in page.edges if e["orientation"] == "v"
                 and e["top"] - 1 <= head["top"] <= e["bottom"] + 1 and e["x0"] > head["x0"]]
        assert min(rules) - head["x1"] >= 0.8 * 72 / 25.4, (head, min(rules))


def test_loot_and_scoot_picks_imported_without_a_seat_name_their_player_in_the_log(app):
    import re

    from companion.games import get_game
    from companion.record.entries import new_record, now_iso, replay
    from companion.views import printables

    record = new_record("loot-and-scoot", ["Ann", "Bob", "Cy"], {})
    made = [("first_player", {"seat": 1}), ("pick", {"classes": ["squire", "priest"]}),
            ("pick", {"classes": ["wizard", "thief"]})]
    record["entries"] = [{"id": i + 1, "kind": k, "data": d, "at": now_iso(), "source": "import", "edits": []}
                         for i, (k, d) in enumerate(made)]
    record["version"] = record["entries_version"] = len(made)
    state = replay(record).state
    # The rules seat them from the first player on: Bob picked first, then Cy.
    assert get_game("loot-and-scoot") and state.parties[1] != state.parties[0] != state.parties[2]
    store = app.extensions["store"]
    saved = store.load(store.create(record))
    with app.test_request_context():
        text = text_of(printables.game_log_html(saved, "en"))
    assert re.search(r"Bob:? Squire \+ Priest", text) and re.search(r"Cy:? Wizard \+ Thief", text), text[-600:]


def test_beutezugs_terms_gloss_the_display_as_the_rulebook_does():
    # The display is the central rows of face-up loot cards (rule text); the cards won lie in
    # each player's own "persönliche Auslage".
    terms = dict(GAMES["beutezug"].terms)
    display = next(en for en in terms if en.startswith("display"))
    assert "won" not in display and terms[display] == "allgemeine Auslage"
    assert terms["your cards won"] == "persönliche Auslage"


# -- 36.2: no page of leftovers ----------------------------------------------------------------------

@pytest.mark.parametrize("count", [1, 4, 12])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_own_games_sheet_with_long_names_keeps_its_winner_line_on_its_page(app, count, lang):
    import io

    import pdfplumber

    from companion.printing import pdf as render
    from companion.views import printables
    from tests.printables.layout import NAMES

    names = (NAMES * 3)[:count]
    with app.test_request_context(headers={"Accept-Language": lang}):
        html = printables.blank_sheet_html("own-game", count, names, lang)
    for paper in ("a4", "letter"):
        with pdfplumber.open(io.BytesIO(render.render(html, paper, True))) as document:
            assert len(document.pages) == 1, (paper, [p.extract_text()[:80] for p in document.pages[1:]])
