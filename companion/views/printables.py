"""Printables: blank score sheets, rules references and the filled sheet of a logged game.

Every PDF is one of our own templates (templates/print/, and each game's own in
templates/games/<slug>/print/, with the rows and numbers its ``Game.paper`` gives) rendered
with the values of the request escaped by Jinja, then turned into a PDF by a render worker
(``companion.printing.pool``, ``companion.printing.pdf``), whose fetcher loads nothing but our bundled
static files. A request the sheet cannot honour (too many players, an unknown paper) gets the Printables page back with
a message, never a broken PDF. A PDF not ready in time is answered with a page that reloads
itself until it is; one whose worker stopped, with a message to try again.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, cast

from flask import Blueprint, Response, abort, current_app, redirect, render_template, request, url_for
from flask_babel import get_locale

from ..forms import choices
from ..forms.adapter import ADAPTERS
from ..forms.printables import PackForm
from ..games import GAMES, get_game
from ..games.base import Game, Msg, ReplayError, msg
from ..history.colours import seat_colours
from ..history.groups import players as group_players
from ..i18n import LANGUAGES, language, t
from ..markers import N_
from ..pages.chart import MARKER_SYMBOLS, legend, totals_chart
from ..printing.glyphs import fit, printed_name, unprintable
from ..printing.papers import PAPERS
from ..printing.pool import Pending, Printing, RenderFailed, RenderInterrupted
from ..printing.sheets import detail, facts, head_lines, minus, number_mm, seat_groups, seat_names, signed
from ..record.entries import MAX_NAME, replay
from ..record.shape import Record, group_of
from ..record.summary import result_only
from ..text import whole
from . import group_id, store
from .play import load

bp = Blueprint("printables", __name__)
bp.add_app_template_filter(fit, "fit")
bp.add_app_template_filter(signed, "signed")
bp.add_app_template_filter(minus, "minus")
bp.add_app_template_filter(number_mm, "number_mm")
bp.add_app_template_filter(head_lines, "head_lines")
bp.add_app_template_filter(seat_groups, "seat_groups")

RECENT = 10  # logged games listed on the Printables page
# A game its host names (Paper.named) prints the name in its sheet's title, on a sheet alone or in the pack.
NAME_TOO_LONG = N_("A game's name has at most %(max)s characters.")
# A game entered as its final result alone (games/result.py) has no hands or rounds to fill in.
NO_SHEET = N_("This game was entered as its final result alone: it has no score sheet to fill in "
              "(its paper sheet is the one).")


class Refused(ValueError):
    def __init__(self, messages: list[Msg]):
        self.messages = messages
        super().__init__("; ".join(str(m) for m in messages))


def read_names(values: Sequence[str]) -> list[str]:
    """Names in seat order: repeated ``names`` fields, or one value of names parted by bare
    commas ("Ann,Bob,Cy"). A comma and a space stay in a name: "Müller, Hans" is one seat."""
    if len(values) == 1 and "," in values[0]:
        values = re.split(r",(?!\s)", values[0])
    names = [" ".join(str(v).split()) for v in values]
    while names and not names[-1]:
        names.pop()
    return names


def read_paper_lang(args: Any) -> tuple[str, str, list[Msg]]:
    errors: list[Msg] = []
    paper = (args.get("paper") or "a4").strip().lower()
    if paper not in PAPERS:
        errors.append(msg(N_("Choose A4 or US Letter paper.")))
        paper = "a4"
    lang = (args.get("lang") or str(get_locale()) or "en").strip().lower()
    if lang not in LANGUAGES:
        errors.append(msg(N_("Choose English or German.")))
        lang = "en"
    return paper, lang, errors


def read_sheet_request(slug: str, args: Any) -> tuple[int, list[str], str, str, str]:
    """(players, names, paper, language, the game's name where the host names the game) of a
    blank sheet, or ``Refused`` with every reason."""
    game = get_game(slug)
    paper, lang, errors = read_paper_lang(args)
    raw = (args.get("players") or str(min(4, game.max_players))).strip()
    try:
        players = whole(raw) or -1  # "٣" is no number of the form's, though int() reads it
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
    named = " ".join(str(args.get("game_name") or "").split()) if game.paper.named else ""
    if len(named) > MAX_NAME:
        errors.append(msg(NAME_TOO_LONG, max=MAX_NAME))
    if errors:
        raise Refused(errors)
    return players, names, paper, lang, named


def printing() -> Printing:
    return cast(Printing, current_app.extensions["printing"])


def blank_sheet_key(slug: str, players: int, names: Sequence[str], paper: str, lang: str,
                    named: str = "") -> tuple[Any, ...]:
    return ("sheet", slug, players, tuple(names), paper, lang, named)


def blank_sheet_html(slug: str, players: int, names: Sequence[str], lang: str, named: str = "",
                     paper: str = "a4") -> str:
    """``named``: the game's name, for a game its host names (``Paper.named``), else blank.
    ``paper``: a sheet whose grid fills its page sizes the grid to the paper's height."""
    game = get_game(slug)
    with language(lang):
        return render_template(f"games/{slug}/print/sheet.html", game=game, lang=lang, players=players,
                               paper=paper,
                               named=printed_name(named) if named else "",
                               names=seat_names(players, [printed_name(n) for n in names]),
                               unprintable=unprintable(list(names)), f=facts(slug, players))


def rules_html(slug: str, lang: str) -> str:
    game = get_game(slug)
    counts = range(game.min_players, game.max_players + 1)
    with language(lang):
        return render_template(f"games/{slug}/print/rules.{lang}.html", game=game, lang=lang,
                               f=facts(slug, game.max_players),
                               by_count={n: facts(slug, n) for n in counts})


@dataclass(frozen=True)
class PdfJob:
    """A blank sheet or a rules reference, as Printing makes or queues it."""

    key: Hashable
    html: Callable[[], str]
    paper: str
    landscape: bool = False
    keep_on_disk: bool = False

    def make(self, wait: bool = True) -> bytes:
        return printing().make(self.key, self.html, self.paper, landscape=self.landscape,
                               keep_on_disk=self.keep_on_disk, wait=wait)

    def queue(self) -> None:
        printing().queue(self.key, self.html, self.paper, landscape=self.landscape,
                         keep_on_disk=self.keep_on_disk)


def _blank_sheet_job(slug: str, players: int, names: Sequence[str], paper: str, lang: str,
                     named: str = "") -> PdfJob:
    # Those without names, a fixed set, are kept on disk once made.
    return PdfJob(blank_sheet_key(slug, players, names, paper, lang, named),
                  partial(blank_sheet_html, slug, players, names, lang, named, paper), paper,
                  landscape=get_game(slug).paper.landscape, keep_on_disk=not any(names) and not named)


def _rules_job(slug: str, paper: str, lang: str) -> PdfJob:
    return PdfJob(("rules", slug, paper, lang), partial(rules_html, slug, lang), paper, keep_on_disk=True)


def house_rules_html(slug: str, lang: str, named: str = "") -> str:
    """A game of the table's own in the pack: a page for the table to write its rules on (how
    the app keeps score is on the Printables page; the game's own rules only the table knows)."""
    with language(lang):
        return render_template(f"games/{slug}/print/table.html", game=get_game(slug), lang=lang,
                               named=printed_name(named) if named else "")


def _house_rules_job(slug: str, paper: str, lang: str, named: str = "") -> PdfJob:
    return PdfJob(("house-rules", slug, paper, lang, named), partial(house_rules_html, slug, lang, named),
                  paper, keep_on_disk=not named)


def blank_sheet(slug: str, players: int, names: Sequence[str], paper: str, lang: str,
                wait: bool = True, named: str = "") -> bytes:
    return _blank_sheet_job(slug, players, names, paper, lang, named).make(wait)


def rules_reference(slug: str, paper: str, lang: str, wait: bool = True) -> bytes:
    return _rules_job(slug, paper, lang).make(wait)


def game_sheet_html(record: Record, lang: str, paper: str = "a4", colours: Any = None) -> str:
    """The filled sheet's HTML: the record's entries, standings, outcome, details and chart
    (in ``colours``, the players' colours, when the caller has looked them up already)."""
    view = replay(record)
    layout = view.game.paper
    players = [printed_name(p) for p in record["players"]]
    totals = layout.chart_rounds(view.game.totals_by_round(view.state), len(players))
    colours = colours_of(record) if colours is None else colours
    with language(lang):
        # The entries' own templates read the names from the record: the printed ones.
        printed: Record = {**record, "players": players}
        details = detail(view.game, view, printed, paper, t)
        return render_template(
            "print/game.html", record=printed, view=view, game=view.game, lang=lang,
            landscape=layout.landscape, paper=paper,
            players=players, adapter=ADAPTERS[record["game"]], detail=details,
            chart=totals_chart(players, totals, width=460, height=162, label=t(view.game.chart_label(view.state)),
                               font_family="Ledger Sans", colours=colours,
                               axis=t(layout.axis)) if totals else None,
            chart_legend=legend(players, colours), marker_symbols=MARKER_SYMBOLS,
            unprintable=unprintable(record["players"]))


def game_log_html(record: Record, lang: str) -> str:
    """The full log of a logged game: every entry, its time, who drew it, its corrections."""
    view = replay(record)
    players = [printed_name(p) for p in record["players"]]
    with language(lang):
        return render_template("print/log.html", record={**record, "players": players},
                               game=view.game, lang=lang, players=players,
                               adapter=ADAPTERS[record["game"]],
                               unprintable=unprintable(record["players"]))


def colours_of(record: Record) -> Any:
    # The players' colours belong to the group, not the record: a new pick draws anew.
    return seat_colours(store(), group_of(record),
                        record["players"])


def game_sheet(record: Record, paper: str, lang: str) -> bytes:
    """The filled sheet of a logged game, by all it depends on: the record's version (it goes
    up with every change) and the group's colours for its players."""
    colours = colours_of(record)
    key = ("game", record["id"], record.get("version", 0), lang, paper, colours)
    return printing().make(key, partial(game_sheet_html, record, lang, paper, colours), paper,
                           landscape=get_game(record["game"]).paper.landscape)


def game_log(record: Record, paper: str, lang: str) -> bytes:
    key = ("log", record["id"], record.get("version", 0), lang, paper)
    return printing().make(key, partial(game_log_html, record, lang), paper)


def write_all(folder: Path, told: Callable[[Path], None] = lambda path: None) -> int:
    """Every blank sheet (game × players × paper × language) and rules reference, as files.

    All are queued at once, so every worker of the pool has work; then written in order."""
    folder.mkdir(parents=True, exist_ok=True)
    jobs: list[tuple[str, PdfJob]] = []
    for slug, game in GAMES.items():
        for paper in PAPERS:
            for lang in LANGUAGES:
                jobs += [(f"{slug}-sheet-{n}p-{paper}-{lang}.pdf", _blank_sheet_job(slug, n, [], paper, lang))
                         for n in range(game.min_players, game.max_players + 1)]
                jobs.append((f"{slug}-rules-{paper}-{lang}.pdf", _rules_job(slug, paper, lang)))
    with current_app.test_request_context():
        for _, job in jobs:
            job.queue()
        for name, job in jobs:
            path = folder / name
            path.write_bytes(job.make(wait=False))
            told(path)
    return len(jobs)


def _pdf(make: Callable[[], bytes], filename: str) -> Any:
    """The PDF as a response; or a page that reloads itself while it is being made; or,
    when its worker stopped, a message to try again."""
    try:
        body = make()
    except Pending as pending:
        response = Response(render_template("printables/wait.html", ahead=pending.ahead,
                                            done=pending.done, total=pending.total), 202)
        response.headers["Retry-After"] = "2"
        response.headers["Cache-Control"] = "no-store"
        return response
    except RenderInterrupted:
        response = Response(render_template("printables/interrupted.html"), 503)
        response.headers["Retry-After"] = "2"
        return response
    except RenderFailed as error:
        current_app.logger.error("PDF render failed for %s: %s", filename, error)
        abort(500)
    response = Response(body, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def _page(messages: Sequence[Msg] = (), status: int = 200, chosen: str | None = None,
          pack: PackForm | None = None) -> Any:
    index = store().index.games()
    mine = group_id()  # only this group's games, as everywhere else
    logged = sorted(({**summary, "id": game_id} for game_id, summary in index.items()
                     if group_of(summary) == mine and not summary.get("result_only")),
                    key=lambda g: str(g.get("created", "")), reverse=True)[:RECENT]
    if pack is None:
        pack = pack_form()
        pack.lang.data = str(get_locale() or "en")
        # The group's players, most games first, as many as the largest table seats.
        offered = cast(list[Any], pack.players.choices)
        pack.players.data = [choice.value for choice in offered][:pack_max_players()]
    return render_template("printables/index.html", games=GAMES, messages=[t(m) for m in messages],
                           chosen=chosen, args=request.args, logged=logged, max_name=MAX_NAME,
                           pack=pack), status


# -- the game-night pack: every sheet and reference for the games picked, in one PDF --------

def pack_max_players() -> int:
    return max(game.max_players for game in GAMES.values())


def pack_form(formdata: Any = None, csrf: bool = True) -> PackForm:
    """The pack's form, its boxes the games and this group's players (most games first)."""
    form = PackForm(formdata=formdata, meta={"csrf": csrf}) if formdata is not None else PackForm(meta={"csrf": csrf})
    form.games.choices = choices((slug, game.title) for slug, game in GAMES.items())
    counts = group_players(store(), group_id())
    form.players.choices = choices((name, name) for name in sorted(counts, key=lambda n: (-counts[n], n.casefold())))
    return form


def read_pack(form: PackForm) -> bool:
    """Validate the pack's form; a picked game the picked players cannot play is refused
    next to the players, naming the game; a name too long for the sheet of a game its host
    names, next to the name (with the form's own refusals: all at once)."""
    shaped = form.validate()
    if pack_named(form) and len(form.named.data or "") > MAX_NAME:
        too_long: list[Any] = [msg(NAME_TOO_LONG, max=MAX_NAME)]  # translated where it is shown
        form.named.errors = too_long
    if not shaped:
        return False
    names = form.players.data or []
    refused: list[Any] = list(form.players.errors)
    picked = [GAMES[slug] for slug in form.games.data or []]
    largest = max(game.max_players for game in picked)
    if len(names) > largest:
        refused.append(msg(N_("Pick at most %(n)s players."), n=largest))
    elif names and not any(seats(game, names) for game in picked):
        # A game the table does not fit gets its sheet without names (pack_parts); refused
        # only where no game picked seats them.
        refused += [msg(N_("%(game)s is played by %(min)s to %(max)s players; %(players)s are picked."),
                        game=game.title, min=game.min_players, max=game.max_players, players=len(names))
                    for game in picked]
    form.players.errors = refused
    return not refused and not form.named.errors


def pack_named(form: PackForm) -> str:
    """The name typed for a game its host names, where the pack holds one; else blank: a
    name typed for a game then left out of the pack is neither printed nor checked."""
    if not any(GAMES[slug].paper.named for slug in form.games.data or [] if slug in GAMES):
        return ""
    return form.named.data or ""


def pack_parts(games: Sequence[str], names: Sequence[str], paper: str, lang: str,
               named: str = "") -> list[PdfJob]:
    """Per game, its sheet (for the players picked, or a blank one for the usual table;
    ``named`` in the title of a game its host names) and its rules reference (for a game of
    the table's own, a page to write its rules on), in the order of the Printables page."""
    parts = []
    for slug in (s for s in GAMES if s in games):
        game = get_game(slug)
        # A table of 7 with an own game and Beutezug: named sheets for the own game, a blank
        # one for Beutezug's usual table.
        seated = list(names) if seats(game, names) else []
        players = len(seated) if seated else min(4, game.max_players)
        parts += [_blank_sheet_job(slug, players, seated, paper, lang, named if game.paper.named else ""),
                  _house_rules_job(slug, paper, lang, named) if game.paper.named else _rules_job(slug, paper, lang)]
    return parts


def seats(game: Game[Any], names: Sequence[str]) -> bool:
    return game.min_players <= len(names) <= game.max_players


def game_night_pack(games: Sequence[str], names: Sequence[str], paper: str, lang: str,
                    named: str = "") -> bytes:
    """One PDF of the parts, each made (or found in its cache) by the render workers; all
    are queued first so every worker has one. The merged pack is kept in memory."""
    key = ("pack", tuple(games), tuple(names), paper, lang, named)
    kept = printing().memory.get(key)
    if kept is not None:
        return kept
    parts = [unnumbered(job) for job in pack_parts(games, names, paper, lang, named)]
    for job in parts:
        job.queue()
    pdfs = []
    for job in parts:
        try:
            pdfs.append(job.make())
        except Pending as pending:
            # The waiting page says how far the pack is: the parts made (in a cache) of all.
            done = sum(printing().kept(part.key, part.keep_on_disk) for part in parts)
            raise Pending(pending.ahead, done, len(parts)) from None
    try:
        pack = merge_pdfs(pdfs, paper)
    except Pending as pending:   # every part is made; the page of numbers is not yet
        raise Pending(pending.ahead, len(parts), len(parts)) from None
    printing().memory.put(key, pack)
    return pack


# A part of the pack leaves out its own page number (each part's would start at 1): the
# merged pack's pages are numbered through, stamped from one page of numbers each. The
# style sheet of companion/printing/pdf.py comes after the document's: hence "!important".
UNNUMBERED = "<style>@page { @bottom-right { content: none !important } }</style>"
NUMBERS_ONLY = "<style>@page { @bottom-left { content: none !important } }</style>"


def unnumbered(job: PdfJob) -> PdfJob:
    html = job.html
    return PdfJob(("pack-part", job.key), lambda: html().replace("</head>", UNNUMBERED + "</head>", 1),
                  job.paper, job.landscape, job.keep_on_disk)


def page_numbers(count: int, paper: str, landscape: bool) -> bytes:
    """``count`` pages holding their page number where every sheet prints it, nothing else."""
    page = '<div style="break-after: page">\u00a0</div>'
    html = f"<!doctype html><html><head><meta charset='utf-8'>{NUMBERS_ONLY}</head><body>{page * count}</body></html>"
    return printing().make(("pack-numbers", count, paper, landscape), lambda: html, paper, landscape,
                           keep_on_disk=True)


def merge_pdfs(pdfs: Sequence[bytes], paper: str = "a4") -> bytes:
    import io

    from pypdf import PdfReader, PdfWriter  # only when a pack is merged: the app starts without it
    writer = PdfWriter()
    for data in pdfs:
        writer.append(io.BytesIO(data))
    count = len(writer.pages)
    turned = {page.mediabox.width > page.mediabox.height for page in writer.pages}
    numbers = {landscape: PdfReader(io.BytesIO(page_numbers(count, paper, landscape))) for landscape in turned}
    for i, page in enumerate(writer.pages):
        page.merge_page(numbers[bool(page.mediabox.width > page.mediabox.height)].pages[i])
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@bp.post("/printables/pack")
def pack() -> Any:
    form = pack_form(request.form)
    if not read_pack(form):
        return _page(status=422, pack=form)
    return redirect(url_for("printables.pack_pdf", games=form.games.data, players=form.players.data,
                            lang=form.lang.data, paper=form.paper.data, named=pack_named(form) or None), 303)


@bp.get("/printables/pack.pdf")
def pack_pdf() -> Any:
    # The download itself changes nothing, so it is a plain address the waiting page can
    # reload; it is checked as strictly as the form that led here.
    form = pack_form(request.args, csrf=False)
    if not read_pack(form):
        shown = pack_form(request.args)   # the same choices and messages, in a form to send again
        for field in form:
            shown[field.name].errors = field.errors
        return _page(status=422, pack=shown)
    games, names = form.games.data or [], form.players.data or []
    return _pdf(partial(game_night_pack, games, names, form.paper.data, form.lang.data, pack_named(form)),
                f"game-night-{'-'.join(games)}-{form.paper.data}-{form.lang.data}.pdf")


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
        players, names, paper, lang, named = read_sheet_request(slug, request.args)
    except Refused as refused:
        return _page(refused.messages, 400, slug)
    return _pdf(partial(blank_sheet, slug, players, names, paper, lang, named=named),
                f"{slug}-sheet-{players}p-{paper}-{lang}.pdf")


@bp.get("/printables/<slug>/rules.pdf")
def rules(slug: str) -> Any:
    _game_or_404(slug)
    paper, lang, errors = read_paper_lang(request.args)
    if errors:
        return _page(errors, 400, slug)
    return _pdf(partial(rules_reference, slug, paper, lang), f"{slug}-rules-{paper}-{lang}.pdf")


@bp.get("/games/<game_id>/sheet.pdf")
def logged(game_id: str) -> Any:
    return _of_game(game_id, game_sheet, "")


@bp.get("/games/<game_id>/log.pdf")
def log(game_id: str) -> Any:
    return _of_game(game_id, game_log, "-log")


def _of_game(game_id: str, make: Callable[[Record, str, str], bytes], suffix: str) -> Any:
    paper, lang, errors = read_paper_lang(request.args)
    if errors:
        return _page(errors, 400)
    record = load(game_id)  # 404 for a game of another group
    if make is game_sheet and result_only(record):
        return _page([msg(NO_SHEET)], 404)
    try:
        return _pdf(partial(make, record, paper, lang),
                    f"{record['game']}-{game_id}{suffix}-{paper}-{lang}.pdf")
    except ReplayError as error:
        return render_template("errors/broken.html", record=record, error=error), 500
