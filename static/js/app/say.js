// -- said to a screen reader: one polite status (base.html), after what a tap changed ----
// Browser test: tests/browser/test_access_phone.py::test_a_waiting_entry_is_said_once_and_said_again_when_it_is_sent
// Browser test: tests/browser/test_access_pages.py::test_the_share_view_says_a_change_keeps_the_focus_and_pauses
function plain(el) {
  var copy = el.cloneNode(true);
  copy.querySelectorAll("[aria-hidden], .vh").forEach(function (e) { e.remove(); });
  return copy.textContent.replace(/\s+/g, " ").trim();
}
function say(text) {
  var said = doc.getElementById("said");
  if (!said) return;
  // Emptied first: the same words twice (two saves of a round) are said twice.
  said.textContent = "";
  setTimeout(function () { said.textContent = text; }, 150);
}
function announce(item, waited) {
  var d = doc.getElementById("said").dataset, path = item.url.split(/[?#]/)[0];
  var notice = doc.querySelector("main .notice"), now = doc.querySelector("#next .now h2, #outcome h2");
  var text = notice ? plain(notice) : waited ? d.sent.replace("{}", item.title)
    : /\/undo$/.test(path) ? d.undone : /put-back/.test(path) ? d.putBack
    : /\/edit$/.test(path) ? d.corrected : d.saved.replace("{}", item.title);
  say(text + (now ? " " + d.next.replace("{}", plain(now)) : ""));
}
