"""Each player enters their own part (issue 38.2): rows of a round sent from several phones
gather in a draft, kept across a restart, and become one entry through the same form and rules
as one phone typing them -- when the last row is in, or when one phone saves for the rest. A
draft is never an entry."""
from __future__ import annotations

import json
import tempfile

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import create_app
from tests.conftest import TESTING
from tests.formpage import BACKGROUND, Browserless
from tests.games.beutelschneider.web import test_pages as beutelschneider
from tests.games.beutezug.web import test_pages as beutezug

PLAYERS = ("Anna", "Ben", "Cem")


def row(seat: int, gold: int | None, cutpurses: int = 0) -> dict[str, str]:
    return {f"players-{seat}-gold": "" if gold is None else str(gold), f"players-{seat}-cutpurses": str(cutpurses)}


def send_row(phone: Browserless, game_id: str, seat: int, gold: int | None, cutpurses: int = 0):
    phone.open(f"/games/{game_id}")
    return phone.submit("/entries", row(seat, gold, cutpurses), button=("row", str(seat)))


def golds(store, game_id):
    return [[p["gold"] for p in e["data"]["players"]] for e in store.load(game_id)["entries"]]


def test_rows_from_three_phones_are_one_hand_once_the_last_is_in(user, app, store):
    game_id = beutelschneider.start(user, players=PLAYERS)
    phones = [user] + [Browserless(app.test_client()) for _ in range(2)]
    send_row(phones[0], game_id, 0, 40, 1)
    send_row(phones[1], game_id, 1, 30)
    assert store.load(game_id)["entries"] == []  # a draft is never an entry
    phones[2].open(f"/games/{game_id}")
    assert "2 of 3 in (Anna, Ben)" in phones[2].page
    assert user.client.get(f"/games/{game_id}/record.json").get_data(as_text=True).count('"kind"') == 0
    send_row(phones[2], game_id, 2, None)  # 80 minus the rest, as on one phone
    assert golds(store, game_id) == [[40, 30, 10]]
    assert store.load(game_id)["entries"][0]["data"]["players"][0]["cutpurses"] == 1
    phones[0].open(f"/games/{game_id}")
    assert "of 3 in" not in phones[0].page  # the next hand starts without a draft


def test_one_phone_saves_the_rest_filling_in_what_is_missing(user, app, store):
    game_id = beutelschneider.start(user, players=PLAYERS)
    send_row(Browserless(app.test_client()), game_id, 1, 30)
    user.open(f"/games/{game_id}")
    user.submit("/entries", {**row(0, 45), **row(2, None)})  # the draft's Save: Ben's row is the draft's
    assert golds(store, game_id) == [[45, 30, 5]]


def test_a_save_from_a_page_shown_before_the_draft_began_keeps_the_rows_in(user, app, store):
    game_id = beutelschneider.start(user, players=PLAYERS)
    user.open(f"/games/{game_id}")  # no draft yet: the form has no draft field
    send_row(Browserless(app.test_client()), game_id, 1, 30)
    assert user.submit("/entries", {**row(0, 45), **row(1, None), **row(2, None)}).status_code == 200
    assert golds(store, game_id) == [[45, 30, 5]]
    assert store.read_state(f"draft-{game_id}") == {}


def test_a_refused_round_keeps_its_draft_and_says_why(user, app, store):
    game_id = beutelschneider.start(user, players=PLAYERS)
    send_row(user, game_id, 0, 40)
    answer = send_row(Browserless(app.test_client()), game_id, 1, None)
    assert answer.status_code == 200 and store.load(game_id)["entries"] == []
    user.open(f"/games/{game_id}")
    answer = user.submit("/entries", {**row(2, None)})  # two golds missing: the form's own words
    assert answer.status_code == 422 and "Enter the gold" in user.page
    assert store.load(game_id)["entries"] == [] and "2 of 3 in" in user.page


def test_a_row_for_a_step_that_is_over_is_refused(user, app, store):
    game_id = beutelschneider.start(user, players=PLAYERS)
    late = Browserless(app.test_client())
    late.open(f"/games/{game_id}")
    user.submit("/entries", beutelschneider.hand_values(40, 30, 10))
    answer = late.submit("/entries", row(0, 20), button=("row", "0"))
    assert answer.status_code == 409 and "enter your row again" in late.page
    assert len(store.load(game_id)["entries"]) == 1


def test_a_phone_says_who_holds_it_and_gets_its_own_button(user, app):
    game_id = beutelschneider.start(user, players=PLAYERS)
    user.open(f"/games/{game_id}")
    assert 'name="row"' not in user.page  # one phone: the page as it was
    user.open(f"/games/{game_id}/phone")
    user.submit(f"/games/{game_id}/phone", {"seat": "1"})
    assert "Send my row (Ben)" in user.page
    user.open(f"/games/{game_id}/phone")
    assert user.submit(f"/games/{game_id}/phone", {"seat": "7"}).status_code == 422
    assert "Choose one of the players." in user.page
    user.submit(f"/games/{game_id}/phone", {"seat": ""})
    assert 'name="row"' not in user.page


