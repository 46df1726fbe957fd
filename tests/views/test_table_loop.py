"""The loop at the table, server side: where a save lands, what a refusal says, a form sent
twice, undo and put back, answers for app.js, versioned static files and the service worker."""
from __future__ import annotations

import re

from companion.history import groups
from companion.record.entries import new_record
from tests.formpage import BACKGROUND, Browserless, forms_of
from tests.games.beutelschneider.web.test_pages import hand_values, start
from tests.history.conftest import join, share


def fields(form):
    return dict(form["fields"])


def summary(page):
    """The refusal summary: (link target, text) per field problem, and its loose messages."""
    box = re.search(r'<div class="refusal".*?</div>', page, flags=re.S)
    assert box, "no refusal summary"
    links = re.findall(r'<a href="#([^"]+)" data-field="[^"]+">(.*?)</a>', box.group(0))
    alerts = re.findall(r'class="alert"(?: role="alert")?>([^<]*)<', box.group(0))
    return [(target, re.sub("<[^>]+>", "", text)) for target, text in links], alerts


def test_a_save_lands_on_the_next_form(user, client):
    game_id = start(user)
    form = user.form("/entries")
    assert form["action"].endswith("/entries#next")  # a refusal's page lands there too
    data = fields(form)
    data.update({k: str(v) for k, v in hand_values(40, 30, 10).items()})
    response = client.post(f"/games/{game_id}/entries", data=data)
    assert response.status_code == 303 and response.location.endswith(f"/games/{game_id}#next")


def test_the_now_strip_shows_the_step_who_deals_and_the_last_entry_with_undo(user):
    start(user)
    user.submit("/entries", hand_values(40, 30, 10))
    now = user.page.split('<div class="now">')[1].split("</div>\n  </div>")[0]
    assert "<h2>Hand 2</h2>" in now and "Ben deals." in now
    assert "Last entry" in now and "Anna: 40" in now and "Undo the last entry" in now
    # Standings stay above, the log below; undo is not repeated in the log.
    page = user.page
    assert page.index('id="standings"') < page.index('id="next"') < page.index('id="log"')
    assert "/undo" not in page.split('id="log"')[1]


def test_a_refusal_names_each_problem_at_the_top_and_links_to_its_field(user, store):
    game_id = start(user, players=("Anna", "Ben", "Cem", "Dora"))
    response = user.submit("/entries", hand_values("abc", 30, 10, 10, **{"players-3-cutpurses": "25"}))
    assert response.status_code == 422
    links, alerts = summary(user.page)
    assert links == [("players-0-gold-error", "Anna · Gold: Enter a whole number."),
                     ("players-3-cutpurses-error", "Dora · Cutpurses: Number must be between 0 and 20.")]
    # Every refusal at once (issue 25): the deck's count, which the rules check beside the
    # form's range, is said in the same answer.
    assert alerts == ["The deck holds 4 cutpurses; 25 are counted (kept plus set aside by the Guard)."]
    # Each link's target is the message next to its field; what was typed stays.
    assert 'id="players-0-gold-error" class="error">Enter a whole number.' in user.page
    assert 'aria-describedby="players-0-gold-error"' in user.page
    assert 'value="abc"' in user.page and 'value="25"' in user.page
    assert "Not saved" in user.page.split('id="next"')[1].split("<form")[0]
    assert store.load(game_id)["entries"] == []


def test_a_rules_refusal_of_no_field_is_in_the_summary_too(user):
    start(user)
    user.submit("/entries", hand_values(50, 30, 20))
    links, alerts = summary(user.page)
    assert alerts == ["The deck holds 80 in gold; this hand adds up to 100."] and links == []


