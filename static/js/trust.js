// The trust page on plain http: once this phone trusts the table (back from its Settings),
// a request to the secure address gets through, and the page says so. Before that the
// browser refuses the certificate and the fetch fails: nothing changes.
(function () {
  "use strict";
  var box = document.getElementById("trusted");
  if (!box || location.protocol === "https:") return;
  function probe() {
    if (document.visibilityState === "hidden") return;
    // no-cors: only whether the handshake succeeds matters, not the answer.
    fetch(box.dataset.probe, { mode: "no-cors", cache: "no-store" }).then(function () {
      box.hidden = false;
      box.dataset.checked = "trusted";
    }, function () {
      box.dataset.checked = "refused";
    });
  }
  probe();
  document.addEventListener("visibilitychange", probe);
})();
