"""The BG Stats importer fed exports Hypothesis builds in BG Stats' documented shape
(docs/bgstats.md), not written by hand: scores as strings, None, "" or typed sums, rank 0 or
1..n, optional keys missing, unicode names, team and cooperative plays, ignored plays and
uuids twice. Never a 500; a summary or a refusal stores nothing; the tap stores every play
the summary offers and nothing else (never part of it); every refusal is a message with its
German."""
from __future__ import annotations

import itertools
import json
import os
from pathlib import Path

from babel.messages.pofile import read_po
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from companion.games.base import Msg
from companion.history import bgstats
from companion.record.entries import replay
from tests.history.test_bgstats_fuzz import APP, STORE, games_now, upload

FUZZ = settings(deadline=None, database=None, derandomize=bool(os.environ.get("CI")),
                max_examples=int(40 * float(os.environ.get("FUZZ_SCALE", "1"))),
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
with (Path(__file__).resolve().parents[2] / "companion/translations/de/LC_MESSAGES/messages.po").open("rb") as po:
    CATALOG = {m.id: m.string for m in read_po(po) if m.id}
RUN = itertools.count()

NAMES = st.one_of(st.sampled_from(["Anna", " anna ", "Ben", "Çem", "Dörte", "李雷", "Zoë\u200b", "A" * 41,
                                   "Ｂｅｎ", "", "\u202eEmil"]),
                  st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=12))
GAME_NAMES = st.one_of(st.sampled_from(["Beutezug", "Loot & Scoot", "Beutelschneider", "Give Me The Treasure",
                                        "Skat", "Hearts", "Pandemic", "Codenames", "Azul"]),
                       st.text(min_size=1, max_size=15))
SCORES = st.one_of(st.integers(0, 120).map(str), st.integers(0, 120).map(str), st.none(), st.just(""),
                   st.sampled_from(["20+16", "20+16+16", "66-13-11", "12.5", "abc", " 7 ", "0", "-5"]),
                   st.integers(0, 50))
STAMPS = st.builds(lambda y, m, d, h: f"{y}-{m:02d}-{d:02d} {h:02d}:00:00", st.integers(2010, 2026),
                   st.integers(1, 12), st.integers(1, 28), st.sampled_from([10, 19, 20, 23]))


def maybe(draw, out: dict, key: str, strategy) -> None:
    """An optional key: there with a drawn value, or missing as in some real files."""
    if draw(st.booleans()):
        out[key] = draw(strategy)


