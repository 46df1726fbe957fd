// Enhancements only: every flow works without this file (forms post, the server redirects).
// With it, a game page's forms are sent in the background and the server's answer -- the
// same page, rendered by the same templates -- replaces <main>: one round trip per save,
// landing on the next form. What cannot reach the server waits in an outbox on the phone.
(function () {
  "use strict";
  var doc = document, root = doc.documentElement, OUTBOX = "loot-ledger-outbox", GROUP = "loot-ledger-group";

  // -- counters: − and + beside the number field, never inside its label --------------------
  function steppers(scope) {
    scope.querySelectorAll("input.stepper").forEach(function (input) {
      if (input.parentNode.classList.contains("step")) return;
      var label = doc.querySelector("label[for=\"" + CSS.escape(input.id) + "\"]");
      var name = label ? label.textContent.trim() : "";
      var wrap = doc.createElement("div");
      wrap.className = "step";
      input.parentNode.insertBefore(wrap, input);
      function button(text, name, delta) {
        var b = doc.createElement("button");
        b.type = "button"; b.textContent = text;
        b.setAttribute("aria-label", name); b.setAttribute("aria-controls", input.id);
        b.addEventListener("click", function () {
          var v = parseInt(input.value || "0", 10) + delta;
          var min = input.min === "" ? -Infinity : +input.min, max = input.max === "" ? Infinity : +input.max;
          input.value = Math.max(min, Math.min(max, isNaN(v) ? 0 : v));
          input.dispatchEvent(new Event("input", { bubbles: true }));
        });
        return b;
      }
      // "Cutpurses: one fewer": the page gives the words, the label the name.
      wrap.appendChild(button("−", (doc.body.dataset.less || "−").replace("{}", name), -1));
      wrap.appendChild(input);
      wrap.appendChild(button("+", (doc.body.dataset.more || "+").replace("{}", name), 1));
    });
  }

  // A choice that is always followed by typing a number moves there (Beutezug: the stack
  // kept, then its loot): one tap fewer per row.
  doc.addEventListener("change", function (ev) {
    var then = ev.target.dataset && ev.target.dataset.then;
    var next = then && ev.target.form && ev.target.form.elements.namedItem(then);
    if (next && next.focus) next.focus();
  });

  // -- where a save lands --------------------------------------------------------------------
  function visible(el) { return el.getClientRects().length > 0; }

  function firstField(scope) {
    var all = scope.querySelectorAll(".forms input:not([type=hidden]), .forms select, .forms textarea, .forms button");
    for (var i = 0; i < all.length; i++) if (visible(all[i]) && !all[i].disabled) return all[i];
    return null;
  }

  function fieldNamed(name) {
    var found = doc.querySelector("main [name=\"" + CSS.escape(name) + "\"]:not([type=hidden])");
    return found && visible(found) ? found : null;
  }

  function showField(field) {
    // Below the summary, which stays at the top of the screen while the form scrolls.
    var box = field.getBoundingClientRect();
    if (box.top < 0 || box.bottom > innerHeight) field.scrollIntoView({ block: "center" });
    field.focus({ preventScroll: true });
  }

  function land(hash, status) {
    var refusal = doc.querySelector("main .refusal");
    if (refusal) {
      var section = refusal.closest("section, details") || refusal;
      section.scrollIntoView({ block: "start" });
      var link = refusal.querySelector("a[data-field]"), field = link && fieldNamed(link.dataset.field);
      if (field) showField(field); else refusal.focus({ preventScroll: true });
      return;
    }
    var at = hash && doc.getElementById(hash.slice(1));
    if (status >= 400 || !at) { scrollTo(0, 0); return; }
    at.scrollIntoView({ block: "start" });
    var first = hash === "#next" && firstField(at);
    if (first) first.focus({ preventScroll: true });
  }

  // A summary's link focuses its field (the link itself points at the field's message).
  doc.addEventListener("click", function (ev) {
    var link = ev.target.closest && ev.target.closest(".refusal a[data-field]");
    var field = link && fieldNamed(link.dataset.field);
    if (field) { ev.preventDefault(); showField(field); }
  });

  // -- the answer replaces <main> ------------------------------------------------------------
  function show(page, html, response, hash, stay) {
    // ``page``: ``html`` parsed once by the caller, which has looked at it already.
    var fresh = page.querySelector("main");
    if (!fresh) { location.reload(); return; }
    doc.querySelector("main").replaceWith(fresh);
    doc.title = page.title;
    var where = response.headers.get("Content-Location");
    if (where && where !== location.pathname) history.replaceState(null, "", where);
    enhance(fresh);
    if (response.status === 200 && doc.getElementById("next")) keepCopy(html, response);
    if (!stay) land(hash || "#next", response.status);
  }

  function keepCopy(html, response) {
    // The service worker shows this copy when the connection is gone: the last known state.
    if (!("caches" in window)) return;
    var headers = { "Content-Type": "text/html; charset=utf-8" };
    var policy = response.headers.get("Content-Security-Policy");
    if (policy) headers["Content-Security-Policy"] = policy;
    caches.open("pages").then(function (c) {
      return c.put(location.pathname, new Response(html, { headers: headers }));
    }).catch(function () {});
  }

  // -- the outbox: what was sent but never answered ------------------------------------------
  function outbox() {
    try { return JSON.parse(localStorage.getItem(OUTBOX) || "[]"); } catch (e) { return []; }
  }
  function store(list) { try { localStorage.setItem(OUTBOX, JSON.stringify(list)); } catch (e) { /* full */ } }
  function keep(item) { store(outbox().filter(function (i) { return i.id !== item.id; }).concat([item])); }
  function drop(id) { store(outbox().filter(function (i) { return i.id !== id; })); }
  function gameOf(url) {
    // The game an address belongs to (a correction's page too), where the app may be mounted.
    var m = /^(.*\/games\/[^\/?#]+)/.exec(new URL(url, location.href).pathname);
    return m ? { id: m[1].split("/").pop(), page: m[1] } : null;
  }
  function gameId() {
    var next = doc.getElementById("next"), of = gameOf(location.href);
    return next ? next.dataset.game : of && of.id;
  }
  function waiting() { var id = gameId(); return outbox().filter(function (i) { return i.game === id; }); }

  function showOutbox(sending) {
    var box = doc.querySelector("main .outbox");
    if (!box) return;
    var items = waiting();
    box.hidden = !items.length && !sending;
    box.textContent = "";
    var head = doc.createElement("p");
    // Kept for a reason the server gave (signed out, game deleted), or never answered.
    var why = items.filter(function (i) { return i.why; })[0];
    head.textContent = !items.length ? box.dataset.sending : why ? box.dataset.kept : box.dataset.waiting;
    box.appendChild(head);
    if (!items.length) return;
    var list = doc.createElement("ul");
    items.forEach(function (i) {
      var li = doc.createElement("li");
      li.textContent = i.title + " · " + new Date(i.at).toLocaleTimeString(root.lang, { hour: "2-digit", minute: "2-digit" });
      list.appendChild(li);
    });
    box.appendChild(list);
    if (!why) return;
    var reason = doc.createElement("p");
    reason.textContent = why.why;
    box.appendChild(reason);
    if (why.link) {
      var a = doc.createElement("a");
      a.className = "button"; a.href = why.link; a.textContent = why.linkText || why.link;
      box.appendChild(a);
    }
  }

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

  function withTokenOfThisPage(body) {
    // An entry can wait longer than the CSRF token it was sent with (joined again meanwhile).
    var token = doc.querySelector("input[name=csrf_token]"), params = new URLSearchParams(body);
    if (token && params.has("csrf_token")) params.set("csrf_token", token.value);
    return params.toString();
  }

  function refill(item) {
    // After a reload, the form the waiting entry came from shows what was typed.
    var params = new URLSearchParams(item.body), target = item.url.split("#")[0];
    doc.querySelectorAll("main form").forEach(function (form) {
      if (new URL(form.getAttribute("action") || location.href, location.href).href.split("#")[0] !== target) return;
      if (params.get("kind") && form.elements.namedItem("kind") && form.elements.namedItem("kind").value !== params.get("kind")) return;
      Array.prototype.forEach.call(form.elements, function (el) {
        if (!el.name || el.type === "submit" || el.tagName === "BUTTON" || el.name === "csrf_token") return;
        var values = params.getAll(el.name);
        if (el.type === "checkbox" || el.type === "radio") el.checked = values.indexOf(el.value) >= 0;
        else if (values.length) el.value = values[0];
      });
    });
  }

  var busy = false;
  function post(item, form) {
    busy = true;
    var slow = setTimeout(function () { showOutbox(true); }, 700);
    var stop = new AbortController(), timer = setTimeout(function () { stop.abort(); }, 20000);
    if (form) form.classList.add("busy");
    function kept() {
      keep(item);
      if (form) { form.classList.remove("busy"); delete form.dataset.sent; }
      showOutbox(false);
      var box = doc.querySelector("main .outbox"), game = gameOf(item.url);
      // After a tap the eyes are on the button, which may be far below the box.
      if (form && box && !box.hidden) box.scrollIntoView({ block: "center" });
      // A page without the box (a correction's): the game page shows what waits, and why.
      else if (form && !box && game) location.assign(game.page);
      return false;
    }
    return fetch(item.url.split("#")[0], {
      method: "POST", body: withTokenOfThisPage(item.body), credentials: "same-origin", signal: stop.signal,
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Requested-With": "fetch" }
    }).then(function (response) {
      return response.text().then(function (html) {
        clearTimeout(slow); clearTimeout(timer); busy = false;
        // Any answer settles the entry (saved, sent before, refused with its reasons: shown),
        // except one that says it stored nothing and the phone should keep it (signed out,
        // the game deleted meanwhile, a full disk): kept, with the server's reason and way out.
        var page = new DOMParser().parseFromString(html, "text/html");
        if (!response.ok && page.querySelector(".why[data-keep]")) {
          var reason = reasonOf(page, response);
          item.why = reason.why; item.link = reason.link; item.linkText = reason.linkText;
          return kept();
        }
        drop(item.id);
        show(page, html, response, item.hash);
        return true;
      });
    }).catch(function () {
      // Never answered: maybe stored, maybe not. The submission id makes a resend safe.
      clearTimeout(slow); clearTimeout(timer); busy = false;
      delete item.why; delete item.link; delete item.linkText;
      return kept();
    });
  }

  function flush(again) {
    if (busy) return;
    // What the server refused for a reason (signed out, game deleted) is sent again when a
    // page opens, after the way out was taken -- not every few seconds in the meantime.
    var items = waiting().filter(function (i) { return !again || !i.why; });
    if (items.length) {
      post(items[0]).then(function (sent) { if (sent) flush(again); });
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

  doc.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (form.dataset.sent) { ev.preventDefault(); return; }  // one tap sends a form once
    form.dataset.sent = "1";
    // Attributes, not form.action: a field named "action" hides the property.
    var action = new URL(form.getAttribute("action") || location.href, location.href);
    if (!form.hasAttribute("data-bg") || !window.fetch || !window.URLSearchParams) {
      setTimeout(function () { delete form.dataset.sent; }, 4000);
      return;
    }
    ev.preventDefault();
    var body = new URLSearchParams(new FormData(form, ev.submitter || undefined));
    // What the outbox calls it: the step ("Hand 4") for an entry, else the button's words.
    var heading = form.closest(".forms") && doc.querySelector("#next h2");
    var title = heading ? heading.textContent : ev.submitter ? ev.submitter.textContent : "";
    post({
      id: body.get("submission") || String(Date.now()), url: action.href, hash: action.hash,
      body: body.toString(), game: gameId(), at: Date.now(), title: title.trim()
    }, form);
  });

  function enhance(scope) {
    steppers(scope);
    scope.querySelectorAll(".offline").forEach(function (p) { p.hidden = !root.dataset.offline; });
    var items = waiting();
    items.forEach(refill);
    showOutbox(false);
  }

  enhance(doc);
  if (doc.getElementById("next")) {
    // An offline copy, or an entry waiting: say so where the eyes are, above the form.
    var offline = doc.querySelector("main .offline"), now = doc.querySelector("#next .now");
    if (root.dataset.offline && offline && now) now.insertBefore(offline, now.firstChild);
    if (location.hash === "#next" || root.dataset.offline || waiting().length) {
      if ("scrollRestoration" in history) history.scrollRestoration = "manual";  // a reload too
      land("#next", 200);
    }
    flush();
    addEventListener("online", function () { flush(true); });
    setInterval(function () { if (waiting().length) flush(true); }, 8000);
    addEventListener("pageshow", function (ev) { if (ev.persisted) refresh(false); });
  }

  // -- the live share view: asks every few seconds, 304 while nothing changed --------------
  var live = doc.querySelector(".live[data-poll]");
  if (live) {
    var tag = live.dataset.tag;
    var ask = function () {
      if (doc.visibilityState !== "visible" || !doc.querySelector(".live[data-poll]")) return;
      fetch(location.pathname, { cache: "no-store", credentials: "same-origin", headers: tag ? { "If-None-Match": tag } : {} })
        .then(function (response) {
          if (response.status !== 200) return;
          tag = response.headers.get("ETag") || tag;
          return response.text().then(function (html) {
            show(new DOMParser().parseFromString(html, "text/html"), html, response, null, true);
          });
        }).catch(function () {});
    };
    setInterval(ask, (+live.dataset.poll || 5) * 1000);
  }

  // -- installed like an app: static files and the last game pages stay on the phone -------
  if ("serviceWorker" in navigator && root.dataset.worker) {
    navigator.serviceWorker.register(root.dataset.worker).catch(function () {});
  }
  // A phone that joined another group forgets the game pages it kept of the old one (the
  // server's Clear-Site-Data: "cache" empties the browser's cache, not these).
  if (root.dataset.group && !root.dataset.offline && "caches" in window) {
    try {
      var before = localStorage.getItem(GROUP);
      if (before && before !== root.dataset.group) caches.delete("pages").catch(function () {});
      localStorage.setItem(GROUP, root.dataset.group);
    } catch (e) { /* no storage: nothing was kept either */ }
  }

  // Keep the screen awake while a game page is open (where the browser allows it).
  if (doc.body.classList.contains("game") && "wakeLock" in navigator) {
    var awake = function () {
      if (doc.visibilityState === "visible") navigator.wakeLock.request("screen").catch(function () {});
    };
    awake();
    doc.addEventListener("visibilitychange", awake);
  }
})();
