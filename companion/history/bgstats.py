"""BG Stats' export (``BGStatsExport.json``) read as the group's games: docs/bgstats.md.

Reading is pure (no flask): ``read`` checks the file is BG Stats' and gives its parts,
``plan`` turns each play into a Loot Ledger record, checked by the game's rules through the
record import (``transfer.import_record``), or into a refusal with its reason, and says which
players are new and which the group has. ``store_plan`` stores what the plan holds; nothing
is stored before the whole file is read and planned, so a refused file stores nothing.

A play keeps its BG Stats ``uuid`` in its game id (``game_id``): the same file imported
again finds every play present; a newer export adds only its new plays; a play whose
result changed in BG Stats since (a later ``modificationDate``) is corrected, its earlier
values kept in the entry's trail like any correction.
"""
from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from urllib.parse import quote
from zoneinfo import ZoneInfo

from ..games import GAMES, SHAPES
from ..games.base import Msg, ReplayError, RulesError, msg
from ..i18n import t
from ..markers import N_
from ..periods import AHEAD
from ..record import entries as records
from ..record import summary
from ..record.entries import MAX_NAME, View
from ..record.shape import Record
from ..storage.store import DamagedFile, NoSuchGame, Store, valid_id
from ..text import clean, identity
from . import groups
from .transfer import ImportError_, parse

MAX_BYTES = 64 * 1024 * 1024  # thousands of plays with their scoresheets
MAX_PLAYS = 50_000
MAX_NOTE = 2000
TIME = "%Y-%m-%d %H:%M:%S"


def _folded(name: str) -> str:
    """A game's name as BG Stats' and ours are compared: folded as player names are, "&" as
    "and", without spaces or punctuation ("Loot & Scoot" is Loot and Scoot)."""
    return "".join(c for c in identity(name).replace("&", "and") if c.isalnum())


# The game its host names (the table's own), which takes every other BG Stats game.
OWN = next(slug for slug, g in GAMES.items() if g.paper.named)
# The four games by their titles, which are the same in English and German.
NAMES = {_folded(g.title): slug for slug, g in GAMES.items() if slug != OWN}


class BGStatsError(ValueError):
    """The file is refused as a whole: nothing is stored."""

    def __init__(self, message: Msg):
        self.message = message
        super().__init__(str(message))


def _fail(text: str, **args: Any) -> BGStatsError:
    return BGStatsError(msg(text, **args))


def looks_like(data: Any) -> bool:
    """Whether a JSON document is a BG Stats export rather than one of ours."""
    return (isinstance(data, dict) and "format" not in data
            and isinstance(data.get("plays"), list) and "games" in data)


def sniff(raw: bytes | str) -> bool:
    """Whether the file's start looks like a BG Stats export (without reading it all)."""
    head = raw[:4096] if isinstance(raw, str) else raw[:4096].decode("utf-8", "ignore")
    return '"loot-ledger' not in head and any(k in head for k in ('"plays"', '"games"', '"userInfo"'))


# -- scores --------------------------------------------------------------------------------

EXPRESSION = re.compile(r"[+-]?\d+(?:\.\d+)?(?:\s*[+-]\s*\d+(?:\.\d+)?)*")


def score_of(value: Any) -> int | None:
    """A BG Stats score as the number it means: ``"22"``, ``"20+16+16"`` (what the player
    typed, added up), ``22``; ``None`` for ``""``/``null`` (no score). ValueError for text
    or a fraction: the rules take whole numbers."""
    if value is None or isinstance(value, bool):
        if value is None:
            return None
        raise ValueError(value)
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if value.is_integer():
            return int(value)
        raise ValueError(value)
    if not isinstance(value, str):
        raise ValueError(value)
    text = value.strip().replace(",", ".")
    if not text:
        return None
    if len(text) > 200 or not EXPRESSION.fullmatch(text):
        raise ValueError(value)
    total = 0.0
    for sign, number in re.findall(r"([+-]?)\s*(\d+(?:\.\d+)?)", text):
        total += -float(number) if sign == "-" else float(number)
    if not total.is_integer():
        raise ValueError(value)
    return int(total)


# -- the file ------------------------------------------------------------------------------

@dataclass
class Export:
    players: dict[int, dict[str, Any]]
    games: dict[int, dict[str, Any]]
    locations: dict[int, str]
    plays: list[dict[str, Any]]
    owner: int | None


