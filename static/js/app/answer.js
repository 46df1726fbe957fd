// -- the answer replaces <main> ------------------------------------------------------------
// Browser test: tests/browser/test_table_loop.py::test_the_loop_of_each_game_on_a_phone
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
