// The live share view (share/view.html): asks every few seconds with the tag of what it shows
// (304 while nothing changed). A change is put in place part by part: what did not change stays
// as it is, under the reader's eyes and focus, and the change is said in a sentence in the
// page's one status (base.html). "Pause live updates" stops it until it is pressed again.
(function () {
  "use strict";
  // What is said, and how an element reads out, as app.js says it (loaded before this file).
  var doc = document, live = doc.querySelector(".live[data-poll]"), app = window.lootLedger;
  if (!live || !app) return;
  var plain = app.plain, say = app.say;
  var tag = live.dataset.tag, paused = false, pause = live.querySelector(".live-pause");
  pause.hidden = false;
  pause.addEventListener("click", function () {
    paused = !paused;
    pause.setAttribute("aria-pressed", String(paused));
    if (!paused) ask();
  });

  function path(el) {
    // Where the focus is, as child indices from the live part: found again in the new part.
    if (!el || el === live || !live.contains(el)) return null;
    var out = [];
    for (; el !== live; el = el.parentElement) out.unshift(Array.prototype.indexOf.call(el.parentElement.children, el));
    return out;
  }

  function put(fresh) {
    var at = path(doc.activeElement), changed = false;
    var old = Array.prototype.slice.call(live.children), now = Array.prototype.slice.call(fresh.children);
    now.forEach(function (part, i) {
      // The note with the pause button stays: it is the same, and may have the focus.
      if (part.classList.contains("live-note")) return;
      if (!old[i]) { live.appendChild(part); changed = true; }
      else if (old[i].outerHTML !== part.outerHTML) { old[i].replaceWith(part); changed = true; }
    });
    old.slice(now.length).forEach(function (part) { part.remove(); });
    if (!changed) return;
    if (at) {
      var el = live;
      at.forEach(function (i) { el = el && el.children[i]; });
      if (el && el !== doc.activeElement && el.focus) el.focus({ preventScroll: true });
    }
    var head = live.querySelector(".now h2, .outcome h2"), count = live.querySelector("p.quiet:not(.live-note)");
    say(live.dataset.changed.replace("{}", [head, count].filter(Boolean).map(plain).join(" · ")));
    if (!fresh.dataset.poll) { clearInterval(timer); pause.hidden = true; }  // the game ended
  }

  function ask() {
    if (paused || doc.visibilityState !== "visible") return;
    fetch(location.pathname, { cache: "no-store", credentials: "same-origin", headers: tag ? { "If-None-Match": tag } : {} })
      .then(function (response) {
        if (response.status !== 200) return;
        return response.text().then(function (html) {
          var fresh = new DOMParser().parseFromString(html, "text/html").querySelector(".live");
          if (!fresh || paused) return;
          tag = response.headers.get("ETag") || tag;
          put(fresh);
        });
      }).catch(function () {});
  }
  var timer = setInterval(ask, (+live.dataset.poll || 5) * 1000);
})();