def _by_id(items: Any, what: str) -> dict[int, dict[str, Any]]:
    if items is None:
        return {}
    if not isinstance(items, list):
        raise _fail(N_("The export's %(what)s must be a list."), what=what)
    out = {}
    for item in items:
        if isinstance(item, dict) and isinstance(item.get("id"), int) and not isinstance(item["id"], bool):
            out[item["id"]] = item
    return out


def read(raw: bytes | str, max_bytes: int = MAX_BYTES) -> Export:
    """The export's parts; BGStatsError if it is not a BG Stats export."""
    try:
        data = parse(raw, max_bytes, msg(N_("a BG Stats export")))
    except ImportError_ as error:
        raise BGStatsError(error.message) from None
    if not looks_like(data):
        raise _fail(N_("This is not a BG Stats export (BGStatsExport.json)."))
    plays = data["plays"]
    if len(plays) > MAX_PLAYS:
        raise _fail(N_("Too many plays in one export (at most %(max)s)."), max=MAX_PLAYS)
    locations = {k: clean(v.get("name"))[:MAX_NAME] for k, v in _by_id(data.get("locations"), "locations").items()
                 if isinstance(v.get("name"), str)}
    info = data.get("userInfo") if isinstance(data.get("userInfo"), dict) else {}
    owner = info.get("meRefId") if isinstance(info.get("meRefId"), int) else None
    return Export(_by_id(data.get("players"), "players"), _by_id(data.get("games"), "games"),
                  locations, plays, owner)


STAMP = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d")


def _time(value: Any, zone: ZoneInfo | None) -> datetime | None:
    """A BG Stats time ("YYYY-MM-DD HH:MM:SS", the phone's local time) in the group's zone."""
    if not isinstance(value, str):
        return None
    text = value.strip()[:19]
    if not STAMP.fullmatch(text):  # as strptime(TIME) reads it, a tenth of its time
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None
    if not 1971 <= moment.year <= 9000:  # a zone cannot move it out of the calendar
        return None
    return moment.replace(tzinfo=zone) if zone else moment.astimezone()


def game_slug(game: Mapping[str, Any]) -> str:
    """Which of the four games a BG Stats game is, by its name or its BGG name; else
    the game of the table's own (``OWN``). The BGG id is not used: a typed name is what every file has."""
    for key in ("name", "bggName"):
        name = game.get(key)
        if isinstance(name, str) and _folded(name) in NAMES:
            return NAMES[_folded(name)]
    return OWN


# -- the plan ------------------------------------------------------------------------------

@dataclass
class Planned:
    uuid: str
    game_id: str
    record: Record
    modified: str
    view: View[Any] | None = field(default=None, repr=False, compare=False)  # its replay, made once


@dataclass
class Refusal:
    n: int            # the play's place in the file, from 1
    game: str
    date: str
    why: Msg


@dataclass
class Plan:
    plays: list[Planned] = field(default_factory=list)
    refused: list[Refusal] = field(default_factory=list)
    ignored: int = 0                      # marked "ignored" in BG Stats: left out
    games: dict[str, int] = field(default_factory=dict)      # name -> plays
    new_players: list[str] = field(default_factory=list)
    matched_players: list[str] = field(default_factory=list)
    since: str | None = None              # the earliest play's date
    added: int = 0                        # filled in by ``against``/``store_plan``
    present: int = 0
    corrected: int = 0


def game_id(group_id: str, play_uuid: str) -> str:
    return "bg" + hashlib.sha256(f"{group_id}:{play_uuid}".encode()).hexdigest()[:14]


def _game_name(game: Mapping[str, Any]) -> str:
    return clean(game.get("name") or game.get("bggName") or "")[:MAX_NAME]