@st.composite
def exports(draw) -> dict:
    run = next(RUN)
    people = draw(st.lists(NAMES, min_size=1, max_size=7, unique=True))
    players = []
    for i, name in enumerate(people, 1):
        p = {"uuid": f"p-{run}-{i}", "id": i, "name": name, "isAnonymous": False,
             "modificationDate": "2025-01-01 10:00:00"}
        maybe(draw, p, "metaData", st.just(json.dumps({"someKey": "x"})))
        maybe(draw, p, "bggUsername", st.text(max_size=5))
        players.append(p)
    games = []
    for i, name in enumerate(draw(st.lists(GAME_NAMES, min_size=1, max_size=4)), 1):
        g = {"uuid": f"g-{run}-{i}", "id": i, "name": name, "modificationDate": "2025-01-01 10:00:00",
             "cooperative": draw(st.booleans()), "highestWins": draw(st.booleans()),
             "noPoints": draw(st.booleans()), "usesTeams": draw(st.booleans())}
        maybe(draw, g, "bggName", st.just(name))
        maybe(draw, g, "bggId", st.integers(0, 400000))
        games.append(g)
    plays = []
    for n in range(draw(st.integers(0, 8))):
        # Mostly each player once, now and then one twice, one not in the file, or nobody.
        seated = draw(st.lists(st.integers(1, len(players)), min_size=1, max_size=5, unique=True))
        seated += draw(st.sampled_from([[]] * 6 + [[seated[0]], [len(players) + 1]]))
        if draw(st.integers(0, 9)) == 0:
            seated = []
        teams = draw(st.booleans())
        rows = []
        for seat, ref in enumerate(seated):
            r = {"playerRefId": ref, "score": draw(SCORES), "winner": draw(st.booleans()),
                 "rank": draw(st.sampled_from([0, seat + 1, 1])), "startPlayer": draw(st.booleans()),
                 "seatOrder": draw(st.sampled_from([0, seat])), "newPlayer": False, "role": ""}
            if teams:
                r.update(team=draw(st.sampled_from(["0", "1", "A"])), teamRole="", startPosition="")
            maybe(draw, r, "metaData", st.just(json.dumps({"scoreUuid": f"s-{run}-{n}-{seat}"})))
            rows.append(r)
        date = draw(STAMPS)
        play = {"uuid": draw(st.sampled_from([f"u-{run}-{n}", f"u-{run}-0"])),  # twice, now and then
                "modificationDate": date, "playDate": date, "gameRefId": draw(st.integers(1, len(games) + 1)),
                "playerScores": rows, "scoringSetting": 0, "board": ""}
        maybe(draw, play, "entryDate", st.one_of(st.none(), st.just(date)))
        maybe(draw, play, "usesTeams", st.just(teams))
        maybe(draw, play, "ignored", st.booleans())
        maybe(draw, play, "manualWinner", st.booleans())
        maybe(draw, play, "durationMin", st.integers(0, 300))
        maybe(draw, play, "rounds", st.integers(0, 10))
        maybe(draw, play, "locationRefId", st.integers(1, 2))
        maybe(draw, play, "comments", st.text(max_size=20))
        maybe(draw, play, "expansionPlays", st.just([]))
        maybe(draw, play, "playImages", st.just("[]"))
        maybe(draw, play, "metaData", st.just(json.dumps({"MetaDataImportSourceType": "manual"})))
        maybe(draw, play, "scoresheet", st.just(json.dumps({"scoreType": "bestTotalWins", "rounds": []})))
        plays.append(play)
    out = {"players": players, "games": games, "plays": plays}
    if draw(st.booleans()):  # else a minimal file: games, plays and players only
        out.update(locations=[{"uuid": "l", "id": 1, "name": "Küche", "modificationDate": "2025-01-01 10:00:00"}],
                   userInfo={"meRefId": 1, "appVersion": "7.4"}, tags=[], groups=[], challenges=[],
                   deletedObjects=[])
    return out


def german(message: Msg) -> None:
    """A refusal's words are a message of the catalog with its German, its values filled in."""
    assert CATALOG.get(message.text), message.text
    for value in message.args.values():
        if isinstance(value, Msg):
            german(value)


@FUZZ
@given(exports())
def test_a_generated_export_is_a_summary_or_a_refusal_and_the_tap_stores_all_it_offers(data):
    raw = json.dumps(data, ensure_ascii=False).encode()
    before = games_now()
    response = upload(raw)
    assert response.status_code in (200, 422), response.status_code
    assert games_now() == before  # the summary stores nothing
    with APP.test_request_context("/", headers={"Accept-Language": "de"}):
        plan = bgstats.plan(bgstats.read(raw), "household", bgstats.known_names(STORE, "household"))
        for refusal in plan.refused:
            german(refusal.why)
            assert "%(" not in bgstats.refusal_text(refusal)
        offered = {p.game_id for p in plan.plays}
        assert len(offered) == len(plan.plays)  # a uuid twice is refused, never stored twice
        for p in plan.plays:
            assert replay(p.record).finished
        bgstats.store_plan(STORE, "household", plan)
    event(f"{min(len(offered), 3)}+ plays stored, {min(len(plan.refused), 3)}+ refused")
    assert games_now() - before == offered  # all it offered, nothing else
    assert plan.added == len(offered)


def test_a_play_dated_ahead_is_refused_with_its_reason():
    data = {"players": [{"id": 1, "name": "Anna"}, {"id": 2, "name": "Ben"}],
            "games": [{"id": 1, "name": "Azul", "highestWins": True}],
            "plays": [{"uuid": "ahead-1", "playDate": "2999-01-01 10:00:00", "gameRefId": 1,
                       "playerScores": [{"playerRefId": 1, "score": "3", "winner": True},
                                        {"playerRefId": 2, "score": "1"}]}]}
    with APP.test_request_context("/", headers={"Accept-Language": "de"}):
        plan = bgstats.plan(bgstats.read(json.dumps(data)), "household", {})
        assert plan.plays == []
        assert bgstats.refusal_text(plan.refused[0]) == "Partie 1 (Azul, 2999-01-01): ihr Datum liegt in der Zukunft."
