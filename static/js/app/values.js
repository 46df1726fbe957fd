// -- what the outbox list says of an entry: its values, as typed ----------------------------
// Browser test: tests/browser/test_offline_first_visit_phone.py::test_every_game_lists_a_waiting_entry_with_its_values
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
