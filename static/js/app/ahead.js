// -- the forms as what waits makes them: the next one made ready on the phone, or waiting ----
// Browser test: tests/browser/test_real_phone.py::test_a_step_that_needs_the_server_waits_with_what_was_typed
// Browser test: tests/browser/test_outbox_flight_phone.py::test_what_is_typed_ahead_stays_when_one_before_it_is_removed
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
