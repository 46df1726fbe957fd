"""A group's history leaving the app and coming back: backup and restore, CSV, BG Stats.

A backup is one JSON file: every game of the group in the record format of
docs/record-format.md (with its id), plus the group's merges and renames of players, its
list of players, their colours and the group's time zone. A restore checks the whole file
first -- format, version, size, each record replayed through the rules, no id twice -- and
refuses it with the reason before anything is written. Games keep their ids, so restoring
the same backup again finds them present and adds nothing.
"""
from __future__ import annotations

import csv
import hashlib
import io
import uuid
from collections.abc import Iterable, Mapping
from contextlib import suppress
from datetime import datetime
from typing import Any, TypedDict

from . import groups, periods, trash
from .chart import PALETTE
from .games import GAMES
from .games.base import N_, Msg, msg
from .i18n import t
from .record import Record
from .records import MAX_NAME, now_iso
from .stats import game_key
from .store import NotSaved, Store, StoreError, valid_id
from .summary import parse_time
from .text import clean, identity
from .transfer import ImportError_, export_record, import_record, parse

FORMAT = "loot-ledger-backup"
FORMAT_VERSION = 1
MAX_BYTES = 32 * 1024 * 1024
MAX_RECORDS = 20_000
ALIAS_KINDS = ("merge", "rename")
ALIAS_FIELDS = {"from", "to", "kind", "at"}
FIELDS = {"format", "format_version", "exported", "group", "players", "aliases", "records", "colours"}
GROUP_FIELDS = {"name", "timezone"}
UUID_SPACE = uuid.UUID("5b1f6a8e-2d0c-4c55-9a57-4c6f6f74a11e")  # ours; stable uuids per name


class Backup(TypedDict):
    """A group's backup file (docs/record-format.md's records, with the group's names)."""

    format: str
    format_version: int
    exported: str
    group: dict[str, str]           # its name, and its time zone if it chose one
    players: list[str]
    colours: dict[str, str]
    aliases: list[dict[str, str]]   # {from, to, kind, at}
    records: list[dict[str, object]]


class BackupError(ValueError):
    def __init__(self, message: Msg):
        self.message = message
        super().__init__(str(message))


class Interrupted(Exception):
    """The disk refused a write partway through a restore: ``added`` games were restored
    before it. Restoring the same backup again adds the rest."""

    def __init__(self, error: NotSaved, added: int):
        self.error = error
        self.added = added
        super().__init__(f"{error.detail} after {added} games")


def _fail(text: str, **args: Any) -> BackupError:
    return BackupError(msg(text, **args))


def records_of(store: Store, group_id: str) -> list[Record]:
    """The group's game records, oldest first (a damaged file stops the backup: DamagedFile)."""
    ids = [g["id"] for g in sorted(groups.group_games(store, group_id),
                                   key=lambda g: (g.get("created", ""), g["id"]))]
    return [store.load(i) for i in ids]


def backup(store: Store, group_id: str) -> Backup:
    group: Mapping[str, Any] = groups.get(store, group_id) or {}
    return {
        "format": FORMAT, "format_version": FORMAT_VERSION, "exported": now_iso(),
        "group": {"name": group.get("name", ""),
                  **({"timezone": group["timezone"]} if group.get("timezone") else {})},
        "players": list(group.get("players", [])),
        "colours": dict(group.get("colours") or {}),
        "aliases": [{k: a[k] for k in ("from", "to", "kind", "at")}
                    for a in groups.aliases(store, group_id)],
        "records": [export_record(r) for r in records_of(store, group_id)],
    }


