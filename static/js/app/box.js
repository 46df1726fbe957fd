// -- the outbox on the page: what waits, listed, each to change or remove -------------------
// Browser test: tests/browser/test_offline_first_visit_phone.py::test_waiting_entries_show_their_values_with_change_and_remove
function button(text, then) {
  var b = doc.createElement("button");
  b.type = "button"; b.className = "small"; b.textContent = text;
  b.addEventListener("click", then);
  return b;
}

function showOutbox(sending) {
  var box = doc.querySelector("main .outbox");
  if (!box) return;
  var fresh = box.cloneNode(false);
  fillOutbox(fresh, sending);
  // Only a change is shown, and said: the same words every few seconds are no news.
  if (fresh.innerHTML === box.innerHTML && fresh.hidden === box.hidden) return;
  var head = fresh.querySelector("p"), was = box.querySelector("p");
  box.replaceWith(fresh);
  // (Said when something waits; "Sending…" alone is no news, its answer is.)
  if (fresh.querySelector("ul") && head && (box.hidden || !was || was.textContent !== head.textContent)) say(head.textContent);
}

function fillOutbox(box, sending) {
  var items = waiting().filter(function (i) { return i.id !== flying; });
  box.hidden = !items.length && !sending;
  box.textContent = "";
  pendingStandings(box, items);
  var head = doc.createElement("p");
  // Kept for a reason the server gave (signed out, game deleted), or never answered.
  var why = items.filter(function (i) { return i.why; })[0], refused = items[0] && items[0].refused;
  head.textContent = !items.length ? box.dataset.sending : refused ? box.dataset.refused
    : why ? box.dataset.kept : box.dataset.waiting;
  box.appendChild(head);
  if (!items.length) return;
  var list = doc.createElement("ul");
  items.forEach(function (i, n) {
    var li = doc.createElement("li"), line = doc.createElement("span");
    line.textContent = [i.title, i.values, new Date(i.at).toLocaleTimeString(root.lang, { hour: "2-digit", minute: "2-digit" })]
      .filter(Boolean).join(" · ");
    li.appendChild(line);
    if (i.refused) {
      // Unless the page's own refusal box says it already, beside the form.
      if (!doc.querySelector("main .refusal")) {
        var reason = doc.createElement("p");
        reason.className = "why-not"; reason.textContent = i.refused;
        li.appendChild(reason);
      }
    } else if (refused) {
      li.appendChild(doc.createTextNode(" (" + box.dataset.held + ")"));
    }
    // Each can be changed in the form it came from, keeping its place in the line, and
    // removed -- the first too, unless it is on its way right now. The first may be stored
    // already (sent, the answer lost): changed, it goes as a new entry of the same version
    // (stored twice it cannot be: the second is refused as out of date, and says so); removed,
    // the phone says it may be stored.
    var head = n === 0 && !i.refused && !i.why;
    var form = !(n === 0 && busy) && i.entry && formOf(i);
    if (form && box.dataset.change) {
      li.appendChild(doc.createTextNode(" "));
      li.appendChild(button(box.dataset.change, function () { change(form, i, head); }));
    }
    if (!(n === 0 && busy)) {
      li.appendChild(doc.createTextNode(" "));
      li.appendChild(button(box.dataset.remove, function () {
        if (!confirm(head ? box.dataset.confirmSent || box.dataset.confirm : box.dataset.confirm)) return;
        drop(i.id);
        if (!waiting().length) { location.replace(location.pathname + "#next"); return; }
        enhance(doc.querySelector("main"));
        pump(true);
      }));
    }
    list.appendChild(li);
  });
  box.appendChild(list);
  if (why) {
    var because = doc.createElement("p");
    because.textContent = why.why;
    box.appendChild(because);
    if (why.link) {
      var a = doc.createElement("a");
      a.className = "button"; a.href = why.link; a.textContent = why.linkText || why.link;
      box.appendChild(a);
    }
  }
  var last = items[items.length - 1];
  if (!refused && !last.ahead && doc.querySelector("#next .forms")) {
    var needs = doc.createElement("p");
    needs.textContent = box.dataset.needs;
    box.appendChild(needs);
  }
}

function pendingStandings(box, items) {
  // The standings as they will be once what waits is sent, marked so: static/js/waiting.js.
  if (window.lootWaiting) window.lootWaiting(box, items);
}

function change(form, item, head) {
  var heading = doc.querySelector("#next h2");
  form.reset();
  refill(form, new URLSearchParams(item.body), ["csrf_token"]);
  var submission = form.elements.namedItem("submission");
  // Kept from being made ready for the next step while it is changed.
  if (submission) form.dataset.ahead = submission.value;
  if (head && submission) {
    // The first may have reached the server: changed, it is another submission in its place.
    form.dataset.replaces = item.id;
    submission.value = newId();
    form.dataset.ahead = submission.value;
  }
  if (heading) {
    if (!heading.dataset.was) heading.dataset.was = heading.textContent;
    heading.textContent = item.title;
  }
  form.dataset.typed = "1";
  land("#next", 200);
}
