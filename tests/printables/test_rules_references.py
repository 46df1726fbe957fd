"""Rules references: one sheet per game, language and paper, readable across the table.

Read off the real PDF: the facts the rule texts give (and the ones we once got wrong), the
house readings under a heading that says they are ours, the body type size (pdfplumber's
chars), every column's last line not a heading, and each page used rather than left empty.
"""
from __future__ import annotations

import io
from collections import defaultdict
from itertools import pairwise

import pdfplumber
import pytest

from companion import create_app
from companion.games import GAMES
from companion.games.beutelschneider.rules import CARDS_DEALT
from companion.games.treasure.market import BLACK_MARKET_ROWS
from tests.conftest import TESTING
from tests.printables.conftest import Pdf, save_png

MM = 72 / 25.4

# Each reference's facts, the fixed ones among them: special points come "in general" with the
# trick won, the Guard's cancellation whoever wins it (the Bard's points trick or not are our
# reading, test_paper_ii_readings.py); a Boss kill loots the Boss room and leaves the Dungeon;
# what the rule text does not give is "ours".
FACTS = {
    ("beutezug", "en"): ["19 × stack 0", "9 × stack 5", "reverse order", "flip a coin", "re-roll chip",
                         "highest loot chip still in the supply"],
    ("beutezug", "de"): ["19 × 0er", "umgekehrter Reihenfolge", "Münze", "Neuwurf-Chip",
                         "Wer die meisten Punkte hat, bekommt Platzierungschip 1",
                         "+1 auf orange Würfel", "+1 auf pinke Würfel"],
    ("beutelschneider", "en"): ["A trick-taking game for 3 to 5 players.", "Court Physician, Chancellor, Bishop",
                                "Night Watchman", "Guard", "Hypnotist", "costs 20", "100 points",
                                "In general, only if their player also wins the trick:", "The Bard (10)",
                                "lose their penalty and are set aside, whoever wins the trick"],
    ("beutelschneider", "de"): ["Ein Stichspiel für 3 bis 5 Spieler.", "Hofarzt, Kanzler, Bischof", "Nachtwächter",
                                "Gardist", "kostet 20", "100 Punkte", "Grundsätzlich nur, wenn ihr Spieler den Stich auch gewinnt:",
                                "Der Barde (10)", "verlieren ihren Abzug und werden beiseitegelegt, egal wer den Stich gewinnt"],
    ("give-me-the-treasure", "en"): ["1 against 1", "2 against 1", "30 coins", "Pat, the Police Dog",
                                     "Leader 3, member 4", "another turn", "7 and 1 do not follow each other."],
    ("give-me-the-treasure", "de"): ["1 gegen 1", "2 gegen 2", "30 Münzen", "Anführer 3, Mitglied 4",
                                     "Die Truhe seiner Seite fasst eine Beutekarte mehr als üblich."],
    ("loot-and-scoot", "en"): ["3 gp for the first of a class, 6 gp for the second",
                               "12 gp leaving peacefully, 9 gp running", "4 Hirelings", "3 VP per tile",
                               "1 VP per 5 gp", "dwarf",
                               "Beating a Boss ends the game: the party loots the Boss room, then leaves the Dungeon"],
    ("loot-and-scoot", "de"): ["12 GS beim friedlichen Gehen, 9 GS bei Flucht", "1 SP je 5 GS", "Zwerg",
                               "oder eine Aktion und ein Plünderzug",
                               "Die Gruppe plündert den Bossraum, verlässt den Dungeon und bekommt das Gold"],
    ("own-game", "en"): ["1 to 12 players or teams", "Points by round", "(1, 1, 3)", "End the game with these totals"],
    ("own-game", "de"): ["1 bis 12 Spieler oder Teams", "Punkte nach Runden", "(1, 1, 3)",
                         "Das Spiel mit diesen Summen beenden"],
}

# The German slips of issue 24, and what the fixed references must no longer say.
NEVER = {
    ("beutezug", "de"): ["orangen", "Die meisten Punkte bekommen"],
    ("beutelschneider", "en"): ["for 3 to 5."],
    ("beutelschneider", "de"): ["für 3 bis 5."],
    ("give-me-the-treasure", "de"): ["über dem üblichen Limit"],
    ("loot-and-scoot", "en"): ["ends the game at once"],
    ("loot-and-scoot", "de"): ["Beutezug", "beendet sofort"],
}

# House readings: each after the words that mark it as ours, never stated as a rule fact.
OURS = {
    ("beutezug", "en"): ("Our readings", ["Loot chips worth 6, 5, 4, 3, 2", "Seized cards show 1–14 loot",
                                          "either its bonus or 1 loot point", "no +1 bonus for blue"]),
    ("beutezug", "de"): ("Unsere Lesarten", ["Beutechips im Wert von 6, 5, 4, 3, 2", "Erbeutete Karten zeigen 1–14 Beute",
                                             "entweder ihren Vorteil oder 1 Beutepunkt"]),
    ("beutelschneider", "en"): ("Our readings", ["another hand or to share the win", "The deal passes to the left",
                                                 "4 cutpurses"]),
    ("beutelschneider", "de"): ("Unsere Lesarten", ["ob noch ein Spiel folgt", "Der Geber wechselt", "4 Beutelschneider"]),
    ("give-me-the-treasure", "en"): ("Our reading:", ["any cards of the row's kind and size"]),
    ("give-me-the-treasure", "de"): ("Unsere Lesart:", ["Alle Karten der Art und Größe einer Zeile"]),
    ("loot-and-scoot", "en"): ("our reading", ["as leaving peacefully"]),
    ("loot-and-scoot", "de"): ("unsere Lesart", ["wie beim friedlichen Gehen"]),
    ("own-game", "en"): ("Our readings", ["as in Hearts"]),
    ("own-game", "de"): ("Unsere Lesarten", ["wie bei Hearts"]),
}

