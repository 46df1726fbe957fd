// The standings as they will be once the entries waiting on this phone are sent (issue 33).
// The game page says, per entry kind, how a form's fields change each seat's total
// (#standings[data-waiting], made by the game's Adapter.waiting from its rules' numbers);
// this file only adds up. app.js calls lootWaiting with the game's waiting entries each time
// it draws them, and lootLine for the words of an entry a game words itself (a Treasure turn,
// as its log says it). Not deferred: defined before app.js runs.
(function () {
  "use strict";
  var doc = document;

  function described() {
    var standings = doc.querySelector("main #standings");
    try { return standings && JSON.parse(standings.dataset.waiting || "null"); } catch (e) { return null; }
  }
  function whole(v) { var n = parseInt(v, 10); return isNaN(n) ? null : n; }
  function given(params, name) { return params.getAll(name).filter(function (v) { return v !== ""; }); }
  function at(text, i) { return String(text).replace(/\{i\}/g, i); }
  function holds(params, when, i) {
    // Every field named has one of the values given ("" for a field not sent).
    return Object.keys(when).every(function (name) {
      var have = params.get(at(name, i));
      return [].concat(when[name]).indexOf(have === null ? "" : have) >= 0;
    });
  }

  function price(cards, as, term, market) {
    // The Black Market's price of a combination (market.py kind_of and price): the Great
    // Treasure as the card it became, else as the card worth most there.
    var star = cards.indexOf("treasure");
    if (star >= 0) {
      return (as ? [as] : term.cards).reduce(function (best, card) {
        var tried = cards.slice(); tried[star] = card;
        return Math.max(best, price(tried, null, term, market));
      }, 0);
    }
    var read = cards.map(function (c) { return /^([a-z]+)(\d)$/.exec(c); });
    if (read.some(function (r) { return !r; })) return 0;  // a card no combination takes (the game says which)
    var numbers = read.map(function (r) { return +r[2]; }).sort(), n = cards.length;
    var colours = read.filter(function (r) { return r[1] !== read[0][1]; }).length ? 2 : 1;
    var kind = numbers[0] === numbers[n - 1] && n >= 2 && n <= 4 ? "same_number"
      : n >= 3 && n <= 5 && numbers.every(function (x, k) { return x === numbers[0] + k; })
        ? (colours === 1 ? "colour_run" : "run") : null;
    return kind && market[kind] ? market[kind][n] || 0 : 0;
  }

  function value(term, params, i, rows, desc, ctx) {
    var k = term.k === undefined ? 1 : term.k;
    if (term.c !== undefined) return term.c;
    if (term.map) return term.v[params.get(term.map)] || 0;
    if (term.max) return k * Math.max.apply(null, [0].concat(given(params, term.max).map(whole)));
    if (term.count) return k * given(params, term.count).length;
    if (term.combo) {
      var sum = 0;
      for (var j = 0; j < term.slots; j++) {
        var cards = given(params, at(term.combo, i) + j);
        if (cards.length) sum += price(cards, params.get(term.as), term, desc.market);
      }
      return sum;
    }
    if (term.chip) {
      // The next chip to a seat whose card completes the four colours, in row order.
      ctx.chip = ctx.chip || { missing: JSON.parse(JSON.stringify(term.missing)), left: term.left.slice() };
      var seat = params.get(at(term.to.slice(1), i)), lacks = ctx.chip.missing[seat];
      if (!lacks) return 0;
      var was = lacks.indexOf(params.get(at(term.chip, i)));
      if (was >= 0) lacks.splice(was, 1);
      if (lacks.length || !ctx.chip.left.length) return 0;
      delete ctx.chip.missing[seat];
      return ctx.chip.left.shift();
    }
    var v = whole(params.get(at(term.f, i)));
    if (v === null && term.rest !== undefined && !params.get(term.unless)) {
      // The one left blank is the rest of what the deck holds (none when it cannot be told).
      var blanks = 0, rest = term.rest;
      for (var r = 0; r < rows; r++) {
        var other = whole(params.get(at(term.f, r)));
        if (other === null) blanks++; else rest -= other;
      }
      v = blanks === 1 && rest >= 0 ? rest : 0;
    }
    return k * (v === null ? term.blank || 0 : v);
  }

  function count(desc, item, ctx) {
    // Each seat's change by one entry ({seat: [set or null, add]}), or null: not counted here.
    var params = new URLSearchParams(item.body), kind = params.get("kind");
    var way = desc.kinds[kind + ":" + params.get("action")] || desc.kinds[kind];
    if (!way) return null;
    var out = {}, unknown = false;
    for (var i = 0; i < (way.rows || 1); i++) {
      way.terms.forEach(function (term) {
        if (unknown || (term.if && !holds(params, term.if, i)) || (term.not && holds(params, term.not, i))) return;
        if (term.unknown) { unknown = true; return; }
        var to = term.to === undefined ? String(i) : at(term.to, i);
        if (to.charAt(0) === "@") to = params.get(to.slice(1));
        var seats = desc.sides ? desc.sides[to] || [] : whole(to) === null ? [] : [whole(to)];
        var v = value(term, params, i, way.rows || 1, desc, ctx);
        seats.forEach(function (seat) {
          var was = out[seat] || [null, 0];
          out[seat] = way.set ? [(was[0] || 0) + v, 0] : [was[0], was[1] + v];
        });
      });
    }
    return unknown ? null : out;
  }

  function shown(n) { return Math.abs(n) < 1000 ? String(n) : n.toLocaleString(doc.documentElement.lang); }
  function read(text) { var n = whole(text.replace(/[^\d\-−]/g, "").replace("−", "-")); return n === null ? 0 : n; }
  function signed(n) { return (n < 0 ? "-" : "+") + shown(Math.abs(n)); }
  function el(tag, cls, text) {
    var e = doc.createElement(tag);
    if (cls) e.className = cls;
    if (text) e.textContent = text;
    return e;
  }

  function undo(standings) {
    standings.querySelectorAll("[data-was]").forEach(function (e) {
      e.textContent = e.dataset.was; delete e.dataset.was; e.hidden = false;
    });
    standings.querySelectorAll(".pending, .plus, h2 .provisional").forEach(function (e) { e.remove(); });
    standings.querySelectorAll("td.provisional").forEach(function (e) { e.classList.remove("provisional"); });
  }

  window.lootWaiting = function (box, items) {
    var standings = doc.querySelector("main #standings");
    if (!standings) return;
    undo(standings);
    var desc = described(), ctx = {}, change = {}, counted = [], not = [];
    items.forEach(function (item) {
      // Any form the game describes (a turn's action, a coin correction under the standings),
      // else an entry's values under the standings, not counted.
      // One the server refused is not counted: it is not stored as it is.
      var by = desc && item.body && !item.refused && count(desc, item, ctx);
      if (!by) { if (item.entry && item.values) not.push(item); return; }
      counted.push(item);
      Object.keys(by).forEach(function (seat) {
        var was = change[seat] || [null, 0];
        change[seat] = by[seat][0] !== null ? by[seat] : [was[0], was[1] + by[seat][1]];
      });
    });
    var moved = false;
    standings.querySelectorAll("tr[data-seat]").forEach(function (row) {
      var c = change[row.dataset.seat], cell = row.querySelector("td.n");
      if (!c || !cell || (c[0] === null && !c[1])) return;
      var number = cell.querySelector("a");
      if (!number) {  // a total without its explanation's link: its number in a span of its own
        number = el("span", "", cell.firstChild.textContent);
        cell.replaceChild(number, cell.firstChild);
      }
      var before = read(number.textContent);
      var now = (c[0] === null ? before : c[0]) + c[1];
      if (now === before) return;
      moved = true;
      number.dataset.was = number.textContent;
      number.textContent = shown(now);
      cell.classList.add("provisional");
      // Under the name, whose column wraps: beside the number it widened the numbers' column
      // and broke long names mid-word at large text.
      (row.querySelector("bdi") || number).parentNode.appendChild(
        el("small", "plus", standings.dataset.plus.replace("{}", signed(now - before))));
      var togo = cell.querySelector(".to-go");
      if (togo) {
        var left = read(togo.textContent) - (now - before);
        togo.dataset.was = togo.textContent;
        if (left > 0) togo.textContent = togo.textContent.replace(/\d[\d.,]*/, shown(left)); else togo.hidden = true;
      }
    });
    var head = standings.querySelector("h2"), words = (standings.dataset.with || "").split("|");
    if (head && counted.length && words.length > 1) {
      head.appendChild(doc.createTextNode(" "));
      head.appendChild(el("small", "provisional", words[counted.length === 1 ? 0 : 1].replace("{}", counted.length)));
    }
    var pending = el("div", "pending");
    function list(said, which, notes) {
      if (!which.length || !said) return;
      pending.appendChild(el("p", "", said));
      var ul = el("ul");
      which.forEach(function (i) { ul.appendChild(el("li", "", (i.title ? i.title + ": " : "") + (i.values || ""))); });
      pending.appendChild(ul);
      notes.forEach(function (note) { if (note) pending.appendChild(el("p", "quiet", note)); });
    }
    list(standings.dataset.counted, counted, moved ? [desc.note, standings.dataset.order] : [desc && desc.note]);
    list(box.dataset.pending, not, []);
    if (!pending.firstChild) return;
    var table = standings.querySelector("table"), after = table && (table.closest(".scroll") || table);
    if (after && after.parentNode === standings) after.after(pending); else standings.appendChild(pending);
  };

  window.lootLine = function (form) {
    // A waiting entry in the words of the game's log (games/<slug>/_words.html), where the
    // page gives them (a Treasure turn); else app.js says its fields.
    var desc = described(), kind = form.elements.namedItem("kind");
    var way = desc && kind && desc.kinds[kind.value], words = way && way.line;
    if (!words) return null;
    var params = new URLSearchParams(new FormData(form)), combo = way.terms[0];
    if (words === "side") {  // a coin correction: "Bob +3 — Miscounted", as its log line
      var side = form.querySelector("input[name=side]:checked"), coins = whole(params.get("coins"));
      return [side ? side.closest("label").textContent.trim() : "", coins === null ? "" : signed(coins),
        params.get("reason") ? "— " + params.get("reason") : ""].filter(Boolean).join(" ");
    }
    return Array.prototype.map.call(form.querySelectorAll("fieldset.side-resale"), function (set, i) {
      var parts = [];
      for (var j = 0; j < combo.slots; j++) {
        var cards = given(params, at(combo.combo, i) + j);
        if (!cards.length) continue;
        parts.push(cards.map(function (c) {
          var r = /^([a-z]+)(\d)$/.exec(c);
          return r ? (words.colours[r[1]] || r[1]) + " " + r[2] : words[c] || c;
        }).join(", ") + " → " + price(cards, params.get(combo.as), combo, desc.market));
      }
      if (!parts.length) parts.push(words.nothing);
      ["cursed_paid", "cursed_free", "cursed_held"].forEach(function (name) {
        var n = whole(params.get(at("sides-{i}-", i) + name));
        if (n) parts.push(words[name].replace("{}", n));
      });
      set.querySelectorAll("input[name$='-reinforcements']:checked").forEach(function (box) {
        parts.push(box.closest("label").textContent.trim());
      });
      var legend = set.querySelector("legend");
      return (legend ? legend.textContent.trim() + ": " : "") + parts.join(" · ");
    }).join(" · ");
  };
})();
