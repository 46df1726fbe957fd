"""Beutezug at the table through the pages' own forms: placement chips, rounds, ties, the end."""
from __future__ import annotations

import json
import re
from io import BytesIO

from companion.record.entries import replay
from tests.formpage import forms_of

VINCENZO, KATE, JOHNNY = 0, 1, 2


def start(user, players=("Vincenzo", "Kate", "Johnny"), **settings):
    user.open("/new/beutezug")
    values = {"player": list(players) + [""] * (5 - len(players)), **settings}
    response = user.submit("", values)
    assert response.status_code == 200, user.page
    return user.url.rsplit("/", 1)[-1]


def place(user, *order):
    """Enter the placement chips as the table drew them: the seat with chip 1 first."""
    return user.submit("/entries", {f"order-{i}": seat for i, seat in enumerate(order)})


def round_values(*outcomes):
    """Outcomes in rolling order (the form's order): (stack, loot, bonus), loot may be None."""
    values = {}
    for i, (stack, loot, bonus) in enumerate(outcomes):
        values[f"outcomes-{i}-stack"] = stack
        values[f"outcomes-{i}-loot"] = "" if loot is None else loot
        values[f"outcomes-{i}-bonus"] = bonus
    return values


def play_round(user, *outcomes):
    response = user.submit("/entries", round_values(*outcomes))
    assert response.status_code == 200, re.findall(r'class="(?:error|alert)"[^>]*>([^<]*)<', user.page)
    return response


def form_seats(user):
    """The seats of the round form's rows, top to bottom (the rolling order)."""
    fields = dict(user.form("/entries")["fields"])
    return [int(fields[f"outcomes-{i}-seat"]) for i in range(len(fields)) if f"outcomes-{i}-seat" in fields]


def by_seat(user, outcomes):
    """Outcomes given per seat, sent in the form's rolling order."""
    return [outcomes[seat] for seat in form_seats(user)]


def near(page, name, message):
    """The message is shown in the same block as the field called ``name``."""
    at = page.index(f'name="{name}"')
    end = page.find("</fieldset>", at)
    start = page.rfind("<fieldset", 0, at)
    return message in page[start:end if end != -1 else None]


def entries(store, game_id):
    return store.load(game_id)["entries"]


# The documented example (docs/games/beutezug.md): per round, each seat's (stack, loot, bonus).
EXAMPLE = [
    {VINCENZO: (2, 3, "orange"), KATE: (2, 2, "pink"), JOHNNY: (0, None, "none")},
    {VINCENZO: (3, 5, "green"), KATE: (0, None, "reroll_one"), JOHNNY: (2, 4, "none")},
    {VINCENZO: (3, 5, "black"), KATE: (3, 6, "none"), JOHNNY: (2, 3, "none")},
    {VINCENZO: (0, None, "pink"), KATE: (5, 14, "none"), JOHNNY: (4, 9, "none")},
    {VINCENZO: (2, 1, "none"), KATE: (4, 10, "none"), JOHNNY: (5, 14, "none")},
    {VINCENZO: (5, 13, "none"), KATE: (3, 4, "none"), JOHNNY: (3, 4, "none")},
    {VINCENZO: (3, 5, "none"), KATE: (3, 4, "none"), JOHNNY: (3, 5, "none")},
]


def play_example(user, rounds=7):
    place(user, KATE, VINCENZO, JOHNNY)
    for n, outcomes in enumerate(EXAMPLE[:rounds], start=1):
        play_round(user, *by_seat(user, outcomes))
        if n == 3:  # Kate and Johnny are tied on 8 points for place 2
            place(user, VINCENZO, JOHNNY, KATE)


def test_a_new_game_asks_for_the_placement_chips_with_an_app_draw(user):
    user.open("/new/beutezug")
    assert 'name="loot_chips"' in user.page and 'name="placement_chip_bonuses-4"' in user.page
    start(user)
    assert "Placement chips" in user.page
    assert "Let the app draw" in user.page
    assert "/draw" in "".join(f["action"] for f in forms_of(user.page))
    assert "For each placement chip, tap the player who drew it." in user.page


def test_the_loot_chip_values_are_a_setting(user, store):
    game_id = start(user, loot_chips="7, 4")
    assert store.load(game_id)["settings"]["loot_chips"] == [7, 4]
    assert "Loot chips left: 7, 4" in user.page


def test_the_table_enters_its_placement_draw_and_the_page_shows_both_orders(user, store):
    game_id = start(user)
    place(user, KATE, VINCENZO, JOHNNY)
    assert entries(store, game_id)[0]["data"] == {"order": [1, 0, 2]}
    assert "Choosing order: Kate, Vincenzo, Johnny." in user.page
    assert "Rolling order: Johnny, Vincenzo, Kate." in user.page
    assert "Johnny holds the re-roll chip and rolls first." in user.page
    assert form_seats(user) == [JOHNNY, VINCENZO, KATE]
    # Johnny's bonuses this round: his placement chip 3 and the re-roll chip.
    state = user.page[user.page.index('class="bz-players"'):]
    johnny = state[:state.index("</li>")]
    assert "Placement chip 3" in johnny and "Re-roll chip" in johnny
    assert "re-roll all dice" in johnny and "re-roll one die" in johnny


