"""The rules reference of each game as a page on the phone, from the same text as its PDF.

One text, two renderings: the printed reference (templates/games/<game>/print/rules.<lang>.html)
is rendered as for the PDF, and its ``rules`` block, cut into its sections, fills a page of
the app. A section's ``id`` (its English heading, see ``section_id``; the German section
saying the same has the same one) is its anchor: the contents and the "now" strip link there.
A search (``?q=``) keeps the sections that have every word, marked; rules.js does the same
as one types, without asking the server.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, abort, current_app, render_template, request
from markupsafe import Markup

from ..games import GAMES, get_game
from ..i18n import locale_name, t
from ..markers import N_
from ..printing.sheets import facts

bp = Blueprint("rules", __name__)

MAX_QUERY = 100
# The term list's section, whose id follows the rule too.
TERMS_HEADING = N_("English ↔ German terms")
TERMS_ID = "english-german-terms"

SECTION = re.compile(r"<section([^>]*)>(.*?)</section>", re.S)
HEADING = re.compile(r"<h2[^>]*>(.*?)</h2>", re.S)
TAG = re.compile(r"(<[^>]*>)")


def section_id(heading: str) -> str:
    """"Scoring a hand" -> "scoring-a-hand": lower case, each run of other characters than
    letters and digits one "-", none at the ends."""
    return re.sub(r"[\W_]+", "-", heading.lower()).strip("-")


def text_of(fragment: str) -> str:
    return " ".join(html.unescape(TAG.sub(" ", fragment)).split())


@dataclass
class Section:
    id: str | None
    heading: str
    html: str
    css: str = ""

    def matches(self, words: list[str]) -> bool:
        text = text_of(self.html).casefold()
        return all(w.casefold() in text for w in words)


def _attr(attrs: str, name: str) -> str | None:
    found = re.search(rf'\b{name}="([^"]*)"', attrs)
    return html.unescape(found.group(1)) if found else None


def sections_of(fragment: str) -> tuple[str, list[Section]]:
    """The text before the first section (the lede) and the sections, in the page's order."""
    first = fragment.find("<section")
    intro = fragment if first < 0 else fragment[:first]
    intro = re.sub(r"</?div[^>]*>", "", intro)
    found = []
    for match in SECTION.finditer(fragment):
        attrs, body = match.groups()
        heading = HEADING.search(body)
        # A wide table scrolls in its own box at large text, not the page.
        body = re.sub(r"(<table.*?</table>)", r'<div class="scroll" tabindex="0">\1</div>', body, flags=re.S)
        found.append(Section(_attr(attrs, "id"), text_of(heading.group(1)) if heading else "", body,
                             _attr(attrs, "class") or ""))
    return intro.strip(), found


def printed_parts(slug: str, lang: str) -> tuple[str, str, str]:
    """The printed reference's title kind, lede-and-sections (its ``rules`` block), as
    HTML, rendered with the same values as for the PDF."""
    game = get_game(slug)
    template = current_app.jinja_env.get_template(f"games/{slug}/print/rules.{lang}.html")
    values: dict[str, object] = {"game": game, "lang": lang, "f": facts(slug, game.max_players),
                              "by_count": {n: facts(slug, n) for n in range(game.min_players, game.max_players + 1)}}
    current_app.update_template_context(values)
    context = template.new_context(values)
    kind, rules = ("".join(template.blocks[name](context)) for name in ("kind", "rules"))
    return kind.strip(), rules, t(game.title)


def terms_section(slug: str) -> Section:
    rows = "".join(f'<tr><td lang="en">{html.escape(en)}</td><td lang="de">{html.escape(de)}</td></tr>'
                   for en, de in get_game(slug).terms)
    heading = t(TERMS_HEADING)
    body = (f"<h2>{html.escape(heading)}</h2>"
            f'<div class="scroll" tabindex="0"><table class="terms"><thead><tr><th lang="en">English</th>'
            f'<th lang="de">Deutsch</th></tr></thead><tbody>{rows}</tbody></table></div>')
    as_printed = get_game(slug).names_as_printed   # in the game's own words, if any
    if as_printed:
        body += f'<p class="quiet">{html.escape(t(as_printed))}</p>'
    return Section(TERMS_ID, heading, body, "terms")


def marked(fragment: str, words: list[str]) -> str:
    """The words marked wherever they are in the text (never inside a tag)."""
    found = re.compile("|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)), re.I)
    parts = TAG.split(fragment)
    for i in range(0, len(parts), 2):  # the text between tags
        text = html.unescape(parts[i])
        parts[i] = "".join(f"<mark>{html.escape(bit)}</mark>" if n % 2 else html.escape(bit)
                           for n, bit in enumerate(_split_keep(found, text)))
    return "".join(parts)


def _split_keep(pattern: re.Pattern[str], text: str) -> list[str]:
    # Alternating: text, match, text, match, text ...
    out, at = [], 0
    for m in pattern.finditer(text):
        out += [text[at:m.start()], m.group(0)]
        at = m.end()
    return [*out, text[at:]]


@bp.get("/rules/<slug>")
def reference(slug: str) -> Any:
    if slug not in GAMES:
        abort(404)
    lang = locale_name()
    kind, rules, title = printed_parts(slug, lang)
    intro, sections = sections_of(rules)
    sections.append(terms_section(slug))
    query = " ".join(request.args.get("q", "").split())[:MAX_QUERY]
    words = query.split()
    shown = [s for s in sections if s.matches(words)] if words else sections
    if words:
        for s in shown:
            s.html = marked(s.html, words)
    return render_template("rules/page.html", slug=slug, title=title, kind=kind, lang=lang,
                           intro=Markup(intro), sections=sections, shown=shown, query=query,
                           html=Markup)