def check(raw: bytes | str, group_id: str, max_bytes: int = MAX_BYTES) -> dict[str, Any]:
    """The backup read and checked: ``{"records": [(id, record)], "aliases", "players",
    "colours", "timezone"}``."""
    if len(raw) > max_bytes:
        raise _fail(N_("The backup is larger than %(max)s bytes."), max=max_bytes)
    try:
        data = parse(raw, max_bytes, msg(N_("a backup")))
    except ImportError_ as error:
        raise BackupError(error.message) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _fail(N_("This is not a Loot Ledger backup."))
    if type(data.get("format_version")) is not int or data["format_version"] != FORMAT_VERSION:
        raise _fail(N_("Backup format version %(v)s is not one this app reads."),
                    v=str(data.get("format_version"))[:20])
    unknown = sorted(str(k)[:40] for k in data if k not in FIELDS)
    if unknown:
        raise _fail(N_("The backup has a field this app does not know: %(field)s."), field=unknown[0])
    records, aliases = data.get("records"), data.get("aliases", [])
    names = data.get("players", [])
    if not isinstance(records, list) or not isinstance(aliases, list) or not isinstance(names, list):
        raise _fail(N_("The records, aliases and players must be lists."))
    if len(records) > MAX_RECORDS:
        raise _fail(N_("Too many games in one backup (at most %(max)s)."), max=MAX_RECORDS)
    seen: set[str] = set()
    checked = []
    for n, item in enumerate(records, 1):
        game_id = item.get("id") if isinstance(item, dict) else None
        if not valid_id(game_id):
            raise _fail(N_("Game %(n)s: its id is missing or not a valid id."), n=n)
        if game_id in seen:
            raise _fail(N_("Game id %(id)s appears twice."), id=game_id)
        seen.add(game_id)
        try:
            checked.append((game_id, import_record(item, group=group_id)))
        except ImportError_ as error:
            raise _fail(N_("Game %(n)s (%(id)s): %(why)s"), n=n, id=game_id, why=t(error.message)) from None
    for n, a in enumerate(aliases, 1):
        if not (isinstance(a, dict) and a.get("kind") in ALIAS_KINDS and set(a) <= ALIAS_FIELDS
                and all(_name(a.get(k)) for k in ("from", "to")) and isinstance(a.get("at", ""), str)):
            raise _fail(N_("Merge or rename %(n)s is not a valid one."), n=n)
    if not all(_name(p) for p in names):
        raise _fail(N_("The players must be a list of names."))
    group, colours = data.get("group", {}), data.get("colours", {})
    if not (isinstance(group, dict) and set(group) <= GROUP_FIELDS
            and isinstance(group.get("name", ""), str)
            and ("timezone" not in group or periods.is_zone(group["timezone"]))):
        raise _fail(N_("The group in the backup is not a valid one (a name and a known time zone)."))
    if not (isinstance(colours, dict) and all(_name(k) and v in PALETTE for k, v in colours.items())):
        raise _fail(N_("The colours in the backup must be player names, each with one of the colours offered."))
    aliases = [{**a, "from": clean(a["from"]), "to": clean(a["to"])} for a in aliases]
    return {"records": checked, "aliases": aliases, "players": [clean(p) for p in names],
            "colours": {identity(k): v for k, v in colours.items()}, "timezone": group.get("timezone")}