def _seat_order(scores: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Start player first, then by the seat order or start position entered, else as listed."""
    def pos(s: dict[str, Any]) -> int:
        for key in ("seatOrder", "startPosition"):
            value = s.get(key)
            if isinstance(value, str) and value.strip().isdigit():
                value = int(value)
            if isinstance(value, int) and not isinstance(value, bool) and value > 0:
                return value
        return 0
    return sorted(scores, key=lambda s: (s.get("startPlayer") is not True, pos(s)))


def _places_from(winners: list[bool], ranks: list[int]) -> list[int]:
    """Places counted as a table counts them (1, 1, 3): by the ranks BG Stats has where it
    has them, else winners first and everyone else next."""
    n = len(winners)
    keys = ranks if all(r > 0 for r in ranks) else [0 if w else 1 for w in winners]
    return [1 + sum(1 for j in range(n) if keys[j] < keys[i]) for i in range(n)]


def _ref(item: Mapping[str, Any], key: str) -> int:
    value = item.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else -1


MOST = 10**9  # past any score: a winner's place key is always the smallest
SCORES = "scores"  # kept beside a result by places: the points BG Stats has, for the note


class Skip(Exception):
    def __init__(self, why: Msg):
        self.why = why


def _result(play: Mapping[str, Any], game: Mapping[str, Any], slug: str, n_players: int,
            rows: list[dict[str, Any]]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The record's settings and its one ``result`` entry's data."""
    try:
        scores = [score_of(r.get("score")) for r in rows]
    except ValueError as error:
        raise Skip(msg(N_("the score %(score)s is not a whole number."), score=str(error)[:30])) from None
    winners = [r.get("winner") is True for r in rows]
    ranks = [r["rank"] if isinstance(r.get("rank"), int) and not isinstance(r["rank"], bool) else 0 for r in rows]
    teams = [str(r.get("team") or "") for r in rows]
    cooperative = game.get("cooperative") is True
    no_points = game.get("noPoints") is True or all(s is None for s in scores)
    if slug != OWN:
        if any(s is None for s in scores):
            raise Skip(msg(N_("%(game)s needs each player's score; this play has none for some."),
                           game=GAMES[slug].title))
        data: dict[str, Any] = {"players": [{"score": s} for s in scores],
                                "winners": [i for i, w in enumerate(winners) if w]}
        whole = [s for s in scores if s is not None]  # every one, as just checked
        if "tie_unrecorded?" in SHAPES[slug].ENTRIES["result"] and whole.count(max(whole)) > 1:
            # A tie at the top: the export has no loot cards or money for the game's
            # tie-break, so the winners BG Stats marks stand (all the tied where it marks none).
            data["tie_unrecorded"] = True
        settings: dict[str, Any] = {}
        if "teams?" in SHAPES[slug].SETTINGS and n_players > 2 and len(set(teams)) == 2:
            sides = list(dict.fromkeys(teams))  # the first team listed is side 0
            settings["teams"] = [sides.index(team) for team in teams]
        return settings, data
    name = _game_name(game) or "BG Stats"
    # Everyone won together, or nobody won: the own game's cooperative result. A cooperative
    # game's play with some marked winners and some not (a traitor's game) is kept as marked.
    if cooperative and (all(winners) or not any(winners)):
        high = game.get("highestWins") is not False
        kept = [s if s is not None else (min if high else max)(x for x in scores if x is not None)
                for s in scores] if not no_points else [1] * n_players
        return ({"name": name, "scoring": "places" if no_points else "final",
                 "wins": "high" if high else "low", "ties": "share", "cooperative": True},
                {"players": [{"score": s} for s in kept],
                 "winners": list(range(n_players)) if all(winners) else []})
    if no_points:
        places = _places_from(winners, ranks)
        return ({"name": name, "scoring": "places", "ties": "share"},
                {"players": [{"score": p} for p in places],
                 "winners": [i for i, p in enumerate(places) if p == 1]})
    high = game.get("highestWins") is not False
    filled = [s if s is not None else (min if high else max)(x for x in scores if x is not None)
              for s in scores]
    best = (max if high else min)(filled)
    top = [i for i, s in enumerate(filled) if s == best]
    named = [i for i, w in enumerate(winners) if w]
    ties = "break" if len(top) > 1 and len(named) == 1 and named[0] in top else "share"
    if named and set(named) != set(top) and ties == "share":
        # The table's own winner, not who the points make (BG Stats' manual winner, a team
        # game): the winners first, the others by their points; the points stay in the note.
        keys = [0 if w else 1 + (-s if high else s) + MOST for w, s in zip(winners, filled, strict=True)]
        places = [1 + sum(1 for k in keys if k < key) for key in keys]
        return ({"name": name, "scoring": "places", "ties": "share"},
                {"players": [{"score": p} for p in places],
                 "winners": [i for i, p in enumerate(places) if p == 1], SCORES: filled})
    if not named:
        named = top
    return ({"name": name, "scoring": "final", "wins": "high" if high else "low", "ties": ties},
            {"players": [{"score": s} for s in filled], "winners": named})


def plan(export: Export, group_id: str, names: Mapping[str, str], zone: ZoneInfo | None = None,
         breathe: Callable[[], None] = lambda: None) -> Plan:
    """Each play as a record checked by the rules, or a refusal with its reason.

    ``names`` is the group's ``groups.names_now`` (a name's identity -> the player now), so
    a play's players are matched to the group's as a typed name is."""
    out = Plan()
    seen_new: dict[str, str] = {}
    matched: dict[str, str] = {}
    uuids: set[str] = set()
    since: datetime | None = None
    # Each game's and player's name cleaned once for the file, not once for each play.
    titles = {ref: _game_name(g) for ref, g in export.games.items()}
    slugs = {ref: game_slug(g) for ref, g in export.games.items()}
    people = {ref: clean(p.get("name")) if isinstance(p.get("name"), str) else ""
              for ref, p in export.players.items()}
    now = datetime.now().astimezone()
    for n, play in enumerate(export.plays, 1):
        breathe()
        if not isinstance(play, dict):
            out.refused.append(Refusal(n, "", "", msg(N_("it is not a play."))))
            continue
        game = export.games.get(_ref(play, "gameRefId"))
        title = titles[_ref(play, "gameRefId")] if game else ""
        played = _time(play.get("playDate"), zone)
        date = played.strftime("%Y-%m-%d") if played else ""

        def refuse(why: Msg) -> None:
            out.refused.append(Refusal(n, title, date, why))  # noqa: B023  (used at once)
        if play.get("ignored") is True:
            out.ignored += 1
            continue
        uid = play.get("uuid")
        if not isinstance(uid, str) or not uid.strip() or len(uid) > 100:
            refuse(msg(N_("it has no uuid.")))
            continue
        if uid in uuids:
            refuse(msg(N_("its uuid appears twice in the file.")))
            continue
        uuids.add(uid)
        if game is None:
            refuse(msg(N_("its game is not in the file.")))
            continue
        if played is None:
            refuse(msg(N_("its date is missing or not a date.")))
            continue
        rows = play.get("playerScores")
        if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) for r in rows):
            refuse(msg(N_("it has no players.")))
            continue
        seated = _seat_order(rows)
        players: list[str] = []
        problem = None
        for r in seated:
            name = people.get(_ref(r, "playerRefId"), "")
            if not name:
                problem = msg(N_("a player of it is not in the file."))
                break
            if len(name) > MAX_NAME:
                problem = msg(N_("the name %(name)s is longer than %(max)s characters."),
                              name=name[:MAX_NAME] + "…", max=MAX_NAME)
                break
            players.append(names.get(identity(name), name))
        if problem is None and len({identity(p) for p in players}) != len(players):
            problem = msg(N_("a player plays twice in it."))
        if problem is not None:
            refuse(problem)
            continue
        slug = slugs[_ref(play, "gameRefId")]
        try:
            settings, data = _result(play, game, slug, len(players), seated)
        except Skip as skip:
            refuse(skip.why)
            continue
        entered = _time(play.get("entryDate"), zone) or _time(play.get("modificationDate"), zone) or played
        entered = max(entered, played)
        modified = _time(play.get("modificationDate"), zone) or entered
        minutes = play.get("durationMin")
        kept = data.pop(SCORES, None)
        note = _note(play, export.locations, minutes,
                     " · ".join(f"{p} {k}" for p, k in zip(players, kept, strict=True)) if kept else "")
        gid = game_id(group_id, uid)
        if max(played, entered) > now + AHEAD:
            refuse(msg(N_("its date is in the future.")))
            continue
        try:
            # BG Stats' uuid where it is one (an export gives it back), else the game's id
            record, view = _record(slug, players, settings, note, data, group_id,
                                   uid if valid_id(uid) else gid, entered, played)
        except Skip as skip:
            refuse(skip.why)
            continue
        out.plays.append(Planned(uid, gid, record, modified.isoformat(), view))
        out.games[GAMES[slug].name(settings)] = out.games.get(GAMES[slug].name(settings), 0) + 1
        for name in players:
            if identity(name) in names:
                matched.setdefault(identity(name), name)
            else:
                seen_new.setdefault(identity(name), name)
        since = played if since is None or played < since else since
    out.new_players = sorted(seen_new.values(), key=identity)
    out.matched_players = sorted(matched.values(), key=identity)
    out.since = since.isoformat() if since else None
    return out


