// Small enhancements only: every flow works without this file.
(function () {
  "use strict";
  // One tap sends a form once: the server also drops repeats by submission id.
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (form.dataset.sent) { ev.preventDefault(); return; }
    form.dataset.sent = "1";
    setTimeout(function () { delete form.dataset.sent; }, 4000);
  });
  // Large - / + buttons around small counts.
  document.querySelectorAll("input.stepper").forEach(function (input) {
    var wrap = document.createElement("div");
    wrap.className = "step";
    input.parentNode.insertBefore(wrap, input);
    function button(label, delta) {
      var b = document.createElement("button");
      b.type = "button"; b.textContent = label; b.setAttribute("aria-label", label);
      b.addEventListener("click", function () {
        var v = parseInt(input.value || "0", 10) + delta;
        var min = input.min === "" ? -Infinity : +input.min, max = input.max === "" ? Infinity : +input.max;
        input.value = Math.max(min, Math.min(max, v));
        input.dispatchEvent(new Event("input", { bubbles: true }));
      });
      return b;
    }
    wrap.appendChild(button("−", -1)); wrap.appendChild(input); wrap.appendChild(button("+", 1));
  });
  // Keep the screen awake while a game page is open (where the browser allows it).
  if (document.body.classList.contains("game") && "wakeLock" in navigator) {
    var lock = null;
    var ask = function () {
      if (document.visibilityState === "visible") {
        navigator.wakeLock.request("screen").then(function (l) { lock = l; }).catch(function () {});
      }
    };
    ask();
    document.addEventListener("visibilitychange", ask);
  }
})();
