// A rules reference's search as one types: the sections without every word are hidden, as the
// server does for ?q= without this file, but here on the phone: no request, so offline too.
(function () {
  "use strict";
  var form = document.querySelector("form.find"), input = form && form.querySelector("input[name=q]");
  if (!input) return;
  var status = form.querySelector(".found"), sections = document.querySelectorAll("main section");

  function filter() {
    var words = input.value.toLowerCase().split(/\s+/).filter(Boolean), shown = 0;
    sections.forEach(function (section) {
      var text = section.textContent.toLowerCase();
      section.hidden = !words.every(function (w) { return text.indexOf(w) >= 0; });
      if (!section.hidden) shown++;
      var link = section.id && document.querySelector(".contents a[href=\"#" + CSS.escape(section.id) + "\"]");
      if (link) link.parentNode.hidden = section.hidden;
    });
    status.textContent = words.length ? (shown ? form.dataset.some : form.dataset.none).replace("{}", input.value.trim()) : "";
  }

  input.addEventListener("input", function () {
    // The server's marks were for the words it was asked; they would mislead now.
    document.querySelectorAll("main section mark").forEach(function (m) { m.replaceWith(m.textContent); });
    filter();
  });
  form.addEventListener("submit", function (ev) {
    // Searched already: the address keeps the words (a reload, a link), without a request.
    ev.preventDefault();
    var url = new URL(location.href), q = input.value.trim();
    if (q) url.searchParams.set("q", q); else url.searchParams.delete("q");
    history.replaceState(null, "", url.pathname + url.search);
    input.blur();
  });
  // Opened before the service worker took this page in hand (the first visit): kept now, so it
  // reads offline once opened. Plain http has neither; the page open stays whole (all its
  // sections, this search) without the connection.
  if ("caches" in window && navigator.serviceWorker && !navigator.serviceWorker.controller) {
    caches.open("pages").then(function (c) { return c.add(location.pathname); }).catch(function () {});
  }
  // A copy kept for offline may be of another search than the address's.
  var asked = new URLSearchParams(location.search).get("q");
  if (asked !== null) input.value = asked;
  if (input.value) filter();
})();