def test_back_then_save_stores_nothing_and_says_why(user, client, store):
    game_id = start(user)
    sent = fields(user.form("/entries"))  # the page Back shows again, as it was
    sent.update({k: str(v) for k, v in hand_values(40, 30, 10).items()})
    assert client.post(f"/games/{game_id}/entries", data=sent).status_code == 303
    again = client.post(f"/games/{game_id}/entries", data=sent, follow_redirects=True)
    assert again.status_code == 200
    assert len(store.load(game_id)["entries"]) == 1
    page = again.get_data(as_text=True)
    assert "This form was sent before and is stored already, so nothing new was stored." in page
    # Said once: the next look at the page is the game as usual.
    assert "sent before" not in client.get(f"/games/{game_id}").get_data(as_text=True)


def test_each_form_on_the_page_has_its_own_submission_id(user, store):
    """Issue 13: save the note, then that page's Draw: it draws."""
    user.open("/new/beutezug")
    user.submit("", {"player": ["Vincenzo", "Kate", "Johnny", "", ""]})
    game_id = user.url.rsplit("/", 1)[-1]
    page = user.page
    ids = [fields(f)["submission"] for f in forms_of(page) if f["method"] == "post" and "submission" in fields(f)]
    assert len(ids) == len(set(ids)) >= 3  # draw, entry, note (at least)
    note, draw = user.form("/note"), user.form("/draw")
    user.submit("/note", {"note": "Round table"})
    user.page = page  # the same page again: Back, or a second tab
    response = user.client.post(draw["action"].split("#")[0], data=fields(draw), follow_redirects=True)
    assert response.status_code == 200
    record = store.load(game_id)
    assert record["note"] == "Round table" and [e["kind"] for e in record["entries"]] == ["placement"]
    assert fields(note)["submission"] != fields(draw)["submission"]


def test_undo_says_what_it_took_back_refills_the_form_and_puts_it_back(user, store):
    game_id = start(user)
    user.submit("/entries", hand_values(40, 30, 10))
    user.submit("/entries", hand_values(20, 25, 35, cutpurses=(0, 2, 0)))
    user.submit("/undo")
    taken = user.page.split('class="last undone"')[1].split("</div>")[0]
    assert "Taken back" in taken and "Anna: 20" in taken and "Ben: 25" in taken
    # The form of hand 2 again, filled with what was taken back.
    form = fields(user.form("/entries"))
    assert (form["players-0-gold"], form["players-1-gold"], form["players-1-cutpurses"]) == ("20", "25", "2")
    user.submit("/put-back")
    record = store.load(game_id)
    assert len(record["entries"]) == 2 and record["undone"] == []
    assert record["entries"][1]["data"]["players"][1]["gold"] == 25
    assert "Taken back" not in user.page and "Put it back" not in user.page
    # Undo, then another entry: what was undone stays aside, and "Put it back" is gone.
    user.submit("/undo")
    form = fields(user.form("/entries"))
    user.submit("/entries", hand_values(10, 10, 60))
    assert "Put it back" not in user.page
    record = store.load(game_id)
    assert len(record["entries"]) == 2 and len(record["undone"]) == 1
    assert record["entries"][1]["data"]["players"][2]["gold"] == 60
    assert form["submission"] != fields(user.form("/entries"))["submission"]


def test_undo_twice_then_put_back_twice_restores_both_in_order(user, store):
    game_id = start(user)
    for golds in ((40, 30, 10), (20, 25, 35), (10, 10, 60)):
        user.submit("/entries", hand_values(*golds))
    before = store.load(game_id)["entries"]
    user.submit("/undo")
    user.submit("/undo")
    user.submit("/put-back")
    user.submit("/put-back")
    assert store.load(game_id)["entries"] == before


