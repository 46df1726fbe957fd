// -- counters: − and + beside the number field, never inside its label --------------------
// Browser test: tests/browser/test_steppers_phone.py::test_a_counter_stays_between_its_least_and_its_most
// Browser test: tests/browser/test_steppers_phone.py::test_a_tapped_stack_moves_on_to_its_loot
// Browser test: tests/browser/test_table_loop.py::test_counters_speak_and_their_label_focuses_the_field
// Browser test: tests/browser/test_stepper_max_phone.py::test_the_cutpurse_counter_counts_to_the_cutpurses_in_the_deck
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