CASES = [(slug, lang) for slug in GAMES for lang in ("en", "de")]


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """Each reference's PDF as the Printables page serves it, made once for this module
    (a render on a busy machine may take longer than a request waits by default)."""
    app = create_app({**TESTING,
                      "INSTANCE_PATH": str(tmp_path_factory.mktemp("refs") / "instance")})
    client, made = app.test_client(), {}

    def get(slug: str, lang: str, paper: str = "a4") -> bytes:
        if (slug, lang, paper) not in made:
            response = client.get(f"/printables/{slug}/rules.pdf", query_string={"lang": lang, "paper": paper})
            assert response.status_code == 200 and response.mimetype == "application/pdf"
            made[(slug, lang, paper)] = response.data
        return made[(slug, lang, paper)]
    return get


def lines_by_column(page):
    """The page's text lines above the footer, per column: (top, size of its largest char)."""
    columns: dict[int, dict[float, float]] = defaultdict(dict)
    for char in page.chars:
        if char["top"] > page.height - 11 * MM or not char["text"].strip():
            continue
        column = 0 if char["x0"] < page.width / 2 else 1
        top = round(char["top"])
        columns[column][top] = max(columns[column].get(top, 0), char["size"])
    return {column: sorted(lines.items()) for column, lines in columns.items()}


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("slug", "lang"), CASES)
def test_each_reference_is_one_full_sheet_in_type_read_across_the_table(reference, slug, lang, paper):
    data = reference(slug, lang, paper)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        body = [c for c in page.chars if c["top"] < page.height - 11 * MM and c["text"].strip()]
        sizes = defaultdict(int)
        for char in body:
            sizes[round(char["size"], 1)] += 1
        assert 10 <= max(sizes, key=sizes.__getitem__) <= 11, sizes
        assert min(sizes) >= 10, f"text below 10 pt: {sorted(sizes.items())}"
        usable = page.height - 20 * MM
        for column, lines in lines_by_column(page).items():
            last_top, last_size = lines[-1]
            # A heading (12 pt) never ends a column: it stays with what it heads.
            assert last_size < 11.5, f"column {column} ends on a heading"
            assert (last_top - 9 * MM) / usable > 0.75, f"column {column} is a quarter empty"
        # No paragraph line broken after a word or two (WeasyPrint did, before a bold name).
        for column in (0, 1):
            lines: dict[int, list] = defaultdict(list)
            for word in page.extract_words():
                if (word["x0"] < page.width / 2) == (column == 0) and word["top"] < page.height - 11 * MM:
                    lines[round(word["top"])].append(word)
            for top, below in pairwise(sorted(lines)):
                line, after = lines[top], lines[below]
                short = max(w["x1"] for w in line) - min(w["x0"] for w in line) < 60
                if short and below - top < 16 and abs(line[0]["x0"] - after[0]["x0"]) < 2:
                    assert not after[0]["text"][:1].islower(), " ".join(w["text"] for w in line)
        # The Black Market's examples are read as one run of numbers: never wrapped.
        if slug == "give-me-the-treasure":
            words = page.extract_words()
            head = next(w for w in words if w["text"] in ("e.g.", "z."))
            coins = next(w for w in words if w["text"] in ("Coins", "Münzen") and abs(w["top"] - head["top"]) < 2)
            runs = defaultdict(str)
            for word in words:
                if head["x0"] - 1 <= word["x0"] < coins["x0"] and word["top"] > head["bottom"]:
                    runs[round(word["top"])] += word["text"]
            assert list(runs.values()).count("12345") == 2, dict(runs)


@pytest.mark.parametrize(("slug", "lang"), CASES)
def test_each_reference_holds_the_rule_facts_and_marks_our_readings(reference, slug, lang):
    document = Pdf(reference(slug, lang))
    for fact in FACTS[(slug, lang)]:
        assert fact in document.text, fact
    for slip in NEVER.get((slug, lang), []):
        assert slip not in document.text, slip
    marker, readings = OURS[(slug, lang)]
    for reading in readings:
        assert reading in document.text, reading
        assert document.text.index(marker) < document.text.index(reading), reading
    if slug == "beutelschneider":
        for dealt in CARDS_DEALT.values():   # 14, 11, 9
            assert f" {dealt} " in document.text
        # The Bard is not among the trumps that score only with the trick.
        only_if = document.text.index(FACTS[(slug, lang)][-3])
        assert ("Bard" if lang == "en" else "Barde") not in document.text[only_if:document.text.index(
            FACTS[(slug, lang)][-2])]
    if slug == "give-me-the-treasure":
        for _kind, _size, example, coins in BLACK_MARKET_ROWS:
            assert f"{example} {coins}" in document.text
    if slug == "beutezug":
        # Stated as facts nowhere but among our readings.
        assert document.text.count("1–14") == 1 and document.text.count("6, 5, 4, 3, 2") == 1
    save_png(document.data, f"rules-{slug}-{lang}")


def test_a_german_sheet_says_finished_once(client, logged):
    game_id = logged("give-me-the-treasure")
    text = Pdf(client.get(f"/games/{game_id}/sheet.pdf?lang=de").data).text
    assert text.count("beendet") == 1  # "Begonnen … · beendet …", not "beendet … · beendet"


def test_a_rules_reference_on_letter_paper(reference):
    document = Pdf(reference("beutezug", "en", "letter"))
    assert [round(v) for v in document.size_pt()] == [612, 792]