def test_a_refused_undo_and_put_back_speak_of_themselves(user, client, store):
    game_id = start(user)
    user.submit("/entries", hand_values(40, 30, 10))
    undo = user.form("/undo")
    user.submit("/entries", hand_values(20, 30, 30))  # another phone meanwhile
    response = client.post(undo["action"].split("#")[0], data=fields(undo))
    page = response.get_data(as_text=True)
    assert response.status_code == 409 and len(store.load(game_id)["entries"]) == 2
    assert "so nothing was undone" in page and "your entry was not stored" not in page
    assert "Nothing changed" in page
    user.submit("/undo")
    back = user.form("/put-back")
    user.submit("/entries", hand_values(10, 10, 60))
    response = client.post(back["action"].split("#")[0], data=fields(back))
    assert response.status_code == 409 and "so nothing was put back" in response.get_data(as_text=True)
    # A repeated undo (a double tap) says it was done already, and undoes nothing more.
    user.submit("/undo")
    undo = user.form("/undo")
    assert len(store.load(game_id)["entries"]) == 1
    response = client.post(undo["action"].split("#")[0], data=fields(undo), follow_redirects=True)
    assert len(store.load(game_id)["entries"]) == 0
    again = client.post(undo["action"].split("#")[0], data=fields(undo), follow_redirects=True)
    assert len(store.load(game_id)["entries"]) == 0
    assert "This undo was sent before and is done already" in again.get_data(as_text=True)


def test_app_js_gets_the_page_itself_as_the_answer(user, client, store):
    game_id = start(user)
    data = fields(user.form("/entries"))
    data.update({k: str(v) for k, v in hand_values(40, 30, 10).items()})
    response = client.post(f"/games/{game_id}/entries", data=data, headers=BACKGROUND)
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and response.headers["Content-Location"] == f"/games/{game_id}"
    assert "<h2>Hand 2</h2>" in page and len(store.load(game_id)["entries"]) == 1
    # A refusal: the page with the summary, its status says so.
    data = fields(forms_of(page)[[f["action"] for f in forms_of(page)].index(f"/games/{game_id}/entries#next")])
    data.update({k: str(v) for k, v in hand_values(50, 30, 20).items()})
    refused = client.post(f"/games/{game_id}/entries", data=data, headers=BACKGROUND)
    assert refused.status_code == 422 and 'class="refusal"' in refused.get_data(as_text=True)
    # The same form again: answered with the page and the word why nothing was stored.
    data.update({k: str(v) for k, v in hand_values(40, 30, 10).items()})
    client.post(f"/games/{game_id}/entries", data=data, headers=BACKGROUND)
    again = client.post(f"/games/{game_id}/entries", data=data, headers=BACKGROUND)
    assert again.status_code == 200 and "sent before" in again.get_data(as_text=True)
    assert len(store.load(game_id)["entries"]) == 2


def test_a_correction_answers_with_the_game_page(user, client, store):
    game_id = start(user)
    user.submit("/entries", hand_values(40, 30, 10))
    entry_id = store.load(game_id)["entries"][0]["id"]
    user.open(f"/games/{game_id}/entries/{entry_id}/edit")
    data = fields(user.form(""))
    data.update({k: str(v) for k, v in hand_values(50, 20, 10).items()})
    response = client.post(f"/games/{game_id}/entries/{entry_id}/edit", data=data, headers=BACKGROUND)
    assert response.status_code == 200 and response.headers["Content-Location"] == f"/games/{game_id}"
    assert store.load(game_id)["entries"][0]["data"]["players"][0]["gold"] == 50


def test_counters_are_named_by_their_label_and_their_buttons_by_the_field(user):
    start(user)
    assert ('<div class="field"><label for="players-1-cutpurses">Cutpurses</label>'
            '<input type="number" id="players-1-cutpurses" name="players-1-cutpurses"') in user.page
    # The buttons' names, once per page: app.js puts each field's label in the braces.
    assert '<body class="game" data-less="{}: one fewer" data-more="{}: one more">' in user.page
    user.submit("/lang", button=("lang", "de"))
    assert 'data-less="{}: eins weniger" data-more="{}: eins mehr"' in user.page
    assert '<label for="players-1-cutpurses">Beutelschneider</label>' in user.page


def test_entry_forms_are_never_refilled_by_the_browser(user):
    start(user)
    assert re.search(r'<form method="post" action="[^"]+/entries#next" class="stack entry-form" '
                     r'novalidate autocomplete="off" data-bg[ >]', user.page)


