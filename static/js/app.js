// Enhancements only: every flow works without this file (forms post, the server redirects).
// With it, a game page's forms are sent in the background and the server's answer -- the
// same page, rendered by the same templates -- replaces <main>: one round trip per save,
// landing on the next form. What cannot reach the server waits in an outbox on the phone.
(function () {
  "use strict";
  var doc = document, root = doc.documentElement, OUTBOX = "loot-ledger-outbox", GROUP = "loot-ledger-group",
    PLAIN = "loot-ledger-plain-http-said", PAGES = "loot-ledger-pages", PAGE = "loot-ledger-page:", MOST_PAGES = 12;
  // The page as the server sent it, before anything below changes it: the copy this phone keeps
  // of it (plain http, where no service worker keeps pages).
  // A page shown while the phone is offline (the browser's own copy, going back) is the last
  // known state too, and said to be that.
  if (!navigator.onLine) root.dataset.offline = "1";
  var pristine = root.dataset.offline ? null : "<!doctype html>\n" + root.outerHTML;

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
  // Not by the arrow keys, which move through the group itself (the stacks): only a choice.
  var arrowed = false;
  doc.addEventListener("keydown", function (ev) { arrowed = /^Arrow/.test(ev.key); });
  doc.addEventListener("pointerdown", function () { arrowed = false; });
  doc.addEventListener("change", function (ev) {
    if (arrowed) return;
    var then = ev.target.dataset && ev.target.dataset.then;
    var next = then && ev.target.form && ev.target.form.elements.namedItem(then);
    if (next && next.focus) next.focus();
  });

  // -- where a save lands --------------------------------------------------------------------
  function visible(el) { return el.getClientRects().length > 0; }

  function firstField(scope) {
    var all = scope.querySelectorAll(".forms input:not([type=hidden]), .forms select, .forms textarea, .forms button, .forms summary");
    for (var i = 0; i < all.length; i++) if (visible(all[i]) && !all[i].disabled) return all[i];
    return null;
  }

  function fieldNamed(name) {
    // The refused one of fields of that name (Loot and Scoot's forms share names); a group of
    // radios entered at its choice, as Tab enters it, else at its first.
    var all = Array.prototype.filter.call(doc.querySelectorAll("main [name=\"" + CSS.escape(name) + "\"]:not([type=hidden]):not(:disabled)"), visible);
    var wrong = all.filter(function (e) { return e.closest("[aria-invalid=true], .invalid"); });
    if (wrong.length) all = wrong;
    return all.filter(function (e) { return e.checked; })[0] || all[0] || null;
  }

  // -- said to a screen reader: one polite status (base.html), after what a tap changed ----
  function plain(el) {
    var copy = el.cloneNode(true);
    copy.querySelectorAll("[aria-hidden], .vh").forEach(function (e) { e.remove(); });
    return copy.textContent.replace(/\s+/g, " ").trim();
  }
  function say(text) {
    var said = doc.getElementById("said");
    if (!said) return;
    // Emptied first: the same words twice (two saves of a round) are said twice.
    said.textContent = "";
    setTimeout(function () { said.textContent = text; }, 150);
  }
  function announce(item, waited) {
    var d = doc.getElementById("said").dataset, path = item.url.split(/[?#]/)[0];
    var notice = doc.querySelector("main .notice"), now = doc.querySelector("#next .now h2, #outcome h2");
    var text = notice ? plain(notice) : waited ? d.sent.replace("{}", item.title)
      : /\/undo$/.test(path) ? d.undone : /put-back/.test(path) ? d.putBack
      : /\/edit$/.test(path) ? d.corrected : d.saved.replace("{}", item.title);
    say(text + (now ? " " + d.next.replace("{}", plain(now)) : ""));
  }

  function showField(field) {
    // Below the summary, which stays at the top of the screen while the form scrolls.
    var box = field.getBoundingClientRect();
    if (box.top < 0 || box.bottom > innerHeight) field.scrollIntoView({ block: "center" });
    field.focus({ preventScroll: true });
  }

  function land(hash, status) {
    var refusal = doc.querySelector("main .refusal");
    root.style.setProperty("--held", "0px");
    if (refusal) {
      var section = refusal.closest("section, details") || refusal;
      section.scrollIntoView({ block: "start" });
      var link = refusal.querySelector("a[data-field]"), field = link && fieldNamed(link.dataset.field);
      if (field) showField(field); else refusal.focus({ preventScroll: true });
      // From now on the browser scrolls a focused control below the sticky box (app.css).
      root.style.setProperty("--held", refusal.offsetHeight + 12 + "px");
      return;
    }
    var at = hash && doc.getElementById(hash.slice(1));
    if (status >= 400 || !at) { scrollTo(0, 0); return; }
    at.scrollIntoView({ block: "start" });
    var first = hash === "#next" && firstField(at);
    if (first) {
      first.focus({ preventScroll: true });
      // A turn whose first usable choice sits below the screen (Loot and Scoot's Inn, every
      // chip out of reach, each with its reason): the choice is shown, not only focused.
      if (first.getBoundingClientRect().bottom > innerHeight) first.scrollIntoView({ block: "center" });
    }
  }

  // A summary's link focuses its field (the link itself points at the field's message); the
  // skip link the next form's first field.
  doc.addEventListener("click", function (ev) {
    if (ev.target.matches && ev.target.matches(".skip[href='#next']")) { ev.preventDefault(); land("#next", 200); return; }
    var link = ev.target.closest && ev.target.closest(".refusal a[data-field]");
    var field = link && fieldNamed(link.dataset.field);
    if (field) { ev.preventDefault(); showField(field); }
  });

  // -- the answer replaces <main> ------------------------------------------------------------
  function show(page, html, response, hash, stay, carry) {
    // ``page``: ``html`` parsed once by the caller, which has looked at it already.
    var fresh = page.querySelector("main");
    if (!fresh) { if (!isDown()) location.reload(); return; }
    // What is being typed into the next form while the line is sent (no tap asked for this
    // answer) stays.
    var typing = carry && doc.querySelector("main form.entry-form[data-typed]"), into = fresh.querySelector("form.entry-form");
    if (typing && into && response.ok && into.elements.namedItem("kind") && typing.elements.namedItem("kind")
        && into.elements.namedItem("kind").value === typing.elements.namedItem("kind").value) {
      refill(into, new URLSearchParams(new FormData(typing)), ["csrf_token", "version", "submission", "kind"]);
      into.dataset.typed = "1";
    }
    doc.querySelector("main").replaceWith(fresh);
    doc.title = page.title;
    var where = response.headers.get("Content-Location");
    if (where && where !== location.pathname) history.replaceState(null, "", where);
    enhance(fresh);
    if (response.status === 200 && doc.getElementById("next")) keepCopy(html, response);
    if (!stay) land(hash || "#next", response.status);
  }

  function keepCopy(html, response) {
    // The service worker shows this copy when the connection is gone: the last known state;
    // without one (plain http), app.js does, from this page's storage.
    keepHere(location.pathname, html);
    if (!("caches" in window)) return;
    var headers = { "Content-Type": "text/html; charset=utf-8" };
    var policy = response.headers.get("Content-Security-Policy");
    if (policy) headers["Content-Security-Policy"] = policy;
    caches.open("pages").then(function (c) {
      return c.put(location.pathname, new Response(html, { headers: headers }));
    }).catch(function () {});
  }

  // -- the outbox: what was sent but never answered ------------------------------------------
  // Entries leave in the order they were saved, one at a time. One typed while another waits
  // follows it: its version is the one the entry before it was stored at, plus one (each
  // entry adds exactly one), so a chain typed offline is applied in order, each once, and any
  // other phone's entry in between makes the rest stale rather than misplaced.
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
  function param(item, name) { return new URLSearchParams(item.body).get(name); }
  function withParam(item, name, value) {
    var params = new URLSearchParams(item.body);
    params.set(name, value);
    item.body = params.toString();
  }
  function newId() {
    // crypto.randomUUID needs a secure context; the table's phones are often on plain http.
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }

  function words(label) {
    // A label's own words, without the choices of a list inside it.
    var copy = label.cloneNode(true);
    copy.querySelectorAll("select, textarea, .quiet").forEach(function (e) { e.remove(); });
    return copy.textContent.replace(/\s+/g, " ").trim();
  }
  function fieldText(el) {
    if (el.type === "radio" || el.type === "checkbox") {
      var label = el.checked && el.closest("label");
      return !el.checked ? "" : label ? words(label) : el.value;
    }
    if (el.tagName === "SELECT") return el.selectedIndex >= 0 ? el.options[el.selectedIndex].text.trim() : "";
    return (el.value || "").trim();
  }
  function labelOf(el) {
    var label = (el.id && doc.querySelector("label[for=\"" + CSS.escape(el.id) + "\"]")) || el.closest("label");
    return label ? words(label) : "";
  }
  function said(el) { return el.name && el.name !== "csrf_token" && el.type !== "hidden" && el.type !== "submit" && el.tagName !== "BUTTON"; }

  function valuesOf(form, by) {
    // What the list shows of an entry, in every game: each player's values under their name
    // ("Anna 25 · Ben 20, Cutpurses 1"): the first number as it is, what follows by its label,
    // chips by their words; fields outside a player's box by their label; the button's words
    // where the button says what was chosen.
    var out = [], seen = [];
    form.querySelectorAll("fieldset").forEach(function (set) {
      var legend = set.querySelector("legend");
      if (!legend || set.parentNode.closest("fieldset")) return;
      var parts = [], count = 0;
      Array.prototype.forEach.call(set.querySelectorAll("input, select, textarea"), function (el) {
        seen.push(el);
        if (!said(el)) return;
        var v = fieldText(el), first = el.type === "number" && !count++;
        if (first) { parts.push(v || "–"); return; }  // left empty (Dora's gold: the rest)
        if (!v || (v === "0" && (el.classList.contains("stepper") || el.defaultValue === "0"))) return;
        parts.push(el.type === "radio" || el.type === "checkbox" ? v : labelOf(el) + " " + v);
      });
      out.push(legend.textContent.replace(/\s+/g, " ").trim() + " " + (parts.join(", ") || "–"));
    });
    Array.prototype.forEach.call(form.elements, function (el) {
      if (seen.indexOf(el) >= 0 || !said(el)) return;
      var v = fieldText(el);
      if (!v || (v === "0" && (el.classList.contains("stepper") || el.defaultValue === "0"))) return;  // a counter left at 0
      out.push(el.type === "radio" || el.type === "checkbox" ? v : (labelOf(el) + " " + v).trim());
    });
    if (by && by.name && by.textContent.trim()) out.push(by.textContent.replace(/\s+/g, " ").trim());
    return out.join(" · ");
  }

  function button(text, then) {
    var b = doc.createElement("button");
    b.type = "button"; b.className = "small"; b.textContent = text;
    b.addEventListener("click", then);
    return b;
  }

  function showOutbox(sending) {
    var box = doc.querySelector("main .outbox");
    if (!box) return;
    var fresh = box.cloneNode(false);
    fillOutbox(fresh, sending);
    // Only a change is shown, and said: the same words every few seconds are no news.
    if (fresh.innerHTML === box.innerHTML && fresh.hidden === box.hidden) return;
    var head = fresh.querySelector("p"), was = box.querySelector("p");
    box.replaceWith(fresh);
    // (Said when something waits; "Sending…" alone is no news, its answer is.)
    if (fresh.querySelector("ul") && head && (box.hidden || !was || was.textContent !== head.textContent)) say(head.textContent);
  }

  function fillOutbox(box, sending) {
    var items = waiting().filter(function (i) { return i.id !== flying; });
    box.hidden = !items.length && !sending;
    box.textContent = "";
    pendingStandings(box, items);
    var head = doc.createElement("p");
    // Kept for a reason the server gave (signed out, game deleted), or never answered.
    var why = items.filter(function (i) { return i.why; })[0], refused = items[0] && items[0].refused;
    head.textContent = !items.length ? box.dataset.sending : refused ? box.dataset.refused
      : why ? box.dataset.kept : box.dataset.waiting;
    box.appendChild(head);
    if (!items.length) return;
    var list = doc.createElement("ul");
    items.forEach(function (i, n) {
      var li = doc.createElement("li"), line = doc.createElement("span");
      line.textContent = [i.title, i.values, new Date(i.at).toLocaleTimeString(root.lang, { hour: "2-digit", minute: "2-digit" })]
        .filter(Boolean).join(" · ");
      li.appendChild(line);
      if (i.refused) {
        // Unless the page's own refusal box says it already, beside the form.
        if (!doc.querySelector("main .refusal")) {
          var reason = doc.createElement("p");
          reason.className = "why-not"; reason.textContent = i.refused;
          li.appendChild(reason);
        }
      } else if (refused) {
        li.appendChild(doc.createTextNode(" (" + box.dataset.held + ")"));
      }
      // Each can be changed in the form it came from, keeping its place in the line, and
      // removed -- the first too, unless it is on its way right now. The first may be stored
      // already (sent, the answer lost): changed, it goes as a new entry of the same version
      // (stored twice it cannot be: the second is refused as out of date, and says so); removed,
      // the phone says it may be stored.
      var head = n === 0 && !i.refused && !i.why;
      var form = !(n === 0 && busy) && i.entry && formOf(i);
      if (form && box.dataset.change) {
        li.appendChild(doc.createTextNode(" "));
        li.appendChild(button(box.dataset.change, function () { change(form, i, head); }));
      }
      if (!(n === 0 && busy)) {
        li.appendChild(doc.createTextNode(" "));
        li.appendChild(button(box.dataset.remove, function () {
          if (!confirm(head ? box.dataset.confirmSent || box.dataset.confirm : box.dataset.confirm)) return;
          drop(i.id);
          if (!waiting().length) { location.replace(location.pathname + "#next"); return; }
          enhance(doc.querySelector("main"));
          pump(true);
        }));
      }
      list.appendChild(li);
    });
    box.appendChild(list);
    if (why) {
      var because = doc.createElement("p");
      because.textContent = why.why;
      box.appendChild(because);
      if (why.link) {
        var a = doc.createElement("a");
        a.className = "button"; a.href = why.link; a.textContent = why.linkText || why.link;
        box.appendChild(a);
      }
    }
    var last = items[items.length - 1];
    if (!refused && !last.ahead && doc.querySelector("#next .forms")) {
      var needs = doc.createElement("p");
      needs.textContent = box.dataset.needs;
      box.appendChild(needs);
    }
  }

  function pendingStandings(box, items) {
    // The standings as they will be once what waits is sent, marked so: static/js/waiting.js.
    if (window.lootWaiting) window.lootWaiting(box, items);
  }

  function change(form, item, head) {
    var heading = doc.querySelector("#next h2");
    form.reset();
    refill(form, new URLSearchParams(item.body), ["csrf_token"]);
    var submission = form.elements.namedItem("submission");
    // Kept from being made ready for the next step while it is changed.
    if (submission) form.dataset.ahead = submission.value;
    if (head && submission) {
      // The first may have reached the server: changed, it is another submission in its place.
      form.dataset.replaces = item.id;
      submission.value = newId();
      form.dataset.ahead = submission.value;
    }
    if (heading) {
      if (!heading.dataset.was) heading.dataset.was = heading.textContent;
      heading.textContent = item.title;
    }
    form.dataset.typed = "1";
    land("#next", 200);
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

  function formOf(item) {
    var params = new URLSearchParams(item.body), target = item.url.split("#")[0];
    return Array.prototype.filter.call(doc.querySelectorAll("main form"), function (form) {
      if (new URL(form.getAttribute("action") || location.href, location.href).href.split("#")[0] !== target) return false;
      var kind = form.elements.namedItem("kind");
      return !params.get("kind") || !kind || kind.value === params.get("kind");
    })[0];
  }

  function refill(form, params, skip) {
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.type === "submit" || el.tagName === "BUTTON" || skip.indexOf(el.name) >= 0) return;
      var values = params.getAll(el.name);
      if (el.type === "checkbox" || el.type === "radio") el.checked = values.indexOf(el.value) >= 0;
      else if (values.length) el.value = values[0];
    });
  }

  function ahead(form, steps) {
    // The next entry of a kind that goes on (data-goes-on), made ready on the phone: a new
    // submission, the version after the entries waiting, the step's number counted on.
    var version = form.elements.namedItem("version"), submission = form.elements.namedItem("submission");
    var next = doc.getElementById("next"), heading = next && next.querySelector("h2");
    if (!version || !submission || !heading) return;
    // What is typed into it since it was made ready stays as typed (settled again: one removed).
    if (!form.dataset.typed || form.dataset.ahead !== submission.value) {
      form.reset();
      delete form.dataset.typed;
      submission.value = newId();
      form.dataset.ahead = submission.value;
    }
    version.value = String(+next.dataset.version + steps);
    if (!heading.dataset.was) heading.dataset.was = heading.textContent;
    var n = 0;
    heading.textContent = heading.dataset.was.replace(/\d+/, function (d) { n = +d + steps; return String(n); });
    next.querySelectorAll(".now .next").forEach(function (p) { p.hidden = true; });
    var box = doc.querySelector("main .outbox"), note = next.querySelector(".ahead");
    if (!note && box) {
      note = doc.createElement("p");
      note.className = "ahead";
      note.textContent = box.dataset.ahead;
      heading.after(note);
    }
  }

  function waitsHere(forms, yes) {
    // A step the server must answer first: its forms stay as typed, not sent again.
    forms.querySelectorAll("input, select, textarea, button").forEach(function (el) {
      if (yes) { if (!el.disabled) { el.disabled = true; el.dataset.waits = "1"; } }
      else if (el.dataset.waits) { el.disabled = false; delete el.dataset.waits; }
    });
  }

  function settle() {
    // The page's forms as what waits makes them: a refused entry back in its form to fix;
    // entries that go on: the form after them; anything else: the forms wait.
    var items = waiting(), head = items[0], last = items[items.length - 1];
    var forms = doc.querySelector("#next .forms"), next = doc.getElementById("next");
    if (!forms || !next) return;
    waitsHere(forms, false);
    var heading = next.querySelector("h2");
    if (heading && heading.dataset.was) heading.textContent = heading.dataset.was;  // after a change
    if (!head) return;
    if (head.refused) {
      var form = formOf(head);
      if (form && form.elements.namedItem("submission").value !== head.id) {
        refill(form, new URLSearchParams(head.body), ["csrf_token", "version"]);
      }
      return;
    }
    if (items.some(function (i) { return i.why; })) return;  // the server's way out first; the form as typed
    var entry = forms.querySelector("form.entry-form[data-goes-on]");
    if (last.ahead && entry && param(last, "kind") === entry.elements.namedItem("kind").value) {
      ahead(entry, +param(last, "version") + 1 - +next.dataset.version);
    } else {
      waitsHere(forms, true);
    }
  }

  var busy = false, after = null;  // after: the version the next entry in the line follows
  var flying = null;  // a form's entry being sent, new to the line: shown as sending, not as waiting
  var down = false;  // the last request to the server got no answer, and none did since

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
          var reason = reasonOf(page, response);
          item.why = reason.why; item.link = reason.link; item.linkText = reason.linkText;
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

  doc.addEventListener("input", function (ev) {
    var form = ev.target.form;
    if (form) form.dataset.typed = "1";
  });

  doc.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (form.dataset.sent) { ev.preventDefault(); return; }  // one tap sends a form once
    // Attributes, not form.action: a field named "action" hides the property.
    var action = new URL(form.getAttribute("action") || location.href, location.href);
    if (!form.hasAttribute("data-bg") || !window.fetch || !window.URLSearchParams) {
      if (gameOf(location.href) && (isDown() || unkept()) && !form.dataset.checked) {
        // Leaving the game page now would show the browser's error page: wait here.
        ev.preventDefault();
        var by = ev.submitter;
        goWhenBack(function () { form.dataset.checked = "1"; form.requestSubmit(by || undefined); }, "form");
        return;
      }
      form.dataset.sent = "1";
      setTimeout(function () { delete form.dataset.sent; }, 4000);
      return;
    }
    ev.preventDefault();
    form.dataset.sent = "1";
    delete form.dataset.typed;  // sent: what an answer replaces, not what is being typed
    var body = new URLSearchParams(new FormData(form, ev.submitter || undefined));
    // What the outbox calls it: the step ("Hand 4") for an entry, else the button's words.
    var heading = form.closest(".forms") && doc.querySelector("#next h2");
    var title = heading ? heading.textContent : ev.submitter ? ev.submitter.textContent : "";
    var entry = form.classList.contains("entry-form");
    var id = body.get("submission") || newId(), line = waiting();
    var item = {
      id: id, url: action.href, hash: action.hash, body: body.toString(), game: gameId(), at: Date.now(),
      title: title.trim(), values: (window.lootLine && window.lootLine(form)) || (heading ? valuesOf(form, ev.submitter) : ""), entry: entry,
      ahead: entry && form.hasAttribute("data-goes-on") && !body.get("row"), same: form.hasAttribute("data-keeps-version"),
      rev: newId(),  // which copy: one changed while it was being sent is sent again
      follows: line.some(function (i) { return i.id !== id; }) && !(line[0] && line[0].id === id)
    };
    var head = line[0], replaces = form.dataset.replaces, all = outbox();
    delete form.dataset.replaces;
    var was = all.filter(function (i) { return i.id === (replaces || id); })[0];
    if (was && item.entry) withParam(item, "version", param(was, "version"));  // its place in the line
    if (replaces && was && !busy) {
      // The first of the line changed: sent in its place, first.
      item.follows = false;
      all[all.indexOf(was)] = item;
      store(all);
      delete form.dataset.sent; settle(); showOutbox(false); land("#next", 200);
      pump(true);
      return;
    }
    if (head && head.id !== id && line.some(function (i) { return i.id === id; })) {
      // A changed entry of the line: its new values, in its place.
      item.follows = true;
      keep(item); delete form.dataset.sent; settle(); showOutbox(false); land("#next", 200);
      pump(true);
      return;
    }
    if (head && head.refused && head.id !== id) {
      // Nothing behind a refused entry is sent until it is fixed or removed. A new entry in the
      // server's own form (the game as it is now) goes ahead of it; one typed ahead on the
      // phone (its version past the page's) follows the line and waits with it.
      if (item.ahead && form.elements.namedItem("version").value !== doc.getElementById("next").dataset.version) {
        keep(item); delete form.dataset.sent; settle(); showOutbox(false); land("#next", 200);
        return;
      }
      item.follows = false;
      if (busy) { keep(item); delete form.dataset.sent; settle(); showOutbox(false); return; }
      post(item, form);
      return;
    }
    if (busy || (line.length && !(head && head.id === id))) {
      // Behind what waits: in the line, sent in order.
      keep(item);
      delete form.dataset.sent;
      settle(); showOutbox(false);
      if (item.ahead) land("#next", 200);
      pump(true);
      return;
    }
    post(item, form).then(function (sent) { if (sent) pump(true); });
  });

  // -- never away from the game while the connection is down ---------------------------------
  var pending = null, probing = false, leaving = false;

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

  // -- the group's pages kept on the phone (plain http: no service worker keeps them) -------
  // Each page of the group opened here (its areas, its game pages) is kept as the server sent
  // it, the last MOST_PAGES of them. Offline, a link to one shows that copy, marked as the last
  // known state, in this same document (no navigation, so never the browser's error page);
  // the page is opened for real as soon as the connection is back. A reload with no connection
  // cannot be helped on plain http (the browser asks first; its error page reloads itself when
  // the connection is back, and this script then sends what waits).
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

  // -- what waits for other games is sent from any page ------------------------------------
  // Game by game, in the order saved, as the game page would (pump): the outbox is the
  // phone's, not the page's. Nothing is shown from the answers here; the game page shows the
  // entries as stored, or a refused one back in its form.
  var elsewhere = false, afterOf = {};
  function flushElsewhere() {
    if (elsewhere || busy) return;
    var here = doc.getElementById("next") ? gameId() : null, stopped = {}, item = null;
    outbox().some(function (i) {
      if (i.game === here || stopped[i.game]) return false;
      // One the server kept back for a reason (signed out, the game deleted) goes again from
      // its game page, once the way out was taken; one refused, once fixed in its form.
      if (i.refused || i.why) { stopped[i.game] = true; return false; }
      item = i;
      return true;
    });
    if (!item) return;
    elsewhere = true;
    if (item.follows && afterOf[item.game] != null) withParam(item, "version", afterOf[item.game]);
    var stop = new AbortController(), timer = setTimeout(function () { stop.abort(); }, 20000);
    fetch(item.url.split("#")[0], {
      method: "POST", body: withTokenOfThisPage(item.body), credentials: "same-origin", signal: stop.signal,
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Requested-With": "fetch" }
    }).then(function (response) {
      return response.text().then(function (html) {
        clearTimeout(timer); elsewhere = false; down = false;
        var page = new DOMParser().parseFromString(html, "text/html"), now = page.getElementById("next");
        // Refused by the rules or by another phone's entry (422, 409): back in its form on
        // the game page. Any other refusal (signed out, a lost token): kept with the reason,
        // sent again when a page opens.
        if (!response.ok && (page.querySelector(".why[data-keep]") || (response.status !== 409 && response.status !== 422))) {
          var reason = reasonOf(page, response);
          item.why = reason.why; item.link = reason.link; item.linkText = reason.linkText;
          keep(item);
          return;
        }
        if (!response.ok && item.entry) {
          item.refused = refusalOf(page) || String(response.status);
          if (now) withParam(item, "version", now.dataset.version);
          afterOf[item.game] = null;
          keep(item);
        } else {
          drop(item.id);
          afterOf[item.game] = response.ok ? +param(item, "version") + (item.same ? 0 : 1) : null;
        }
        flushElsewhere();
      });
    }).catch(function () {
      clearTimeout(timer); elsewhere = false; down = true;
    });
  }

  function enhance(scope) {
    steppers(scope);
    scope.querySelectorAll(".offline").forEach(function (p) { p.hidden = !root.dataset.offline; });
    settle();
    showOutbox(false);
    plainHttp();
  }
  // For follow.js, which swaps in what other phones saved: never while an entry is on its way.
  window.lootLedger = { enhance: enhance, id: newId, sending: function () { return busy || waiting().length > 0; } };

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

  // The live share view follows the game with share.js.

  // -- installed like an app: static files and the last game pages stay on the phone -------
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

  // Keep the screen awake while a game page is open: Wake Lock where the browser has it (a
  // secure context); elsewhere -- a phone on plain http -- a muted, looping, inline video
  // started by a tap keeps it awake: the technique of NoSleep.js (Rich Tibbett,
  // https://github.com/richtr/NoSleep.js, MIT), with a video of our own (static/media/).
  if (doc.body.classList.contains("game")) {
    var video = null;
    var byVideo = function () {
      if (!video) {
        video = doc.createElement("video");
        video.className = "awake"; video.muted = true; video.loop = true;
        video.setAttribute("muted", ""); video.setAttribute("playsinline", ""); video.setAttribute("aria-hidden", "true");
        root.dataset.awake.split(" ").forEach(function (src) {
          var source = doc.createElement("source");
          source.src = src; source.type = /\.webm/.test(src) ? "video/webm" : "video/mp4";
          video.appendChild(source);
        });
        doc.body.appendChild(video);
      }
      var playing = video.play();
      if (playing && playing.then) playing.then(function () { root.dataset.awakeBy = "video"; }).catch(function () {});
    };
    var awake = function () {
      if (doc.visibilityState !== "visible") return;
      if ("wakeLock" in navigator) {
        navigator.wakeLock.request("screen").then(function () { root.dataset.awakeBy = "lock"; })
          .catch(function () { /* not allowed now: the video after a tap */ });
      } else if (video) byVideo();
    };
    awake();
    doc.addEventListener("visibilitychange", awake);
    // Media plays only after a person's tap; the first tap on the page starts it.
    var tapped = function () {
      if (root.dataset.awakeBy === "lock") return;
      doc.removeEventListener("click", tapped, true);
      doc.removeEventListener("touchend", tapped, true);
      if (root.dataset.awake) byVideo();
    };
    doc.addEventListener("click", tapped, true);
    doc.addEventListener("touchend", tapped, true);
  }
})();
