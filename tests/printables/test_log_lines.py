"""The log of a printed sheet: each game's print/_entry.html writes the game page's words for
paper, the kind in bold and no box per cell (fewer boxes for WeasyPrint to lay out)."""
from __future__ import annotations

import pytest
from flask import render_template_string

from companion import create_app
from companion.forms.adapter import ADAPTERS
from companion.games.beutelschneider.paper import hand_in_grid
from companion.games.paper import LogRound, beyond_the_grid

GAP = "\u2003\u200b"   # an em space where a line may break, a zero-width space where it does
LINE = ('{% import "games/" ~ record.game ~ "/print/_entry.html" as entries with context %}'
        "{{ entries.line(entry, entry.data, labelled, changes=changes) }}")


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    return create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path_factory.mktemp("lines"))})


def line(app, game: str, players: list[str], kind: str, data: dict, labelled: bool = True,
         settings: dict | None = None, changes: dict | None = None) -> str:
    entry = {"id": 1, "kind": kind, "data": data, "edits": []}
    record = {"game": game, "players": players, "settings": settings or {}, "entries": [entry]}
    with app.test_request_context():
        return render_template_string(LINE, record=record, entry=entry, players=players,
                                      adapter=ADAPTERS[game], labelled=labelled, changes=changes)


HAND = {"players": [{"gold": 30, "cutpurses": 0, "events": {}}, {"gold": 50, "cutpurses": 1, "events": {"guard": 1}}]}


def test_a_hand_prints_its_kind_in_bold_and_its_cells_parted_by_the_gap(app):
    printed = line(app, "beutelschneider", ["Anna", "Ben"], "hand", HAND)
    assert " ".join(printed.split("\n")).strip() == f"<b>Hand</b> Anna: 30{GAP}Ben: 50 −20 +10"
    assert "<span" not in printed


def test_a_line_leaves_out_its_kind_when_its_row_says_it(app):
    printed = line(app, "beutelschneider", ["Anna", "Ben"], "hand", HAND, labelled=False)
    assert "Hand" not in printed and printed.strip().startswith(f"Anna: 30{GAP}Ben: 50")


def test_a_round_keeps_its_bonus_marks_and_escapes_the_names(app):
    data = {"outcomes": [{"seat": 0, "stack": 2, "bonus": "pink", "loot": 7}, {"seat": 1, "stack": 0}]}
    printed = line(app, "beutezug", ["<i>Ann</i>", "Bo"], "round", data)
    assert '<i class="bz-mark b-pink" title="+1 pink die">●</i>' in printed
    assert "&lt;i&gt;Ann&lt;/i&gt;: 2→7" in printed and f"{GAP}Bo: 0-card" in printed


TEAMS = {"teams": [0, 0, 1, 1]}


def turn(*sides: dict) -> dict:
    return {"sides": list(sides)}


def test_nothing_resold_is_not_printed_turn_after_turn(app):
    printed = line(app, "give-me-the-treasure", ["A", "B", "C", "D"], "turn",
                   turn({}, {"combinations": [["red1", "red2", "red3"]]}), settings=TEAMS)
    assert "nothing resold" not in printed and "A &amp; B" not in printed
    assert '<div class="cell">C &amp; D: <span class="tcombo"><b class="tlc red">1</b>' in printed


def test_a_side_that_paid_off_a_cursed_painting_is_printed_though_it_resold_nothing(app):
    printed = line(app, "give-me-the-treasure", ["A", "B", "C", "D"], "turn",
                   turn({"cursed_paid": 1}, {}), settings=TEAMS)
    assert "A &amp; B: <span class=\"quiet\">nothing resold</span>" in printed and "C &amp; D" not in printed


def test_a_turn_in_which_no_side_resold_says_so_once_rather_than_stand_empty(app):
    printed = line(app, "give-me-the-treasure", ["A", "B", "C", "D"], "turn", turn({}, {}),
                   labelled=False, settings=TEAMS)
    assert printed.count("nothing resold") == 1 and "&amp;" not in printed and "Turn" not in printed


def test_the_gold_an_entry_cost_prints_with_the_minus_sign(app):
    printed = line(app, "loot-and-scoot", ["Anna-Lena", "Bo"], "action", {"seat": 0, "action": "beg"},
                   changes={1: [(0, -3), (1, 2)]})
    assert '<span class="tag gp">Anna-Lena −3&nbsp;gp</span><span class="tag gp">Bo +2&nbsp;gp</span>' in printed


def test_a_result_line_stars_the_winner_and_prints_a_negative_score_with_the_minus_sign(app):
    data = {"players": [{"score": 130}, {"score": -20}], "winners": [0]}
    printed = line(app, "beutelschneider", ["Anna", "Ben"], "result", data)
    assert "<b>Final result</b>" in printed and f"★ <bdi>Anna</bdi>: 130{GAP}<bdi>Ben</bdi>: −20" in printed


def test_the_log_by_round_leaves_out_the_hands_the_grid_shows_in_full():
    def hand(id_: int, **more) -> dict:
        return {"id": id_, "kind": "hand", "data": {"players": [{"gold": 40}], **more}, "edits": []}
    plain, alchemist = hand(1), hand(2, alchemist=True)
    corrected = {**hand(3), "edits": [{"at": "2026-12-01T10:00:00+00:00", "data": {}}]}
    choice = {"id": 4, "kind": "tie_choice", "data": {"choice": "share"}, "edits": []}
    rounds = [LogRound(1, [plain]), LogRound(2, [alchemist]), LogRound(3, [corrected, hand(5)]),
              LogRound(4, [choice])]
    told = beyond_the_grid(rounds, hand_in_grid)
    assert [(r.number, [e["id"] for e in r.entries]) for r in told] == [(2, [2]), (3, [3]), (4, [4])]
    assert [r.label for r in told] == [r.label for r in rounds[1:]]


def test_a_row_names_its_kind_once():
    hand = {"id": 1, "kind": "hand", "data": {}, "edits": []}
    choice = {"id": 2, "kind": "tie_choice", "data": {}, "edits": []}
    assert not LogRound(3, [hand], kind="hand").labelled(hand)          # "Hand 3 · Anna: 30"
    assert LogRound(3, [hand, choice], kind="hand").labelled(hand)      # two entries: each says what it is
    assert LogRound(4, [choice]).labelled(choice)                         # the End row
