// -- the group's pages kept on the phone (plain http: no service worker keeps them) -------
// Each page of the group opened here (its areas, its game pages) is kept as the server sent
// it, the last MOST_PAGES of them. Offline, a link to one shows that copy, marked as the last
// known state, in this same document (no navigation, so never the browser's error page);
// the page is opened for real as soon as the connection is back. A reload with no connection
// cannot be helped on plain http (the browser asks first; its error page reloads itself when
// the connection is back, and this script then sends what waits).
// Browser test: tests/browser/test_offline_first_visit_phone.py::test_history_and_statistics_open_offline_and_come_back_by_themselves
function groupPage(path) {
  if (gameOf(path) && gameOf(path).page === path) return true;
  return Array.prototype.some.call(doc.querySelectorAll("nav.areas a"), function (a) {
    return new URL(a.href, location.href).pathname === path;
  });
}
function keptList() { try { return JSON.parse(localStorage.getItem(PAGES) || "[]"); } catch (e) { return []; } }
function keepHere(path, html) {
  if (!html || html.length > 200000 || !root.dataset.group || !groupPage(path)) return;
  var list = keptList().filter(function (p) { return p !== path; });
  list.push(path);
  for (;;) {
    try {
      localStorage.setItem(PAGE + path, JSON.stringify({ group: root.dataset.group, html: html }));
      break;
    } catch (e) {  // full: the oldest copy goes first, never the outbox
      if (list.length < 2) return;
      localStorage.removeItem(PAGE + list.shift());
    }
  }
  while (list.length > MOST_PAGES) localStorage.removeItem(PAGE + list.shift());
  try { localStorage.setItem(PAGES, JSON.stringify(list)); } catch (e) { /* kept without its place */ }
}
function forgetKept() {
  keptList().forEach(function (p) { localStorage.removeItem(PAGE + p); });
  localStorage.removeItem(PAGES);
}
function keptCopy(path) {
  try {
    var copy = JSON.parse(localStorage.getItem(PAGE + path) || "null");
    return copy && copy.group === root.dataset.group ? copy.html : null;
  } catch (e) { return null; }
}

function showKept(path, push) {
  var html = keptCopy(path);
  var page = html && new DOMParser().parseFromString(html, "text/html"), fresh = page && page.querySelector("main");
  if (!fresh) return false;
  // That page's own stylesheet (a game's): versioned, so in the browser's cache if it was
  // loaded before.
  page.querySelectorAll("head link[rel=stylesheet]").forEach(function (sheet) {
    var href = sheet.getAttribute("href");
    if (!doc.querySelector("head link[rel=stylesheet][href=\"" + CSS.escape(href) + "\"]")) doc.head.appendChild(doc.importNode(sheet, true));
  });
  var areas = page.querySelector("nav.areas"), mine = doc.querySelector("nav.areas");
  if (areas && mine) mine.replaceWith(doc.importNode(areas, true));
  doc.body.className = page.body.className;
  fresh = doc.importNode(fresh, true);
  doc.querySelector("main").replaceWith(fresh);
  doc.title = page.title;
  root.dataset.offline = "1";
  root.dataset.copy = path;
  if (push) history.pushState({ kept: path }, "", path);
  enhance(fresh);
  var note = fresh.querySelector(".offline"), now = fresh.querySelector("#next .now");
  if (note && now) now.insertBefore(note, now.firstChild);
  if (doc.getElementById("next")) land("#next", 200); else scrollTo(0, 0);
  return true;
}

function again() {
  // Back online on a kept copy: the page as it is now.
  leaving = true;
  location.reload();
}

addEventListener("popstate", function () {
  if (!root.dataset.copy) return;  // only the copies shown here pushed an address
  if (isDown() && unkept() && showKept(location.pathname, false)) { goWhenBack(again, "link"); return; }
  again();
});