def test_static_files_have_versioned_names_kept_for_a_year(client):
    page = client.get("/").get_data(as_text=True)
    css = re.search(r'href="(/static/css/app\.css\?v=[0-9a-f]{10})"', page).group(1)
    with client.get(css) as response:
        assert response.status_code == 200
        kept = response.headers["Cache-Control"]
    assert "max-age=31536000" in kept and "immutable" in kept
    # Unversioned, a static file is not kept for a year.
    with client.get("/static/css/app.css") as response:
        assert "immutable" not in response.headers.get("Cache-Control", "")


def test_the_service_worker_lists_the_versioned_files(client):
    response = client.get("/sw.js")
    body = response.get_data(as_text=True)
    assert response.status_code == 200 and response.mimetype == "text/javascript"
    assert re.search(r'"/static/js/app\.js\?v=[0-9a-f]{10}"', body)
    assert re.search(r'"/static/css/beutezug\.css\?v=[0-9a-f]{10}"', body)
    assert '"/offline"' in body and "no-cache" in response.headers["Cache-Control"]
    offline = client.get("/offline")
    assert offline.status_code == 200 and "No connection" in offline.get_data(as_text=True)


def test_the_worker_and_the_offline_page_are_open_before_joining_a_group(app, store):
    groups.set_code(store, "household", "tavern-42")
    fresh = app.test_client()
    assert fresh.get("/sw.js").status_code == 200 and fresh.get("/offline").status_code == 200
    assert fresh.get("/").status_code == 303


def test_a_share_link_of_any_group_opens_on_a_phone_of_no_group(app, store):
    """Issue 13: group "Alpha" with a code shares a game; a fresh phone opens the link."""
    alpha = groups.create(store, "Alpha", "alpha-code")
    game_id = store.create(new_record("beutelschneider", ["Anna", "Ben", "Cem"], {}, group=alpha["id"]))
    host = app.test_client()
    assert join(host, "Alpha", "alpha-code").status_code == 303
    user = Browserless(host)
    link = share(user, game_id)
    fresh = app.test_client()  # the household has no code: this phone sees it, but joined nothing
    response = fresh.get(link)
    assert response.status_code == 200 and "Anna" in response.get_data(as_text=True)
    # A phone that joined the household (another group) still gets 404.
    household = app.test_client()
    join(household, "Household")
    assert household.get(link).status_code == 404


def test_an_answer_to_a_post_gives_every_form_a_new_submission_id(user, client, store):
    """The page app.js gets back is rendered while the POST is handled: no form on it may
    take the id just sent (a Loot and Scoot turn's second action would look sent)."""
    from tests.games.scoot.web.test_pages import seed
    from tests.games.scoot.web.test_refusals import SET_UP
    game_id = seed(store, ["Adam", "Beth"], SET_UP)
    user.open(f"/games/{game_id}")
    recruit = fields(user.form("do=recruit"))
    response = client.post(f"/games/{game_id}/entries?do=recruit", data={**recruit, "class": "thief"},
                           headers=BACKGROUND)
    assert response.status_code == 200
    ids = [fields(f).get("submission") for f in forms_of(response.get_data(as_text=True))
           if f["method"] == "post" and "submission" in fields(f)]
    assert recruit["submission"] not in ids and len(ids) == len(set(ids)) > 5


def test_a_qr_code_says_what_it_holds(user, store):
    game_id = start(user)
    user.open(f"/games/{game_id}/share")
    user.submit(f"/games/{game_id}/share")
    link = re.search(r'<p class="link"><a href="([^"]+)"', user.page).group(1)
    assert f'<div class="qrbox" role="img" aria-label="QR code of the link {link}"><svg' in user.page
    user.open("/groups/household")
    user.submit("/code", {"code": "tavern-42"})  # the join link and its code, once there is a code
    user.open("/groups/household")
    assert re.search(r'<div class="qrbox" role="img" aria-label="QR code of the link http://[^/"]+/join/', user.page)