def test_crafted_rows_are_refused_and_change_nothing(user, app, store):
    game_id = beutelschneider.start(user, players=PLAYERS)
    user.open(f"/games/{game_id}")
    fields = dict(user.form("/entries")["fields"])
    for seat in ("9", "-1", "x", "1" * 40):
        answer = user.client.post(f"/games/{game_id}/entries", data={**fields, "row": seat}, headers=BACKGROUND)
        assert answer.status_code == 400, seat
    assert store.read_state(f"draft-{game_id}") == {} and store.load(game_id)["entries"] == []


# -- a Beutezug round: its rows in rolling order, each carrying its seat -------------------------

def heist(phone: Browserless, seat: int, stack: int, loot: int | None, bonus: str) -> dict[str, str]:
    """``seat``'s row of the round, at its place in the form (the rolling order, not the seat)."""
    i = beutezug.form_seats(phone).index(seat)
    return {f"outcomes-{i}-stack": str(stack), f"outcomes-{i}-loot": "" if loot is None else str(loot),
            f"outcomes-{i}-bonus": bonus}


def send_heist(phone: Browserless, game_id: str, seat: int, outcome: tuple[int, int | None, str]):
    phone.open(f"/games/{game_id}")
    return phone.submit("/entries", heist(phone, seat, *outcome), button=("row", str(seat)))


def beutezug_game(user, app) -> tuple[str, list[Browserless]]:
    game_id = beutezug.start(user)
    beutezug.place(user, beutezug.KATE, beutezug.VINCENZO, beutezug.JOHNNY)
    assert beutezug.form_seats(user) != [0, 1, 2]  # a row's place is not its seat
    return game_id, [user] + [Browserless(app.test_client()) for _ in range(2)]


def test_a_beutezug_round_from_three_phones_is_one_round_by_the_rules(user, app, store):
    game_id, phones = beutezug_game(user, app)
    first = beutezug.EXAMPLE[0]
    order = [beutezug.JOHNNY, beutezug.VINCENZO, beutezug.KATE]
    for phone, seat in zip(phones[:2], order, strict=False):
        assert send_heist(phone, game_id, seat, first[seat]).status_code == 200
    assert store.load(game_id)["entries"][-1]["kind"] == "placement"  # a draft is never an entry
    phones[2].open(f"/games/{game_id}")
    assert "2 of 3 in (Vincenzo, Johnny)" in phones[2].page
    send_heist(phones[2], game_id, beutezug.KATE, first[beutezug.KATE])
    rounds = [e for e in store.load(game_id)["entries"] if e["kind"] == "round"]
    assert len(rounds) == 1
    assert {o["seat"]: (o["stack"], o.get("loot"), o["bonus"]) for o in rounds[0]["data"]["outcomes"]} == first
    assert store.read_state(f"draft-{game_id}") == {}


def test_a_beutezug_round_the_rules_refuse_keeps_every_row(user, app, store):
    game_id, phones = beutezug_game(user, app)
    first = beutezug.EXAMPLE[0]
    send_heist(phones[1], game_id, beutezug.VINCENZO, first[beutezug.VINCENZO])
    send_heist(phones[2], game_id, beutezug.JOHNNY, first[beutezug.JOHNNY])
    answer = send_heist(user, game_id, beutezug.KATE, (2, 20, "pink"))  # the last row: a loot above 14
    assert answer.status_code == 422 and store.load(game_id)["entries"][-1]["kind"] == "placement"
    kate = f"outcomes-{beutezug.form_seats(user).index(beutezug.KATE)}-loot"
    assert beutezug.near(user.page, kate, "14")
    assert sorted(store.read_state(f"draft-{game_id}")["rows"]) == ["0", "1", "2"]
    send_heist(user, game_id, beutezug.KATE, first[beutezug.KATE])  # sent again, right: the round
    rounds = [e for e in store.load(game_id)["entries"] if e["kind"] == "round"]
    assert [{o["seat"]: (o["stack"], o.get("loot"), o["bonus"]) for o in r["data"]["outcomes"]}
            for r in rounds] == [first]


def test_a_beutezug_row_is_its_senders_seat_whatever_its_seat_field_says(user, app, store):
    game_id, phones = beutezug_game(user, app)
    first = beutezug.EXAMPLE[0]
    phones[1].open(f"/games/{game_id}")
    i = beutezug.form_seats(phones[1]).index(beutezug.KATE)
    crafted = {**heist(phones[1], beutezug.KATE, *first[beutezug.KATE]), f"outcomes-{i}-seat": str(beutezug.VINCENZO)}
    assert phones[1].submit("/entries", crafted, button=("row", str(beutezug.KATE))).status_code == 200
    send_heist(phones[2], game_id, beutezug.JOHNNY, first[beutezug.JOHNNY])
    assert send_heist(user, game_id, beutezug.VINCENZO, first[beutezug.VINCENZO]).status_code == 200
    (stored,) = [e for e in store.load(game_id)["entries"] if e["kind"] == "round"]
    assert {o["seat"]: (o["stack"], o.get("loot"), o["bonus"]) for o in stored["data"]["outcomes"]} == first


