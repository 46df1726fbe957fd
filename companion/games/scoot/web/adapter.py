"""Loot and Scoot's adapter: the record as the pages need it, and the turn panel.

The forms themselves are in ``forms``; this module builds them for a record (the
players as choices, the current player's seat), turns them into entry data the rules
accept, and lays out the panel of one-tap actions with the rule's prices filled in.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, cast

from ....forms import EntryForm, attach_errors, choices, new_submission
from ....forms.adapter import Adapter
from ....i18n import t
from ....record.entries import entries_version, replay
from ....record.shape import Entry, Record
from ...base import N_, Msg, ReplayError, RulesError, msg
from ..actions import can_train_free
from ..rules import GAME
from ..score import Score, final_scores, tied_on_everything
from ..state import (
    BEG_GOLD,
    BOSS_LEVEL,
    CLASSES,
    GOLD_PER_LEVEL,
    HIRE_PRICE,
    HIRELING,
    MOST_HIRED_AT_ONCE,
    TITLES,
    TRAIN_PRICE,
    State,
    gold_changes,
    recruit_price,
    setup_for,
    upgrade_price,
)
from .forms import (
    ACTION_LABELS,
    ACTIONS,
    CHARACTER_LABELS,
    CHARACTERS,
    DUNGEON,
    EXTRA_LEVEL_ROWS,
    HOW_LABELS,
    INN,
    ActionForm,
    BuildForm,
    DwarfForm,
    FinalForm,
    FirstPlayerForm,
    LeaveForm,
    PickForm,
    RecruitForm,
    SetupForm,
    TreasureForm,
    TreasureRollForm,
    _int,
    _prefill,
    _standing_in,
)

# -- what the panel shows -------------------------------------------------------------------

@dataclass
class Chip:
    value: str
    label: str
    note: str = ""       # the price, or what there is of it
    checked: bool = False
    # Why the rules refuse it now, in their words ("" = it can be taken): shown disabled
    # with this reason before the tap, and a crafted post of it is refused with the same.
    reason: str = ""


@dataclass
class Panel:
    """The current player's actions with the rule's prices filled in."""

    seat: int
    name: str
    gold: int
    inn: tuple[str, ...]
    dungeon: tuple[str, ...]
    forms: dict[str, ActionForm]
    chips: dict[str, list[Chip]] = field(default_factory=dict)
    level_rows: list[list[Chip]] = field(default_factory=list)
    more_levels: bool = False   # a second room of one level: open the extra rows


def gp(n: int) -> str:
    return t(msg(N_("%(gp)s gp"), gp=n))


def _chips(counts: dict[str, int], labels: dict[str, str], selected: list[Any] | None) -> list[Chip]:
    """One chip per piece (two Hirelings, two chips), the first ones ticked as selected."""
    picked = [str(v) for v in selected or []]
    out = []
    for value, n in counts.items():
        for i in range(n):
            out.append(Chip(value, t(labels[value]), checked=i < picked.count(value)))
    return out


class GameAdapter(Adapter):
    forms: ClassVar[Mapping[str, type[EntryForm]]] = {
        "first_player": FirstPlayerForm, "pick": PickForm, "action": ActionForm, "leave": LeaveForm,
        "final": FinalForm, "treasure_roll": TreasureRollForm, "dwarf": DwarfForm,
    }
    # During a turn a second action, a Dungeon happening and leaving are all open at once:
    # the turn panel renders one small form per action itself.
    own_forms = ("action", "leave")

    def __init__(self) -> None:
        self._last: dict[str, tuple[Record, tuple[int | None, int], Any]] = {}
    action_labels = ACTION_LABELS
    character_labels = CHARACTER_LABELS
    how_labels = HOW_LABELS
    classes = CLASSES
    titles = TITLES

    # -- the record as the rules see it --------------------------------------------------

    def _cached(self, name: str, record: Record, make: Any) -> Any:
        """What ``make`` reads off this very record, made once: a game page asks the state of
        a long game several times (its forms, its panel, its log), each a replay. Only the
        last record asked is kept, and only while it is the same dict, unchanged."""
        stamp = (record.get("version"), len(record["entries"]))
        last = self._last.get(name)
        if last is not None and last[0] is record and last[1] == stamp:
            return last[2]
        value = make()
        self._last[name] = (record, stamp, value)
        return value

    def state(self, record: Record) -> State:
        return cast(State, self._cached("state", record, lambda: replay(record).state))

    def state_before(self, record: Record, entry_id: int) -> State:
        entries = []
        for e in record["entries"]:
            if e["id"] == entry_id:
                break
            entries.append((e["kind"], e["data"]))
        return GAME.replay(record["players"], record["settings"], entries)

    def changes(self, record: Record) -> dict[int, list[tuple[int, int]]]:
        """Each entry's gold changes by seat: the price the rules took or paid out."""
        def make() -> dict[int, list[tuple[int, int]]]:
            try:
                replay(record)  # a record that does not replay (edited by hand): none to tell
            except ReplayError:
                return {}
            state, out = GAME.start(record["players"], record["settings"]), {}
            for e in record["entries"]:
                new = GAME.apply(state, e["kind"], e["data"])
                out[e["id"]] = gold_changes(e["kind"], state, new)
                state = new
            return out
        return cast(dict[int, list[tuple[int, int]]], self._cached("changes", record, make))

    def setup_cards(self) -> list[tuple[int, tuple[Any, ...]]]:
        """What the table sets out for 2, 3 and 4 players (chapters 2 and 3)."""
        return [(n, setup_for(n).lines()) for n in range(GAME.min_players, GAME.max_players + 1)]

    def scores(self, state: State) -> dict[int, Score]:
        return {s.seat: s for s in final_scores(state)}

    # -- the forms the generic views ask for ---------------------------------------------

    def setup_form(self, formdata: Any = None) -> SetupForm:
        return SetupForm(formdata=formdata)

    def to_settings(self, form: SetupForm) -> dict[str, object]:
        return {}

    def kind_of(self, formdata: Any) -> str:
        """The entry kind a posted turn form makes: leaving is its own kind."""
        kind = formdata.get("kind", "")
        if kind in ("action", "leave"):
            return "leave" if formdata.get("action") == "leave" else "action"
        return str(kind)

    def form(self, kind: str, record: Record, data: Mapping[str, Any] | None = None,
             formdata: Any = None) -> EntryForm:
        state = self.state(record)
        # The class depends on the kind, and so do the fields set below.
        cls: type[Any]
        if kind in ("action", "leave"):
            wanted = formdata.get("action") if formdata is not None else None
            found = ACTIONS.get(str(wanted or (data or {}).get("action")
                                    or ("leave" if kind == "leave" else "recruit")))
            if found is not None and found.entry_kind == kind:
                cls = found
            else:
                cls = LeaveForm if kind == "leave" else ACTIONS.get(str((data or {}).get("action")), RecruitForm)
        else:
            cls = self.forms[kind]
        if kind == "final":
            rows = (data or {}).get("players") or [
                {"loot": [None] * p.loot, "unclaimed": state.setup.dungeon_rooms - state.taken[s], "treasure": 0}
                for s, p in enumerate(state.parties)]
            form = cls(formdata=formdata, data={"players": rows})
            while len(form.players.entries) < len(record["players"]):
                form.players.append_entry()
            return form
        form = cls(formdata=formdata, data=_prefill(kind, data))
        names = record["players"]
        if kind == "first_player":
            form.seat.choices = choices((str(i), n) for i, n in enumerate(names))
        elif kind == "dwarf":
            tied = tied_on_everything(final_scores(state)) if state.final else []
            form.seat.choices = choices((str(i), names[i]) for i in tied)
        elif kind in ("pick", "treasure_roll") and not form.seat.data and formdata is None:
            if kind == "pick":
                form.seat.data = str(state.current)
            elif state.final is not None and state.phase == "treasure":
                order = [s for s, n in enumerate(state.final.treasure) for _ in range(n)]
                form.seat.data = str(order[len(state.final.rolls)])
        return form

    def source(self, form: EntryForm) -> str:
        return "app" if isinstance(form, TreasureForm) and form.rolled_by_app else "table"

    def to_data(self, kind: str, form: Any, record: Record) -> dict[str, object]:
        if isinstance(form, ActionForm):
            seat = _int(form.seat.data)
            head: dict[str, object] = {} if seat is None else {"seat": seat}
            if kind == "action":
                head["action"] = form.action.data
            data: dict[str, Any] = {**head, **form.fields()}
            if isinstance(form, BuildForm) and data["train"]:
                # "Train one for free" is ticked by default: sent, it means "if the rules allow".
                state = self.state(record)
                party = state.parties[seat if isinstance(seat, int) and 0 <= seat < len(state.parties)
                                      else state.current]
                data["train"] = can_train_free(party, data["upgrade"])
            return data
        if kind == "final":
            return {"players": [{k: v for k, v in (
                ("loot", _standing_in(row.form.loot.data, 0)), ("unclaimed", row.form.unclaimed.data),
                ("treasure", row.form.treasure.data)) if v is not None} for row in form.players]}
        data = {}
        if form.seat.data not in (None, ""):
            data["seat"] = _int(form.seat.data)
        if kind == "pick":
            data["classes"] = list(form.classes.data or [])
        elif kind == "treasure_roll":
            data["dice"] = _standing_in(form.dice.data, 1)
        elif kind in ("first_player", "dwarf") and "seat" not in data:
            data["seat"] = None
        return data

    def refusals(self, kind: str, form: Any, record: Record,
                 before: int | None = None) -> list[str] | None:
        """``Adapter.refusals``; a turn form's hidden fields (the action, the seat) have no
        place on the page, so what the form says of them is said where the rules' words
        about them go (``attach``): the seat at the action's main field, the action at the top."""
        said = super().refusals(kind, form, record, before)
        if said is None or not isinstance(form, ActionForm):
            return said
        hidden = {name: form[name].errors[0] for name in ("action", "seat") if form[name].errors}
        for name in hidden:
            form[name].errors = []
        return [*self.attach(form, RulesError(hidden)), *said] if hidden else said

    def attach(self, form: Any, error: RulesError) -> list[str]:
        """``attach_errors``, with messages about the whole entry shown at its main field.

        "levels.2" (one of the chips) and "dice" go to the group they belong to.
        """
        main = getattr(form, "main", "")
        moved: dict[str, Msg] = {}
        for path, message in error.errors.items():
            if path in ("", "seat") and main:
                path = main
            if path == "action":
                path = ""  # the hidden field that names the action: shown at the top (Beg as a second action)
            elif path.startswith("levels."):
                path = "levels"
            elif path == "dice" and main:
                path = main
            moved.setdefault(path, message)
        return attach_errors(form, RulesError(moved))

    # -- the turn panel ------------------------------------------------------------------

    def waiting(self, view: Any) -> dict[str, object]:
        """A waiting action's gold, as the rules take and give it from this state (only one
        entry waits in this game: the next one needs the server's answer): recruiting,
        hiring, building and training at their prices for this party, a fee and a trade's gold
        between two players, begging, a Treasure's dice, and leaving the Dungeon
        (``leave_payout``). A Treasure the app rolls, and the end's victory points, are the
        server's to say."""
        state = view.state
        seat, party, me = "@seat", state.parties[state.current], str(state.current)
        own = {"owner": [me, ""]}
        build = upgrade_price(party)
        recruit = {c: -price for c in CLASSES if (price := recruit_price(party, c)) is not None}
        kinds: dict[str, object] = {f"action:{action}": {"terms": terms} for action, terms in {
            "recruit": [{"to": seat, "map": "class", "v": recruit}],
            "hire": [{"to": seat, "f": "count", "k": -HIRE_PRICE, "blank": 1}],
            "beg": [{"to": seat, "c": BEG_GOLD}],
            "build": [{"to": seat, "c": -build}] if build is not None else [],
            "train": [{"to": seat, "f": "count", "k": -TRAIN_PRICE, "blank": 1, "if": own},
                      {"to": seat, "f": "fee", "k": -1, "not": own}, {"to": "@owner", "f": "fee", "not": own}],
            "trade": [{"to": seat, "f": "pay", "k": -1}, {"to": seat, "f": "receive"},
                      {"to": "@with", "f": "pay"}, {"to": "@with", "f": "receive", "k": -1}],
            "treasure": [{"unknown": True, "if": {"roll": "app"}},
                         {"to": seat, "f": "dice-0"}, {"to": seat, "f": "dice-1"}],
            "poison": [], "wounds": []}.items()}
        peaceful = {"how": "peaceful"}
        kinds["leave"] = {"terms": [
            {"to": seat, "max": "levels", "k": GOLD_PER_LEVEL}, {"to": seat, "count": "levels", "if": peaceful},
            {"to": seat, "c": state.turn_specials, "if": peaceful}]}
        for kind in ("first_player", "pick", "dwarf"):
            kinds[kind] = {"terms": []}
        return {"kinds": kinds}

    def panel(self, record: Record, form: Any = None, entry: Entry | None = None) -> Panel:
        """The current player's actions (or, correcting an entry, the ones it can become)."""
        inn: tuple[str, ...]
        dungeon: tuple[str, ...]
        if entry is not None:
            state = self.state_before(record, entry["id"])
            seat = entry["data"].get("seat", state.current)  # stored: of the shape
            inn, dungeon = ((), ("leave",)) if entry["kind"] == "leave" else (INN, DUNGEON)
            prefill = {entry["data"].get("action", "leave"): entry["data"]}
        else:
            state = self.state(record)
            seat = state.current
            first = state.actions == 0
            inn = () if state.looting else tuple(a for a in INN if first or a != "beg")
            dungeon = () if first else DUNGEON + ("leave",)
            prefill = {}
        names, party = record["players"], state.parties[seat]
        forms: dict[str, ActionForm] = {}
        for action in inn + dungeon:
            cls = ACTIONS[action]
            # formdata=None: a page answering a POST must not fill the other actions' forms
            # from it (their submission id would be the one just sent).
            f = form if type(form) is cls else cls(formdata=None, data=_prefill(cls.entry_kind, prefill.get(action)))
            f.action.data, f.kind.data, f.version.data = action, cls.entry_kind, str(entries_version(record))
            f.seat.data = str(seat)
            f.submission.data = f.submission.data or new_submission()
            forms[action] = f
        out = Panel(seat, names[seat], party.gold, inn, dungeon, forms)
        others = [(str(s), n) for s, n in enumerate(names) if s != seat]
        def why(action: str, **fields: Any) -> str:
            return self._refusal(state, seat, action, fields) if action in forms else ""

        out.chips = {
            "recruit": [Chip(c, t(TITLES[c][0]), self._recruit_note(state, seat, c), reason=why("recruit", **{"class": c}))
                        for c in CLASSES],
            "hire": [Chip(str(n), str(n), gp(n * HIRE_PRICE), reason=why("hire", count=n))
                     for n in range(1, MOST_HIRED_AT_ONCE + 1)],
            "build": [Chip(c, t(TITLES[c][0]), self._build_note(state, seat, c), reason=why("build", upgrade=c, train=False))
                      for c in CLASSES],
            "train": [Chip(c, t(TITLES[c][0]), t(msg(N_("%(n)s at Level 1"), n=party.at_level(c, 1))))
                      for c in CLASSES],
            "owner": [Chip(str(s), t(msg(N_("Own Upgrade (%(gp)s gp each)"), gp=TRAIN_PRICE)) if s == seat
                           else n, ", ".join(t(TITLES[u][0]) for u in state.parties[s].upgrades) or "—")
                      for s, n in enumerate(names)],
            "with": [Chip(v, n) for v, n in others],
            "dungeon": [Chip(v, n) for v, n in others],
            "how": [Chip(k, t(v)) for k, v in HOW_LABELS.items()],
        }
        if "trade" in forms:
            trade = forms["trade"]
            mine = {k: v for k, v in party.roster().items() if v}
            theirs: dict[str, int] = {}
            for s, p in enumerate(state.parties):
                for k, v in p.roster().items():
                    if s != seat and v:
                        theirs[k] = max(theirs.get(k, 0), v)
            out.chips["give"] = _chips(mine, CHARACTER_LABELS, trade.give.data)
            out.chips["take"] = _chips(dict(sorted(theirs.items(), key=lambda kv: CHARACTERS.index(kv[0]))),
                                       CHARACTER_LABELS, trade.take.data)
        if "wounds" in forms:
            wounds = forms["wounds"]
            out.chips["flipped"] = _chips({c: party.at_level(c, 2) for c in CLASSES if party.at_level(c, 2)},
                                          {c: TITLES[c][1] for c in CLASSES}, wounds.flipped.data)
            out.chips["sacrificed"] = [Chip(k, t(CHARACTER_LABELS[k])) for k, v in party.roster().items()
                                       if v and k != HIRELING]
        if "leave" in forms:
            chosen = [str(v) for v in forms["leave"].levels.data or []]
            rows = [[str(n) for n in range(1, BOSS_LEVEL + 1)]] + \
                [[str(n) for n in range(1, BOSS_LEVEL)]] * EXTRA_LEVEL_ROWS
            out.level_rows = []
            for row in rows:
                out.level_rows.append([Chip(v, v, checked=v in chosen) for v in row])
                for level in row:
                    if level in chosen:
                        chosen.remove(level)
                        out.more_levels = out.more_levels or row is not rows[0]
        return out

    def _refusal(self, state: State, seat: int, action: str, fields: Mapping[str, object]) -> str:
        """Why the rules refuse this action now, or "" when they take it: the rules are
        asked themselves, so the panel never offers what a tap would have refused."""
        try:
            GAME.apply(state, "action", {"seat": seat, "action": action, **fields})
        except RulesError as error:
            return t(next(iter(error.errors.values())))
        return ""

    def _recruit_note(self, state: State, seat: int, cls: str) -> str:
        price = recruit_price(state.parties[seat], cls)
        return "" if price is None else gp(price)

    def _build_note(self, state: State, seat: int, cls: str) -> str:
        party = state.parties[seat]
        price = upgrade_price(party)
        return "" if price is None or cls in party.upgrades else gp(price)

    # A result played on paper: its victory points, and what a tie on them reads.
    result_template = "games/loot-and-scoot/_result.html"
    result_score_label = N_("Victory points")

    def result_row(self, row: Any) -> dict[str, object]:
        return {k: getattr(row, k).data for k in ("gold", "levels", "rooms")
                if getattr(row, k).data is not None}


ADAPTER = GameAdapter()
