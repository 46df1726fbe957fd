"""Property-based fuzzing of every form and of import and restore (Hypothesis).

Each example takes a real page -- a game of each kind at a random point of its documented
example record (docs/record-format.md), an entry's correction page, a new-game page, the group
page -- picks one of its forms, and sends it the way a hostile or clumsy client might: values
no form offers (digits Python reads but we do not, 5,000 digits, control and bidi characters,
random text), fields left out or added, hidden values changed. Import and restore get valid
records with parts replaced, removed or added. Whatever comes in:

- never a 500 (nor any 5xx: the disk is fine here);
- a refusal (4xx) changes nothing in the data folder and shows its message on the page;
- what is accepted is stored in the documented shape and still replays.

Two properties besides: no interleaving of wrong codes, joins elsewhere and other phones
lets more guesses at a group through than its waits allow; and new-game forms sent in any
order, any number of times, start one game each.

Bounded for CI (max_examples per test, ``FUZZ_SCALE`` multiplies them); ``CI`` set makes the
examples the same every run.
"""
from __future__ import annotations

import copy
import hashlib
import io
import json
import os
import re
from contextlib import suppress
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict

from companion import create_app
from companion.games import entry_problem
from companion.history import groups
from companion.history.transfer import import_record
from companion.record.entries import replay
from tests.formpage import forms_of
from tests.test_record_format_doc import EXAMPLES

FUZZ = settings(deadline=None, database=None, derandomize=bool(os.environ.get("CI")),
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

def examples(n: int) -> int:
    """``n`` examples in CI; ``FUZZ_SCALE=10`` hunts ten times longer on a developer's machine."""
    return int(n * float(os.environ.get("FUZZ_SCALE", "1")))


HOSTILE = st.one_of(
    st.sampled_from(["", " ", "0", "-1", "1", "2", "7", "80", "1_0", "²", "١٠", "٣", "1.5", "1e3",
                     "0x10", "9" * 5000, "99999999999", "-0", "+7", "\x00", "\u202e12", "nan",
                     "true", "yes", "no", "on", "app", "[]", "{}", "None", "a" * 3000, "red2",
                     "treasure", "cursed", "squire", "hireling", "beg", "leave", "share", "any",
                     "peaceful", "reroll_all", "pat", "viper", "Ａnn", "An\u200bn"]),
    st.text(max_size=12),
    st.integers(-10**12, 10**12).map(str),
)


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory):
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path_factory.mktemp("fuzz"))})
    app.config["PROPAGATE_EXCEPTIONS"] = False  # a crash must come back as the 500 it would be
    return app


def data_files(store) -> dict[str, str]:
    """What a refusal must leave as it was: every game file and the index."""
    folder = Path(store.folder)
    paths = [folder / "index.json", *sorted(folder.glob("games/*.json")), *sorted(folder.glob("trash/*.json"))]
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in paths if p.exists()}


def message_shown(page: str) -> bool:
    """A message the person can read: an alert, a message by a field, or an error page's text."""
    texts = re.findall(r'class="alert"[^>]*>\s*([^<\s][^<]*)', page) + \
        re.findall(r'class="error"[^>]*>\s*([^<\s][^<]*)', page)
    if texts:
        return True
    error_page = re.search(r"<h1>(\d{3})</h1>\s*(?:<div[^>]*>\s*)?<p>\s*([^<\s][^<]*)", page)
    # A refusal says what was wrong: the words for a server's failure are not a message.
    return error_page is not None and not error_page[2].startswith("Something went wrong")


def check_answer(response: Any, store: Any, before: dict[str, str]) -> None:
    event(f"answered {response.status_code}")  # --hypothesis-show-statistics shows the mix
    assert response.status_code < 500, response.get_data(as_text=True)[-3000:]
    if response.status_code >= 400:
        page = response.get_data(as_text=True)
        assert data_files(store) == before, "a refused request changed the data folder"
        assert message_shown(page), f"{response.status_code} without a message shown"
    for game_id in store.game_ids():  # whatever was accepted is in the documented shape
        record = store.load(game_id)
        replay(record)
        for entry in record["entries"]:
            assert entry_problem(record["game"], entry["kind"], entry["data"]) is None, entry


