"""Groups (the people who play together), their access codes, and their players' names.

History and statistics belong to a group. The embedded default is one household group
with no code, so a fresh install works at once. A code is kept only as a salted hash
(werkzeug's password hashing); a join link carries a token derived from the app's secret
key and the group's code generation, so changing the code also retires old links and
signs out the phones that joined with the old code.

Players are the names in a group's games. A rename or a merge is recorded as an alias
(``from`` -> ``to``) in the index instead of rewriting game files: the records stay what
the table typed, nothing is lost, and deleting the alias undoes the merge.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NotRequired, TypedDict, cast

from werkzeug.security import check_password_hash, generate_password_hash

from .. import clock
from ..games.base import Msg, msg, msg_n
from ..markers import N_
from ..record.entries import MAX_NAME, now_iso
from ..record.entries import sent_before as _sent
from ..record.shape import DEFAULT_GROUP, Row, group_of
from ..storage.store import Store
from ..text import Refused, clean, field_text, identity

MIN_CODE = 4
MAX_GROUP_NAME = 40
# Wrong codes: the first few are free (a typo), then each one doubles the wait, up to a
# quarter of an hour; a quiet day forgets them.
FREE_TRIES = 3
MAX_WAIT = 15 * 60
FORGET_AFTER = 24 * 60 * 60
THROTTLE = "throttle"


class Group(TypedDict):
    """A group as the index's ``groups`` table keeps it."""

    id: str
    name: str                # "" for the household, shown as "Household"
    code_hash: str | None    # None: no access code, everyone who picks it is in
    gen: int                 # counts the codes: a phone joined with an older one must join again
    players: list[str]       # names put on the list before they played
    created: str
    created_by: NotRequired[str]       # the submission that made it
    submissions: NotRequired[list[str]]
    colours: NotRequired[dict[str, str]]  # a player's identity -> their colour
    timezone: NotRequired[str]


# A rename or a merge ("kind") of a group's player: the games typed as "from" count for "to"
# (a keyword, hence the functional form).
Alias = TypedDict("Alias", {"id": str, "group": str, "from": str, "to": str, "kind": str, "at": str})


class Counter(TypedDict):
    """Wrong codes in a row at one target, and when the last one came."""

    failures: int
    last: float


class GroupError(ValueError):
    def __init__(self, message: Msg, field: str = ""):
        self.message = message
        self.field = field
        super().__init__(str(message))


class SentBefore(GroupError):
    """This form was applied already (a double tap, a resend after a lost answer): what it
    asked for is there, in ``group``."""

    def __init__(self, group: Group):
        self.group = group.copy()
        super().__init__(msg(N_("This form was sent before and is stored already, so nothing "
                                "new was stored.")))


KEEP_SUBMISSIONS = 50  # a group's forms are few; enough for any double tap or resend


def _with_submission(group: Group, submission: str) -> Group:
    if submission:
        group["submissions"] = [*group.get("submissions", ()), submission][-KEEP_SUBMISSIONS:]
    return group


def _made_by(groups: Mapping[str, Group], submission: str) -> Group | None:
    return next((g.copy() for g in groups.values()
                 if submission and g.get("created_by") == submission), None)


def made_by(store: Store, submission: str) -> Group | None:
    """The group the new-group form ``submission`` made, if it made one."""
    return _made_by(all_groups(store), submission)


def _default() -> Group:
    return {"id": DEFAULT_GROUP, "name": "", "code_hash": None, "gen": 0, "players": [], "created": ""}


def all_groups(store: Store) -> dict[str, Group]:
    groups = cast(dict[str, Group], dict(store.index.table("groups")))
    groups.setdefault(DEFAULT_GROUP, _default())
    return groups


def get(store: Store, group_id: str | None) -> Group | None:
    return all_groups(store).get(group_id or "")


def find_by_name(store: Store, name: str) -> Group | None:
    wanted = identity(name)
    for group in all_groups(store).values():
        if identity(display_name(group)) == wanted or group["id"] == clean(name):
            return group
    return None


def display_name(group: Group) -> str:
    """The stored name; the default group's empty name reads "Household" (translated by views)."""
    return group.get("name") or N_("Household")


# -- membership (the session holds the group and the code generation it joined with) ------

