"""A game of the table's own through the pages' own forms: set up by name (an earlier one's
settings offered again), played by rounds to its target, by final scores, by places; refusals
beside their fields; history, statistics and the BG Stats export by the game's name."""
from __future__ import annotations

import csv
import io
import json
import re

import pytest

from companion.history.stats import game_key
from companion.record.entries import replay
from tests.formpage import forms_of
from tests.views.test_crafted import errors_near

SIX = ["Anna", "Ben", "Cem", "Dora", "Emil", "Fay"]


def start(user, name="Skat", players=SIX, **settings):
    user.open("/new/own-game")
    values = {"player": list(players) + [""] * (12 - len(players)), "name": name, **settings}
    response = user.submit("", values)
    assert response.status_code == 200, re.findall(r'class="error"[^>]*>([^<]*)<', user.page)
    return user.url.rsplit("/", 1)[-1]


def scores(*points):
    return {f"players-{i}-score": p for i, p in enumerate(points)}


def end(user, game_id):
    """Tap "End the game with these totals"."""
    user.open(f"/games/{game_id}")
    form = next(f for f in forms_of(user.page) if ("kind", "end") in f["fields"])
    user.response = user.client.post(form["action"], data=dict(form["fields"]), follow_redirects=True)
    user.page = user.response.get_data(as_text=True)
    return user.response


def errors(page):
    return re.findall(r'class="error"[^>]*>([^<]*)<', page)


def test_a_six_player_game_by_rounds_to_its_target(user, store):
    game_id = start(user, target="50", wins="high")
    assert "Skat" in user.page and "Round 1" in user.page
    for points in ((10, 5, 0, 3, 2, 1), (20, 30, 0, 3, 2, 1)):
        response = user.submit("/entries", scores(*points))
        assert response.status_code == 200, errors(user.page)
    assert "Round 3" in user.page
    response = user.submit("/entries", scores(25, 5, 0, 0, 0, 0))  # Anna 55: the game ends
    assert response.status_code == 200
    view = replay(store.load(game_id))
    assert view.finished and view.outcome.winners == (0,)
    assert "A total reached 50; the highest total wins." in user.page


def test_the_table_ends_a_game_without_a_target_and_a_tie_is_shared(user, store):
    game_id = start(user, players=SIX[:3])
    user.submit("/entries", scores(4, 4, 1))
    assert end(user, game_id).status_code == 200
    view = replay(store.load(game_id))
    assert view.outcome.winners == (0, 1)
    assert "Equal at the top: the win is shared." in user.page


def test_a_broken_tie_is_drawn_by_the_app_and_stored_as_an_entry(user, store):
    game_id = start(user, players=SIX[:3], ties="break", target="10")
    user.submit("/entries", scores(10, 10, 1))
    assert "Let the app draw" in user.page
    response = user.submit("/draw")
    assert response.status_code == 200
    record = store.load(game_id)
    last = record["entries"][-1]
    assert last["kind"] == "tie_break" and last["source"] == "app" and last["data"]["drawn"] is True
    assert replay(record).outcome.winners == (last["data"]["winner"],)


def test_a_correction_of_the_apps_draw_keeps_it_a_draw_unless_another_winner_is_named(user, store):
    game_id = start(user, players=SIX[:3], ties="break", target="10")
    user.submit("/entries", scores(10, 10, 1))
    user.submit("/draw")
    draw = store.load(game_id)["entries"][-1]
    edit = f"/games/{game_id}/entries/{draw['id']}/edit"
    user.open(edit)
    user.submit("")  # sent as the page shows it: still the app's draw
    assert store.load(game_id)["entries"][-1]["data"] == draw["data"]
    other = 1 - draw["data"]["winner"]
    user.open(edit)
    assert user.submit("", {"winner": str(other)}).status_code == 200, user.page
    corrected = store.load(game_id)["entries"][-1]
    assert corrected["data"] == {"winner": other}  # named by the table now, not drawn
    assert corrected["edits"][-1]["data"] == draw["data"]


def test_a_missing_score_and_a_non_number_are_refused_beside_their_fields(user, store):
    game_id = start(user, players=SIX[:3])
    response = user.submit("/entries", {"players-0-score": "7", "players-1-score": "", "players-2-score": "x"})
    assert response.status_code == 422
    said = errors(user.page)
    assert "Enter the score of Ben." in said
    assert len(said) == 2
    assert store.load(game_id)["entries"] == []


def test_a_score_for_a_player_not_seated_changes_nothing(user, store):
    game_id = start(user, players=SIX[:3])
    response = user.submit("/entries", {**scores(1, 2, 3), "players-3-score": "4"})
    assert response.status_code == 422
    assert "Only 3 players are seated: this row is for no one at the table." in user.page
    assert store.load(game_id)["entries"] == []