def _record(slug: str, players: list[str], settings: dict[str, Any], note: str, data: dict[str, Any],
            group_id: str, origin: str, entered: datetime, played: datetime) -> tuple[Record, View[Any]]:
    """A finished game of one ``result`` entry, checked as a record import checks one: the
    players and settings by ``new_record``, the entry by its shape and the rules (a replay).
    Built here rather than through ``transfer.import_record``, whose checks of a file's
    fields, depth and text a plan built from cleaned names and whole numbers never fails,
    and which took two thirds of a 5,000-play plan."""
    try:
        record = records.new_record(slug, players, settings, group=group_id, note=note,
                                    played_on=played.isoformat())
    except RulesError as error:
        raise Skip(msg(N_("Setup: %(why)s"), why="; ".join(t(m) for m in error.errors.values()))) from None
    record["created"] = entered.isoformat()
    record["origin"] = origin
    record["entries"] = [{"id": 1, "kind": "result", "data": data, "at": entered.isoformat(),
                          "source": "table", "edits": []}]
    try:
        view = records.replay(record)
    except ReplayError as error:
        reasons = "; ".join(f"{k or 'entry'}: {t(m)}" for k, m in error.error.errors.items())
        raise Skip(msg(N_("Entry %(n)s (%(kind)s) breaks the rules: %(why)s"),
                       n=1, kind="result", why=reasons)) from None
    return record, view


