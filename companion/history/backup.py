"""A group's history leaving the app and coming back: backup and restore, CSV, BG Stats.

A backup is one JSON file: every game of the group in the record format of
docs/record-format.md (with its id), plus the group's merges and renames of players, its
list of players, their colours and the group's time zone. A restore checks the whole file
first -- format, version, size, each record replayed through the rules, no id twice -- and
refuses it with the reason before anything is written. Games keep their ids, so restoring
the same backup again finds them present and adds nothing.

A game file that cannot be read does not stop the backup: every readable game is in it,
and each damaged one is named under ``damaged`` with the reason and its file's bytes as
they are on disk (base64), so the backup loses nothing the folder had and the host can mend
it by hand. A restore adds the readable games and names the damaged ones it could not.
"""
from __future__ import annotations

import base64
import binascii
import csv
import hashlib
import io
import re
import uuid
from collections.abc import Iterable, Mapping
from contextlib import suppress
from datetime import datetime
from pathlib import Path
from typing import Any, NotRequired, TypedDict

from .. import periods
from ..games import GAMES
from ..games.base import Msg, msg
from ..i18n import t
from ..markers import N_
from ..pages.chart import PALETTE
from ..record.entries import MAX_NAME, now_iso
from ..record.shape import Record
from ..record.summary import last_activity, parse_time
from ..storage import trash
from ..storage.store import DamagedFile, NoSuchGame, NotSaved, Store, StoreError, valid_id
from ..text import clean, identity
from . import groups
from .stats import game_key
from .transfer import ImportError_, export_record, import_record, parse

FORMAT = "loot-ledger-backup"
FORMAT_VERSION = 1
MAX_BYTES = 32 * 1024 * 1024
MAX_RECORDS = 20_000
ALIAS_KINDS = ("merge", "rename")
ALIAS_FIELDS = {"from", "to", "kind", "at"}
FIELDS = {"format", "format_version", "exported", "group", "players", "aliases", "records", "colours",
          "damaged"}
DAMAGED_FIELDS = {"id", "reason", "file"}
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
    damaged: NotRequired[list[Damaged]]  # only when a game file could not be read


class Damaged(TypedDict):
    """A game of the group whose file could not be read: why, and its bytes as on disk."""

    id: str
    reason: str
    file: str   # base64


class Restored(tuple[int, int, int]):
    """What a restore did: (games added, games already here, games in the group's trash);
    ``damaged``: the ids of the games the backup names as damaged, not restored."""

    damaged: list[str]

    def __new__(cls, added: int, present: int, trashed: int, damaged: Iterable[str] = ()) -> Restored:
        done = super().__new__(cls, (added, present, trashed))
        done.damaged = list(damaged)
        return done


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


def records_of(store: Store, group_id: str) -> tuple[list[Record], list[Damaged]]:
    """The group's game records, oldest first, and its games whose files cannot be read."""
    ids = [g["id"] for g in sorted(groups.group_games(store, group_id),
                                   key=lambda g: (g.get("created", ""), g["id"]))]
    readable: list[Record] = []
    damaged: list[Damaged] = []
    for game_id in ids:
        try:
            readable.append(store.load(game_id))
        except NoSuchGame:
            continue  # deleted meanwhile
        except DamagedFile as error:
            damaged.append(_damaged(game_id, error.reason, error.path))
    return readable, damaged


def _damaged(game_id: str, reason: str, path: Path) -> Damaged:
    try:
        raw = path.read_bytes()
    except OSError as error:
        raw, reason = b"", f"{reason}; its bytes cannot be read either ({error.strerror})"
    return {"id": game_id, "reason": reason, "file": base64.b64encode(raw).decode("ascii")}


def damaged_games(store: Store, group_id: str) -> list[Damaged]:
    """The group's games whose files cannot be read (what its backup names as damaged),
    without their bytes. Each file is read again only once it changed (its size and time)."""
    found: list[Damaged] = []
    for row in groups.group_games(store, group_id):
        path = store.file(row["id"])
        try:
            stat = path.stat()
        except OSError:
            continue
        key = (str(path), stat.st_size, stat.st_mtime_ns)
        if key not in _READ:
            try:
                store.read_file(path)
                reason = None
            except NoSuchGame:
                continue
            except DamagedFile as error:
                reason = error.reason
            if len(_READ) > 10_000:
                _READ.clear()
            _READ[key] = reason
        if _READ[key] is not None:
            found.append({"id": row["id"], "reason": str(_READ[key]), "file": ""})
    return sorted(found, key=lambda d: d["id"])


_READ: dict[tuple[str, int, int], str | None] = {}  # a game file by path, size and time: why it is damaged