def current(store: Store, session: Mapping[str, Any]) -> Group | None:
    group = get(store, session.get("group") or DEFAULT_GROUP)
    if group is None:
        return None
    if group["code_hash"] is None:
        return group  # no code: everyone who picks it is in
    if session.get("group") == group["id"] and session.get("gen") == group["gen"]:
        return group
    return None


def enter(session: Any, group: Group) -> None:
    session["group"] = group["id"]
    session["gen"] = group["gen"]
    session.permanent = True


def check_code(group: Group, code: str) -> bool:
    if group["code_hash"] is None:
        return True
    return check_password_hash(group["code_hash"], code or "")


def invite_token(secret: str, group: Group) -> str:
    key = secret.encode() if isinstance(secret, str) else secret
    return hmac.new(key, f"join:{group['id']}:{group['gen']}".encode(), hashlib.sha256).hexdigest()[:32]


def token_matches(secret: str, group: Group, token: str) -> bool:
    return hmac.compare_digest(invite_token(secret, group), token or "")


def _check_code_text(code: str) -> str:
    code = (code or "").strip()
    if len(code) < MIN_CODE:
        raise GroupError(msg(N_("An access code needs at least %(n)s characters."), n=MIN_CODE), "code")
    return code


def set_code(store: Store, group_id: str, code: str) -> Group:
    """Give the group a new code; phones that joined with the old one must join again."""
    code = _check_code_text(code)

    def change(groups: dict[str, Group]) -> dict[str, Group]:
        found = groups.get(group_id) or (_default() if group_id == DEFAULT_GROUP else None)
        if not found:
            raise GroupError(msg(N_("No such group.")))
        group: Group = {**found, "code_hash": generate_password_hash(code), "gen": found.get("gen", 0) + 1}
        return {**groups, group_id: group}
    return cast(Group, store.index.change_table("groups", change)[group_id])


def create(store: Store, name: str, code: str, submission: str = "") -> Group:
    """A new group; ``SentBefore`` when the form with ``submission`` made one already.

    Only the submission that made a group (``created_by``) counts: the ids a group keeps of
    its other forms (players added, renames) are no proof that this phone made it."""
    made = _made_by(all_groups(store), submission)
    if made is not None:
        raise SentBefore(made)
    name = clean_name(name, MAX_GROUP_NAME)
    if not name:
        raise GroupError(msg(N_("Give the group a name.")), "name")
    code = _check_code_text(code)
    if find_by_name(store, name) is not None:
        raise GroupError(msg(N_("A group of that name exists already.")), "name")
    group: Group = _with_submission({
        "id": secrets.token_hex(6), "name": name, "code_hash": generate_password_hash(code),
        "gen": 1, "players": [], "created": now_iso(), "created_by": submission}, submission)

    def change(groups: dict[str, Group]) -> dict[str, Group]:
        # Checked again under the lock: the same form sent twice at once makes one group.
        made = _made_by(groups, submission)
        if made is not None:
            raise SentBefore(made)
        return {**groups, group["id"]: group}
    store.index.change_table("groups", change)
    return group


# New groups: each address may make NEW_GROUPS a day. A group is cheap for a phone (the
# code-less Household lets any phone in and make one), but each is kept for good in the index
# and listed nowhere: one phone made 300 in 82 s (issue 34).
NEW_GROUPS = 10
MADE_GROUPS = "made_groups"
TOO_MANY_GROUPS = N_("This device has made as many new groups today as one device may. Join "
                     "a group that exists, or make the new one tomorrow.")


def count_new_group(store: Store, address: str, now: float | None = None) -> Callable[[], None]:
    """Before a new group from ``address`` is made: counted, or GroupError (next to its name)
    when that address has made NEW_GROUPS in the last day. Counted first, under the state's
    lock, so that forms sent at once cannot all pass; the answer takes the count back when no
    group was made after all (a resent form, a name in use)."""
    refused = []

    def change(state: dict[str, Any]) -> dict[str, Any]:
        at = _now(now)
        # min(), kept: a clock set back does not stretch the day.
        state = {a: [min(t, at) for t in times if at - t < FORGET_AFTER]
                 for a, times in state.items()}
        made = state.get(address, [])
        if len(made) >= NEW_GROUPS:
            refused.append(True)
        else:
            state[address] = [*made, at]
        return {a: times for a, times in state.items() if times}
    store.change_state(MADE_GROUPS, change)
    if refused:
        raise GroupError(msg(TOO_MANY_GROUPS), "name")

    def take_back() -> None:
        def undo(state: dict[str, Any]) -> dict[str, Any]:
            times = state.get(address, [])
            return {**state, address: times[:-1]} if times else state
        store.change_state(MADE_GROUPS, undo)
    return take_back