@st.composite
def tampered(draw: Any, fields: list[tuple[str, str]], buttons: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The form's own fields, some values replaced by hostile ones, some left out, some added."""
    out = []
    for name, value in fields:
        if name == "csrf_token" and draw(st.integers(0, 19)):
            out.append((name, value))  # mostly a valid token: else every post is a CSRF refusal
            continue
        action = draw(st.sampled_from(["keep", "keep", "keep", "hostile", "drop", "twice"]))
        if action == "keep":
            out.append((name, value))
        elif action == "hostile":
            out.append((name, draw(HOSTILE)))
        elif action == "twice":
            out += [(name, value), (name, draw(HOSTILE))]
    if buttons and draw(st.booleans()):
        out.append(draw(st.sampled_from(buttons)))
    for _ in range(draw(st.integers(0, 2))):
        known = [n for n, _ in fields] or ["x"]
        name = draw(st.one_of(st.sampled_from(known).map(lambda n: re.sub(r"\d+", "9", n)),
                              st.sampled_from(["players-7-gold", "order-9", "events", "juggler",
                                               "kind", "action", "seat", "sides-2-cursed_free"])))
        out.append((name, draw(HOSTILE)))
    return out


def post_form(client: Any, form: dict[str, Any], pairs: list[tuple[str, str]], url: str) -> Any:
    data: dict[str, list[str]] = {}
    for name, value in pairs:
        data.setdefault(name, []).append(value)
    return client.post(form["action"] or url, data=data)


def record_at(example: dict[str, Any], stop: int) -> dict[str, Any]:
    record = import_record({**example, "entries": example["entries"][:stop]})
    record.pop("origin", None)
    return record


@settings(FUZZ, max_examples=examples(110))
@given(data=st.data())
def test_every_form_of_a_game_at_any_point_refuses_bad_input_with_a_message(fuzz_app, data):
    store, client = fuzz_app.extensions["store"], fuzz_app.test_client()
    example = data.draw(st.sampled_from(EXAMPLES), label="game")
    stop = data.draw(st.integers(0, len(example["entries"])), label="entries")
    game_id = store.create(record_at(example, stop))
    url = f"/games/{game_id}"
    if stop and data.draw(st.booleans(), label="correction page"):
        entry = data.draw(st.integers(1, stop), label="entry")
        url = f"/games/{game_id}/entries/{entry}/edit"
    page = client.get(url)
    assert page.status_code == 200
    forms = [f for f in forms_of(page.get_data(as_text=True)) if f["method"].lower() == "post"]
    form = data.draw(st.sampled_from(forms), label="form")
    pairs = data.draw(tampered(form["fields"], form["buttons"]), label="sent")
    before = data_files(store)
    check_answer(post_form(client, form, pairs, url), store, before)


@settings(FUZZ, max_examples=examples(40))
@given(data=st.data())
def test_every_new_game_form_refuses_bad_input_with_a_message(fuzz_app, data):
    store, client = fuzz_app.extensions["store"], fuzz_app.test_client()
    slug = data.draw(st.sampled_from([e["game"] for e in EXAMPLES]), label="game")
    url = f"/new/{slug}"
    form = next(f for f in forms_of(client.get(url).get_data(as_text=True)) if f["action"] in ("", url))
    fields = form["fields"] + [("player", n) for n in ("Ann", "Ben", "Cem")]
    pairs = data.draw(tampered(fields, form["buttons"]), label="sent")
    before = data_files(store)
    check_answer(post_form(client, form, pairs, url), store, before)


@settings(FUZZ, max_examples=examples(40))
@given(data=st.data())
def test_every_group_form_refuses_bad_input_with_a_message(fuzz_app, data):
    # A group of its own per example: an accepted post may set its code or rename it.
    store, client = fuzz_app.extensions["store"], fuzz_app.test_client()
    group = groups.create(store, f"Fuzz {len(groups.all_groups(store))}", "fuzz-code")
    with client.session_transaction() as session:
        groups.enter(session, group)
    groups.add_player(store, group["id"], "Anna")
    groups.add_player(store, group["id"], "Ben")
    url = f"/groups/{group['id']}"
    page = client.get(url).get_data(as_text=True)
    forms = [f for f in forms_of(page) if f["method"].lower() == "post" and "/restore" not in f["action"]]
    form = data.draw(st.sampled_from(forms), label="form")
    pairs = data.draw(tampered(form["fields"], form["buttons"]), label="sent")
    before = data_files(store)
    response = post_form(client, form, pairs, url)
    check_answer(response, store, before)


JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20), st.floats(allow_nan=False),
              HOSTILE, st.sampled_from(["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00",
                                        "2026-11-28T19:00:00", "1969-12-31T23:59:59+00:00"])),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(HOSTILE, inner, max_size=3)),
    max_leaves=6)


