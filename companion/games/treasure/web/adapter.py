"""Give Me The Treasure's adapter: the record as the pages need it (the cards as chips, the
sides, the Black Market rows), its entries as the forms show them, and the forms' data as
the entries the rules accept. The forms themselves are in ``forms``.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, TypedDict, cast

from ....forms import EntryForm, new_submission
from ....forms.adapter import Adapter, given_label
from ....i18n import ngettext, t
from ....record.entries import entries_version, replay
from ....record.shape import Record
from ...base import N_, RulesError, msg
from ..market import (
    BANDIT_SKILLS,
    BANDITS,
    BLACK_MARKET,
    BLACK_MARKET_ROWS,
    COLOUR_LABELS,
    COLOURS,
    CROC_BROTHERS,
    KIND_LABELS,
    NUMBERS,
    REINFORCEMENTS,
    VIPER,
    Card,
    CursedPainting,
    GreatTreasure,
    parse_card,
)
from ..rules import FREE_DISCARDS, KEPT_PER_SIDE, State
from ..turn import CURSED_PAY
from .forms import (
    CURSED,
    LOOT,
    SLOTS,
    TREASURE,
    CorrectionForm,
    DealForm,
    KeepForm,
    ResaleForm,
    SetupForm,
    TurnForm,
    seat_number,
)


def _token(value: Any) -> Any:
    try:
        return parse_card(value, "")
    except RulesError:
        return None


def _key(value: Any) -> str:
    """A card of an entry as the value of its chip ("red3", "treasure", "cursed")."""
    token = _token(value)
    if token is None:
        return str(value)
    if isinstance(token, CursedPainting):
        return CURSED
    if isinstance(token, GreatTreasure):
        return TREASURE
    return str(token)


def _int(value: Any) -> Any:
    return value if isinstance(value, int) else 0


def _grid_order(value: str) -> int:
    return LOOT.index(value) if value in LOOT else len(LOOT)


def _side(value: Any) -> int | None:
    """A side as the entry holds it: a number, which the rules check is a side; None where
    the form refused what was sent (the shape then stops it before the rules)."""
    return seat_number(value)


class ResaleArgs(TypedDict):
    """What the resale check page asks ``best_resale``."""

    chest: list[Any]
    bandit: str | None
    reinforcements: list[str]
    face_up: list[str]
    opponent_cursed: int
    free_discard: str


class GameAdapter(Adapter):
    forms: ClassVar[Mapping[str, type[EntryForm]]] = {"deal": DealForm, "keep": KeepForm, "turn": TurnForm, "correction": CorrectionForm}
    # A coin correction can be entered at any time, from its own form under the standings.
    standing_forms = ("correction",)
    # What the templates show: rules data, never rules decisions.
    loot, colours, numbers = LOOT, COLOURS, NUMBERS
    market_rows, kind_labels, colour_labels = BLACK_MARKET_ROWS, KIND_LABELS, COLOUR_LABELS
    bandits, bandit_skills, reinforcements = BANDITS, BANDIT_SKILLS, REINFORCEMENTS
    viper, croc = VIPER, CROC_BROTHERS

    def setup_form(self, formdata: Any = None) -> SetupForm:
        return SetupForm(formdata=formdata)

    #: A deal's and a keep's fields are a seat's (bandits-2); a turn's, a side's (below).
    seat_lists: ClassVar[tuple[str, ...]] = ("bandits", "reinforcements")

    def field_title(self, record: Record, form: Any, field: Any) -> str:
        parts = field.name.split("-")
        if not (parts[0] == "sides" and len(parts) > 2 and parts[1] in ("0", "1")):
            return super().field_title(record, form, field)
        side = self.side_names(record)[int(parts[1])]
        if parts[2] == "combinations" and len(parts) > 3 and parts[3].isdigit():
            return " · ".join([side, t(msg(N_("Combination %(n)s"), n=int(parts[3]) + 1))])
        label = given_label(field)
        return " · ".join([side] + ([t(label)] if label else []))

    def to_settings(self, form: SetupForm) -> dict[str, object]:
        n = form.people
        out: dict[str, object] = {"bandit_skills": bool(form.bandit_skills.data),
                               "free_discard": form.free_discard.data}
        for key in ("target", "starting_coins"):
            if getattr(form, key).data is not None:
                out[key] = getattr(form, key).data
        if n in (3, 4):
            teams = out["teams"] = [int(v) for v in (form.teams.data or "0,0,1,1").split(",")][:n]
            out["leaders"] = [int(v) if v not in ("", None) else teams.index(side)
                              for side, v in enumerate((form.leader_0.data, form.leader_1.data))]
        return out

    def form(self, kind: str, record: Record, data: Mapping[str, Any] | None = None,
             formdata: Any = None) -> EntryForm:
        data = data or {}
        state = replay(record).state
        names = [state.side_name(side) for side in (0, 1)]
        form: Any  # the class depends on the kind, and so do the fields set below
        if kind == "deal":
            form = DealForm(formdata=formdata, data=data, side_names=names, drawn=data)
            while len(form.bandits.entries) < len(record["players"]):
                form.bandits.append_entry()
        elif kind == "keep":
            kept = data.get("reinforcements") or []
            form = KeepForm(formdata=formdata, data={"reinforcements": {
                str(i): list(cards) for i, cards in enumerate(kept)}}, side_names=names,
                # Each seat chooses among the cards dealt to its side (all nine if not entered).
                offered=[list(state.dealt[side]) if state.dealt else list(REINFORCEMENTS)
                         for side in state.teams],
                keep_counts=[KEPT_PER_SIDE // len(state.sides[side]) for side in state.teams])
        elif kind == "turn":
            # A new turn offers the cards still face down; a correction all those held.
            held = state.unused if not data else state.reinforcements
            form = TurnForm(formdata=formdata, data=self._turn_data(data), side_names=names,
                            held=[[c for seat in state.sides[side] for c in held[seat]] for side in (0, 1)])
            for side in ("0", "1"):
                # Tapped slots move up over empty ones, so that "Combination 2" on the page is
                # combination 2 (index 1) of the entry, where the rules put their messages.
                slots = [form.sides[side].combinations[str(j)] for j in range(SLOTS)]
                tapped = [f.data for f in slots if f.data]
                for j, f in enumerate(slots):
                    f.data = tapped[j] if j < len(tapped) else []
        else:
            form = CorrectionForm(formdata=formdata, data={
                k: str(v) if k == "side" else v for k, v in data.items()}, side_names=names)
        return cast(EntryForm, form)

    def _turn_data(self, data: Mapping[str, Any]) -> dict[str, object]:
        sides, treasure_as = {}, ""
        for s, row in enumerate(data.get("sides") or []):
            combos = {}
            for j, tokens in enumerate(row.get("combinations") or []):
                combos[str(j)] = [_key(t) for t in tokens]
                for token in map(_token, tokens):
                    if isinstance(token, GreatTreasure) and token.card:
                        treasure_as = str(token.card)
            calls, viper, croc = [], 0, ""
            for item in row.get("reinforcements") or []:
                item = item if isinstance(item, Mapping) else {"card": item}
                calls.append(item.get("card"))
                viper = item.get("cursed", viper)
                croc = item.get("repeats", croc)
            sides[str(s)] = {"combinations": combos, "reinforcements": calls, "viper": viper,
                             "croc": croc or "", **{k: row.get(k, 0) for k in
                                                    ("cursed_paid", "cursed_free", "cursed_held")}}
        return {"sides": sides, "treasure_as": treasure_as}

    def to_data(self, kind: str, form: Any, record: Record) -> dict[str, object]:
        n = len(record["players"])
        if kind == "deal":
            return {"bandits": [e.data or "" for e in form.bandits.entries][:n],
                    "first_divider": _side(form.first_divider.data), **form.drawn}
        if kind == "keep":
            return {"reinforcements": [form.reinforcements[str(i)].data or [] for i in range(n)]}
        if kind == "correction":
            return {"side": _side(form.side.data), "coins": form.coins.data,
                    "reason": (form.reason.data or "").strip()}
        treasure = form.treasure_as.data
        sides = []
        for s in ("0", "1"):
            side = form.sides[s]
            # Cards in the grid's order, whatever order they were sent in (the Great Treasure
            # and anything the grid does not hold come last).
            combos = [[f"treasure:{treasure}" if c == TREASURE and treasure else c
                       for c in sorted(side.combinations[str(j)].data or [], key=_grid_order)]
                      for j in range(SLOTS)]
            calls: list[Any] = []
            for card in side.reinforcements.data or []:
                if card == VIPER:
                    calls.append({"card": card, "cursed": _int(side.viper.data)})
                elif card == CROC_BROTHERS:
                    repeats = side.croc.data or ""
                    item: dict[str, object] = {"card": card, "repeats": repeats}
                    if repeats == VIPER:   # the Croc' Brothers repeating Viper discard too
                        item["cursed"] = _int(side.viper.data)
                    calls.append(item)
                else:
                    calls.append(card)
            sides.append({
                "combinations": [c for c in combos if c],   # the tapped slots come first
                **{k: _int(side[k].data) for k in ("cursed_paid", "cursed_free", "cursed_held")},
                "reinforcements": calls})
        return {"sides": sides}

    # -- what the pages show -----------------------------------------------------------------

    def waiting(self, view: Any) -> dict[str, object]:
        """A turn adds to each side the Black Market's price of each combination resold (by
        kind and size, ``BLACK_MARKET``; the Great Treasure as the card it became, else where
        it is worth most) less the Cursed Paintings paid off; a correction its coins. The
        coins of Reinforcements and Bandit skills are the server's to count (they depend on
        the cards called and kept), said so in ``note``. ``line``: the words of a waiting
        turn, as the log says a turn (_words.html)."""
        state = view.state
        market: dict[str, dict[int, int]] = {}
        for (kind, size), coins in BLACK_MARKET.items():
            market.setdefault(kind, {})[size] = coins
        side = "sides-{i}-"
        held = ngettext("%(num)s Cursed held", "%(num)s Cursed held", 2, num="{}")
        line = {"colours": {c: t(COLOUR_LABELS[c]) for c in COLOURS}, "nothing": t(N_("nothing resold")),
                "treasure": "★ " + t(N_("Great Treasure")), "cursed": "✖ " + t(N_("Cursed Painting")),
                "cursed_paid": t(msg(N_("%(n)s paid off"), n="{}")),
                "cursed_free": t(msg(N_("%(n)s discarded free"), n="{}")), "cursed_held": held}
        return {"sides": {str(s): list(state.sides[s]) for s in (0, 1)}, "market": market, "kinds": {
            "turn": {"rows": 2, "line": line, "terms": [
                {"combo": side + "combinations-", "slots": SLOTS, "as": "treasure_as", "cards": LOOT},
                {"f": side + "cursed_paid", "k": -CURSED_PAY}]},
            "correction": {"line": "side", "terms": [{"to": "@side", "f": "coins"}]},
            "deal": {"terms": []}, "keep": {"terms": []}},
            "note": t(msg(N_("The coins of Reinforcements and Bandit skills count once the turn is sent.")))}

    def correction_form(self, record: Record, refused: Any = None) -> CorrectionForm:
        """The small coin-correction form under the standings: the ``refused`` one, with its
        messages, when the rules refused it."""
        form = refused
        if not isinstance(form, CorrectionForm):
            form = self.form("correction", record)
            form.kind.data = "correction"
        form.version.data = entries_version(record)
        if not form.submission.data:
            form.submission.data = new_submission()
        return cast(CorrectionForm, form)

    def side_names(self, record: Record) -> list[str]:
        teams = record["settings"].get("teams") or [0, 1]
        return [" & ".join(p for p, t in zip(record["players"], teams, strict=True) if t == side) for side in (0, 1)]

    def turn_number(self, record: Record, entry: Mapping[str, Any]) -> int:
        """A turn's number in the game, counting the turns up to it (an entry just undone,
        no longer in the record, is the turn after the last one there)."""
        entries = record["entries"]
        until = entries.index(entry) + 1 if entry in entries else len(entries)
        return sum(1 for e in entries[:until] if e["kind"] == "turn") + (entry not in entries)

    def side_sizes(self, record: Record) -> list[int]:
        """How many people each side is, for the verb that follows its name ("divide")."""
        teams = record["settings"].get("teams") or [0, 1]
        return [list(teams).count(side) for side in (0, 1)]

    def face_up(self, state: State, side: int) -> list[str]:
        return [c for seat in state.sides[side] for c in state.reinforcements[seat] if c in state.used]

    def face_down(self, state: State, side: int) -> list[str]:
        return [c for seat in state.sides[side] for c in state.unused[seat]]

    def card(self, value: Any) -> dict[str, object]:
        """A card of an entry or of the state, for display: colour, number, what it is."""
        if isinstance(value, Card):
            return {"colour": value.colour, "number": value.number}
        token = _token(value)
        if token is None:
            return {"text": str(value)}
        if isinstance(token, CursedPainting):
            return {"cursed": True}
        if isinstance(token, GreatTreasure):
            return {"treasure": True, **(self.card(token.card) if token.card else {})}
        return self.card(token)

    def resale_args(self, form: ResaleForm) -> ResaleArgs:
        return {"chest": list(form.chest.data or []) + [CURSED] * _int(form.cursed.data),
                "bandit": form.bandit.data or None,
                "reinforcements": list(form.reinforcements.data or []),
                "face_up": list(form.face_up.data or []),
                "opponent_cursed": _int(form.opponent_cursed.data),
                "free_discard": form.free_discard.data or FREE_DISCARDS[0]}

    # A result played on paper: the sides and their coins, the target, Pat.
    result_template = "games/give-me-the-treasure/_result.html"
    result_score_label = N_("Coins of the side")

    def result_settings(self, form: Any, seats: Sequence[int]) -> dict[str, object]:
        sides = [form.players.entries[i].form.side.data for i in seats]
        out: dict[str, Any] = {"teams": [int(s) if s else -1 for s in sides]} if any(sides) else {}
        if form.target.data is not None:
            out["target"] = form.target.data
        return out

    def result_extra(self, form: Any) -> dict[str, object]:
        return {"pat": True} if form.pat.data else {}


ADAPTER = GameAdapter()