def rename_group(store: Store, group_id: str, name: str) -> None:
    name = clean_name(name, MAX_GROUP_NAME)
    if not name:
        raise GroupError(msg(N_("Give the group a name.")), "name")
    other = find_by_name(store, name)
    if other is not None and other["id"] != group_id:
        raise GroupError(msg(N_("A group of that name exists already.")), "name")

    def change(groups: dict[str, Group]) -> dict[str, Group]:
        group = (groups.get(group_id) or _default()).copy()
        group["name"] = name
        return {**groups, group_id: group}
    store.index.change_table("groups", change)


# -- wrong codes: a counter per address and target group, with a growing wait -------------
#
# Each counter is one address's wrong codes at one group, and only the right code for that
# group from that address clears it: on the code-less Household any phone can make a group
# of its own, and a join there must not wipe the count of its guesses at another group.
#
# A name that is no group is counted like a group (its own counter per address, keyed by a
# hash of the name): answers never tell a made-up name from a real group. So that made-up
# names cannot grow the state without bound, an address that has tried MAX_MADE_UP of them
# counts every further try, at any name, real or not, in one counter of its own (NO_GROUP).
#
# Beside these, each group has one counter of wrong codes from all addresses together ("*"):
# on a LAN new addresses cost nothing. It holds no one back before their code is checked: a
# member with the right code gets in whatever others send (issue 34). Instead, while a group
# is flooded (GROUP_FREE_TRIES wrong codes there, the last within FLOOD_MEMORY), a wrong code
# costs its address its free tries: each flooding address then waits 2 s, 4 s, 8 s ... from
# its first miss, and the flood's cost falls on wrong guesses only. What holds against many
# addresses at once is then the code itself: docs/operations.md says how long to make it.
#
# Waits are measured on the wall clock (the counts outlive a restart) but never exceed their
# rule: after the clock is set back, a last wrong code "in the future" counts as now.

NO_GROUP = "?"
EVERYONE = "*"
MAX_MADE_UP = 20
GROUP_FREE_TRIES = 20
FLOOD_MEMORY = 5 * 60


def no_group(name: str) -> str:
    """The throttle's target for a name that is no group."""
    return NO_GROUP + hashlib.sha256(identity(name).encode()).hexdigest()[:12]


def _key(address: str, target: str | None) -> str:
    return f"{address} {target or NO_GROUP}"


def wait_after(failures: int) -> int:
    """Seconds an address must wait after ``failures`` wrong codes in a row."""
    if failures < FREE_TRIES:
        return 0
    return int(min(2 ** (failures - FREE_TRIES + 1), MAX_WAIT))


def failures(store: Store, address: str, target: str | None) -> int:
    """Wrong codes in a row from ``address`` at the group ``target``."""
    return int((store.read_state(THROTTLE).get(_key(address, target)) or {}).get("failures", 0))


def group_failures(store: Store, target: str) -> int:
    """Wrong codes at the group ``target`` from all addresses together."""
    return int((store.read_state(THROTTLE).get(_key(EVERYONE, target)) or {}).get("failures", 0))


def _counters(state: Mapping[str, Counter], address: str, target: str | None) -> list[str]:
    """This address's counters a try at ``target`` is checked against and counted in."""
    key, overflow = _key(address, target), _key(address, None)
    made_up = sum(1 for k in state if k.startswith(f"{address} {NO_GROUP}") and k != overflow)
    if made_up < MAX_MADE_UP:
        return [key]
    if (target or NO_GROUP).startswith(NO_GROUP) and key not in state:
        return [overflow]
    return [key, overflow]


def _now(now: float | None) -> float:
    return clock.timestamp() if now is None else now