@st.composite
def mangled(draw: Any, document: Any) -> Any:
    """``document`` with one to three places replaced, removed or given an extra key."""
    document = copy.deepcopy(document)
    for _ in range(draw(st.integers(1, 3))):
        node, path = document, []
        while isinstance(node, (dict, list)) and node and draw(st.integers(0, 3)):
            key = draw(st.sampled_from(sorted(node) if isinstance(node, dict) else range(len(node))))
            path.append((node, key))
            node = node[key]
        if not path:
            continue
        parent, key = path[-1]
        what = draw(st.sampled_from(["replace", "replace", "remove", "add", "deep"]))
        if what == "replace":
            parent[key] = draw(JSON)
        elif what == "remove":
            del parent[key]
        elif what == "add" and isinstance(parent, dict):
            parent[draw(HOSTILE)] = draw(JSON)
        elif what == "deep":
            value: Any = 1
            for _ in range(draw(st.integers(10, 400))):
                value = [value]
            parent[key] = value
    return document


def upload(client: Any, url: str, form_url: str, body: bytes, extra: dict[str, str]) -> Any:
    page = client.get(form_url).get_data(as_text=True)
    form = next(f for f in forms_of(page) if f["method"].lower() == "post" and
                (url in f["action"] or (f["action"] == "" and form_url == url)))
    data = {**dict(form["fields"]), **extra, "file": (io.BytesIO(body), "file.json")}
    return client.post(url, data=data, content_type="multipart/form-data")


@settings(FUZZ, max_examples=examples(70))
@given(data=st.data())
def test_import_refuses_a_mangled_record_with_a_message_and_stores_nothing(fuzz_app, data):
    store, client = fuzz_app.extensions["store"], fuzz_app.test_client()
    example = data.draw(st.sampled_from(EXAMPLES), label="game")
    document = data.draw(mangled(example), label="record")
    before = data_files(store)
    body = json.dumps(document).encode() if data.draw(st.integers(0, 9)) else json.dumps(document)[:-7].encode()
    response = upload(client, "/import", "/import", body, {"copy": "y"})
    check_answer(response, store, before)
    assert response.status_code in (303, 422), response.status_code


@settings(FUZZ, max_examples=examples(25))
@given(data=st.data())
def test_restore_refuses_a_mangled_backup_with_a_message_and_stores_nothing(fuzz_app, data):
    store, client = fuzz_app.extensions["store"], fuzz_app.test_client()
    backup = {"format": "loot-ledger-backup", "format_version": 1, "exported": "2026-11-28T19:00:00+00:00",
              "group": {"name": ""}, "players": ["Anna"], "aliases": [
                  {"from": "Anna", "to": "Anna B.", "kind": "rename", "at": "2026-11-28T19:00:00+00:00"}],
              "records": [{**e, "id": f"fuzz{i}"} for i, e in enumerate(EXAMPLES)]}
    document = data.draw(mangled(backup), label="backup")
    before = data_files(store)
    response = upload(client, "/groups/household/restore", "/groups/household",
                      json.dumps(document).encode(), {})
    check_answer(response, store, before)


ENDS = st.sampled_from(["0001-01-01", "9999-12-31", "1969-12-31", "1970-01-01", "9998-12-31"])
DAYS = st.one_of(ENDS, ENDS, ENDS, st.dates().map(lambda d: d.isoformat()),  # the calendar's ends, often
                 st.sampled_from(["2026-02-29", "2026-13-01", "20260101", "-2026-01-01"]), HOSTILE)
QUERY = st.fixed_dictionaries({"from": st.one_of(st.just(""), DAYS), "to": st.one_of(st.just(""), DAYS)}, optional={
    "period": st.one_of(st.sampled_from(["all", "month", "year", "range"]), HOSTILE),
    "game": st.one_of(st.sampled_from(["beutezug", "treasure"]), HOSTILE),
    "player": st.one_of(st.sampled_from(["Anna", "ａnna", "ANNA"]), HOSTILE), "page": HOSTILE,
    "vs": st.one_of(st.sampled_from(["Anna", "Ben"]), HOSTILE)})


@settings(FUZZ, max_examples=examples(100))
@given(data=st.data())
def test_history_and_statistics_answer_any_query_with_a_page(fuzz_app, data):
    store, client = fuzz_app.extensions["store"], fuzz_app.test_client()
    if not store.index.games():
        store.create(record_at(EXAMPLES[0], len(EXAMPLES[0]["entries"])))
    player = store.index.games()[min(store.index.games())]["players"][0]
    url = data.draw(st.sampled_from(["/history", "/stats", "/stats/games/beutezug",
                                     "/stats/games/loot-and-scoot", f"/players/{player}"]), label="page")
    client.set_cookie("tz", data.draw(st.sampled_from(
        ["UTC", "Europe/Berlin", "Pacific/Kiritimati", "Etc/GMT+12", "America/St_Johns", "Mars/Olympus"]),
        label="zone"))
    before = data_files(store)
    response = client.get(url, query_string=data.draw(QUERY, label="query"))
    check_answer(response, store, before)


