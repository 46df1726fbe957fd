// Loot Ledger's service worker (rendered by companion/views/offline.py; version {{ version }}).
// Static files: from the phone's cache, under versioned names, fetched once. Pages: from the
// network; the last copy of a game page (and of a rules reference, the share view, the
// games list and the group's other pages: History, Statistics) is kept, and shown marked as offline when the connection is gone. Entries never go through here:
// the outbox in app.js keeps them until the server has them.
"use strict";
var VERSION = {{ version|tojson }};
var ASSETS = {{ assets|tojson }};
var OFFLINE = {{ offline|tojson }};
var STATIC = {{ static|tojson }};
var KEPT = {{ pages|tojson }};
var FILES = "static-" + VERSION, PAGES = "pages", MOST_PAGES = 30;

self.addEventListener("install", function (ev) {
  ev.waitUntil(caches.open(FILES).then(function (c) { return c.addAll(ASSETS.concat([OFFLINE])); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (ev) {
  ev.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k.indexOf("static-") === 0 && k !== FILES; })
      .map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

function under(path, prefix) { return path.indexOf(prefix) === 0 && path.slice(prefix.length).indexOf("/") < 0; }

function kept(path) {
  // The games list, game pages (not their sub-pages), rules references, share views and the
  // group's areas (History, Statistics).
  return path === KEPT[0] || under(path, KEPT[1]) || under(path, KEPT[2]) || /\/s\/[^/]+$/.test(path)
    || KEPT.slice(3).indexOf(path) >= 0;
}

function remember(key, response) {
  return caches.open(PAGES).then(function (c) {
    return c.put(key, response).then(function () { return c.keys(); }).then(function (keys) {
      return Promise.all(keys.slice(0, Math.max(0, keys.length - MOST_PAGES)).map(function (k) { return c.delete(k); }));
    });
  });
}

function marked(response) {
  // The last known state, said to be that (data-offline for app.js; the notice unhidden here,
  // so it shows even when app.js cannot run).
  return response.text().then(function (html) {
    html = html.replace("<html ", '<html data-offline="1" ').replace('<p class="offline" hidden>', '<p class="offline">');
    return new Response(html, {
      headers: {"Content-Type": "text/html; charset=utf-8",
                "Content-Security-Policy": response.headers.get("Content-Security-Policy") || ""}});
  });
}

self.addEventListener("fetch", function (ev) {
  var req = ev.request, url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.indexOf(STATIC) === 0) {
    ev.respondWith(caches.match(req).then(function (hit) {
      return hit || fetch(req).then(function (res) {
        if (res.ok && url.searchParams.has("v")) {
          var copy = res.clone();
          caches.open(FILES).then(function (c) { c.put(req, copy); });
        }
        return res;
      }).catch(function (error) {
        // Offline, a page kept before an upgrade names the old version of a file, whose cache
        // went on activate: the current version of the same file serves it.
        return caches.match(req, { ignoreSearch: true }).then(function (same) {
          if (same) return same;
          throw error;
        });
      });
    }));
    return;
  }
  if (req.mode !== "navigate") return;
  var key = url.pathname;
  ev.respondWith(fetch(req).then(function (res) {
    var html = (res.headers.get("Content-Type") || "").indexOf("text/html") === 0;
    if (res.status === 200 && res.type === "basic" && html && kept(key)) {
      ev.waitUntil(remember(key, res.clone()));
    }
    return res;
  }).catch(function () {
    return caches.open(PAGES).then(function (c) { return c.match(key); }).then(function (hit) {
      return hit ? marked(hit) : caches.match(OFFLINE);
    });
  }));
});