def _name(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(clean(value)) <= MAX_NAME


def restore(store: Store, group_id: str, raw: bytes | str,
            max_bytes: int = MAX_BYTES) -> tuple[int, int, int]:
    """Bring a checked backup into the group; return (games added, games already here,
    games in the group's trash).

    A game whose id another group's game has -- listed or in its trash -- gets an id
    derived from both, the same every time, so a second restore still finds it. A game
    in the group's own trash stays there, as an import of it does (transfer.already_here):
    a restore adds, it does not undo a delete, and the trash's copy may have entries the
    backup lacks; the Trash brings it back whole.
    """
    data = check(raw, group_id, max_bytes)
    with suppress(NotSaved):  # a disk that takes nothing says so at the first game
        trash.purge(store)  # a game past its 30 days frees its id
    added = present = trashed = 0
    for game_id, record in data["records"]:
        target, held = game_id, trash.holder(store, game_id)
        if held is not None and held[0] != group_id:
            target = hashlib.sha256(f"{group_id}:{game_id}".encode()).hexdigest()[:12]
            held = trash.holder(store, target)
        if held is not None:
            if held[0] != group_id or not held[1]:
                present += 1  # (or, a crafted id, another group's: never taken over)
            else:
                trashed += 1
            continue
        if record.get("origin") == target:
            del record["origin"]  # the game keeps its own id: it is its own origin
        try:
            store.create(record, game_id=target)
            added += 1
        except NotSaved as error:
            raise Interrupted(error, added) from error
        except StoreError:
            present += 1  # restored meanwhile by another request
    try:
        _restore_names(store, group_id, data)
    except NotSaved as error:
        raise Interrupted(error, added) from error
    return added, present, trashed


def _restore_names(store: Store, group_id: str, data: Mapping[str, Any]) -> None:
    """The backup's renames and merges, players, colours and time zone, where the group has
    none of its own yet (a restore adds; it does not undo what the group changed since)."""
    def change(tables: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
        table = tables["aliases"]
        taken = {identity(a["from"]) for a in table.values() if a.get("group") == group_id}
        for a in data["aliases"]:
            if identity(a["from"]) not in taken:
                key = hashlib.sha256(f"{group_id}:{identity(a['from'])}".encode()).hexdigest()[:12]
                table[key] = {"id": key, "group": group_id, "from": a["from"],
                              "to": a["to"], "kind": a["kind"], "at": str(a.get("at", ""))[:40]}
                taken.add(identity(a["from"]))
        group = dict(tables["groups"].get(group_id) or groups.get(store, group_id) or {})
        have = {identity(p) for p in group.get("players", [])}
        group["players"] = list(group.get("players", [])) + [
            p for p in data["players"] if identity(p) not in have]
        group["colours"] = {**data["colours"], **(group.get("colours") or {})}
        if data["timezone"] and not group.get("timezone"):
            group["timezone"] = data["timezone"]
        return {"aliases": table, "groups": {**tables["groups"], group_id: group}}
    if data["aliases"] or data["players"] or data["colours"] or data["timezone"]:
        store.index.change_tables(change)


# -- results as CSV ------------------------------------------------------------------------

# ``game`` is the game's slug; ``game_name`` what the table calls it: a game of the table's own
# by the name its host gave it (summary.py keeps it in the index), the others by their title.
CSV_COLUMNS = ("game_id", "game", "game_name", "ended", "player", "entered_as", "seat", "score",
               "rank", "winner", "minutes", "rounds", "result_only")


def _cell(value: Any) -> Any:
    # A name starting with = + - @ would run as a formula in a spreadsheet.
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def results_csv(summaries: Iterable[Mapping[str, Any]], names: Mapping[str, str]) -> str:
    """One row per player per finished game, oldest game first."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    finished = sorted((s for s in summaries if s.get("status") == "finished"),
                      key=lambda s: (s.get("ended") or "", s["id"]))
    for s in finished:
        for seat, typed in enumerate(s["players"]):
            writer.writerow([_cell(v) for v in (
                # A result entered without a time ended on its day, at no time.
                s["id"], s["game"], s.get("name") or GAMES[s["game"]].title,
                s.get("played_day") or s.get("ended") or "",
                groups.canonical(typed, names), typed, seat,
                s["scores"][seat], s["ranks"][seat], int(seat in s["winners"]),
                "" if s.get("minutes") is None else s["minutes"], s.get("rounds", ""),
                int(bool(s.get("result_only"))))])
    return out.getvalue()


# -- plays in BG Stats' import format -----------------------------------------------------

def start_seat(record: Record) -> int | None:
    """Who went first, as the game reads its record (docs/games/)."""
    return GAMES[record["game"]].first_seat(
        record["players"], record.get("settings", {}),
        [(e["kind"], e["data"]) for e in record.get("entries", [])])


def _bg_time(value: str | None) -> str:
    moment = parse_time(value) or datetime.now().astimezone()
    return moment.astimezone().strftime("%Y-%m-%d %H:%M:%S")


def _uuid(*parts: str) -> str:
    return str(uuid.uuid5(UUID_SPACE, ":".join(parts)))


RESULT_ONLY_BOARD = "Result only (played on paper)"


def _bg_game(record: Mapping[str, Any]) -> dict[str, Any]:
    """A game as BG Stats describes it, named and scored as its record's settings say."""
    game, settings = GAMES[record["game"]], record.get("settings") or {}
    return {"name": game.name(settings), "cooperative": False,
            "highestWins": game.highest_wins(settings), "noPoints": not game.has_points(settings),
            "usesTeams": False, "minPlayerCount": game.min_players, "maxPlayerCount": game.max_players}


def bgstats(store: Store, group_id: str, group_name: str) -> dict[str, object]:
    """The group's finished games as a file BG Stats imports (see docs/formats in the brief).

    Uuids are derived from the group and the names or game ids, so exporting twice gives
    the same uuids and BG Stats sees the same plays, not new ones.
    """
    names = groups.names_now(store, group_id)
    finished = sorted((s for s in groups.group_games(store, group_id) if s.get("status") == "finished"),
                      key=lambda s: (s.get("ended") or "", s["id"]))
    stamp = _bg_time(now_iso())
    player_ids: dict[str, int] = {}
    game_ids: dict[str, int] = {}
    # Each game as BG Stats knows it, by stats.game_key: one per name for a game its host
    # names, described by its first game's settings.
    described: dict[str, dict[str, Any]] = {}
    counts: dict[str, int] = {}
    plays, seen_at = [], set()
    for s in finished:
        record = store.load(s["id"])
        start = start_seat(record)
        key = game_key(s)
        game_ref = game_ids.setdefault(key, len(game_ids) + 1)
        described.setdefault(key, _bg_game(record))
        scores = []
        for seat, typed in enumerate(s["players"]):
            who = groups.canonical(typed, names)
            ref = player_ids.setdefault(who, len(player_ids) + 1)
            counts[who] = counts.get(who, 0) + 1
            scores.append({
                "playerRefId": ref, "score": str(s["scores"][seat]), "winner": seat in s["winners"],
                "rank": s["ranks"][seat], "startPlayer": seat == start, "seatOrder": seat,
                "newPlayer": (who, key) not in seen_at, "role": ""})
            seen_at.add((who, key))
        plays.append({
            "uuid": _uuid(group_id, "play", s["id"]), "modificationDate": _bg_time(s.get("ended")),
            "entryDate": _bg_time(s.get("created")), "playDate": _bg_time(s.get("started")),
            "usesTeams": False, "durationMin": int(s.get("minutes") or 0), "ignored": False,
            # A game played on paper, entered as its result alone: its winner is the one the
            # table named (checked by the rules), and the play says so in its variant text.
            "manualWinner": bool(s.get("result_only")), "rounds": int(s.get("rounds") or 0),
            "locationRefId": 1, "gameRefId": game_ref,
            "board": RESULT_ONLY_BOARD if s.get("result_only") else "", "scoringSetting": 0,
            "playerScores": scores, "expansionPlays": []})
    # A game its host named is called as first typed, as the statistics call it.
    for s in sorted(finished, key=lambda s: (s.get("created", ""), s["id"]), reverse=True):
        if s.get("name"):
            described[game_key(s)]["name"] = s["name"]
    me = max(counts, key=lambda n: (counts[n], n)) if counts else None
    return {
        "about": f"Loot Ledger export of {group_name}: {len(plays)} {'play' if len(plays) == 1 else 'plays'}",
        "players": [{"uuid": _uuid(group_id, "player", identity(n)), "id": i, "name": n,
                     "isAnonymous": False, "modificationDate": stamp} for n, i in player_ids.items()],
        "locations": [{"uuid": _uuid(group_id, "location"), "id": 1, "name": group_name,
                       "modificationDate": stamp}],
        "games": [{"uuid": _uuid("game", key), "id": i, **described[key], "modificationDate": stamp}
                  for key, i in game_ids.items()],
        "plays": plays,
        "userInfo": {"meRefId": player_ids[me] if me else None},
    }
