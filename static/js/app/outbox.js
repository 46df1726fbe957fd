// -- the outbox: what was sent but never answered ------------------------------------------
// Entries leave in the order they were saved, one at a time. One typed while another waits
// follows it: its version is the one the entry before it was stored at, plus one (each
// entry adds exactly one), so a chain typed offline is applied in order, each once, and any
// other phone's entry in between makes the rest stale rather than misplaced.
// Browser test: tests/browser/test_real_phone.py::test_three_hands_offline_are_stored_in_order_once_each
function outbox() {
  try { return JSON.parse(localStorage.getItem(OUTBOX) || "[]"); } catch (e) { return []; }
}
function store(list) {
  // The outbox comes before the kept copies of pages: full, they go.
  try { localStorage.setItem(OUTBOX, JSON.stringify(list)); } catch (e) {
    try { forgetKept(); localStorage.setItem(OUTBOX, JSON.stringify(list)); } catch (e2) { /* full */ }
  }
}
function keep(item) {
  // A form sent again (a refused entry fixed) keeps its place in the line.
  var list = outbox(), at = list.findIndex(function (i) { return i.id === item.id; });
  if (at >= 0) list[at] = item; else list.push(item);
  store(list);
}
function drop(id) { store(outbox().filter(function (i) { return i.id !== id; })); }
function gameId() {
  var next = doc.getElementById("next"), of = gameOf(location.href);
  return next ? next.dataset.game : of && of.id;
}
function waiting() { var id = gameId(); return outbox().filter(function (i) { return i.game === id; }); }
function param(item, name) { return new URLSearchParams(item.body).get(name); }
function withParam(item, name, value) {
  var params = new URLSearchParams(item.body);
  params.set(name, value);
  item.body = params.toString();
}

var busy = false, after = null;  // after: the version the next entry in the line follows
var flying = null;  // a form's entry being sent, new to the line: shown as sending, not as waiting
