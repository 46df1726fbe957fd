// The new-game form in the table's words, as names are typed: each seat choice (the first
// dealer, a side's Leader) lists the name typed for that seat, and the names new to the
// group are announced before the game starts. Without it the page says the same after a
// refused send, and the game's page says who joined.
(function () {
  "use strict";
  function identity(name) {
    return name.normalize("NFKC").toLowerCase().split(/\s+/).filter(Boolean).join(" ");
  }
  function update(form) {
    var typed = Array.prototype.map.call(form.querySelectorAll("input[name=player]"), function (input) {
      return input.value.trim().split(/\s+/).join(" ");
    });
    form.querySelectorAll("option[data-seat]").forEach(function (option) {
      option.textContent = typed[Number(option.dataset.seat)] || option.dataset.blank;
    });
    var note = form.querySelector(".joining");
    if (!note) { return; }
    var known = JSON.parse(note.dataset.known || "[]"), seen = {}, fresh = [];
    typed.forEach(function (name) {
      var key = identity(name);
      if (key && known.indexOf(key) < 0 && !seen[key]) { seen[key] = true; fresh.push(name); }
    });
    var list = fresh.join(", ");
    try { list = new Intl.ListFormat(document.documentElement.lang, { type: "conjunction" }).format(fresh); } catch (e) { /* an old browser: commas */ }
    note.textContent = fresh.length ? (fresh.length === 1 ? note.dataset.one : note.dataset.many).replace("%(names)s", list) : "";
    note.hidden = !fresh.length;
  }
  document.addEventListener("DOMContentLoaded", function () {
    var first = document.querySelector("input[name=player]");
    var form = first && first.form;
    if (!form) { return; }
    form.addEventListener("input", function (event) {
      if (event.target.name === "player") { update(form); }
    });
    update(form);
  });
})();
