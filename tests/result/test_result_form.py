"""The form of a game played on paper, through the pages as a browser without JavaScript
sends it: per game a result stored and shown everywhere as "result only", and refusals that
change nothing, with their message next to the field, in English and German."""
from __future__ import annotations

import json

import pytest

from companion.games.result import RESULT
from companion.history import groups, stats
from companion.history.transfer import ImportError_, export_record, import_record
from tests.games.tables import DAY, table
from tests.games.tables import result_values as values


def enter(user, slug, data):
    user.open(f"/new/{slug}/result")
    return user.submit("", data)


# Per game that takes a result from paper: the form's values, the winner's name, the
# standings' first line (tests/games/<pkg>/tables.py, RESULT_FORM).
GAMES = table("RESULT_FORM")


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_a_result_is_stored_and_shown_everywhere_as_result_only(slug, user, client, store):
    data, winner, decided = GAMES[slug]
    user.open(f"/new/{slug}")
    assert f'href="/new/{slug}/result"' in user.page and "Played on paper? Enter the result" in user.page
    response = enter(user, slug, data)
    assert response.status_code == 200 and user.url.startswith("/games/"), user.page
    game_id = user.url.rsplit("/", 1)[-1]
    record = store.load(game_id)
    assert [e["kind"] for e in record["entries"]] == [RESULT]
    assert record["played_on"].startswith(DAY)
    page = user.page
    assert f"★</span> {winner}" in page and decided in page
    assert '<span class="tag">result only</span>' in page and "only its final result was entered" in page
    assert "Final result" in page  # the log line
    assert "score sheet (PDF)" not in page

    row = store.index.games()[game_id]
    assert row["status"] == "finished" and row["result_only"] is True
    assert row["minutes"] is None and row["rounds"] == 0
    history = client.get("/history").get_data(as_text=True)
    assert "result only" in history
    plays = stats.plays(groups.group_games(store, "household"), {})
    assert len(plays) == 1 and plays[0].result_only and plays[0].minutes is None
    first = list(plays[0].winners)
    assert stats.player_stats(plays, plays[0].names[first[0]]).wins == 1

    exported = client.get(f"/games/{game_id}/record.json").get_json()
    assert exported["result_only"] is True and exported["finished"] is True
    bg = client.get("/groups/household/bgstats.json").get_json()
    (play,) = bg["plays"]
    assert play["board"] == "Result only (played on paper)" and play["manualWinner"] is True
    assert play["durationMin"] == 0 and play["playDate"].startswith(DAY)
    assert [s["winner"] for s in play["playerScores"]] == [seat in plays[0].winners for seat in range(len(record["players"]))]
    csv = client.get("/groups/household/results.csv").get_data(as_text=True)
    assert csv.splitlines()[0].endswith(",result_only") and csv.splitlines()[1].endswith(",1")


def test_the_exported_result_imports_again_as_a_result_only_game(user, client, store, app):
    data, _winner, _decided = GAMES["beutelschneider"]
    enter(user, "beutelschneider", data)
    game_id = user.url.rsplit("/", 1)[-1]
    exported = client.get(f"/games/{game_id}/record.json").get_data(as_text=True)
    copy = import_record(exported)
    assert [e["kind"] for e in copy["entries"]] == [RESULT] and copy["played_on"].startswith(DAY)
    assert export_record({**copy, "id": "copy"})["result_only"] is True
    # A result after another entry is refused by the import, naming the entry.
    broken = json.loads(exported)
    broken["entries"].insert(0, {"kind": "hand", "data": {"players": [{"gold": 40}, {"gold": 40}, {"gold": 0}]},
                                 "at": broken["entries"][0]["at"], "source": "table", "edits": []})
    with app.test_request_context(), pytest.raises(ImportError_, match="first and only entry"):
        import_record(json.dumps(broken))


def nothing_stored(store):
    assert store.index.games() == {}


def test_a_winner_the_scores_contradict_is_refused_next_to_who_won(user, store):
    response = enter(user, "beutelschneider", values(("Anna", "Ben", "Cem"), (105, 60, -20), {1}))
    assert response.status_code == 422
    assert 'id="winners-error"' in user.page
    assert "By these scores Anna won. Highest total with 100 points or more. Check the scores or who won." in user.page
    # What was typed stays in the form.
    assert 'value="105"' in user.page and 'value="Anna"' in user.page
    nothing_stored(store)


def test_a_total_past_the_limit_is_refused_next_to_that_score(user, store):
    response = enter(user, "beutezug", values(("Vincenzo", "Kate"), (38, 105), {1}))
    assert response.status_code == 422
    assert 'id="players-1-score-error"' in user.page
    assert "Seven cards of at most 14 loot and one loot chip make at most 104 points." in user.page
    nothing_stored(store)


