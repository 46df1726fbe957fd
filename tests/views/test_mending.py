"""A correction that makes a later draw no longer fit: said in plain words, shown with the
game as it would be, stored in one step, and refused where it cannot be mended."""
from __future__ import annotations

import re

from companion.record.entries import replay
from tests.formpage import forms_of
from tests.games.beutelschneider.web import test_pages as beutelschneider
from tests.games.beutezug.web.test_pages import (
    EXAMPLE,
    JOHNNY,
    KATE,
    VINCENZO,
    by_seat,
    place,
    play_round,
    start,
)


def tied_after_round_3(user):
    """The documented example to Round 4: Kate and Johnny tied on 8 after Round 3, the
    table's draw for it (entry 5), Round 4 played (entry 6)."""
    game_id = start(user)
    place(user, KATE, VINCENZO, JOHNNY)
    for n, outcomes in enumerate(EXAMPLE[:4], start=1):
        play_round(user, *by_seat(user, outcomes))
        if n == 3:
            place(user, VINCENZO, JOHNNY, KATE)
    return game_id


def correct_round_3(user, game_id, johnny_loot, **extra):
    """Round 3 is entry 4; Johnny's row there is his seat's in the round's rolling order."""
    user.open(f"/games/{game_id}/entries/4/edit")
    fields = dict(user.form("")["fields"])
    row = next(i for i in range(3) if fields[f"outcomes-{i}-seat"] == str(JOHNNY))
    return user.submit("", {f"outcomes-{row}-loot": johnny_loot, **extra})


def test_a_tie_that_is_gone_is_shown_dropped_before_anything_is_stored(user, store):
    game_id = tied_after_round_3(user)
    before = store.load(game_id)
    response = correct_round_3(user, game_id, 4)  # 3 → 4: Johnny 9, Kate 8, no tie
    assert response.status_code == 409
    assert store.load(game_id) == before  # nothing stored
    page = user.page
    assert "Not saved yet: this correction changes later entries" in page
    assert "Entry 5" in page and "Placement chips after a tie" in page
    assert "is no longer called for: with this correction the rules ask for “Round 4 of 7” there." in page
    assert "The game with this correction:" in page
    assert 'name="mend"' in page


def test_the_mend_is_stored_in_one_step_and_the_draw_kept_aside(user, store):
    game_id = tied_after_round_3(user)
    correct_round_3(user, game_id, 4)
    (mend_form,) = [f for f in forms_of(user.page) if "mend-form" in f["class"]]
    data: dict[str, list[str]] = {}
    for name, value in mend_form["fields"]:
        data.setdefault(name, []).append(value)
    response = user.client.post(mend_form["action"], data={**data, "mend": "1"}, follow_redirects=True)
    assert response.status_code == 200
    user.page = response.get_data(as_text=True)
    record = store.load(game_id)
    assert [e["kind"] for e in record["entries"]] == ["placement", "round", "round", "round", "round"]
    assert record["undone"][-1]["kind"] == "placement_tie" and record["undone"][-1]["dropped"] == 4
    view = replay(record)
    assert view.state.rounds[2] and len(view.state.rounds) == 4
    assert "Put it back" not in user.page  # a dropped draw is no undo


def test_the_same_form_sent_again_stores_once(user, store):
    game_id = tied_after_round_3(user)
    correct_round_3(user, game_id, 4)
    form = user.form("")
    user.submit("", button=("mend", "1"))
    version = store.load(game_id)["version"]
    data = dict(form["fields"])
    user.client.post(f"/games/{game_id}/entries/4/edit", data={**data, "mend": "1"})
    assert store.load(game_id)["version"] == version


def test_hands_after_an_end_the_correction_brings_sooner_are_shown_dropped_and_nothing_is_stored(user, store):
    game_id = beutelschneider.start(user, players=("Anna", "Ben", "Cem", "Dora"))
    for golds in ((30, 20, 20, 10), (10, 40, 10, 20), (20, 20, 20, 20)):
        user.submit("/entries", beutelschneider.hand_values(*golds, **({"alchemist": "y"} if sum(golds) < 80 else {})))
    before = store.load(game_id)
    # Ben's first hand 20 → 60: he reaches the limit in hand 2, so hand 3 was never played.
    user.open(f"/games/{game_id}/entries/1/edit")
    response = user.submit("", beutelschneider.hand_values(10, 60, 5, 5))
    assert response.status_code == 409
    assert store.load(game_id) == before
    assert "comes after the end of the game now: it is dropped." in user.page
    assert "Entry 3" in user.page and 'name="mend"' in user.page


def test_a_mend_confirmed_after_another_phone_played_is_refused_as_stale(user, store):
    game_id = tied_after_round_3(user)
    correct_round_3(user, game_id, 4)
    (mend_form,) = [f for f in forms_of(user.page) if "mend-form" in f["class"]]
    other = user.client.application.test_client()
    other_phone = type(user)(other)
    other_phone.open(f"/games/{game_id}")
    other_phone.submit("/undo")  # meanwhile, on another phone
    before = store.load(game_id)
    data: dict[str, list[str]] = {}
    for name, value in mend_form["fields"]:
        data.setdefault(name, []).append(value)
    response = user.client.post(mend_form["action"], data={**data, "mend": "1"})
    assert response.status_code == 409
    assert "Another phone changed this game meanwhile" in response.get_data(as_text=True)
    assert store.load(game_id)["entries"] == before["entries"]


