// The phone's time zone, for a group that has not chosen one: the server shows times and
// counts days in it (companion/views/lifecycle.py, zone_name). Without it, the app's zone.
(function () {
  "use strict";
  try {
    var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && /^[A-Za-z0-9_+\-\/]+$/.test(zone) && document.cookie.indexOf("tz=" + zone) < 0) {
      document.cookie = "tz=" + zone + "; path=/; max-age=31536000; SameSite=Lax";
    }
  } catch (e) { /* an old browser: the app's zone it is */ }
})();