def test_a_tie_without_its_tie_break_values_is_refused_next_to_them(user, store):
    response = enter(user, "loot-and-scoot", values(("Adam", "Beth"), (27, 27), {0}))
    assert response.status_code == 422
    assert 'id="players-0-gold-error"' in user.page and 'id="players-1-gold-error"' in user.page
    assert "Enter Adam&#39;s money (gp): it breaks the tie on victory points." in user.page
    nothing_stored(store)


def test_the_refusals_in_german(user, store):
    user.open("/")
    user.submit("/lang", button=("lang", "de"))
    response = enter(user, "give-me-the-treasure", values(("Ann", "Bob"), (19, 12), {0}))
    assert response.status_code == 422
    assert "Die Partie endet bei der Inspektion, bei der eine Seite 20 Münzen hat; die meisten hier sind 19." in user.page
    response = enter(user, "beutelschneider", values(("Anna", "Ben", "Cem"), (105, 60, -20), {1}))
    assert "Nach diesen Punkten: Sieg für Anna. Höchster Stand mit 100 Punkten oder mehr." in user.page
    response = enter(user, "beutelschneider", values(("Anna", "Ben", "Cem"), (105, None, -20), {0}))
    assert "Gib den Endstand ein." in user.page
    nothing_stored(store)
    response = enter(user, "beutelschneider", values(("Anna", "Ben", "Cem"), (105, 60, -20), {0}))
    assert "nur Ergebnis" in user.page and "Endergebnis" in user.page


@pytest.mark.parametrize("crafted, field, message", [
    ({"players-0-score": "1e3"}, "players-0-score", None),                 # not a whole number
    ({"players-1-side": "7"}, "players-1-side", "Not a valid choice."),    # a side no form offers
    ({"players-0-side": "1"}, None, "Two sides: 1 against 1, 2 against 1 or 2 against 2."),
    ({"players-0-won": "", "pat": "y"}, "winners", "Pat makes one side win: tick its players."),
    ({"players-3-score": "12"}, "players-3-name", "Enter the player&#39;s name, or clear this row."),
    ({"players-0-loot": "14 10 x"}, "players-0-loot", "Enter seven numbers"),  # no field of this game
    ({"players-0-gold": "x"}, "players-0-gold", None),
])
def test_crafted_fields_are_refused_and_change_nothing(crafted, field, message, user, store):
    data = {**values(("Ann", "Bob"), (23, 17), {0}), **crafted}
    response = enter(user, "give-me-the-treasure", data)
    if field is None:  # the setup's message, at the top
        assert response.status_code == 422 and message in user.page
        nothing_stored(store)
        return
    assert response.status_code == 422, user.page
    # Named at the top, linked to its field (where the page shows one, the message stands there).
    assert f'href="#{field}-error"' in user.page
    if message:
        assert message in user.page
    nothing_stored(store)


def test_a_missing_submission_is_refused(user, store, client):
    user.open("/new/beutezug/result")
    form = user.form("")
    data = {name: value for name, value in form["fields"] if name != "submission"}
    data.update(values(("Vincenzo", "Kate"), (38, 44), {1}))
    response = client.post("/new/beutezug/result", data=data)
    assert response.status_code == 422
    nothing_stored(store)


def test_the_same_form_sent_twice_stores_one_game(user, client, store):
    user.open("/new/beutezug/result")
    form = user.form("")
    data = dict(form["fields"]) | values(("Vincenzo", "Kate"), (38, 44), {1})
    first = client.post("/new/beutezug/result", data=data)
    again = client.post("/new/beutezug/result", data=data)
    assert first.status_code == again.status_code == 303
    assert first.headers["Location"].split("#")[0] == again.headers["Location"].split("#")[0]
    assert len(store.index.games()) == 1


def test_a_result_is_corrected_with_its_trail_and_undone(user, store):
    enter(user, "beutelschneider", values(("Anna", "Ben", "Cem"), (105, 60, -20), {0}))
    game_id = user.url.rsplit("/", 1)[-1]
    entry_id = store.load(game_id)["entries"][0]["id"]
    user.open(f"/games/{game_id}/entries/{entry_id}/edit")
    assert 'name="players-2-score"' in user.page
    # A correction the rules refuse stays a refusal, next to the field.
    response = user.submit("", {"players-1-score": "120"})
    assert response.status_code == 422 and 'id="winners-error"' in user.page
    response = user.submit("", {"players-1-score": "120", "players-0-won": "", "players-1-won": "y"})
    assert response.status_code == 200, user.page
    record = store.load(game_id)
    assert record["entries"][0]["data"]["winners"] == [1]
    assert record["entries"][0]["edits"][0]["data"]["winners"] == [0]
    assert "★</span> Ben" in user.page
    response = user.submit("/undo")
    record = store.load(game_id)
    assert record["entries"] == [] and record["undone"][0]["kind"] == RESULT
    assert "result only" not in user.page
