// A secret panel (Give Me The Treasure's kept cards) closes itself once its choice is made,
// so the next player is handed a phone that shows nobody's cards. Opening one panel closes
// the others without this file: <details name=…> is an exclusive accordion.
(function () {
  "use strict";
  document.addEventListener("change", function (ev) {
    var panel = ev.target.closest && ev.target.closest("details.secret[data-keep]");
    if (!panel || ev.target.type !== "checkbox") return;
    var chosen = panel.querySelectorAll("input[type=checkbox]:checked").length;
    if (chosen === Number(panel.dataset.keep)) {
      panel.open = false;
      var summary = panel.querySelector("summary");
      if (summary) summary.focus({ preventScroll: true });
    }
  });
})();
