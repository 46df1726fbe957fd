// The new-game form of a game of the table's own: choosing a name the group played before fills
// in that game's settings (scoring, who wins, target, ties), so "Skat" is set up as last time.
// Without it the host sets them by hand.
(function () {
  "use strict";
  function identity(name) {
    return name.normalize("NFKC").toLowerCase().split(/\s+/).filter(Boolean).join(" ");
  }
  document.addEventListener("DOMContentLoaded", function () {
    var box = document.querySelector("fieldset[data-earlier]");
    if (!box) { return; }
    var earlier = JSON.parse(box.dataset.earlier || "[]");
    var name = box.querySelector("input[name=name]");
    function fill() {
      var key = identity(name.value);
      var found = earlier.filter(function (e) { return identity(e.name) === key; })[0];
      if (!found) { return; }
      ["scoring", "wins", "ties"].forEach(function (field) {
        var select = box.querySelector("select[name=" + field + "]");
        if (select && found.settings[field]) { select.value = found.settings[field]; }
      });
      var target = box.querySelector("input[name=target]");
      if (target) { target.value = found.settings.target == null ? "" : found.settings.target; }
      toggle();
    }
    // A target ends a game scored by rounds only: shown for it alone.
    function toggle() {
      var scoring = box.querySelector("select[name=scoring]");
      var target = box.querySelector("input[name=target]");
      // Through the style, not ``hidden``: a field's own display rule would win over it.
      if (scoring && target) { target.closest(".field").style.display = scoring.value === "rounds" ? "" : "none"; }
      var wins = box.querySelector("select[name=wins]");
      if (scoring && wins) { wins.closest(".field").style.display = scoring.value === "places" ? "none" : ""; }
    }
    name.addEventListener("change", fill);
    name.addEventListener("input", fill);
    box.querySelector("select[name=scoring]").addEventListener("change", toggle);
    toggle();
  });
})();