def attempt(store: Store, address: str, target: str | None, now: float | None = None) -> int:
    """Before a code for the group ``target`` (its id; ``no_group(name)`` for a name that is
    no group) is checked: the seconds ``address`` must still wait there, or 0 once this
    attempt is counted as a wrong code of that address (``succeeded`` takes it back; a wrong
    code is then told to ``missed``).

    Counting first, in one change under the state's lock, means guesses sent in parallel
    cannot all pass the check before any of them is counted.
    """
    waited = {"seconds": 0}

    def change(state: dict[str, Counter]) -> dict[str, Counter]:
        # The time is read under the lock: read before it, a guess that waited for the lock
        # would find another's later "last" and count a wait that is not there.
        at = _now(now)
        # A last wrong code after now (the clock was set back) counts as now: a wait never
        # exceeds its rule, and is over once the rule's time has passed on the clock as it is.
        state = {a: {**s, "last": min(s.get("last", 0), at)} for a, s in state.items()
                 if at - s.get("last", 0) < FORGET_AFTER}
        counters = _counters(state, address, target)
        left = 0.0
        for key in counters:
            seen = state.get(key, {"failures": 0, "last": at})
            left = max(left, seen["last"] + wait_after(seen["failures"]) - at)
        if left > 0:
            waited["seconds"] = int(left + 0.999)
            return state
        for key in counters:
            state[key] = {"failures": state[key]["failures"] + 1 if key in state else 1, "last": at}
        return state
    store.change_state(THROTTLE, change)
    return waited["seconds"]


def missed(store: Store, address: str, target: str | None, now: float | None = None) -> None:
    """A wrong code from ``address`` at ``target``, after ``attempt``: counted at the group for
    all addresses too; while the group is flooded, this address has no free tries left."""
    def change(state: dict[str, Counter]) -> dict[str, Counter]:
        at = _now(now)
        # Made-up names past MAX_MADE_UP count in one counter of all addresses, as in `attempt`.
        overflowing = _counters(state, address, target) == [_key(address, None)]
        everyone = _key(EVERYONE, None if overflowing else target)
        seen = state.get(everyone, {"failures": 0, "last": at})
        flooded = seen["failures"] >= GROUP_FREE_TRIES and at - seen["last"] < FLOOD_MEMORY
        state[everyone] = {"failures": seen["failures"] + 1, "last": at}
        if flooded:
            for key in _counters(state, address, target):
                if key in state:
                    state[key] = {**state[key], "failures": max(state[key]["failures"], FREE_TRIES)}
        return state
    store.change_state(THROTTLE, change)


def succeeded(store: Store, address: str, target: str) -> None:
    """The right code (or link) for the group ``target`` from ``address``: its count there
    goes; its counts at every other group stay, and so does the group's count of all
    addresses (a member joining must not give a flood fresh free tries)."""
    key = _key(address, target)
    if key in store.read_state(THROTTLE):
        store.change_state(THROTTLE, lambda state: {a: v for a, v in state.items() if a != key})


# -- players: names in the group's games, renamed or merged through aliases ---------------

def clean_name(name: str, limit: int = MAX_NAME) -> str:
    """A typed name cleaned, or GroupError next to the name field (never cut short)."""
    try:
        return field_text(name, limit)
    except Refused as refused:
        raise GroupError(refused.message, "name") from None


def aliases(store: Store, group_id: str) -> list[Alias]:
    return sorted((cast(Alias, a) for a in store.index.table("aliases").values() if a.get("group") == group_id),
                  key=lambda a: (a.get("at", ""), a["id"]))


def resolver(alias_docs: Iterable[Alias], typed: Iterable[str] = ()) -> dict[str, str]:
    """Name as typed (its ``identity``) -> the player's name now, following renames and
    merges to the end. Look-alike names (``typed``: the names in the group's games, oldest
    first) that no alias names are one player, called as first typed."""
    step = {identity(a["from"]): a["to"] for a in alias_docs}
    out: dict[str, str] = {}
    for start in step:
        name, seen = step[start], {start}
        while identity(name) in step and identity(name) not in seen:
            seen.add(identity(name))
            name = step[identity(name)]
        out[start] = name
    for name in typed:
        out.setdefault(identity(name), name)
    return out