def backup(store: Store, group_id: str) -> Backup:
    group: Mapping[str, Any] = groups.get(store, group_id) or {}
    readable, damaged = records_of(store, group_id)
    made: Backup = {
        "format": FORMAT, "format_version": FORMAT_VERSION, "exported": now_iso(),
        "group": {"name": group.get("name", ""),
                  **({"timezone": group["timezone"]} if group.get("timezone") else {})},
        "players": list(group.get("players", [])),
        "colours": dict(group.get("colours") or {}),
        "aliases": [{k: a[k] for k in ("from", "to", "kind", "at")}
                    for a in groups.aliases(store, group_id)],
        "records": [export_record(r) for r in readable],
    }
    if damaged:
        made["damaged"] = damaged
    return made


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
            "colours": {identity(k): v for k, v in colours.items()}, "timezone": group.get("timezone"),
            "damaged": _damaged_named(data.get("damaged", []), seen)}


def _damaged_named(damaged: Any, seen: set[str]) -> list[str]:
    """The ids of the games a backup names as damaged (their bytes are checked as base64
    and kept in the file, not restored)."""
    if not isinstance(damaged, list) or len(damaged) > MAX_RECORDS:
        raise _fail(N_("The damaged games of the backup must be a list."))
    ids = []
    for n, item in enumerate(damaged, 1):
        if not (isinstance(item, dict) and set(item) <= DAMAGED_FIELDS and valid_id(item.get("id"))
                and isinstance(item.get("reason", ""), str) and isinstance(item.get("file", ""), str)):
            raise _fail(N_("Damaged game %(n)s is not named as the app names one (its id, the reason, its bytes)."), n=n)
        try:
            base64.b64decode(item.get("file", ""), validate=True)
        except (binascii.Error, ValueError):
            raise _fail(N_("Damaged game %(n)s: its bytes are not base64."), n=n) from None
        if item["id"] in seen:
            raise _fail(N_("Game id %(id)s appears twice."), id=item["id"])
        seen.add(item["id"])
        ids.append(item["id"])
    return ids