def known_names(store: Store, group_id: str) -> dict[str, str]:
    """The group's players as a typed name finds them: its games' names with their renames
    and merges (``groups.names_now``), and the names on its list who have not played yet."""
    names = groups.names_now(store, group_id)
    for name in groups.players(store, group_id):
        names.setdefault(identity(name), name)
    return names


def _note(play: Mapping[str, Any], locations: Mapping[int, str], minutes: Any, points: str = "") -> str:
    """Where it was played, how long, the points of a play its table won otherwise, and the
    play's comments (what BG Stats keeps of a play that a record of ours has no field for)."""
    lines = []
    where = locations.get(_ref(play, "locationRefId"))
    if where:
        lines.append(f"@ {where}")
    if isinstance(minutes, int) and not isinstance(minutes, bool) and 0 < minutes < 100_000:
        lines.append(f"⏱ {minutes} min")
    if points:
        lines.append(f"Σ {points}")
    if isinstance(play.get("comments"), str) and play["comments"].strip():
        lines.append(clean(play["comments"], lines=True))
    return "\n".join(lines)[:MAX_NOTE]


# -- against the group, and stored -------------------------------------------------------

def _result_entry(record: Record) -> tuple[int, dict[str, Any]]:
    entry = record["entries"][0]
    return entry["id"], dict(entry["data"])


def against(store: Store, group_id: str, planned: Plan) -> Plan:
    """Count what is here already: the same play (its game id), unchanged, or changed since."""
    planned.added = planned.present = planned.corrected = 0
    taken = store.ids_taken()  # one listing of the folders, not two stats for each play
    for p in planned.plays:
        if p.game_id in taken:
            try:
                here = store.load(p.game_id)
            except (DamagedFile, NoSuchGame):  # in the trash, or damaged: left as it is
                planned.present += 1
                continue
            if _changed(here, p):
                planned.corrected += 1
            else:
                planned.present += 1
        else:
            planned.added += 1
    return planned


def _changed(here: Record, p: Planned) -> bool:
    if not here.get("entries") or here["entries"][0]["kind"] != "result" or len(here["entries"]) != 1:
        return False
    if here.get("group") is not None and here.get("group") != p.record.get("group"):
        return False
    _, data = _result_entry(here)
    modified = datetime.fromisoformat(p.modified)
    entry = here["entries"][0]
    return (data != p.record["entries"][0]["data"] and here["players"] == p.record["players"]
            and all(modified > datetime.fromisoformat(at)
                    for at in [entry["at"]] + [e["at"] for e in entry.get("edits", [])]))


CHUNK = 500  # game files written between two words of progress (and one sync of the disk)