def names_now(store: Store, group_id: str) -> dict[str, str]:
    """The group's ``resolver``: its aliases and every name typed in its games."""
    games = sorted(group_games(store, group_id), key=lambda g: (g.get("created", ""), g["id"]))
    return resolver(aliases(store, group_id), (n for g in games for n in g.get("players", ())))


def canonical(name: str, names: Mapping[str, str]) -> str:
    return names.get(identity(name), name)


def group_games(store: Store, group_id: str) -> list[Row]:
    return [g for g in store.index.games().values() if group_of(g) == group_id]


def players(store: Store, group_id: str) -> dict[str, int]:
    """The group's players (names as they are now) with how many games each played."""
    names = names_now(store, group_id)
    counts: dict[str, int] = {}
    for game in group_games(store, group_id):
        for name in game.get("players", ()):
            who = canonical(name, names)
            counts[who] = counts.get(who, 0) + 1
    for name in (get(store, group_id) or _default())["players"]:
        counts.setdefault(canonical(name, names), 0)
    return counts


def finished_games(store: Store, group_id: str) -> dict[str, int]:
    """How many finished games each player has (names as they are now): what Statistics
    counts, beside ``players``' count of every game, played on or abandoned too."""
    names = names_now(store, group_id)
    counts: dict[str, int] = {}
    for game in group_games(store, group_id):
        if game.get("status") == "finished":
            for name in game.get("players", ()):
                who = canonical(name, names)
                counts[who] = counts.get(who, 0) + 1
    return counts


def find_player(store: Store, group_id: str, name: str) -> str | None:
    wanted = identity(name)
    return next((p for p in players(store, group_id) if identity(p) == wanted), None)


def add_player(store: Store, group_id: str, name: str, submission: str = "") -> str:
    """Put a name on the group's list before they have played (so it is suggested)."""
    group = get(store, group_id) or _default()
    if _sent(group, submission):
        raise SentBefore(group)
    name = clean_name(name)
    if not name:
        raise GroupError(msg(N_("Enter a name.")), "name")
    if find_player(store, group_id, name):
        raise GroupError(msg(N_("%(name)s is already a player of this group."), name=name), "name")

    def change(groups: dict[str, Group]) -> dict[str, Group]:
        group = (groups.get(group_id) or _default()).copy()
        if _sent(group, submission):
            raise SentBefore(group)
        group["players"] = list(group.get("players", [])) + [name]
        return {**groups, group_id: _with_submission(group, submission)}
    store.index.change_table("groups", change)
    return name


def _played_together(store: Store, group_id: str, a: str, b: str) -> bool:
    now_called = names_now(store, group_id)
    for game in group_games(store, group_id):
        now = {identity(canonical(n, now_called)) for n in game.get("players", ())}
        if identity(a) in now and identity(b) in now:
            return True
    return False


