"""Printables: blank score sheets, rules references and the filled sheet of a logged game.

Every PDF is one of our own templates (templates/print/) rendered with the values of the
request escaped by Jinja, then turned into a PDF by ``companion.pdf``, whose fetcher loads
nothing but our bundled static files. A request the sheet cannot honour (too many players,
an unknown paper) gets the Printables page back with a message, never a broken PDF.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, abort, current_app, render_template, request
from flask_babel import get_locale

from .. import pdf
from ..chart import MARKER_SYMBOLS, legend, totals_chart
from ..colours import seat_colours
from ..forms.adapters import ADAPTERS
from ..games import GAMES, get_game
from ..games.base import N_, Msg, ReplayError, msg
from ..games.beutezug.cards import BONUS_LABELS
from ..i18n import LANGUAGES, language, t
from ..records import MAX_NAME, replay
from ..sheets import BONUS_MARKS, detail, facts, log_line, seat_names
from . import group_id
from .play import load

bp = Blueprint("printables", __name__)

# Sheets whose grids need the width of the page turned sideways.
LANDSCAPE = {"beutezug", "beutelschneider"}
RECENT = 10  # logged games listed on the Printables page


class Refused(ValueError):
    def __init__(self, messages: list[Msg]):
        self.messages = messages
        super().__init__("; ".join(str(m) for m in messages))


def read_names(values: Sequence[str]) -> list[str]:
    """Names in seat order: repeated ``names`` fields, or one comma-separated value."""
    if len(values) == 1 and "," in values[0]:
        values = values[0].split(",")
    names = [" ".join(str(v).split()) for v in values]
    while names and not names[-1]:
        names.pop()
    return names


def read_paper_lang(args: Any) -> tuple[str, str, list[Msg]]:
    errors: list[Msg] = []
    paper = (args.get("paper") or "a4").strip().lower()
    if paper not in pdf.PAPERS:
        errors.append(msg(N_("Choose A4 or US Letter paper.")))
        paper = "a4"
    lang = (args.get("lang") or str(get_locale()) or "en").strip().lower()
    if lang not in LANGUAGES:
        errors.append(msg(N_("Choose English or German.")))
        lang = "en"
    return paper, lang, errors


def read_sheet_request(slug: str, args: Any) -> tuple[int, list[str], str, str]:
    """(players, names, paper, language) of a blank sheet, or ``Refused`` with every reason."""
    game = get_game(slug)
    paper, lang, errors = read_paper_lang(args)
    raw = (args.get("players") or str(min(4, game.max_players))).strip()
    try:
        players = int(raw)
    except ValueError:
        players = -1
    if not game.min_players <= players <= game.max_players:
        errors.append(msg(N_("%(game)s is played by %(min)s to %(max)s players; a sheet for "
                             "%(players)s cannot be printed."), game=game.title,
                          min=game.min_players, max=game.max_players, players=raw[:10]))
        players = game.max_players
    names = read_names(args.getlist("names"))
    if len(names) > players:
        errors.append(msg(N_("There are %(names)s names for %(players)s players."),
                          names=len(names), players=players))
    if any(len(n) > MAX_NAME for n in names):
        errors.append(msg(N_("A name has at most %(max)s characters."), max=MAX_NAME))
    given = [n.casefold() for n in names if n]
    if len(set(given)) != len(given):
        errors.append(msg(N_("Each player needs a different name.")))
    if errors:
        raise Refused(errors)
    return players, names, paper, lang


def _pdf_response(body: bytes, filename: str) -> Response:
    response = Response(body, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def blank_sheet(slug: str, players: int, names: Sequence[str], paper: str, lang: str) -> bytes:
    key = ("sheet", slug, players, tuple(names), paper, lang)
    cached = pdf.BLANKS.get(key)
    if cached is not None:
        return cached
    game = get_game(slug)
    with language(lang):
        html = render_template(f"print/sheet/{slug}.html", game=game, lang=lang, players=players,
                               names=seat_names(players, names), f=facts(slug, players))
    return pdf.BLANKS.put(key, pdf.render(html, paper, landscape=slug in LANDSCAPE))


def rules_reference(slug: str, paper: str, lang: str) -> bytes:
    key = ("rules", slug, paper, lang)
    cached = pdf.BLANKS.get(key)
    if cached is not None:
        return cached
    game = get_game(slug)
    counts = range(game.min_players, game.max_players + 1)
    with language(lang):
        html = render_template(f"print/rules/{slug}.{lang}.html", game=game, lang=lang,
                               f=facts(slug, game.max_players),
                               by_count={n: facts(slug, n) for n in counts})
    return pdf.BLANKS.put(key, pdf.render(html, paper))


def game_sheet_html(record: dict[str, Any], lang: str) -> str:
    """The filled sheet's HTML: the record's entries, standings, outcome, details and chart."""
    view = replay(record)
    players = record["players"]
    totals = view.game.totals_by_round(view.state)
    colours = seat_colours(current_app.extensions["store"], record.get("group", "household"), players)
    with language(lang):
        return render_template(
            "print/game.html", record=record, view=view, game=view.game, lang=lang,
            players=players, adapter=ADAPTERS[record["game"]],
            detail=detail(view.game, view, players),
            chart=totals_chart(players, totals, width=460, height=150, label=t(N_("Totals by round")),
                               font_family="Ledger Sans", colours=colours) if totals else None,
            chart_legend=legend(players, colours), marker_symbols=MARKER_SYMBOLS,
            bonus_marks=BONUS_MARKS, bonus_labels=BONUS_LABELS, log_line=log_line)


def game_sheet(record: dict[str, Any], paper: str, lang: str) -> bytes:
    """The filled sheet of a logged game; cached by what it depends on."""
    # The players' colours belong to the group, not the record: a new pick draws anew.
    colours = seat_colours(current_app.extensions["store"], record.get("group", "household"),
                           record["players"])
    key = (record["id"], record.get("version", 0), lang, paper, colours)
    cached = pdf.GAME_SHEETS.get(key)
    if cached is not None:
        return cached
    return pdf.GAME_SHEETS.put(key, pdf.render(game_sheet_html(record, lang), paper))


def write_all(folder: Path, told: Callable[[Path], None] = lambda path: None) -> int:
    """Every blank sheet (game × players × paper × language) and rules reference, as files."""
    folder.mkdir(parents=True, exist_ok=True)
    count = 0
    with current_app.test_request_context():
        for slug, game in GAMES.items():
            for paper in pdf.PAPERS:
                for lang in LANGUAGES:
                    jobs = [(f"{slug}-sheet-{n}p-{paper}-{lang}.pdf",
                             partial(blank_sheet, slug, n, [], paper, lang))
                            for n in range(game.min_players, game.max_players + 1)]
                    jobs.append((f"{slug}-rules-{paper}-{lang}.pdf",
                                 partial(rules_reference, slug, paper, lang)))
                    for name, make in jobs:
                        path = folder / name
                        path.write_bytes(make())
                        told(path)
                        count += 1
    return count


def _page(messages: Sequence[Msg] = (), status: int = 200, chosen: str | None = None) -> Any:
    index = current_app.extensions["store"].index()
    mine = group_id()  # only this group's games, as everywhere else
    logged = sorted(({**summary, "id": game_id} for game_id, summary in index.items()
                     if summary.get("group", "household") == mine),
                    key=lambda g: g.get("created", ""), reverse=True)[:RECENT]
    return render_template("printables/index.html", games=GAMES, messages=[t(m) for m in messages],
                           chosen=chosen, args=request.args, logged=logged, max_name=MAX_NAME), status


@bp.get("/printables")
def index() -> Any:
    return _page()


def _game_or_404(slug: str) -> None:
    if slug not in GAMES:
        abort(404)


@bp.get("/printables/<slug>/sheet.pdf")
def sheet(slug: str) -> Any:
    _game_or_404(slug)
    try:
        players, names, paper, lang = read_sheet_request(slug, request.args)
    except Refused as refused:
        return _page(refused.messages, 400, slug)
    body = blank_sheet(slug, players, names, paper, lang)
    return _pdf_response(body, f"{slug}-sheet-{players}p-{paper}-{lang}.pdf")


@bp.get("/printables/<slug>/rules.pdf")
def rules(slug: str) -> Any:
    _game_or_404(slug)
    paper, lang, errors = read_paper_lang(request.args)
    if errors:
        return _page(errors, 400, slug)
    return _pdf_response(rules_reference(slug, paper, lang), f"{slug}-rules-{paper}-{lang}.pdf")


@bp.get("/games/<game_id>/sheet.pdf")
def logged(game_id: str) -> Any:
    paper, lang, errors = read_paper_lang(request.args)
    if errors:
        return _page(errors, 400)
    record = load(game_id)  # 404 for a game of another group
    try:
        body = game_sheet(record, paper, lang)
    except ReplayError as error:
        return render_template("errors/broken.html", record=record, error=error), 500
    return _pdf_response(body, f"{record['game']}-{game_id}-{paper}-{lang}.pdf")