def test_a_treasure_roll_the_final_scoring_no_longer_asks_for_is_dropped(user, store, logged):
    game_id = logged("loot-and-scoot")
    record = store.load(game_id)
    final = record["entries"][-2]
    assert final["kind"] == "final" and record["entries"][-1]["kind"] == "treasure_roll"
    user.open(f"/games/{game_id}/entries/{final['id']}/edit")
    response = user.submit("", {"players-1-treasure": "0"})  # Beth had no unrevealed Treasure
    assert response.status_code == 409
    assert "comes after the end of the game now: it is dropped." in user.page
    assert store.load(game_id)["entries"] == record["entries"]


def _mends_shown(page):
    """The list of what the mend changes, as the preview shows it."""
    return re.search(r'<div class="refusal mend".*?<ul>(.*?)</ul>', page, re.S).group(1)


def _kate_ties_vincenzo(user, game_id, submission):
    """Round 3 corrected so that Kate ties Vincenzo on 13, not Johnny on 8: the tie's
    draw is made anew."""
    user.open(f"/games/{game_id}/entries/4/edit")
    fields = dict(user.form("")["fields"])
    row = {int(fields[f"outcomes-{i}-seat"]): i for i in range(3)}
    return user.submit("", {f"outcomes-{row[KATE]}-loot": 11, "submission": submission})


def test_the_draw_of_a_mend_is_the_same_whatever_submission_id_the_phone_sends(user, store):
    """The phone cannot draw again by reopening the edit page: the draw is the server's,
    fixed by the game and the correction."""
    game_id = tied_after_round_3(user)
    shown = set()
    for submission in ("aaaa", "bbbb", "cccc", "dddd", "eeee", "ffff"):
        response = _kate_ties_vincenzo(user, game_id, submission)
        assert response.status_code == 409
        assert "The app draws it anew:" in user.page
        shown.add(_mends_shown(user.page))
    assert len(shown) == 1
    drawn_then = re.findall(r"\d: (Vincenzo|Kate|Johnny)<", shown.pop())[-3:]  # the new draw, after the old
    (mend_form,) = [f for f in forms_of(user.page) if "mend-form" in f["class"]]
    data: dict[str, list[str]] = {}
    for name, value in mend_form["fields"]:
        data.setdefault(name, []).append(value)
    response = user.client.post(mend_form["action"], data={**data, "mend": "1"}, follow_redirects=True)
    assert response.status_code == 200
    record = store.load(game_id)
    drawn = record["entries"][4]
    assert drawn["kind"] == "placement_tie" and drawn["source"] == "app"
    assert [record["players"][seat] for seat in drawn["data"]["order"]] == drawn_then


def _send(user, form, **extra):
    data: dict[str, list[str]] = {}
    for name, value in form["fields"]:
        data.setdefault(name, []).append(value)
    data.update({k: [v] for k, v in extra.items()})
    response = user.client.post(form["action"], data=data, follow_redirects=True)
    user.page = response.get_data(as_text=True)
    return response


def beutelschneider_tied_and_played_on(user):
    """Anna and Ben tied on 110 after hand 4 (entry 4), past the limit; the table played
    another hand (entry 5), and hand 5 (entry 6)."""
    game_id = beutelschneider.start(user)
    for golds in ((40, 40, 0), (30, 30, 20), (20, 20, 40), (20, 20, 40)):
        user.submit("/entries", beutelschneider.hand_values(*golds, **({"alchemist": "y"} if sum(golds) < 80 else {})))
    user.submit("/entries", {"choice": "another_hand"})
    user.submit("/entries", beutelschneider.hand_values(30, 20, 30))
    return game_id


def test_beutelschneider_a_tie_the_correction_removes_is_mended_in_one_step(user, store):
    """Issue 33's dead end: hand 2 corrected, the tie the table played on from is gone."""
    game_id = beutelschneider_tied_and_played_on(user)
    assert [e["kind"] for e in store.load(game_id)["entries"]][-2:] == ["tie_choice", "hand"]
    user.open(f"/games/{game_id}/entries/2/edit")
    response = user.submit("", beutelschneider.hand_values(35, 25, 20))
    assert response.status_code == 409
    mends = _mends_shown(user.page)
    assert "Entry 5" in mends and "Play another hand" in mends and "Entry 6" in mends
    assert mends.count("comes after the end of the game now: it is dropped.") == 2
    assert "Anna</b> · 3 players reached 100 in the same hand; the highest total wins." in user.page
    (mend_form,) = [f for f in forms_of(user.page) if "mend-form" in f["class"]]
    assert _send(user, mend_form, mend="1").status_code == 200
    record = store.load(game_id)
    assert [e["kind"] for e in record["entries"]] == ["hand"] * 4
    assert "Corrected; the later entries were changed as shown." in user.page


