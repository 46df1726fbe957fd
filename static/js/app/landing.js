// -- where a save lands --------------------------------------------------------------------
// Browser test: tests/browser/test_access_phone.py::test_a_beutelschneider_hand_with_keys_only
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