def test_a_game_needs_a_name_and_a_setting_no_form_offers_is_refused(user):
    user.open("/new/own-game")
    response = user.submit("", {"player": ["Anna", "Ben"] + [""] * 10, "name": ""})
    assert response.status_code == 422 and "Name the game." in errors(user.page)
    response = user.submit("", {"player": ["Anna", "Ben"] + [""] * 10, "name": "Skat", "scoring": "dice"})
    assert response.status_code == 422 and "Not a valid choice." in user.page


def test_places_and_final_scores(user, store):
    game_id = start(user, name="Codenames", players=SIX[:4], scoring="places")
    response = user.submit("/entries", {f"players-{i}-place": p for i, p in enumerate((2, 1, 2, 2))})
    assert response.status_code == 200, errors(user.page)
    assert replay(store.load(game_id)).outcome.winners == (1,)
    game_id = start(user, name="Wingspan", players=SIX[:2], scoring="final", wins="low")
    user.submit("/entries", scores(88, 71))
    assert replay(store.load(game_id)).outcome.winners == (1,)


def test_an_earlier_own_game_is_offered_again_with_its_settings(user):
    start(user, name="Hearts", players=SIX[:4], wins="low", target="100")
    user.open("/new/own-game")
    earlier = json.loads(re.search(r'data-earlier="([^"]*)"', user.page).group(1).replace("&#34;", '"'))
    assert earlier == [{"name": "Hearts", "settings": {"name": "Hearts", "scoring": "rounds", "wins": "low",
                                                       "target": 100, "ties": "share"}}]
    assert '<option value="Hearts">' in user.page


def test_two_spellings_of_a_name_are_one_game_in_history_statistics_and_bg_stats(user, store, client):
    for name, points in (("Skat", (3, 1)), ("  skat ", (1, 3)), ("Doppelkopf", (2, 1))):
        game_id = start(user, name=name, players=["Anna", "Ben"])
        user.submit("/entries", scores(*points))
        end(user, game_id)
    rows = [r for r in store.index.games().values() if r["status"] == "finished"]
    assert sorted({game_key(r) for r in rows}) == ["own-game:doppelkopf", "own-game:skat"]
    page = client.get("/stats").get_data(as_text=True)
    assert "skat" in page.casefold() and "Doppelkopf" in page
    page = client.get("/stats/games/own-game:skat").get_data(as_text=True)
    assert re.search(r"<h1>\s*skat", page, re.I)
    export = client.get("/groups/household/bgstats.json").get_data(as_text=True)
    data = json.loads(export)
    # One game per name; which spelling it is called by is the first typed (to the second).
    assert sorted(g["name"].strip().casefold() for g in data["games"]) == ["doppelkopf", "skat"]
    # The results CSV names each game as the host typed it, beside the kind of game it is.
    rows = list(csv.DictReader(io.StringIO(client.get("/groups/household/results.csv").get_data(as_text=True))))
    assert sorted((r["game"], r["game_name"].strip()) for r in rows[::2]) == [
        ("own-game", "Doppelkopf"), ("own-game", "Skat"), ("own-game", "skat")]
    assert len(data["plays"]) == 3


def test_a_round_corrected_on_its_own_page_replays_the_totals_and_keeps_its_trail(user, store):
    game_id = start(user, players=SIX[:3], target="30")
    user.submit("/entries", scores(10, 5, 0))
    user.submit("/entries", scores(25, 5, 0))          # Anna 35: over
    assert replay(store.load(game_id)).finished
    first = store.load(game_id)["entries"][0]["id"]
    user.open(f"/games/{game_id}/entries/{first}/edit")
    assert "Save the correction" in user.page and "End the game" not in user.page
    response = user.submit("", scores(1, 5, 0))        # Anna had 1, not 10: 26, not over
    assert response.status_code == 200, errors(user.page)
    record = store.load(game_id)
    assert len(record["entries"]) == 2 and record["entries"][0]["edits"][0]["data"]["players"][0]["score"] == 10
    view = replay(record)
    assert not view.finished and view.game.totals_by_round(view.state)[-1] == [26, 10, 0]


def test_a_correction_that_unties_the_top_drops_the_apps_draw(user, store):
    game_id = start(user, players=SIX[:3], ties="break", target="10")
    user.submit("/entries", scores(10, 10, 1))
    user.submit("/draw")
    first = store.load(game_id)["entries"][0]["id"]
    user.open(f"/games/{game_id}/entries/{first}/edit")
    user.submit("", scores(11, 10, 1))
    assert "comes after the end of the game now" in user.page  # the mending is shown first
    user.submit("", button=("mend", "1"))
    record = store.load(game_id)
    assert [e["kind"] for e in record["entries"]] == ["round"]
    assert replay(record).outcome.winners == (0,)


def result_values(names, scores, won, **settings):
    out = {"played_day": "2026-11-20", **settings}
    for seat, (name, score) in enumerate(zip(names, scores, strict=True)):
        out[f"players-{seat}-name"] = name
        out[f"players-{seat}-score"] = str(score)
        if seat in won:
            out[f"players-{seat}-won"] = "y"
    return out