def test_the_app_draws_the_placement_chips_as_an_entry_that_replays(user, store):
    game_id = start(user)
    user.submit("/draw")
    record = store.load(game_id)
    (entry,) = record["entries"]
    assert entry["kind"] == "placement" and entry["source"] == "app"
    assert sorted(entry["data"]["order"]) == [0, 1, 2]
    order = replay(record).state.placement
    assert order == tuple(entry["data"]["order"])
    names = ", ".join(["Vincenzo", "Kate", "Johnny"][s] for s in order)
    assert f"Choosing order: {names}." in user.page
    assert "drawn by the app" in user.page


def test_a_player_picked_for_two_placement_chips_is_refused_next_to_the_field(user, store):
    game_id = start(user)
    response = place(user, KATE, KATE, JOHNNY)
    assert response.status_code == 422
    assert near(user.page, "order-1", "Each player gets exactly one placement chip.")
    assert entries(store, game_id) == []


def test_a_round_stores_each_seat_and_shows_points_cards_and_who_moved(user, store):
    game_id = start(user)
    place(user, KATE, VINCENZO, JOHNNY)
    play_round(user, *by_seat(user, EXAMPLE[0]))
    data = entries(store, game_id)[1]["data"]
    assert {(r["seat"], r["stack"], r.get("loot"), r["bonus"]) for r in data["outcomes"]} == {
        (0, 2, 3, "orange"), (1, 2, 2, "pink"), (2, 0, None, "none")}
    view = replay(store.load(game_id))
    assert view.state.points == (3, 2, 1)  # Johnny's 0-card without a bonus gives 1 point
    assert "Vincenzo moves up from place 2 to 1." in user.page
    assert "Kate moves down from place 1 to 2." in user.page
    assert "▲</span> up from 2" in user.page and "▼</span> down from 1" in user.page  # the arrow hidden from a screen reader
    assert "Round 2 of 7" in user.page
    assert form_seats(user) == [JOHNNY, KATE, VINCENZO]


def test_a_tie_for_a_place_is_drawn_by_the_app_or_entered_by_the_table(user, store):
    game_id = start(user)
    play_example(user, rounds=3)
    # play_example entered the table's draw for the tie (Johnny before Kate).
    record = store.load(game_id)
    assert record["entries"][-1]["kind"] == "placement_tie"
    assert replay(record).state.placement == (VINCENZO, JOHNNY, KATE)
    user.submit("/undo")
    assert "Kate and Johnny are tied on 8 points" in user.page
    user.submit("/draw")
    entry = entries(store, game_id)[-1]
    assert entry["kind"] == "placement_tie" and entry["source"] == "app"
    assert entry["data"]["order"][0] == VINCENZO
    assert "Round 4 of 7" in user.page


def test_a_tie_draw_that_puts_fewer_points_ahead_is_refused_next_to_the_field(user, store):
    game_id = start(user)
    play_example(user, rounds=3)
    user.submit("/undo")
    before = entries(store, game_id)
    response = place(user, KATE, VINCENZO, JOHNNY)
    assert response.status_code == 422
    assert near(user.page, "order-1",
                "Vincenzo has more points than Kate and gets the better placement chip.")
    assert entries(store, game_id) == before


def test_the_example_game_ends_with_the_second_highest_card_deciding(user, store):
    game_id = start(user)
    play_example(user)
    view = replay(store.load(game_id))
    assert view.state.points == (38, 40, 40)
    assert '<section class="outcome"' in user.page
    assert "Tie broken by the second-highest loot card." in user.page
    outcome = user.page[user.page.index('id="outcome"'):]
    # Named once (the "Send to BG Stats" link beside it carries the play's data, names too).
    assert re.sub(r'href="[^"]*"', "", outcome[:outcome.index("</section>")]).count("Kate") == 1
    assert "/entries" not in "".join(f["action"] for f in forms_of(user.page))
    # Vincenzo's loot chip: in his row and on the round that gave it.
    assert "loot chip 6" in user.page
    log = user.page[user.page.index('class="log"'):]
    assert re.search(r"Round 4</span>.*Vincenzo: 0-card.*loot chip 6", log, re.S)


def to_a_coin_flip(user):
    """Seven rounds in which Anna and Ben seize equal cards: tied on points and on every loot
    card, the game waits for a coin flip. Returns the game's id."""
    game_id = start(user, players=("Anna", "Ben", "Cem"))
    place(user, 0, 1, 2)
    for n, stack in enumerate((2, 2, 3, 3, 4, 4, 5)):
        same = (stack, stack + n, "none")
        play_round(user, *by_seat(user, {0: same, 1: same, 2: (0, None, "orange")}))
        if n < 6:
            place(user, 0, 1, 2)
    return game_id


