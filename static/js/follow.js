// Every phone of the group follows the game page (issue 38). Every few seconds it asks with
// the tag of what it shows: a 304 while nothing changed (a few bytes); once another phone
// saved, the page around what is typed here is swapped in, and the form being typed stays as
// it is, focus and keyboard too. Without this file the page is as it always was.
(function () {
  "use strict";
  var doc = document;
  function log(scope) { return (scope || doc).querySelector("#log[data-live]"); }
  var start = log(), app = window.lootLedger;  // app.js, loaded before this file
  if (!start || !app || !window.fetch) return;
  var every = (+start.dataset.every || 1.5) * 1000, asking = false;

  // Each form says which entry its page showed last: the server then stores it even after
  // another phone's save, when only entries of another kind came meanwhile.
  function stamp(scope, after) {
    if (after == null) return;
    scope.querySelectorAll("form[data-bg]").forEach(function (form) {
      if (form.querySelector("input[name=after]")) return;
      var input = doc.createElement("input");
      input.type = "hidden"; input.name = "after"; input.value = after;
      form.appendChild(input);
    });
  }
  function stampHere() { var l = log(); if (l) stamp(doc.querySelector("main") || doc, l.dataset.after); }
  stampHere();
  doc.addEventListener("submit", stampHere, true);  // a form app.js put in since

  // In use: a form typed in, being sent, or with a panel opened here (a
  // player's secret cards, opened before anything is tapped): kept as it is.
  doc.addEventListener("toggle", function (ev) {
    if (ev.target.open) ev.target.dataset.held = "1"; else delete ev.target.dataset.held;
  }, true);
  var USED = "form[data-typed], form.busy, form:has(details[open][data-held])";
  function typed(el) { return el.matches(USED) || el.querySelector(USED); }
  // The fields typed on this phone: never filled in from another phone's row.
  function mine(ev) { if (ev.target.name) ev.target.dataset.mine = "1"; }
  doc.addEventListener("input", mine, true);
  doc.addEventListener("change", mine, true);

  // The rows other phones sent (the draft's data-rows) shown in the form, filled in as sent
  // and not to be changed here (the round takes them from the draft); this phone's own row
  // stays its own. In a form being typed, a field typed here or in use is left as it is.
  function showRows(scope) {
    (scope || doc).querySelectorAll("form p.draft[data-rows]").forEach(function (status) {
      var form = status.closest("form"), rows;
      try { rows = JSON.parse(status.dataset.rows); } catch (e) { return; }
      rows.forEach(function (row) {
        if (String(row.key) === status.dataset.own) return;
        var prefix = status.dataset.field + "-" + row.index, values = {}, box = null;
        row.fields.forEach(function (pair) { (values[pair[0]] = values[pair[0]] || []).push(pair[1]); });
        [].forEach.call(form.elements, function (el) {
          if (!el.name || el.type === "hidden" || (el.name !== prefix && el.name.indexOf(prefix + "-") !== 0)) return;
          box = box || el.closest("fieldset") || el.closest(".field");
          if (el.dataset.mine || el === doc.activeElement) return;
          var sent = values[el.name] || [];
          if (el.type === "checkbox" || el.type === "radio") el.checked = sent.indexOf(el.value) >= 0;
          else el.value = sent.length ? sent[0] : "";
          el.classList.add("sent");
          // A row kept by a Save for a player without a phone stays open to change here;
          // the form says it showed it, so its Save may change it (a page without this
          // script shows it blank, and its Save leaves it as kept).
          if (row.kept) {
            if (!form.querySelector('input[name="shown"][value="' + row.key + '"]')) {
              var shown = doc.createElement("input");
              shown.type = "hidden"; shown.name = "shown"; shown.value = row.key;
              form.appendChild(shown);
            }
            return;
          }
          if (el.tagName === "INPUT" && el.type !== "checkbox" && el.type !== "radio") el.readOnly = true;
          else el.disabled = true;  // not sent with the form: the draft holds it
          if (el.parentNode.classList.contains("step")) {  // app.js's − and + beside it
            el.parentNode.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
          }
        });
        // Said once per row: after its legend, or before a field's label (not in it: the
        // field's name stays the player's).
        var label = box && box.tagName === "LABEL", before = box && box.previousElementSibling;
        if (box && !(label ? before && before.classList.contains("sent-by") : box.querySelector(".sent-by"))) {
          var tag = doc.createElement("span");
          tag.className = "sent-by tag";
          tag.textContent = status.dataset.sent.replace("{}", row.name);
          var legend = box.querySelector(":scope > legend");
          if (label) box.before(tag); else if (legend) legend.after(tag); else box.insertBefore(tag, box.firstChild);
        }
      });
    });
  }
  showRows();

  // A form kept as typed still shows how the round fills: its draft line is the new one
  // (and the rows sent meanwhile), its fields and focus as they were.
  function freshStatus(old, fresh) {
    var was = old.querySelector("p.draft"), now = fresh.querySelector("p.draft");
    if (!now) return;
    if (was) was.replaceWith(now);
    else {
      var save = old.querySelector("button.primary[type=submit]");
      if (!save) return;
      save.before(now);
      var flag = fresh.querySelector("input[name=draft]");
      if (flag && !old.querySelector("input[name=draft]")) save.before(flag);
    }
  }

  // The old part stays where it holds a typed form; elsewhere the new one takes its place,
  // part by part, as long as both have the same parts.
  function patch(old, fresh) {
    if (!typed(old)) { old.replaceWith(fresh); return; }
    if (old.tagName === "FORM") { freshStatus(old, fresh); return; }
    // A part kept for what it holds takes the new one's marks (#next: the version now).
    [].forEach.call(fresh.attributes, function (a) { old.setAttribute(a.name, a.value); });
    var olds = [].slice.call(old.children), news = [].slice.call(fresh.children);
    var same = olds.length === news.length && olds.every(function (o, i) { return o.tagName === news[i].tagName && o.id === news[i].id; });
    olds.forEach(function (o, i) {
      var n = same ? news[i] : o.id && fresh.querySelector(":scope > #" + CSS.escape(o.id));
      if (n) patch(o, n);
    });
  }

  // The copy of this page the phone keeps for when the connection is gone (app.js: "the
  // group's pages kept on the phone" in its storage on plain http, the "pages" cache where a
  // service worker serves it) is this page as it is now: offline after another phone's save,
  // it shows that save. The copy as the server sent it, with the new <main> in place of its
  // own; only a page kept already is changed (what app.js keeps, and where, stays its choice).
  var KEPT = "loot-ledger-page:";  // app.js's PAGE
  function swapMain(html, main) {
    return /<main\b[\s\S]*?<\/main>/.test(html) ? html.replace(/<main\b[\s\S]*?<\/main>/, function () { return main; }) : null;
  }
  function keepOffline(main) {
    var path = location.pathname;
    try {
      var copy = JSON.parse(localStorage.getItem(KEPT + path) || "null"), html = copy && swapMain(copy.html || "", main);
      if (html && html.length <= 200000) { copy.html = html; localStorage.setItem(KEPT + path, JSON.stringify(copy)); }
    } catch (e) { /* storage full or off: the older copy stays */ }
    if (!("caches" in window)) return;
    caches.open("pages").then(function (c) {
      return c.match(path).then(function (hit) {
        if (!hit) return;
        return hit.text().then(function (old) {
          var html = swapMain(old, main);
          if (!html) return;
          var headers = { "Content-Type": "text/html; charset=utf-8" }, policy = hit.headers.get("Content-Security-Policy");
          if (policy) headers["Content-Security-Policy"] = policy;
          return c.put(path, new Response(html, { headers: headers }));
        });
      });
    }).catch(function () {});
  }

  function heading() { var h = doc.querySelector("#next .now h2"); return h ? h.textContent.trim() : ""; }

  function merge(html) {
    var main = doc.querySelector("main"), fresh = new DOMParser().parseFromString(html, "text/html").querySelector("main");
    if (!main || !fresh || !log(fresh)) return;
    stampHere();
    var token = main.querySelector("input[name=csrf_token]");
    fresh.querySelectorAll("input[name=csrf_token]").forEach(function (i) { i.value = token ? token.value : ""; });
    fresh.querySelectorAll("input[name=submission]").forEach(function (i) { i.value = app.id(); });
    stamp(fresh, log(fresh).dataset.after);
    // A moment later: the copy (a JSON of the whole page, on plain http) never holds up a tap.
    var copy = fresh.outerHTML;
    setTimeout(function () { keepOffline(copy); }, 300);
    var was = heading(), keeps = typed(main), y = scrollY, active = doc.activeElement, name = active && active.name;
    if (keeps) {
      patch(main, fresh);
    } else {
      main.replaceWith(fresh);
      // The field the landing had focused (nothing typed in it yet) is focused again.
      var again = name && fresh.querySelector("#next .forms [name=\"" + CSS.escape(name) + "\"]");
      if (again && again.focus) again.focus({ preventScroll: true });
    }
    app.enhance(doc.querySelector("main"));
    showRows();
    scrollTo(0, y);
    var now = doc.querySelector("#next .now"), l = log(), form = doc.querySelector("#next form[data-typed]");
    if (keeps && now && l && form && was !== heading()) {
      // What was typed here was for the step before: said where the eyes are, and its Save
      // is for the step now.
      var version = form.querySelector("input[name=version]"), after = form.querySelector("input[name=after]");
      if (version) version.value = doc.getElementById("next").dataset.version;
      if (after) after.value = l.dataset.after;
      var note = doc.createElement("p");
      note.className = "notice meanwhile"; note.setAttribute("role", "status");
      note.textContent = l.dataset.meanwhile.replace("{}", was);
      now.appendChild(note);
    }
  }

  function ask() {
    var l = log();
    if (asking || !l || doc.visibilityState !== "visible" || !navigator.onLine) return;
    // While app.js sends an entry, its answer brings the page; asked meanwhile, it would race.
    if (app.sending()) return;
    asking = true;
    fetch(l.dataset.live, { cache: "no-store", credentials: "same-origin", headers: { "If-None-Match": l.dataset.tag } })
      .then(function (response) {
        if (response.status !== 200) return;
        return response.text().then(function (html) {
          if (!app.sending()) merge(html);
        });
      }).catch(function () {}).then(function () { asking = false; });
  }
  setInterval(ask, every);
  doc.addEventListener("visibilitychange", ask);  // back to the table: at once
})();
