// -- an entry sent, and what its answer does -----------------------------------------------
// Browser test: tests/browser/test_outbox_phone.py::test_signed_out_meanwhile_the_entry_waits_until_the_phone_joins_again
// Browser test: tests/browser/test_outbox_flight_phone.py::test_an_entry_changed_while_it_is_sent_is_sent_as_changed
function reasonOf(page, response) {
  // The server's error page says why nothing was stored (its .why) and the way out.
  var why = page.querySelector(".why p") || page.querySelector("main h1");
  var link = page.querySelector(".why a");
  return {
    why: (why ? why.textContent : String(response.status)).trim(),
    link: link ? link.getAttribute("href") : response.redirected ? response.url : null,
    linkText: link ? link.textContent.trim() : page.title
  };
}

function refusalOf(page) {
  // A refused entry's reasons, as the game page says them at the top of its form.
  var said = page.querySelectorAll("main .refusal li, main .refusal p:not(:first-child)");
  var text = Array.prototype.map.call(said, function (e) { return e.textContent.trim(); }).filter(Boolean);
  var box = page.querySelector("main .refusal");
  return text.join(" ") || (box ? box.textContent.trim() : "");
}

function withTokenOfThisPage(body) {
  // An entry can wait longer than the CSRF token it was sent with (joined again meanwhile).
  var token = doc.querySelector("input[name=csrf_token]"), params = new URLSearchParams(body);
  if (token && params.has("csrf_token")) params.set("csrf_token", token.value);
  return params.toString();
}

function edited(item, rev) {
  // Changed in its form while it was being sent: the phone's copy is the one to send.
  var stored = outbox().filter(function (i) { return i.id === item.id; })[0];
  return stored && stored.rev !== rev ? stored : null;
}

function post(item, form) {
  if (item.follows && after !== null) withParam(item, "version", after);
  // On the phone before it leaves: a reload meanwhile sends it again, and what is saved
  // during the flight waits behind it, in the order of the taps.
  var known = outbox().some(function (i) { return i.id === item.id; });
  keep(item);
  var rev = item.rev;
  busy = true; flying = known ? null : item.id;
  var slow = setTimeout(function () { showOutbox(true); }, 700);
  var stop = new AbortController(), timer = setTimeout(function () { stop.abort(); }, 20000);
  if (form) form.classList.add("busy");
  function kept() {
    var now = edited(item, rev);
    if (now) { now.why = item.why; now.link = item.link; now.linkText = item.linkText; keep(now); } else keep(item);
    if (form) { form.classList.remove("busy"); delete form.dataset.sent; }
    var box = doc.querySelector("main .outbox"), game = gameOf(item.url);
    if (form && box) { settle(); showOutbox(false); }
    else showOutbox(false);
    // The box as drawn now: showOutbox puts a new one in its place when its words change.
    box = doc.querySelector("main .outbox");
    // After a tap the eyes are on the button, which may be far below the box.
    if (form && box && !box.hidden) {
      if (item.ahead && !item.why) land("#next", 200); else box.scrollIntoView({ block: "center" });
    } else if (form && !box && game) {
      // A page without the box (a correction's): the game page shows what waits, and why,
      // once it can be opened.
      goWhenBack(function () { location.assign(game.page); }, "form");
    }
    return false;
  }
  return fetch(item.url.split("#")[0], {
    method: "POST", body: withTokenOfThisPage(item.body), credentials: "same-origin", signal: stop.signal,
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Requested-With": "fetch" }
  }).then(function (response) {
    return response.text().then(function (html) {
      clearTimeout(slow); clearTimeout(timer); busy = false; flying = null; down = false;
      // Any answer settles the entry (saved, sent before, refused with its reasons: shown),
      // except one that says it stored nothing and the phone should keep it (signed out,
      // the game deleted meanwhile, a full disk): kept, with the server's reason and way out;
      // and an entry the rules or another phone's entry refused: kept with the reason, to
      // be fixed in its form, with those after it.
      var page = new DOMParser().parseFromString(html, "text/html");
      if (!response.ok && page.querySelector(".why[data-keep]")) {
        Object.assign(item, reasonOf(page, response));  // why, link, linkText
        return kept();
      }
      var now = page.getElementById("next");
      if (edited(item, rev)) {
        // Refused or stored as it was sent: the changed copy goes next (sent before, if stored).
        if (form) { form.classList.remove("busy"); delete form.dataset.sent; }
        after = response.ok ? +param(item, "version") + (item.same ? 0 : 1) : null;
        return true;
      }
      if (!response.ok && item.entry && (!form || waiting().some(function (i) { return i.id !== item.id; }))) {
        item.refused = refusalOf(page) || String(response.status);
        if (now) withParam(item, "version", now.dataset.version);  // fixed, it is sent as of now
        after = null;
        keep(item);
        show(page, html, response, item.hash);
        return false;
      }
      drop(item.id);
      // What follows it follows its version, one on unless it left the entries as they are
      // (a note: data-keeps-version).
      after = response.ok ? +param(item, "version") + (item.same ? 0 : 1) : null;
      var more = waiting().filter(function (i) { return !i.refused; });
      if (response.ok && more.length && !form) {
        // More to send: the page shown is the one the phone typed ahead on; the last
        // answer replaces it.
        showOutbox(true);
        say(doc.getElementById("said").dataset.sent.replace("{}", item.title));
        return true;
      }
      show(page, html, response, item.hash, false, !form);
      if (response.ok) announce(item, known);
      return true;
    });
  }).catch(function () {
    // Never answered: maybe stored, maybe not. The submission id makes a resend safe.
    clearTimeout(slow); clearTimeout(timer); busy = false; flying = null; down = true;
    delete item.why; delete item.link; delete item.linkText;
    return kept();
  });
}

function pump(opened) {
  // Send what waits, first things first. What the server refused for a reason (signed out,
  // game deleted) is sent again when a page opens, after the way out was taken -- not every
  // few seconds in the meantime; a refused entry only when the person saves it again.
  if (busy) return;
  var head = waiting()[0];
  if (head) {
    if (head.refused || (head.why && !opened)) return;
    post(head).then(function (sent) { if (sent) pump(opened); });
  } else if (root.dataset.offline && navigator.onLine) {
    refresh(true);
  }
}

function refresh(always) {
  // Back to a page from the browser's memory, or online again after an offline copy:
  // the game as it is now, unless nothing changed (then what was typed stays).
  fetch(location.pathname, { credentials: "same-origin", cache: "no-store" }).then(function (response) {
    return response.text().then(function (html) {
      var page = new DOMParser().parseFromString(html, "text/html");
      var now = page.getElementById("next"), shown = doc.getElementById("next");
      if (!response.ok || !now) return;
      if (always || !shown || now.dataset.version !== shown.dataset.version) {
        delete root.dataset.offline;
        show(page, html, response, null, true);
      }
    });
  }).catch(function () {});
}