def test_a_coin_flip_decides_a_full_tie_by_the_app_or_by_the_table(user, store):
    game_id = to_a_coin_flip(user)
    assert "Anna and Ben are tied on points and on every loot card: let the app flip the coin, or enter who won the flip at the table." in user.page
    response = user.submit("/entries", {"winner": 2})
    assert response.status_code == 422
    assert near(user.page, "winner", "Only Anna and Ben are in the coin flip.")
    user.submit("/draw")
    entry = entries(store, game_id)[-1]
    assert entry["kind"] == "coin" and entry["source"] == "app" and entry["data"]["winner"] in (0, 1)
    assert "Still tied after comparing every loot card: a coin flip decided." in user.page
    user.submit("/undo")
    user.submit("/entries", {"winner": 1})
    assert entries(store, game_id)[-1]["data"] == {"winner": 1}
    assert "Coin flip</span> Ben wins" in user.page


def test_correcting_an_earlier_round_recomputes_the_order(user, store):
    game_id = start(user)
    place(user, KATE, VINCENZO, JOHNNY)
    play_round(user, *by_seat(user, EXAMPLE[0]))
    first_round = entries(store, game_id)[1]["id"]
    user.open(f"/games/{game_id}/entries/{first_round}/edit")
    # The form comes back as entered, Johnny's failed heist first.
    fields = dict(user.form("")["fields"])
    assert fields["outcomes-0-seat"] == "2" and fields["outcomes-0-stack"] == "0"
    assert fields["outcomes-1-bonus"] == "orange" and fields["outcomes-1-loot"] == "3"
    # Johnny had in fact seized a 5-stack card worth 12.
    user.submit("", {"outcomes-0-stack": 5, "outcomes-0-loot": 12})
    record = store.load(game_id)
    assert record["entries"][1]["edits"][0]["data"]["outcomes"][0]["stack"] == 0
    assert replay(record).state.placement == (JOHNNY, VINCENZO, KATE)
    assert "edited" in user.page and "<del>" in user.page
    assert "Johnny moves up from place 3 to 1." in user.page


def test_undoing_the_round_that_gave_a_loot_chip_gives_it_back(user, store):
    game_id = start(user)
    play_example(user, rounds=4)
    assert "Loot chips left: 5, 4, 3, 2" in user.page
    assert "loot chip 6" in user.page
    assert replay(store.load(game_id)).state.points[VINCENZO] == 13 + 6
    user.submit("/undo")
    assert "Loot chips left: 6, 5, 4, 3, 2" in user.page
    standings, taken_back = user.page.split('<section id="next"')[0], user.page.split('class="last undone"')[1]
    assert "loot chip 6" not in standings and "loot chip 6" not in user.page.split('<section id="log"')[1]
    assert "loot chip 6" in taken_back.split("</p>")[0]  # what was taken back, as it was
    assert replay(store.load(game_id)).state.loot_chip(VINCENZO) is None
    # The round again, with Kate completing nothing: Vincenzo takes the 6 once more.
    play_round(user, *by_seat(user, EXAMPLE[3]))
    assert replay(store.load(game_id)).state.loot_chip(VINCENZO) == 6


def test_the_game_page_links_each_player_to_the_heist_check(user):
    game_id = start(user)
    place(user, KATE, VINCENZO, JOHNNY)
    assert f"/games/{game_id}/beutezug/heist?seat=2" in user.page
    assert "Heist check and odds" in user.page


def test_the_game_page_in_german(user, client):
    start(user)
    client.post("/lang", data={"lang": "de", "next": "/", "csrf_token": dict(
        user.form("/lang")["fields"])["csrf_token"]})
    user.open(user.url)
    place(user, KATE, VINCENZO, JOHNNY)
    assert "Reihenfolge beim Würfeln" in user.page
    assert "Neuwurf-Chip" in user.page
    assert "Runde speichern" in user.page


def test_an_imported_round_without_seats_is_read_in_its_rolling_order(user, store):
    record = {"format": "loot-ledger-record", "format_version": 1, "game": "beutezug",
              "players": ["Vincenzo", "Kate", "Johnny"], "settings": {}, "entries": [
                  {"kind": "placement", "data": {"order": [1, 0, 2]}},
                  {"kind": "round", "data": {"outcomes": [  # Johnny, Vincenzo, Kate
                      {"stack": 0}, {"stack": 2, "loot": 3, "bonus": "orange"},
                      {"stack": 2, "loot": 2, "bonus": "pink"}]}}]}
    user.open("/import")
    token = dict(user.form("")["fields"])["csrf_token"]
    response = user.client.post("/import", data={
        "csrf_token": token, "file": (BytesIO(json.dumps(record).encode()), "game.json")},
        follow_redirects=True)
    page = response.get_data(as_text=True)
    assert "Johnny: 0-card" in page and "Vincenzo: 2→3" in page and "Kate: 2→2" in page
    game_id = response.request.path.rsplit("/", 1)[-1]
    round_id = store.load(game_id)["entries"][1]["id"]
    user.open(f"/games/{game_id}/entries/{round_id}/edit")
    fields = dict(user.form("")["fields"])
    assert [fields[f"outcomes-{i}-seat"] for i in range(3)] == ["2", "0", "1"]