def test_beutezug_rounds_row_by_row_and_the_tie_draw_as_on_one_phone(user, app, store):
    """The example's first three rounds, each row from its own phone, then its placement tie
    drawn on one phone: the same entries as one phone typing it all."""
    game_id, phones = beutezug_game(user, app)
    for outcomes in beutezug.EXAMPLE[:3]:
        for phone, seat in zip(phones, (2, 0, 1), strict=True):
            send_heist(phone, game_id, seat, outcomes[seat])
    phones[1].open(f"/games/{game_id}")
    beutezug.place(phones[1], beutezug.VINCENZO, beutezug.JOHNNY, beutezug.KATE)  # Kate and Johnny tied
    one = Browserless(app.test_client())
    model_id = beutezug.start(one)
    one.open(f"/games/{model_id}")
    beutezug.place(one, beutezug.KATE, beutezug.VINCENZO, beutezug.JOHNNY)
    for outcomes in beutezug.EXAMPLE[:3]:
        beutezug.play_round(one, *beutezug.by_seat(one, outcomes))
    beutezug.place(one, beutezug.VINCENZO, beutezug.JOHNNY, beutezug.KATE)
    assert [(e["kind"], e["data"]) for e in store.load(game_id)["entries"]] == \
        [(e["kind"], e["data"]) for e in store.load(model_id)["entries"]]
    assert [e["kind"] for e in store.load(game_id)["entries"]][-2:] == ["round", "placement_tie"]


# -- any interleaving is one phone typing ---------------------------------------------------------

GOLD = st.one_of(st.none(), st.sampled_from([0, 10, 20, 30, 40, 50, 60, 80]))
STEP = st.one_of(
    st.tuples(st.just("row"), st.integers(0, 2), st.integers(0, 2), GOLD, st.integers(0, 1)),  # phone, seat
    st.tuples(st.just("save"), st.integers(0, 2)),
    st.tuples(st.just("undo"), st.integers(0, 2)),
    st.tuples(st.just("restart")),
)


class OnePhone:
    """The one-phone loop: what is typed into the round's form, saved when the last row is in or
    when Save is tapped (the rules and the form judge it), cleared by a save and by undo."""

    def __init__(self, phone: Browserless, game_id: str) -> None:
        self.phone, self.game_id, self.typed = phone, game_id, {}

    def save(self) -> None:
        values = {}
        for seat in range(len(PLAYERS)):
            values.update(self.typed.get(seat, row(seat, None)))
        self.phone.open(f"/games/{self.game_id}")
        if self.phone.submit("/entries", values).status_code == 200:
            self.typed = {}

    def step(self, step) -> None:
        if step[0] == "row":
            _, _, seat, gold, cutpurses = step
            self.typed[seat] = row(seat, gold, cutpurses)
            if len(self.typed) == len(PLAYERS):
                self.save()
        elif step[0] == "save":
            self.save()
        elif step[0] == "undo":
            self.phone.open(f"/games/{self.game_id}")
            if "/undo" in self.phone.page:  # an entry to undo: the round typed so far is for a step that is over
                self.phone.submit("/undo")
                self.typed = {}


def entries(app, game_id):
    return [(e["kind"], json.dumps(e["data"], sort_keys=True)) for e in app.extensions["store"].load(game_id)["entries"]]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(STEP, max_size=14))
def test_any_interleaving_stores_what_one_phone_typing_it_would(steps):
    with tempfile.TemporaryDirectory() as many_folder, tempfile.TemporaryDirectory() as one_folder:
        config = {**TESTING, "WTF_CSRF_ENABLED": True}
        many = create_app({**config, "INSTANCE_PATH": many_folder})
        one = create_app({**config, "INSTANCE_PATH": one_folder})
        game_id = beutelschneider.start(Browserless(many.test_client()), players=PLAYERS, limit="10000")
        model_id = beutelschneider.start(Browserless(one.test_client()), players=PLAYERS, limit="10000")
        model = OnePhone(Browserless(one.test_client()), model_id)
        phones = [Browserless(many.test_client()) for _ in range(3)]
        for step in steps:
            if step[0] == "restart":  # the server stops and starts again: the draft is on disk
                many = create_app({**config, "INSTANCE_PATH": many_folder})
                phones = [Browserless(many.test_client()) for _ in range(3)]
                continue
            phone = phones[step[1]]
            phone.open(f"/games/{game_id}")
            if step[0] == "row":
                _, _, seat, gold, cutpurses = step
                phone.submit("/entries", row(seat, gold, cutpurses), button=("row", str(seat)))
            elif step[0] == "save":
                phone.submit("/entries", {f"players-{s}-gold": "" for s in range(len(PLAYERS))})
            elif step[0] == "undo" and "/undo" in phone.page:
                phone.submit("/undo")
            model.step(step)
            assert entries(many, game_id) == entries(one, model_id), step
