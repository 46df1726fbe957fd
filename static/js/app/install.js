// -- installed like an app: static files and the last game pages stay on the phone -------
// Browser test: tests/browser/test_offline_first_visit_phone.py::test_first_visit_then_offline_reload_then_back_the_hand_is_stored_once_without_a_tap
// Browser test: tests/browser/test_group_switch_phone.py::test_kept_game_pages_go_with_the_group
// Browser test: tests/browser/test_group_switch_phone.py::test_on_plain_http_the_pages_kept_on_the_phone_go_with_the_group
// Browser test: tests/browser/test_real_phone.py::test_plain_http_says_once_what_it_cannot_do
if ("serviceWorker" in navigator && root.dataset.worker) {
  navigator.serviceWorker.register(root.dataset.worker).catch(function () {});
  // The first visit, before the worker took over, did not go through it: this page as the
  // server sent it is kept now, so it is there offline from the first visit on. (Here, not
  // by a fetch in the worker: a worker busy while activating empties the browser's
  // back-forward memory of the page left meanwhile.)
  if (!navigator.serviceWorker.controller && pristine && "caches" in window && groupPage(location.pathname)) {
    caches.open("pages").then(function (c) {
      return c.match(location.pathname).then(function (hit) {
        if (!hit) return c.put(location.pathname, new Response(pristine, { headers: { "Content-Type": "text/html; charset=utf-8" } }));
      });
    }).catch(function () {});
  }
}
// A phone that joined another group forgets the game pages it kept of the old one (the
// server's Clear-Site-Data: "cache" empties the browser's cache, not these).
// (sameGroup, run as the page starts: the copies kept in this page's storage go too.)
function sameGroup() {
  if (!root.dataset.group || root.dataset.offline) return;
  try {
    var before = localStorage.getItem(GROUP);
    if (before && before !== root.dataset.group) {
      if ("caches" in window) caches.delete("pages").catch(function () {});
      forgetKept();
    }
    localStorage.setItem(GROUP, root.dataset.group);
  } catch (e) { /* no storage: nothing was kept either */ }
}

function plainHttp() {
  // Said once per phone, where the eyes are: what plain http cannot do, and the way to https.
  var note = doc.querySelector("main .plain-http"), now = doc.querySelector("#next .now");
  if (!note || !now || window.isSecureContext) return;
  try { if (localStorage.getItem(PLAIN)) return; } catch (e) { return; }
  now.appendChild(note);
  note.hidden = false;
  note.querySelector("button").addEventListener("click", function () {
    try { localStorage.setItem(PLAIN, "1"); } catch (e) { /* not kept: said again */ }
    note.hidden = true;
  });
}
