// -- never away from the game while the connection is down ---------------------------------
// Browser test: tests/browser/test_real_phone.py::test_a_reload_or_a_link_while_offline_never_loses_the_table
var pending = null, probing = false, leaving = false;
var down = false;  // the last request to the server got no answer, and none did since

function whenSent(then) {
  // What waits goes first (a game page sends it; another page would not).
  var head = waiting()[0];
  if (!busy && (!head || head.refused || head.why)) then();
  else setTimeout(function () { whenSent(then); }, 300);
}
function isDown() { return !navigator.onLine || down; }
function unkept() {
  // No copy of pages on this phone (plain http: no service worker): leaving while the Wi-Fi
  // is gone shows the browser's error page, and the phone may not know it is gone yet.
  return !(navigator.serviceWorker && navigator.serviceWorker.controller);
}

function goWhenBack(go, kind) {
  // Said where it is seen (unless the server answers at once), tried again every few
  // seconds and when the phone is online.
  var note = doc.querySelector("main .waits");
  pending = go;
  setTimeout(function () {
    if (!note || pending !== go) return;
    note.querySelector("span").textContent = note.dataset[kind] || note.dataset.link;
    note.hidden = false;
    say(note.querySelector("span").textContent);
    note.querySelector("button").onclick = function () { pending = null; note.hidden = true; };
  }, isDown() ? 0 : 600);
  probe();
}

function probe() {
  if (!pending || probing) return;
  probing = true;
  var stop = new AbortController(), timer = setTimeout(function () { stop.abort(); }, 4000);
  fetch(location.pathname, { method: "HEAD", cache: "no-store", credentials: "same-origin", signal: stop.signal }).then(function () {
    clearTimeout(timer); probing = false; down = false;
    var go = pending;
    pending = null;
    pump(false);
    whenSent(function () {
      var note = doc.querySelector("main .waits");
      if (note) note.hidden = true;
      leaving = true;  // asked for, and the server answers: no question before it
      if (go) go();
    });
  }).catch(function () {
    clearTimeout(timer); probing = false; down = true;
    setTimeout(probe, 3000);
  });
}

doc.addEventListener("click", function (ev) {
  var link = ev.target.closest && ev.target.closest("a[href]");
  if (!link || ev.defaultPrevented || ev.button || ev.metaKey || ev.ctrlKey || ev.shiftKey || link.target || link.hasAttribute("download")) return;
  var to = new URL(link.href, location.href);
  if (to.origin !== location.origin || (to.pathname === location.pathname && to.hash)) return;
  // A game page waits for the server before it is left (what waits goes first); any page of
  // the group does when the phone knows it is offline and no service worker has its pages.
  var offHere = isDown() && unkept();
  if (!offHere && !(gameOf(location.href) && (isDown() || unkept()))) return;
  ev.preventDefault();
  if (offHere && showKept(to.pathname, true)) { goWhenBack(again, "link"); return; }
  goWhenBack(function () { location.assign(to.href); }, "link");
});
