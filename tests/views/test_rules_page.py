"""The rules reference on the phone: the printed reference's text in a page of the app, its
contents from the sections' ids, its term list, and a search that works without JavaScript."""
from __future__ import annotations

import html
import re

import pytest
from jinja2 import ChoiceLoader, DictLoader

from companion.games import GAMES
from companion.views.rules import printed_parts, section_id, sections_of, text_of
from tests.games.tables import tables

LANGS = ("en", "de")


def page(client, slug: str, lang: str, q: str | None = None):
    return client.get(f"/rules/{slug}", query_string={"q": q} if q is not None else None,
                      headers={"Accept-Language": lang})


def shown_sections(body: str) -> list[str]:
    """The text of each section the page shows (not hidden), in order."""
    return [text_of(inner) for attrs, inner in re.findall(r"<section([^>]*)>(.*?)</section>", body, re.S)
            if "hidden" not in attrs]


def hidden_sections(body: str) -> int:
    return len(re.findall(r"<section[^>]*\bhidden\b", body))


def headings(app, slug: str, lang: str) -> list[str]:
    with app.test_request_context(headers={"Accept-Language": lang}):
        return [s.heading for s in sections_of(printed_parts(slug, lang)[1])[1]]


def give_ids(app, slug: str = "beutelschneider") -> list[str]:
    """The game's two printed references with the section ids the game engineers give them
    (issue 26): the English heading's, the German sections by their place (they are in the
    same order in this game). Returns the ids."""
    ids = [section_id(h) for h in headings(app, slug, "en")]
    sources = {}
    for lang in LANGS:
        name = f"games/{slug}/print/rules.{lang}.html"
        source = app.jinja_env.loader.get_source(app.jinja_env, name)[0]
        parts = re.split(r"<section(?=[ >])", source)
        assert len(parts) == len(ids) + 1
        sources[name] = parts[0] + "".join(f'<section id="{i}"{rest}' for i, rest in zip(ids, parts[1:], strict=True))
    app.jinja_env.loader = ChoiceLoader([DictLoader(sources), app.jinja_env.loader])
    return ids


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", list(GAMES))
def test_the_rules_page_shows_the_printed_text_in_the_app(client, app, slug, lang):
    response = page(client, slug, lang)
    body = response.get_data(as_text=True)
    assert response.status_code == 200 and f'<html lang="{lang}"' in body
    assert '<header class="top">' in body and 'action="/lang"' in body  # the app's header and switch
    text = text_of(body)
    for heading in headings(app, slug, lang):
        assert heading in text
    # The facts the PDF's tests read off the paper are on the phone too: one text.
    for fact in tables(slug).REFERENCE_FACTS[lang]:
        assert fact in text, fact
    assert len(shown_sections(body)) == len(headings(app, slug, lang)) + 1  # and the term list
    assert hidden_sections(body) == 0
    assert f'href="/printables/{slug}/rules.pdf?lang={lang}"' in body


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", list(GAMES))
def test_the_term_list_has_every_term_in_both_languages(client, slug, lang):
    body = page(client, slug, lang).get_data(as_text=True)
    terms = re.search(r'<section id="english-german-terms" class="terms">(.*?)</section>', body, re.S).group(1)
    assert ("Begriffe Englisch ↔ Deutsch" if lang == "de" else "English ↔ German terms") in terms
    rows = re.findall(r'<td lang="en">(.*?)</td><td lang="de">(.*?)</td>', terms)
    assert [(html.unescape(en), html.unescape(de)) for en, de in rows] == list(GAMES[slug].terms)

    assert '<a href="#english-german-terms">' in body


def test_the_german_term_list_names_the_rule_texts_words(client):
    body = page(client, "beutelschneider", "de").get_data(as_text=True)
    assert '<td lang="en">Cutpurse</td><td lang="de">Beutelschneider</td>' in body
    assert "bleiben, wie sie auf den Karten stehen" in page(client, "give-me-the-treasure", "de").get_data(as_text=True)


@pytest.mark.parametrize("slug", list(GAMES))
@pytest.mark.parametrize("lang", LANGS)
def test_every_section_with_an_id_is_linked_in_the_contents(client, slug, lang):
    body = page(client, slug, lang).get_data(as_text=True)
    ids = re.findall(r'<section id="([^"]+)"', body)
    contents = re.search(r'<nav class="contents".*?</nav>', body, re.S).group(0)
    assert re.findall(r'<a href="#([^"]+)">', contents) == ids
    assert len(set(ids)) == len(ids)


@pytest.mark.parametrize("lang", LANGS)
def test_sections_given_ids_are_anchors_and_contents_in_both_languages(client, app, lang):
    ids = give_ids(app)
    assert ids[:4] == ["setup-by-player-count", "the-cards-low-to-high", "playing-a-hand", "scoring-a-hand"]
    body = page(client, "beutelschneider", lang).get_data(as_text=True)
    contents = re.search(r'<nav class="contents".*?</nav>', body, re.S).group(0)
    assert re.findall(r'<a href="#([^"]+)">', contents) == [*ids, "english-german-terms"]
    for anchor in ids:
        assert f'<section id="{anchor}"' in body
    assert ">Wertung eines Spiels</a>" in contents if lang == "de" else ">Scoring a hand</a>" in contents


