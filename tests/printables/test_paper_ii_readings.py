"""Issue 36.4: every sentence of a reference is a fact of the rule text or marked as our reading.

Each game's readings (what the app plays where the rule text is silent or ambiguous, as
``docs/readings.md`` lists them) are checked, in both languages, in the printed reference
and on the rules page: each stands under "Our readings" or in a passage marked "our reading",
and nowhere unmarked. The slips the issue found are checked gone: the Bard scoring "whoever
wins the trick" as if a rule, the Guard's cancellation listed under "only if their player
also wins the trick", the re-roll chip's bonus stated as a rule, Beutezug's 0-cards, loot
chips and placement chips on the blank sheet without a mark.
"""
from __future__ import annotations

import re

import pytest

from companion.views import printables
from companion.views.rules import SECTION, text_of

# Per game and language: a phrase of each reading, as the reference words it.
READINGS = {
    "beutelschneider": {
        "en": ["the table chooses to play another hand or to share the win",
               "The deal passes to the left each hand",
               "cutpurses, one a suit",
               "The Bard's 10 count whoever wins the trick"],
        "de": ["Der Tisch entscheidet, ob noch ein Spiel folgt oder der Sieg geteilt wird",
               "Der Geber wechselt jedes Spiel nach links",
               "Beutelschneider, einer je Farbe",
               "Die 10 Punkte des Barden zählen, egal wer den Stich gewinnt"],
    },
    "beutezug": {
        "en": ["Loot chips worth 6, 5, 4, 3, 2", "the rulebook only shows the last placed re-rolling",
               "Seized cards show 1–14 loot", "either its bonus or 1 loot point",
               "no +1 bonus for blue dice", "Re-roll chip: ↻1 (as in the rulebook's example)"],
        "de": ["Beutechips im Wert von 6, 5, 4, 3, 2", "die Regel zeigt nur, wie der Letztplatzierte",
               "Erbeutete Karten zeigen 1–14 Beute", "entweder ihren Vorteil oder 1 Beutepunkt",
               "keinen +1-Vorteil", "Neuwurf-Chip: ↻1 (wie im Beispiel der Regel)"],
    },
    "give-me-the-treasure": {
        "en": ["a table may choose one per sale", "in a team, only as Leader",
               "any cards of the row's kind and size sell for its price",
               "Pat's win ends the turn at once"],
        "de": ["wahlweise nur eins je Verkauf", "im Team nur",
               "Alle Karten der Art und Größe einer Zeile bringen deren Preis",
               "Pats Sieg beendet den"],
    },
    "loot-and-scoot": {
        "en": ["as leaving peacefully"],
        "de": ["wie beim friedlichen Gehen"],
    },
    "own-game": {
        "en": ["a target still ends the game when a total reaches it",
               "ends the game once", "The blank sheet has sixteen rounds"],
        "de": ["beendet ein Ziel das Spiel trotzdem", "endet das Spiel einmal",
               "Das leere Blatt hat sechzehn Runden"],
    },
}

# (section id, words no longer said there): the slips of issue 36.4.
SLIPS = {
    "beutelschneider": {
        "en": [("the-bard-10", "whoever wins"), ("the-bard-10", "trick or not"),
               ("special-points-from-trumps-10-each", "lose their penalty and are set aside; per")],
        "de": [("the-bard-10", "egal wer"), ("the-bard-10", "mit oder ohne Stich"),
               ("special-points-from-trumps-10-each", "werden beiseitegelegt; je")],
    },
    "beutezug": {
        "en": [("bonuses", "rulebook's example")],
        "de": [("bonuses", "Beispiel der Regel")],
    },
}

OURS = re.compile(r'<(span|p|li|div)[^>]*class="[^"]*\bours\b[^"]*"[^>]*>(.*?)</\1>', re.S)


def marked_and_not(fragment: str) -> tuple[str, str, dict[str, str]]:
    """(text marked as ours, text not marked, each section's text by its id)."""
    sections = {}
    marked, plain = [], []
    for attrs, body in SECTION.findall(fragment):
        found = re.search(r'\bid="([^"]*)"', attrs)
        sid = found.group(1) if found else ""
        sections[sid] = text_of(body)
        if "ours" in attrs or sid == "our-readings":
            marked.append(body)
            continue
        marked += [inner for _, inner in OURS.findall(body)]
        plain.append(OURS.sub(" ", body))
    return text_of(" ".join(marked)), text_of(" ".join(plain)), sections


def check(fragment: str, slug: str, lang: str) -> None:
    marked, plain, sections = marked_and_not(fragment)
    assert "our-readings" in sections or slug in ("give-me-the-treasure", "loot-and-scoot")
    for reading in READINGS[slug][lang]:
        assert reading in marked, (slug, lang, reading, marked[:400])
        assert reading not in plain, (slug, lang, reading)
    for section, words in SLIPS.get(slug, {}).get(lang, []):
        assert section in sections, (slug, section, list(sections))
        assert words not in sections[section], (slug, section, words)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("slug", sorted(READINGS))
def test_the_printed_reference_marks_each_reading(app, slug, lang):
    with app.test_request_context(headers={"Accept-Language": lang}):
        check(printables.rules_html(slug, lang), slug, lang)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("slug", sorted(READINGS))
def test_the_rules_page_marks_each_reading(client, slug, lang):
    page = client.get(f"/rules/{slug}", headers={"Accept-Language": lang})
    assert page.status_code == 200
    check(page.get_data(as_text=True), slug, lang)


def test_the_readings_doc_lists_the_new_readings():
    from pathlib import Path
    doc = (Path(__file__).resolve().parents[2] / "docs" / "readings.md").read_text(encoding="utf-8")
    assert "Bard" in doc and "re-roll chip" in doc


@pytest.mark.parametrize("lang,bard,guard_rule", [
    ("en", "The Bard's with the trick or not", "the Bard and the Muscleman score when played"),
    ("de", "Die des Barden mit oder ohne Stich", "Barde und Muskelmann zählen beim Ausspielen")])
def test_the_beutelschneider_sheet_marks_the_bards_points_as_our_reading(app, lang, bard, guard_rule):
    with app.test_request_context(headers={"Accept-Language": lang}):
        html = printables.blank_sheet_html("beutelschneider", 4, [], lang)
    marked = text_of(" ".join(inner for _, inner in OURS.findall(html)))
    assert bard in marked and guard_rule not in text_of(html)


@pytest.mark.parametrize("lang,words", [
    ("en", ["It gives its bonus or 1 loot point", "Loot chips:", "Re-roll chip: ↻1"]),
    ("de", ["Sie bringt ihren Vorteil oder 1 Beutepunkt", "Beutechips:", "Neuwurf-Chip: ↻1"])])
def test_beutezugs_blank_sheet_marks_its_readings(app, lang, words):
    # The 0-card's point, the loot chips' values and the chips' bonuses: each followed by
    # the mark, in the same sentence.
    with app.test_request_context(headers={"Accept-Language": lang}):
        text = text_of(printables.blank_sheet_html("beutezug", 5, [], lang))
    mark = "our reading" if lang == "en" else "unsere Lesart"
    for said in words:
        at = text.index(said)
        sentence_end = text.find(".", at + len(said))
        assert mark in text[at:sentence_end + 40], (said, text[at:at + 200])
