// app.js: enhancements only -- every flow works without it (forms post, the server redirects).
// With it, a game page's forms are sent in the background and the server's answer -- the
// same page, rendered by the same templates -- replaces <main>: one round trip per save,
// landing on the next form. What cannot reach the server waits in an outbox on the phone.
//
// It is served as one file joined from the modules of static/js/app/, one concern each, in
// the order of companion/pages/assets.py's JOINED, inside one function: what a module
// declares at its top the later ones use (no two declare the same name:
// tests/views/test_joined.py). This one holds what several need.
// Browser test: tests/browser/test_offline_first_visit_phone.py::test_first_visit_then_offline_reload_then_back_the_hand_is_stored_once_without_a_tap
// Browser test: tests/browser/test_follow_phone.py::test_a_save_on_one_phone_shows_on_the_others_and_spares_what_they_type
// Browser test: tests/browser/test_follow_while_sending_phone.py::test_a_phone_sending_is_not_followed_until_its_answer

var doc = document, root = doc.documentElement, OUTBOX = "loot-ledger-outbox", GROUP = "loot-ledger-group",
  PLAIN = "loot-ledger-plain-http-said", PAGES = "loot-ledger-pages", PAGE = "loot-ledger-page:", MOST_PAGES = 12;
// The page as the server sent it, before anything below changes it: the copy this phone keeps
// of it (plain http, where no service worker keeps pages).
// A page shown while the phone is offline (the browser's own copy, going back) is the last
// known state too, and said to be that.
if (!navigator.onLine) root.dataset.offline = "1";
var pristine = root.dataset.offline ? null : "<!doctype html>\n" + root.outerHTML;

function gameOf(url) {
  // The game an address belongs to (a correction's page too), where the app may be mounted.
  var m = /^(.*\/games\/[^\/?#]+)/.exec(new URL(url, location.href).pathname);
  return m ? { id: m[1].split("/").pop(), page: m[1] } : null;
}
function newId() {
  // crypto.randomUUID needs a secure context; the table's phones are often on plain http.
  var bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
}

// What the page's other scripts use of this one: follow.js, which swaps in what other phones
// saved (never while an entry is on its way), and share.js, which says what changed in the
// page's one status as app.js does (say.js).
window.lootLedger = {
  enhance: enhance, id: newId, plain: plain, say: say,
  sending: function () { return busy || waiting().length > 0; }
};