def _name(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(clean(value)) <= MAX_NAME


def restore(store: Store, group_id: str, raw: bytes | str,
            max_bytes: int = MAX_BYTES) -> Restored:
    """Bring a checked backup into the group; return (games added, games already here,
    games in the group's trash), and the ids of the games it names as damaged, which
    cannot be restored (``Restored.damaged``).

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
    return Restored(added, present, trashed, data["damaged"])


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
# BG Stats' time of a play whose time of day was never entered (docs/bgstats.md).
DAY_ALONE = "10:00:00"


def _bg_play_date(row: Mapping[str, Any], entered: str) -> str:
    """When a play was played, as BG Stats writes it: a result entered with its day alone
    (``played_day``) at BG Stats' time for a day without one, or when it was entered where
    that was earlier the same day (a play is never entered before it was played)."""
    day = row.get("played_day")
    if isinstance(day, str) and len(day) == 10:
        return min(f"{day} {DAY_ALONE}", entered)
    return _bg_time(row.get("started"))


def _bg_game(record: Mapping[str, Any]) -> dict[str, Any]:
    """A game as BG Stats describes it, named and scored as its record's settings say."""
    game, settings = GAMES[record["game"]], record.get("settings") or {}
    return {"name": game.name(settings), "cooperative": settings.get("cooperative") is True,
            "highestWins": game.highest_wins(settings), "noPoints": not game.has_points(settings),
            "usesTeams": _teams(record) is not None,
            "minPlayerCount": game.min_players, "maxPlayerCount": game.max_players}


def _teams(record: Mapping[str, Any]) -> list[int] | None:
    """Each seat's team where the game is played in teams (Give Me The Treasure for 3 or 4)."""
    teams = (record.get("settings") or {}).get("teams")
    return list(teams) if isinstance(teams, list) and len(set(teams)) < len(teams) else None


def _from_note(note: str, seats: int) -> tuple[str | None, int | None, list[int] | None, str]:
    """Where, how long and the points of a play won otherwise than by them, as an import from
    BG Stats wrote them into the note (bgstats._note), and the rest of the note: a round trip
    gives BG Stats its location, duration and scores back."""
    lines = note.split("\n") if note else []
    where = lines.pop(0)[2:] if lines and lines[0].startswith("@ ") else None
    minutes = points = None
    if lines and lines[0].startswith("⏱ ") and lines[0].endswith(" min") and lines[0][2:-4].isdigit():
        minutes = int(lines.pop(0)[2:-4])
    if lines and lines[0].startswith("Σ "):
        found = [part.rsplit(" ", 1)[-1] for part in lines[0][2:].split(" · ")]
        if len(found) == seats and all(f.lstrip("-").isdigit() for f in found):
            points = [int(f) for f in found]
            lines.pop(0)
    return where, minutes, points, "\n".join(lines)


def bgstats(store: Store, group_id: str, group_name: str) -> dict[str, object]:
    """The group's finished games as a file BG Stats imports (docs/bgstats.md).

    Uuids are derived from the group and the names or game ids, so exporting twice gives
    the same uuids and BG Stats sees the same plays, not new ones; a play that came from
    BG Stats keeps its own uuid. No player is named the phone's owner (``meRefId``): BG
    Stats asks whose phone it is.
    """
    names = groups.names_now(store, group_id)
    finished = sorted((s for s in groups.group_games(store, group_id) if s.get("status") == "finished"),
                      key=lambda s: (s.get("ended") or "", s["id"]))
    stamp = _bg_time(now_iso())
    player_ids: dict[str, int] = {}
    game_ids: dict[str, int] = {}
    location_ids: dict[str, int] = {group_name: 1}
    # Each game as BG Stats knows it, by stats.game_key: one per name for a game its host
    # names, described by its first game's settings.
    described: dict[str, dict[str, Any]] = {}
    plays, seen_at = [], set()
    for s in finished:
        try:
            record = store.load(s["id"])
        except (DamagedFile, NoSuchGame):  # a damaged file is named by backup.json, not here
            continue
        start = None if s.get("result_only") else start_seat(record)
        key = game_key(s)
        game_ref = game_ids.setdefault(key, len(game_ids) + 1)
        described.setdefault(key, _bg_game(record))
        points = GAMES[record["game"]].has_points(record.get("settings") or {})
        teams = _teams(record)
        where, minutes, kept, comments = _from_note(str(record.get("note") or ""), len(s["players"]))
        scores = []
        for seat, typed in enumerate(s["players"]):
            who = groups.canonical(typed, names)
            ref = player_ids.setdefault(who, len(player_ids) + 1)
            score: dict[str, Any] = {
                "playerRefId": ref,
                "score": str(s["scores"][seat]) if points else str(kept[seat]) if kept else "",
                "winner": seat in s["winners"], "rank": s["ranks"][seat], "startPlayer": seat == start,
                "seatOrder": seat, "newPlayer": (who, key) not in seen_at, "role": ""}
            if teams is not None:
                score.update(team=str(teams[seat]), teamRole="")
            scores.append(score)
            seen_at.add((who, key))
        # Dates in the order BG Stats keeps them: played, entered, changed last.
        entered = record["created"]
        changed = max((last_activity(record), entered), key=lambda at: parse_time(at))  # type: ignore[arg-type,return-value]
        play = {
            "uuid": _play_uuid(group_id, s), "modificationDate": _bg_time(changed),
            "entryDate": _bg_time(entered), "playDate": _bg_play_date(s, _bg_time(entered)),
            "usesTeams": teams is not None,
            "durationMin": int(s.get("minutes") or minutes or 0), "ignored": False,
            # A game played on paper, entered as its result alone: its winner is the one the
            # table named (checked by the rules), and the play says so in its variant text.
            "manualWinner": bool(s.get("result_only")), "rounds": int(s.get("rounds") or 0),
            "locationRefId": location_ids.setdefault(where or group_name, len(location_ids) + 1),
            "gameRefId": game_ref,
            "board": RESULT_ONLY_BOARD if s.get("result_only") else "",
            # 0: scored as the game says (its highestWins and noPoints)
            "scoringSetting": 0, "playerScores": scores, "expansionPlays": []}
        if comments:
            play["comments"] = comments
        plays.append(play)
    # A game its host named is called as first typed, as the statistics call it.
    for s in sorted(finished, key=lambda s: (s.get("created", ""), s["id"]), reverse=True):
        if s.get("name"):
            described[game_key(s)]["name"] = s["name"]
    return {
        "about": f"Loot Ledger export of {group_name}: {len(plays)} {'play' if len(plays) == 1 else 'plays'}",
        "players": [{"uuid": _uuid(group_id, "player", identity(n)), "id": i, "name": n,
                     "isAnonymous": False, "modificationDate": stamp} for n, i in player_ids.items()],
        "locations": [{"uuid": _uuid(group_id, "location", *([] if i == 1 else [n])), "id": i, "name": n,
                       "modificationDate": stamp} for n, i in location_ids.items()],
        "games": [{"uuid": _uuid("game", key), "id": i, **described[key], "modificationDate": stamp}
                  for key, i in game_ids.items()],
        "plays": plays,
        "userInfo": {"exportDate": stamp},
    }


def _play_uuid(group_id: str, row: Mapping[str, Any]) -> str:
    """A play's uuid: BG Stats' own for a play that came from it (kept as the game's
    ``origin``, bgstats.py), so BG Stats finds the play it has; else derived from the id."""
    origin = row.get("origin")
    if isinstance(origin, str) and UUID_TEXT.fullmatch(origin):
        return origin
    return _uuid(group_id, "play", row["id"])


UUID_TEXT = re.compile(r"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}")