def test_a_game_played_on_paper_is_entered_as_its_result_by_name(user, store):
    user.open("/new/own-game/result")
    response = user.submit("", result_values(["Anna", "Ben", "Cem"], [2, 1, 3], {1}, game_name="Codenames",
                                             scoring="places"))
    assert response.status_code == 200, errors(user.page)
    row = next(r for r in store.index.games().values() if r.get("result_only"))
    assert row["name"] == "Codenames" and row["winners"] == [1] and game_key(row) == "own-game:codenames"


def test_a_result_the_settings_contradict_is_refused_beside_its_field(user, store):
    user.open("/new/own-game/result")
    response = user.submit("", result_values(["Anna", "Ben"], [30, 20], {0}, game_name="Skat", wins="low"))
    assert response.status_code == 422
    assert "By these scores Ben won" in user.page
    response = user.submit("", result_values(["Anna", "Ben"], [30, 20], {0}, game_name="Skat", scoring="dice"))
    assert response.status_code == 422 and "Choose how the game is scored." in errors(user.page)
    assert store.index.games() == {}


def test_a_place_left_blank_is_asked_for_next_to_it(user, store):
    game_id = start(user, name="Codenames", players=SIX[:3], scoring="places")
    response = user.submit("/entries", {"players-0-place": "1", "players-1-place": "", "players-2-place": "2"})
    assert response.status_code == 422
    assert errors_near(user.page, "players-1-place") == ["Enter the place of Ben."]
    assert store.load(game_id)["entries"] == []


def test_a_correction_with_a_score_left_blank_asks_for_it_and_keeps_the_round(user, store):
    game_id = start(user, players=SIX[:3])
    user.submit("/entries", scores(10, 5, 0))
    first = store.load(game_id)["entries"][0]["id"]
    user.open(f"/games/{game_id}/entries/{first}/edit")
    response = user.submit("", scores(10, "", 0))
    assert response.status_code == 422
    assert errors_near(user.page, "players-1-score") == ["Enter the score of Ben."]
    assert store.load(game_id)["entries"][0]["data"]["players"][1]["score"] == 5


def tied(user, store):
    game_id = start(user, players=SIX[:3], ties="break", target="10")
    user.submit("/entries", scores(10, 10, 1))
    assert "Let the app draw" in user.page
    return game_id


def winner_errors(page):
    """The messages in the tie-break's box of names to choose from."""
    box = re.search(r'<fieldset(?:(?!</fieldset>).)*name="winner"(?:(?!</fieldset>).)*</fieldset>', page, re.S)
    assert box, "no tie-break form"
    return errors(box.group(0))


def test_a_tie_break_sent_without_a_winner_asks_for_one(user, store):
    game_id = tied(user, store)
    form = user.form("/entries")
    response = user.client.post(form["action"], data={k: v for k, v in form["fields"] if k != "winner"})
    assert response.status_code == 422
    assert winner_errors(response.get_data(as_text=True)) == ["Enter a whole number."]
    assert [e["kind"] for e in store.load(game_id)["entries"]] == ["round"]


@pytest.mark.parametrize("scoring, field, value", [
    ("rounds", "players-1-score", "1.5"),
    ("rounds", "players-0-score", "[]"),
    ("final", "players-2-score", "true"),
    ("places", "players-1-place", "x"),
])
def test_a_crafted_entry_with_an_ill_typed_value_is_refused_next_to_it(user, store, scoring, field, value):
    game_id = start(user, players=SIX[:3], scoring=scoring)
    name = field.rsplit("-", 1)[1]
    response = user.submit("/entries", {**{f"players-{i}-{name}": str(i + 1) for i in range(3)}, field: value}, follow=False)
    assert response.status_code == 422
    assert errors_near(user.page, field) == ["Enter a whole number."]
    assert store.load(game_id)["entries"] == []


def test_a_crafted_tie_break_with_a_winner_that_is_no_number_is_refused(user, store):
    game_id = tied(user, store)
    response = user.submit("/entries", {"winner": "Ben"}, follow=False)
    assert response.status_code == 422 and winner_errors(user.page)
    assert [e["kind"] for e in store.load(game_id)["entries"]] == ["round"]


def test_a_crafted_end_with_a_score_is_the_end_alone(user, store):
    game_id = start(user, players=SIX[:3])
    user.submit("/entries", scores(1, 2, 3))
    form = next(f for f in forms_of(user.page) if ("kind", "end") in f["fields"])
    response = user.client.post(form["action"], data={**dict(form["fields"]), "players-0-score": "x"})
    assert response.status_code in (302, 303)
    assert store.load(game_id)["entries"][-1] == {**store.load(game_id)["entries"][-1], "kind": "end", "data": {}}


def test_a_score_left_blank_is_asked_for_in_german_on_a_german_page(user, store):
    game_id = start(user, players=SIX[:3])
    user.submit("/lang", button=("lang", "de"))
    user.open(f"/games/{game_id}")
    response = user.submit("/entries", scores(1, "", 3))
    assert response.status_code == 422
    assert errors_near(user.page, "players-1-score") == ["Trage die Punkte von Ben ein."]