# -- the trash across groups -------------------------------------------------------------------

GROUPS = ("household", "club")
STEP = st.tuples(st.sampled_from(["new", "delete", "restore", "backup", "restore-backup", "import"]),
                 st.sampled_from(GROUPS), st.integers(0, 5))


@settings(FUZZ, max_examples=examples(40))
@given(steps=st.lists(STEP, min_size=3, max_size=14))
@example(steps=[("new", "household", 0), ("backup", "household", 0), ("delete", "household", 0),
                ("restore-backup", "club", 0), ("restore", "household", 0)])  # issue 22's
def test_delete_restore_backup_and_import_across_two_groups_never_lose_or_adopt_a_game(tmp_path_factory, steps):
    """Whatever two groups do in turn -- new games, deletes, restores from the trash, backups
    restored into either group, records imported into either -- every game stays the one
    game of one group, listed or in that group's trash, and no id is held twice."""
    from companion.history import backup
    from companion.history.transfer import already_here
    from companion.record.entries import new_record
    from companion.record.summary import summary
    from companion.storage import trash
    from companion.storage.store import Store
    store = Store(tmp_path_factory.mktemp("trash-groups"), summarize=summary)
    store.index.change_table("groups", lambda t: {**t, "club": {"id": "club", "name": "Club", "players": []}})
    owner: dict[str, str] = {}  # every game ever made: its group, which never changes
    backups: list[bytes] = []

    def listed(group: str) -> list[str]:
        return sorted(g["id"] for g in groups.group_games(store, group))

    def trashed(group: str) -> list[str]:
        return sorted(r["id"] for r in trash.listing(store, group))

    def adopt_new(group: str) -> None:
        for game_id in set(store.game_ids()) - owner.keys():
            owner[game_id] = group

    for op, group, n in steps:
        event(op)
        if op == "new":
            owner[store.create(new_record("beutelschneider", ["Anna", "Ben", "Cem"], {}, group=group))] = group
        elif op == "delete" and listed(group):
            trash.delete(store, listed(group)[n % len(listed(group))])
        elif op == "restore" and trashed(group):
            with suppress(trash.Duplicate):  # the same game listed under another id
                trash.restore(store, trashed(group)[n % len(trashed(group))])
            adopt_new(group)  # a folder from before the rule would bring one back as new
        elif op == "backup":
            backups.append(json.dumps(backup.backup(store, group)).encode())
        elif op == "restore-backup" and backups:
            backup.restore(store, group, backups[n % len(backups)])
            adopt_new(group)
        elif op == "import" and backups:
            records = json.loads(backups[n % len(backups)])["records"]
            if records:
                record = import_record(records[n % len(records)], group=group)
                if already_here(store, record) is None:
                    owner[store.create(record)] = group
        on_disk = set(store.game_ids())
        in_trash = {p.stem for p in store.trash_dir.glob("*.json")}
        assert not on_disk & in_trash, "an id held twice"
        assert on_disk | in_trash == owner.keys(), "a game lost, or one from nowhere"
        for game_id, group_of in owner.items():
            path = store.file(game_id) if game_id in on_disk else store.trash_dir / f"{game_id}.json"
            assert store.read_file(path)["group"] == group_of, "a game changed groups"
        for g in GROUPS:
            assert listed(g) == sorted(i for i in on_disk if owner[i] == g)
            assert trashed(g) == sorted(i for i in in_trash if owner[i] == g)


# -- a start on a full disk --------------------------------------------------------------------

@pytest.fixture(scope="module")
def small_disk(tmp_path_factory):
    from tests.conftest import small_tmpfs
    yield from small_tmpfs(tmp_path_factory.mktemp("full"), "600k")


@settings(FUZZ, max_examples=examples(8))
@given(games=st.integers(1, 5), unlisted=st.integers(0, 5), marked=st.integers(0, 5),
       deleted=st.integers(0, 2), index_gone=st.booleans())