def test_beutelschneider_a_new_tie_is_asked_with_one_button_per_answer(user, store):
    game_id = beutelschneider.start(user)
    for golds in ((40, 40, 0), (30, 30, 20), (20, 20, 40), (5, 5, 10), (30, 10, 40)):
        user.submit("/entries", beutelschneider.hand_values(*golds, **({"alchemist": "y"} if sum(golds) < 80 else {})))
    before = store.load(game_id)
    user.open(f"/games/{game_id}/entries/4/edit")
    response = user.submit("", beutelschneider.hand_values(10, 10, 10, alchemist="y"))  # 100, 100, 70
    assert response.status_code == 409 and store.load(game_id) == before
    assert "with this correction the rules ask the table “Tie at the top” there." in user.page
    answers = [f for f in forms_of(user.page) if "mend-answer" in f["class"]]
    said = re.findall(r'<form [^>]*class="mend-form mend-answer".*?</form>', user.page, re.S)
    assert len(answers) == len(said) == 2
    assert [b for f in answers for b in f["buttons"]] == [("answer", "0"), ("answer", "1")]
    buttons = [re.search(r"<button[^>]*>(.*?)</button>", f, re.S).group(1).strip() for f in said]
    assert buttons == ["Play another hand", "Share the win"]
    assert "The entries after it stay as they are." in said[0]
    assert "Highest total after playing on from a tie." in said[0] and "dropped" not in said[0]
    assert "comes after the end of the game now: it is dropped." in said[1]
    assert "Equal totals at the top; the table chose to share the win." in said[1]
    assert _send(user, answers[1], answer="1").status_code == 200
    record = store.load(game_id)
    assert [e["kind"] for e in record["entries"]] == ["hand"] * 4 + ["tie_choice"]
    assert record["entries"][-1]["data"] == {"choice": "share"}


def test_treasure_a_turn_set_aside_is_asked_again_filled_in_and_the_rest_put_back(user, store):
    from tests.games.treasure.web.test_pages import ready

    game_id = ready(user)
    user.submit("/entries", {"sides-0-combinations-0": ["red3", "red4", "red5"],
                             "sides-0-reinforcements": ["super_rou_rou"]})
    user.submit("/entries", {"sides-1-combinations-0": ["blue1", "green1"]})
    user.open(f"/games/{game_id}/entries/2/edit")  # the Reinforcements kept
    response = user.submit("", {"reinforcements-0": ["pat", "viper"]})
    assert response.status_code == 409
    mends = _mends_shown(user.page)
    assert "no longer fits: Ann does not hold Super Rou-Rou." in mends
    assert "set aside with the 1 entry after it" in mends
    (mend_form,) = [f for f in forms_of(user.page) if "mend-form" in f["class"]]
    assert _send(user, mend_form, mend="1").status_code == 200
    assert "Enter “Turn 1”: the form holds what the entry set aside held." in user.page
    asked = user.form("/entries")["fields"]
    assert {v for k, v in asked if k == "sides-0-combinations-0"} == {"red3", "red4", "red5"}
    # Super Rou-Rou is no longer Ann's to call: the form offers the cards kept now.
    assert ("sides-0-reinforcements", "super_rou_rou") not in asked
    record = store.load(game_id)
    assert [e["kind"] for e in record["entries"]] == ["deal", "keep"]
    assert "Put it back" not in user.page and "Put 1 entry back" not in user.page
    user.open(f"/games/{game_id}")
    user.submit("/entries", {"sides-0-combinations-0": ["red3", "red4", "red5"], "sides-0-reinforcements": []})
    assert store.load(game_id)["entries"][-1]["data"]["sides"][0]["reinforcements"] == []
    assert "1 entry set aside by a correction fits again" in " ".join(user.page.split())
    assert "Put 1 entry back" in user.page
    user.submit("/put-back-set-aside")
    record = store.load(game_id)
    assert [e["kind"] for e in record["entries"]] == ["deal", "keep", "turn", "turn"]
    assert sorted(record["entries"][-1]["data"]["sides"][1]["combinations"][0]) == ["blue1", "green1"]


def test_scoot_the_step_asked_after_an_action_set_aside_is_the_next_players(user, store, logged):
    """Beth's build (entry 11) corrected into begging, which takes both actions: her second
    action is set aside with what followed, and the page asks for Adam's turn, his seat in
    the form whatever the entry set aside held."""
    from companion.record.entries import correct

    game_id = logged("loot-and-scoot")
    record = store.load(game_id)
    with store.changing(game_id) as game:
        game.new = correct(record, record["entries"][10]["id"], {"seat": 1, "action": "beg"},
                           mend=True, key=b"k")
    user.open(f"/games/{game_id}")
    assert user.response.status_code == 200
    assert "Turn 4: Adam" in user.page
    assert set(re.findall(r'name="seat" type="hidden" value="(\d)"', user.page)) == {"0"}
    assert "Put it back" not in user.page and "entry back" not in user.page
