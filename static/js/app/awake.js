// -- the screen kept awake on a game page -------------------------------------------------
// Keep the screen awake while a game page is open: Wake Lock where the browser has it (a
// secure context); elsewhere -- a phone on plain http -- a muted, looping, inline video
// started by a tap keeps it awake: the technique of NoSleep.js (Rich Tibbett,
// https://github.com/richtr/NoSleep.js, MIT), with a video of our own (static/media/).
// Browser test: tests/browser/test_real_phone.py::test_the_screen_stays_awake
if (doc.body.classList.contains("game")) {
  var video = null;
  var byVideo = function () {
    if (!video) {
      video = doc.createElement("video");
      video.className = "awake"; video.muted = true; video.loop = true;
      video.setAttribute("muted", ""); video.setAttribute("playsinline", ""); video.setAttribute("aria-hidden", "true");
      root.dataset.awake.split(" ").forEach(function (src) {
        var source = doc.createElement("source");
        source.src = src; source.type = /\.webm/.test(src) ? "video/webm" : "video/mp4";
        video.appendChild(source);
      });
      doc.body.appendChild(video);
    }
    var playing = video.play();
    if (playing && playing.then) playing.then(function () { root.dataset.awakeBy = "video"; }).catch(function () {});
  };
  var awake = function () {
    if (doc.visibilityState !== "visible") return;
    if ("wakeLock" in navigator) {
      navigator.wakeLock.request("screen").then(function () { root.dataset.awakeBy = "lock"; })
        .catch(function () { /* not allowed now: the video after a tap */ });
    } else if (video) byVideo();
  };
  awake();
  doc.addEventListener("visibilitychange", awake);
  // Media plays only after a person's tap; the first tap on the page starts it.
  var tapped = function () {
    if (root.dataset.awakeBy === "lock") return;
    doc.removeEventListener("click", tapped, true);
    doc.removeEventListener("touchend", tapped, true);
    if (root.dataset.awake) byVideo();
  };
  doc.addEventListener("click", tapped, true);
  doc.addEventListener("touchend", tapped, true);
}
