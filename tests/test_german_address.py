"""The German speaks to the table one way (docs/translations.md): "du", never the plural
"ihr" or the formal "Sie". Checked over every German message of the catalog and every German
template (the printed references), so a new message in the other form fails here."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
CATALOG = ROOT / "companion/translations/de/LC_MESSAGES/messages.po"

# The plural imperative at the head of a sentence or clause ("Tragt …", "… oder lasst …"):
# in German it looks like the third person singular ("er würfelt"), so only where an
# imperative stands: at a sentence's start, after a colon, or after "oder" ("… oder lasst").
PLURAL = ["tragt", "gebt", "wählt", "nennt", "lasst", "baut", "lost", "werft", "verteilt", "bringt", "entfernt", "deckt", "wertet", "tippt", "nehmt", "legt", "schaut", "zählt", "kreuzt", "prüft", "seht", "öffnet", "setzt", "macht", "druckt", "sucht", "schreibt", "habt", "seid", "würfelt", "zieht", "mischt", "holt", "fangt", "stellt", "dreht", "notiert", "scannt", "installiert", "achtet", "denkt", "könnt", "müsst", "wollt"]
IMPERATIVE = re.compile(rf"(?:^|[.:!?;]\s+|\boder\s+)({'|'.join(PLURAL)})\b", re.I)
# "ihr" as the one spoken to ("was ihr spielt", "bevor ihr …"), "euch", "euer"; the formal
# "Sie"/"Ihnen" inside a sentence ("Ihr"/"Ihre" as "its"/"their" are possessives, allowed).
ADDRESS = re.compile(r"\b(?:euch|euer|eure[mnrs]?)\b|\b(?:was|bevor|wenn|ob|wie|dass|sobald) ihr\b(?!\s+[A-ZÄÖÜ])"
                     r"|(?<![.:!?]\s)(?<!^)\b(?:Sie|Ihnen)\b(?!\s+(?:wird|wurde|ist|bleibt|zählt|zeigt|entscheidet))")


def german_messages() -> list[tuple[str, str]]:
    with CATALOG.open("rb") as f:
        catalog = read_po(f)
    out = []
    for m in catalog:
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        key = m.id if isinstance(m.id, str) else m.id[0]
        out += [(key, s) for s in strings if s]
    return out


def german_templates() -> list[tuple[str, str]]:
    return [(str(p.relative_to(ROOT)), re.sub(r"\{[{%#].*?[}%#]\}|<[^>]+>", " ", p.read_text()))
            for p in sorted((ROOT / "templates").rglob("*.de.html"))]


def test_the_checks_catch_each_form_they_refuse():
    assert IMPERATIVE.search("Tragt die Beute der Karte ein.")
    assert IMPERATIVE.search("Nennt den Sieger oder lasst die App auslosen.")
    assert ADDRESS.search("Wählt, was ihr heute spielt:") or IMPERATIVE.search("Wählt, was ihr heute spielt:")
    assert ADDRESS.search("Werte eine Runde, bevor ihr das Spiel beendet.")
    assert ADDRESS.search("Dann können Sie speichern.")
    assert not IMPERATIVE.search("Trage die Beute der Karte ein.")
    assert not ADDRESS.search("Die Partie ist abgebrochen. Sie bleibt im Verlauf.")
    assert not ADDRESS.search("Gib das Handy herum: Jede Person öffnet nur ihre eigenen Karten.")


@pytest.mark.parametrize(("source", "text"), german_messages() + german_templates(),
                         ids=lambda v: v[:40] if isinstance(v, str) else "")
def test_german_addresses_the_player_as_du(source, text):
    flat = " ".join(text.split())
    assert not IMPERATIVE.search(flat), f"plural imperative in {source!r}: {flat}"
    assert not ADDRESS.search(flat), f"'ihr' or 'Sie' in {source!r}: {flat}"