def store_plan(store: Store, group_id: str, planned: Plan,
               progress: Callable[[int, int], None] | None = None,
               breathe: Callable[[], None] = lambda: None) -> Plan:
    """Store the planned plays: new ones as games (their files ``CHUNK`` at a time, their
    index rows in one write, each row made from the replay the plan made), changed ones as
    corrections. Returns the counts of what was done."""
    planned.added = planned.present = planned.corrected = 0
    total = len(planned.plays)
    taken = store.ids_taken()  # a play stored meanwhile by another import: create_many sees it
    new = [p for p in planned.plays if p.game_id not in taken]
    if progress:
        progress(0, total)
    if new:
        rows = {}
        for p in new:
            breathe()
            if p.view is not None:
                rows[p.game_id] = summary.summary(p.record, p.view)

        def written(n: int) -> None:
            planned.added = n  # so far: what a refusal of the disk leaves stored
            breathe()
            if progress:
                progress(n, total)
        made = store.create_many([(p.game_id, p.record) for p in new], rows, written, CHUNK)
        planned.added = len(made)
        planned.present += len(new) - len(made)  # stored meanwhile by another import
    for p in planned.plays:
        if p.game_id not in taken:
            continue
        breathe()
        planned.present += 1
        try:
            here = store.load(p.game_id)
        except (DamagedFile, NoSuchGame):  # in the trash, or damaged: left as it is
            continue
        if _changed(here, p):
            entry_id = here["entries"][0]["id"]
            data = p.record["entries"][0]["data"]

            def correction(r: Record, e: int = entry_id, d: dict[str, Any] = data) -> Record:
                return records.correct(r, e, d)
            try:
                store.update(p.game_id, correction)
                planned.present -= 1
                planned.corrected += 1
            except RulesError:
                pass
    if progress:
        progress(total, total)
    return planned


def summary_lines(p: Plan) -> list[str]:
    """The summary as the restore command prints it (in English, as the commands speak)."""
    def count(n: int, word: str) -> str:
        return f"{n} {word}{'s' * (n != 1)}"
    lines = [f"{count(len(p.plays), 'play')} to import ({p.added} new, {p.present} already here, "
             f"{p.corrected} changed in BG Stats since: corrected here)",
             f"{count(len(p.games), 'game')}: " + ", ".join(sorted(p.games, key=identity)),
             f"players of the group: {', '.join(p.matched_players) or '-'}",
             f"new players: {', '.join(p.new_players) or '-'}"]
    if p.since:
        lines.append(f"plays since {p.since[:10]}")
    if p.ignored:
        lines.append(f"{count(p.ignored, 'play')} marked as ignored in BG Stats left out")
    if p.refused:
        lines.append(f"{count(len(p.refused), 'play')} not imported:")
        lines += ["  " + refusal_text(r) for r in p.refused]
    return lines


def refusal_text(r: Refusal) -> str:
    """One refusal as the summary says it, translated."""
    return t(msg(N_("Play %(n)s (%(game)s, %(date)s): %(why)s"), n=r.n, game=r.game or "?",
                 date=r.date or "?", why=t(r.why)))




# -- one finished play handed to BG Stats on the same phone --------------------------------

PUSH_URL = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "Loot Ledger"


def push_data(record: Record, view: View[Any]) -> dict[str, Any]:
    """A finished game as BG Stats' "push plays" link takes one play: who played, their
    scores as numbers (none for a game without points), places, who won, who started where
    the record says, when and how long (docs/bgstats.md)."""
    game, settings = GAMES[record["game"]], record.get("settings") or {}
    points = game.has_points(settings)
    by_seat = {s.seat: s for s in view.standings}
    winners = set(view.outcome.winners) if view.outcome else set()
    start = None if summary.result_only(record) else game.first_seat(
        record["players"], settings, [(e["kind"], e["data"]) for e in record["entries"]])
    when = summary.parse_time(summary.played_on(record)) or datetime.now().astimezone()
    out: dict[str, Any] = {
        "sourceName": SOURCE_NAME, "sourcePlayId": record["id"],
        "playDate": when.astimezone().strftime(TIME),
        "game": {"name": game.name(settings), "sourceGameId": f"{record['game']}:{identity(game.name(settings))}",
                 "highestWins": game.highest_wins(settings), "noPoints": not points},
        "players": [{"name": name, "sourcePlayerId": identity(name),
                     **({"score": by_seat[seat].score} if points else {}),
                     "rank": by_seat[seat].rank, "winner": seat in winners, "startPlayer": seat == start}
                    for seat, name in enumerate(record["players"])],
    }
    minutes = summary.play_minutes(record)
    if minutes:
        out["durationMin"] = minutes
    return out


def push_url(data: Mapping[str, Any]) -> str:
    return PUSH_URL + quote(json.dumps(data, ensure_ascii=False, separators=(",", ":")), safe="")