@pytest.mark.parametrize("slug", list(GAMES))
def test_every_printed_section_carries_its_english_headings_id_in_both_languages(app, slug):
    ids = {}
    for lang in LANGS:
        with app.test_request_context(headers={"Accept-Language": lang}):
            ids[lang] = [s.id for s in sections_of(printed_parts(slug, lang)[1])[1]]
    assert all(ids["en"]) and ids["en"] == [section_id(h) for h in headings(app, slug, "en")]
    assert sorted(ids["de"]) == sorted(ids["en"])


def test_a_section_id_is_its_english_heading_in_lower_case_words():
    assert section_id("Scoring a hand") == "scoring-a-hand"
    assert section_id("Special points from trumps (10 each)") == "special-points-from-trumps-10-each"
    assert section_id("a-Lootin'") == "a-lootin"
    assert section_id("  End -- and ties! ") == "end-and-ties"


def test_a_search_without_javascript_shows_the_sections_with_the_word_marked(client):
    body = page(client, "beutelschneider", "en", "cutpurse").get_data(as_text=True)
    shown = shown_sections(body)
    assert shown and all("cutpurse" in s.lower() for s in shown)
    assert hidden_sections(body) >= 3  # the others are on the page, hidden
    assert "<mark>cutpurse</mark>" in body.lower() and 'value="cutpurse"' in body
    assert "Sections that mention “cutpurse”:" in body and 'href="/rules/beutelschneider">Show all rules' in body
    # Each word, anywhere in the section, in any case.
    both = page(client, "beutelschneider", "en", "GUARD  penalty").get_data(as_text=True)
    assert len(shown_sections(both)) == 1 and "<mark>Guard</mark>" in both and "<mark>penalty</mark>" in both


def test_a_search_in_german_finds_the_german_text_and_the_term_list(client):
    body = page(client, "give-me-the-treasure", "de", "Schwarzmarkt").get_data(as_text=True)
    shown = shown_sections(body)
    assert any(s.startswith("Schwarzmarkt") for s in shown)
    assert any(s.startswith("Begriffe Englisch ↔ Deutsch") for s in shown)
    assert "Abschnitte, die „Schwarzmarkt“ erwähnen:" in body


@pytest.mark.parametrize("lang, said", [("en", "No section mentions “xyzzy”."),
                                        ("de", "Kein Abschnitt erwähnt „xyzzy“.")])
def test_a_term_not_found_says_so_and_hides_every_section(client, lang, said):
    response = page(client, "beutezug", lang, "xyzzy")
    body = response.get_data(as_text=True)
    assert response.status_code == 200 and said in body
    assert shown_sections(body) == [] and hidden_sections(body) >= 8


@pytest.mark.parametrize("q", ["<script>alert(1)</script>", "(", "a" * 5000, "\u0000", "&amp;", "gold[", "mark"])
def test_a_crafted_search_is_answered_safely(client, q):
    response = page(client, "beutelschneider", "en", q)
    body = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "<script>alert" not in body
    assert len(html.unescape(re.search(r'name="q" value="([^"]*)"', body).group(1))) <= 100
    assert "<mark><mark>" not in body and "<<mark>" not in body


def test_an_empty_search_shows_every_section(client):
    body = page(client, "beutelschneider", "en", "   ").get_data(as_text=True)
    assert hidden_sections(body) == 0 and "mention" not in text_of(re.search(r'<p class="found".*?</p>', body, re.S).group(0))


def test_an_unknown_game_has_no_rules_page(client):
    assert client.get("/rules/monopoly").status_code == 404
    assert client.get("/rules/").status_code == 404


def test_the_rules_page_is_linked_from_the_game_new_game_and_printables_pages(user, client):
    for slug in GAMES:
        assert f'href="/rules/{slug}"' in client.get(f"/new/{slug}").get_data(as_text=True)
    printables = client.get("/printables").get_data(as_text=True)
    assert all(f'class="on-phone" href="/rules/{slug}"' in printables for slug in GAMES)
    user.open("/new/beutelschneider")
    user.submit("", {"player": ["Anna", "Ben", "Cem"]})
    top = user.page.split("<h1>", 1)[1][:600]
    assert '<p class="to-rules"><a href="/rules/beutelschneider">Rules</a></p>' in top


def test_the_service_worker_keeps_the_rules_pages_and_their_files(client):
    body = client.get("/sw.js").get_data(as_text=True)
    assert '"/rules/"' in body
    assert re.search(r'"/static/js/rules\.js\?v=[0-9a-f]{10}"', body)
    assert re.search(r'"/static/css/rules\.css\?v=[0-9a-f]{10}"', body)
