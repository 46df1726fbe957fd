// -- what waits for other games is sent from any page ------------------------------------
// Game by game, in the order saved, as the game page would (pump): the outbox is the
// phone's, not the page's. Nothing is shown from the answers here; the game page shows the
// entries as stored, or a refused one back in its form.
// Browser test: tests/browser/test_offline_first_visit_phone.py::test_what_waits_is_sent_from_another_page_of_the_group
var elsewhere = false, afterOf = {};
function flushElsewhere() {
  if (elsewhere || busy) return;
  var here = doc.getElementById("next") ? gameId() : null, stopped = {}, item = null;
  outbox().some(function (i) {
    if (i.game === here || stopped[i.game]) return false;
    // One the server kept back for a reason (signed out, the game deleted) goes again from
    // its game page, once the way out was taken; one refused, once fixed in its form.
    if (i.refused || i.why) { stopped[i.game] = true; return false; }
    item = i;
    return true;
  });
  if (!item) return;
  elsewhere = true;
  if (item.follows && afterOf[item.game] != null) withParam(item, "version", afterOf[item.game]);
  var stop = new AbortController(), timer = setTimeout(function () { stop.abort(); }, 20000);
  fetch(item.url.split("#")[0], {
    method: "POST", body: withTokenOfThisPage(item.body), credentials: "same-origin", signal: stop.signal,
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Requested-With": "fetch" }
  }).then(function (response) {
    return response.text().then(function (html) {
      clearTimeout(timer); elsewhere = false; down = false;
      var page = new DOMParser().parseFromString(html, "text/html"), now = page.getElementById("next");
      // Refused by the rules or by another phone's entry (422, 409): back in its form on
      // the game page. Any other refusal (signed out, a lost token): kept with the reason,
      // sent again when a page opens.
      if (!response.ok && (page.querySelector(".why[data-keep]") || (response.status !== 409 && response.status !== 422))) {
        Object.assign(item, reasonOf(page, response));  // why, link, linkText
        keep(item);
        return;
      }
      if (!response.ok && item.entry) {
        item.refused = refusalOf(page) || String(response.status);
        if (now) withParam(item, "version", now.dataset.version);
        afterOf[item.game] = null;
        keep(item);
      } else {
        drop(item.id);
        afterOf[item.game] = response.ok ? +param(item, "version") + (item.same ? 0 : 1) : null;
      }
      flushElsewhere();
    });
  }).catch(function () {
    clearTimeout(timer); elsewhere = false; down = true;
  });
}
