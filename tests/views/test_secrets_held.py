"""Secrets stay on their phone (issue 38.3): Give Me The Treasure's choice of cards to keep and
the cards held open only on the phone of the player who holds one; for players without a
phone, on the shared phone as today. Each player's keep is a row of the draft."""
from __future__ import annotations

import re

from tests.formpage import Browserless
from tests.games.treasure.web import test_pages as treasure


def hold(phone: Browserless, game_id: str, seat: str) -> None:
    phone.open(f"/games/{game_id}/phone")
    assert phone.submit(f"/games/{game_id}/phone", {"seat": seat}).status_code == 200


def panels(page: str) -> list[str]:
    """Whose secret panels the page holds, by the checkboxes inside them."""
    return sorted(set(re.findall(r'name="reinforcements-(\d)" value=', page)))


def test_each_players_cards_open_only_on_their_phone(user, app, store):
    game_id = treasure.start(user)
    user.submit("/draw")  # the app deals
    shared = user
    ann, bob = Browserless(app.test_client()), Browserless(app.test_client())
    assert panels(shared.page) == ["0", "1"]  # one phone: as today
    hold(ann, game_id, "0")
    shared.open(f"/games/{game_id}")
    assert panels(shared.page) == ["1"] and "Ann chooses on their own phone." in shared.page
    hold(bob, game_id, "1")
    for phone, own in ((ann, "0"), (bob, "1")):
        phone.open(f"/games/{game_id}")
        assert panels(phone.page) == [own], own
    shared.open(f"/games/{game_id}")
    assert panels(shared.page) == []
    dealt = treasure.replayed(store, game_id).dealt
    ann.submit("/entries", {"reinforcements-0": list(dealt[0][:2])}, button=("row", "0"))
    assert len(store.load(game_id)["entries"]) == 1  # the keep is a draft until Bob's is in
    bob.open(f"/games/{game_id}")
    bob.submit("/entries", {"reinforcements-1": list(dealt[1][1:])}, button=("row", "1"))
    state = treasure.replayed(store, game_id)
    assert state.reinforcements == (tuple(dealt[0][:2]), tuple(dealt[1][1:]))
    # The cards each side holds: on its own phone only.
    for phone, shown, hidden in ((ann, "Cards of Ann", "Cards of Bob"), (bob, "Cards of Bob", "Cards of Ann")):
        phone.open(f"/games/{game_id}")
        assert shown in phone.page and hidden not in phone.page
    shared.open(f"/games/{game_id}")
    assert "Cards of" not in shared.page and "Ann sees their cards on their own phone." in shared.page


def test_letting_go_of_a_seat_brings_its_secrets_back_to_the_shared_phone(user, app):
    game_id = treasure.start(user)
    user.submit("/draw")
    ann = Browserless(app.test_client())
    hold(ann, game_id, "0")
    hold(ann, game_id, "")
    user.open(f"/games/{game_id}")
    assert panels(user.page) == ["0", "1"]