def test_a_start_on_a_full_disk_serves_every_game_the_files_hold(
        small_disk, tmp_path_factory, games, unlisted, marked, deleted, index_gone):
    """However far the index is behind the game files (rows lost, markers left, the index
    file gone), a start on a full disk serves every game the files hold, and each write
    says Not saved."""
    import shutil

    from companion.record.entries import new_record
    from companion.storage import trash
    from tests.views.test_not_saved import Disk
    data = small_disk / "data"
    shutil.rmtree(data, ignore_errors=True)
    config = {"TESTING": True, "INSTANCE_PATH": str(tmp_path_factory.mktemp("instance")), "DATA_DIR": str(data)}
    store = create_app(config).extensions["store"]
    ids = [store.create(new_record("beutelschneider", ["Anna", "Ben", "Cem"], {})) for _ in range(games)]
    for game_id in ids[:deleted]:
        trash.delete(store, game_id)
    held = ids[deleted:]
    store.index.unlist(*held[:unlisted])
    for game_id in held[:marked]:
        (store.index.pending_dir / game_id).touch()
    if index_gone:
        store.index.path.unlink()
    full = Disk(small_disk)
    full.fill()
    try:
        app = create_app(config)
        client = app.test_client()
        home = client.get("/")
        assert home.status_code == 200
        assert sorted(app.extensions["store"].index.games()) == sorted(held)
        for game_id in held:
            assert f"/games/{game_id}" in home.get_data(as_text=True)
            assert client.get(f"/games/{game_id}").status_code == 200
        for game_id in ids[:deleted]:
            assert client.get(f"/games/{game_id}").status_code == 404
        from tests.formpage import Browserless
        user = Browserless(client)
        user.open("/new/beutelschneider")
        assert user.submit("", {"player": ["Anna", "Ben", "Cem", "", ""]}).status_code == 507
        assert "Not saved" in user.page
    finally:
        full.free()


THROTTLE_STEP = st.tuples(st.sampled_from(["guess", "guess", "join elsewhere", "wrong elsewhere",
                                           "guess from another address"]),
                          # Mostly quick steps, as a script sends them; now and then a pause.
                          st.sampled_from([0.0, 0.0, 0.2, 1.0, 2.5, 7.0, 40.0]))


@settings(FUZZ, max_examples=examples(40))
@given(steps=st.lists(THROTTLE_STEP, min_size=1, max_size=40))
def test_no_interleaving_of_joins_elsewhere_lets_more_guesses_through(fuzz_app, steps):
    """Guesses at one group from one address, mixed with right and wrong codes at other
    groups and guesses from other addresses: the n-th guess let through at the target comes
    no sooner after the first than the waits of the n-1 before it add up to."""
    store = fuzz_app.extensions["store"]
    store.change_state(groups.THROTTLE, lambda state: {})
    now, through = 1_000_000.0, []
    for action, pause in steps:
        now += pause
        if action == "guess":
            if groups.attempt(store, "10.9.9.9", "target", now=now) == 0:
                through.append(now)  # a wrong code: nothing takes this count back
        elif action == "join elsewhere":
            if groups.attempt(store, "10.9.9.9", "mine", now=now) == 0:
                groups.succeeded(store, "10.9.9.9", "mine")
        elif action == "wrong elsewhere":
            groups.attempt(store, "10.9.9.9", "mine", now=now)
        else:
            if groups.attempt(store, "10.8.8.8", "target", now=now) == 0:
                groups.succeeded(store, "10.8.8.8", "target")  # someone who knows the code
    for n, moment in enumerate(through[1:], 2):
        least = sum(groups.wait_after(k) for k in range(1, n))
        assert moment - through[0] >= least, (n, moment - through[0], least)


@settings(FUZZ, max_examples=examples(15))
@given(sends=st.lists(st.integers(0, 3), min_size=1, max_size=8))
def test_new_game_forms_resent_in_any_order_start_one_game_each(fuzz_app, sends):
    """Up to four new-game pages, their forms sent in any order and any number of times (a
    double tap, Back then Start, a resend after an answer that never arrived): one game per
    form that was sent, each answer leading to that form's game."""
    store, client = fuzz_app.extensions["store"], fuzz_app.test_client()
    before = set(store.game_ids())
    pages = []
    for _ in range(4):
        form = next(f for f in forms_of(client.get("/new/beutelschneider").get_data(as_text=True))
                    if f["action"] in ("", "/new/beutelschneider"))
        pages.append([(n, v) for n, v in form["fields"] if n != "player"] +
                     [("player", n) for n in ("Ann", "Ben", "Cem")])
    games: dict[int, str] = {}
    for page in sends:
        response = client.post("/new/beutelschneider", data=MultiDict(pages[page]))
        assert response.status_code == 303, response.get_data(as_text=True)[-2000:]
        game_id = response.headers["Location"].split("/games/")[1].split("#")[0]
        assert games.setdefault(page, game_id) == game_id
    started = set(store.game_ids()) - before
    assert started == set(games.values()) and len(started) == len(set(sends))
