// -- a tap on a form's button: sent in the background, in the line -------------------------
// Browser test: tests/browser/test_outbox_flight_phone.py::test_what_is_saved_during_a_flight_waits_behind_it
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
