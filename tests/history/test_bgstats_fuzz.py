"""The BG Stats importer fuzzed (Hypothesis): any JSON, and real-shaped exports with any
value in any field, through the restore form. Never a 500; a refused file says why and
stores nothing; what the summary offers, the tap stores, and it replays."""
from __future__ import annotations

import copy
import io
import json
import os
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import create_app
from companion.history import bgstats
from companion.record.entries import replay
from tests.bgstats_files import every_case
from tests.formpage import Browserless

FUZZ = settings(deadline=None, database=None, derandomize=bool(os.environ.get("CI")),
                max_examples=int(60 * float(os.environ.get("FUZZ_SCALE", "1"))),
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**15, 10**15),
                    st.floats(allow_nan=False), st.text(max_size=30),
                    st.sampled_from(["", "20+16+16", "66-13-11", "1e9", "2025-02-30 10:00:00",
                                     "2025-02-01 19:30:00", "0", "1", "-", "{}", "[]", "\x00",
                                     "\u202e", "a" * 60, "9" * 400]))
ANY_JSON = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=12), inner, max_size=4)), max_leaves=20)
FIELDS = ["uuid", "playDate", "entryDate", "modificationDate", "gameRefId", "playerScores", "ignored",
          "usesTeams", "durationMin", "locationRefId", "comments", "scoresheet", "metaData"]
SCORE_FIELDS = ["playerRefId", "score", "winner", "rank", "startPlayer", "seatOrder", "team",
                "startPosition"]
GAME_FIELDS = ["name", "bggName", "highestWins", "noPoints", "cooperative", "id"]


def fresh():
    folder = tempfile.mkdtemp()
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(Path(folder) / "instance")})
    client = app.test_client()
    client.get("/")
    return app, client, app.extensions["store"]


APP, CLIENT, STORE = fresh()


def upload(raw: bytes):
    user = Browserless(CLIENT)
    user.open("/groups/household")
    form = user.form("/restore")
    data = dict(form["fields"])
    data["file"] = (io.BytesIO(raw), "BGStatsExport.json")
    return CLIENT.post(form["action"], data=data, content_type="multipart/form-data")


def games_now() -> set[str]:
    return set(STORE.index.games())


def check(raw: bytes) -> None:
    before = games_now()
    response = upload(raw)
    assert response.status_code in (200, 422), response.status_code
    page = response.get_data(as_text=True)
    if response.status_code == 422:
        assert 'role="alert"' in page or "class=\"error\"" in page
    assert games_now() == before  # a summary, or a refusal: nothing stored yet


@FUZZ
@given(ANY_JSON)
def test_any_json_is_a_clear_refusal_or_a_summary(value):
    check(json.dumps(value).encode())


@FUZZ
@given(st.dictionaries(st.sampled_from(["plays", "games", "players", "locations", "userInfo"]),
                       ANY_JSON, min_size=1))
def test_any_parts_of_an_export(value):
    value.setdefault("plays", [])
    value.setdefault("games", [])
    check(json.dumps(value).encode())


@FUZZ
@given(st.data())
def test_any_value_in_any_field_of_a_real_shaped_export(data):
    export = copy.deepcopy(every_case())
    for _ in range(data.draw(st.integers(1, 4))):
        where = data.draw(st.sampled_from(["play", "score", "game"]))
        if where == "play":
            item = data.draw(st.sampled_from(export["plays"]))
            key = data.draw(st.sampled_from(FIELDS))
        elif where == "score":
            rows = data.draw(st.sampled_from(export["plays"])).get("playerScores")
            if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) for r in rows):
                continue  # an earlier draw put another value there: no score in it to change
            item = data.draw(st.sampled_from(rows))
            key = data.draw(st.sampled_from(SCORE_FIELDS))
        else:
            item = data.draw(st.sampled_from(export["games"]))
            key = data.draw(st.sampled_from(GAME_FIELDS))
        if data.draw(st.booleans()):
            item.pop(key, None)
        else:
            item[key] = data.draw(ANY_JSON)
    raw = json.dumps(export).encode()
    check(raw)
    # What the plan offers is a record the rules replay (checked before it is stored).
    with APP.test_request_context("/"):
        try:
            plan = bgstats.plan(bgstats.read(raw), "household", {})
        except bgstats.BGStatsError:
            return
        for p in plan.plays:
            assert replay(p.record).finished