def _add_alias(store: Store, group_id: str, old: str, new: str, kind: str,
               submission: str = "") -> Alias:
    doc: Alias = {"id": secrets.token_hex(6), "group": group_id, "from": old, "to": new,
           "kind": kind, "at": now_iso()}

    def change(tables: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
        group = cast(Group, dict(tables["groups"].get(group_id) or get(store, group_id) or _default()))
        if _sent(group, submission):
            raise SentBefore(group)
        # One alias per name: a later rename of the same typed name replaces the earlier;
        # and the new name is a live name again, so an alias away from it goes (renaming
        # Ben to Benjamin and back must not leave a loop).
        gone = {identity(old), identity(new)}
        kept = {k: a for k, a in tables["aliases"].items()
                if not (a.get("group") == group_id and identity(a["from"]) in gone)}
        moved = _colour_moved(store, tables["groups"], group_id, old, new)
        table = moved.get("groups", tables["groups"])
        if submission:  # kept with the group, so the same form sent again is recognised
            table = {**table, group_id: _with_submission(cast(Group, dict(table.get(group_id) or group)), submission)}
        return {"aliases": {**kept, doc["id"]: doc}, "groups": table}
    store.index.change_tables(change)
    return doc


def sent_before(store: Store, group_id: str, submission: str) -> None:
    """``SentBefore`` when the group's form with ``submission`` was applied already."""
    group = get(store, group_id)
    if group is not None and _sent(group, submission):
        raise SentBefore(group)


def _colour_moved(store: Store, table: dict[str, Any], group_id: str, old: str,
                  new: str) -> dict[str, dict[str, Any]]:
    """The groups table with ``old``'s colour given to ``new`` (who keeps their own if they
    have one), or nothing when ``old`` has none. Colours are keyed by the name as it is now,
    so a colour left under the old name would be lost to its player and go to a later
    player of that name."""
    group = dict(table.get(group_id) or get(store, group_id) or {})
    picks = dict(group.get("colours") or {})
    colour = picks.pop(identity(old), None)
    if colour is None:
        return {}
    picks.setdefault(identity(new), colour)
    return {"groups": {**table, group_id: {**group, "colours": picks}}}


def rename(store: Store, group_id: str, player: str, new_name: str,
           submission: str = "") -> Alias:
    sent_before(store, group_id, submission)
    old = find_player(store, group_id, player)
    if old is None:
        raise GroupError(msg(N_("No such player.")), "player")
    new = clean_name(new_name)
    if not new:
        raise GroupError(msg(N_("Enter a name.")), "name")
    if new == old:
        raise GroupError(msg(N_("Nothing was changed.")), "name")
    taken = find_player(store, group_id, new)
    if taken is not None and identity(taken) != identity(old):
        raise GroupError(msg(N_("%(name)s is another player; merge them instead."), name=taken), "name")
    return _add_alias(store, group_id, old, new, "rename", submission)


def merge(store: Store, group_id: str, player: str, into: str, submission: str = "") -> Alias:
    """``player`` is the same person as ``into``: their games count for ``into`` from now on."""
    sent_before(store, group_id, submission)
    a, b = find_player(store, group_id, player), find_player(store, group_id, into)
    if a is None or b is None:
        raise GroupError(msg(N_("No such player.")), "player" if a is None else "into")
    if a == b:
        raise GroupError(msg(N_("Choose two different players.")), "into")
    if _played_together(store, group_id, a, b):
        raise GroupError(msg(N_("%(a)s and %(b)s played in the same game, so they are two people."),
                             a=a, b=b), "into")
    return _add_alias(store, group_id, a, b, "merge", submission)


def undo_alias(store: Store, group_id: str, alias_id: str) -> Alias:
    """Take a merge or rename back: the games count for the name they were typed with."""
    doc = cast("Alias | None", store.index.table("aliases").get(alias_id))
    if doc is None or doc.get("group") != group_id:
        raise GroupError(msg(N_("No such merge or rename.")))
    def change(tables: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
        aliases = {k: a for k, a in tables["aliases"].items() if k != alias_id}
        # The renamed player is called as before again, and so is their colour (a merge's
        # colour stays with the player merged into).
        moved = (_colour_moved(store, tables["groups"], group_id, doc["to"], doc["from"])
                 if doc.get("kind") == "rename" else {})
        return {"aliases": aliases, **moved}
    store.index.change_tables(change)
    return doc


def remove_player(store: Store, group_id: str, player: str, submission: str = "") -> str:
    """Take a name off the group's list: only one who played no game (a name added by
    mistake). A player with games stays: their games are the group's history."""
    sent_before(store, group_id, submission)
    counts = players(store, group_id)
    name = next((p for p in counts if identity(p) == identity(player)), None)
    if name is None:
        raise GroupError(msg(N_("No such player.")), "player")
    if counts[name]:
        raise GroupError(msg_n("%(name)s has played %(n)s game, so they stay in the group "
                                  "(rename or merge them instead).",
                               "%(name)s has played %(n)s games, so they stay in the group "
                                  "(rename or merge them instead).", counts[name], name=name),
                         "player")
    names = names_now(store, group_id)

    def change(groups: dict[str, Group]) -> dict[str, Group]:
        group = (groups.get(group_id) or _default()).copy()
        if _sent(group, submission):
            raise SentBefore(group)
        group["players"] = [p for p in group.get("players", ())
                            if identity(canonical(p, names)) != identity(name)]
        # A colour left under the name would go to the next player called so.
        group["colours"] = {k: v for k, v in (group.get("colours") or {}).items()
                            if k != identity(name)}
        return {**groups, group_id: _with_submission(group, submission)}
    store.index.change_table("groups", change)
    return name
