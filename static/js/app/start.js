// -- the page as it opens ------------------------------------------------------------------
// Browser test: tests/browser/test_offline_first_visit_phone.py::test_first_visit_then_offline_reload_then_back_the_hand_is_stored_once_without_a_tap
function enhance(scope) {
  steppers(scope);
  scope.querySelectorAll(".offline").forEach(function (p) { p.hidden = !root.dataset.offline; });
  settle();
  showOutbox(false);
  plainHttp();
}

enhance(doc);
sameGroup();
keepHere(location.pathname, (function () {
  // As the server sent it (status 200), not an error page.
  var nav = performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
  return nav && nav.responseStatus && nav.responseStatus !== 200 ? null : pristine;
})());
if (doc.querySelector("main [data-retry]") || (root.dataset.offline && !doc.getElementById("next"))) {
  // The service worker's page for one never opened here, or its copy of one that was: the
  // page as it is now as soon as the server answers (a game page refreshes itself: pump).
  goWhenBack(again, "link");
}
flushElsewhere();
// A game page (or a kept copy of one shown here) sends its own game's entries; every page
// the other games'.
addEventListener("online", function () {
  down = false;
  if (doc.getElementById("next")) pump(false);
  flushElsewhere();
  probe();
});
setInterval(function () {
  if (doc.getElementById("next") && waiting().length) pump(false);
  if (outbox().length) flushElsewhere();
}, 8000);
if (!doc.getElementById("next")) {
  addEventListener("beforeunload", function (ev) {
    if (!leaving && unkept() && isDown()) ev.preventDefault();
  });
}
if (doc.getElementById("next")) {
  // An offline copy, or an entry waiting: say so where the eyes are, above the form.
  var offline = doc.querySelector("main .offline"), now = doc.querySelector("#next .now");
  if (root.dataset.offline && offline && now) now.insertBefore(offline, now.firstChild);
  if (location.hash === "#next" || root.dataset.offline || waiting().length) {
    if ("scrollRestoration" in history) history.scrollRestoration = "manual";  // a reload too
    land("#next", 200);
  }
  pump(true);
  addEventListener("pageshow", function (ev) { if (ev.persisted) refresh(false); });
  // A reload with no connection and no service worker (plain http) shows the browser's
  // error page: the browser asks first, also while entries wait (the connection may be gone
  // without the phone knowing it).
  addEventListener("beforeunload", function (ev) {
    if (!leaving && unkept() && (isDown() || waiting().length)) ev.preventDefault();
  });
}
