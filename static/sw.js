// The service worker (served as /sw.js, with ASSETS and VERSION written above this
// line by referee/web/pwa.py). Three jobs:
//  1. an offline shell: every page opened is kept, and shown when there is no signal,
//     except a page sent with Cache-Control: no-store (one that shows a PIN, a key or
//     a claim code), which is never kept, and drops any copy kept before;
//  2. static files, fingerprinted, from the cache first;
//  3. the outbox: a match's event or undo form sent with no signal is queued here with
//     its idempotency key and replayed in order when the signal comes back. A queued
//     event the match refuses (409, 422...) is kept with the reason, for the scorer.
"use strict";

// v2: the copies kept before no-store was honoured may hold secrets; activate drops them.
var PAGES = "pages-v2";
var STATIC = "static-" + VERSION;
var OUTBOX_PATH = /^\/m\/([^/]+)\/(events|undo)$/;
var MAX_PAGES = 40;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(STATIC).then(function (cache) { return cache.addAll(ASSETS); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (n) {
        return n !== STATIC && n !== PAGES;
      }).map(function (n) { return caches.delete(n); }));
    }).then(function () { return self.clients.claim(); }).then(replay)
  );
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST") {
    var found = url.pathname.match(OUTBOX_PATH);
    if (found && request.mode === "navigate") {
      event.respondWith(submit(request, found[1]));
    }
    return;
  }
  if (request.method !== "GET" || /\/live$/.test(url.pathname)) return;
  if (request.mode === "navigate") {
    event.respondWith(page(request));
  } else if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(asset(request));
  }
});

self.addEventListener("message", function (event) {
  var data = event.data || {};
  var work = null;
  if (data.type === "replay") work = replay();
  if (data.type === "queue") {
    work = items().then(function (all) {
      return enqueue(data.url, data.body, data.match, all);
    }).then(replay);
  }
  if (data.type === "drop") work = drop(data.match, data.all).then(changed);
  if (data.type === "resume") work = resume(data.match).then(replay);
  if (work) event.waitUntil(work);
});

self.addEventListener("sync", function (event) {
  if (event.tag === "outbox") event.waitUntil(replay());
});

// --- pages and files ----------------------------------------------------------------

function page(request) {
  return fetch(request).then(function (response) {
    var html = (response.headers.get("Content-Type") || "").indexOf("text/html") === 0;
    if (response.ok && response.type === "basic" && html) {
      if (keepable(response)) {
        var copy = response.clone();
        caches.open(PAGES).then(function (cache) {
          return cache.put(request.url, copy).then(function () { return trim(cache); });
        });
      } else {
        // This address now shows a secret: no older copy of it stays either.
        caches.open(PAGES).then(function (cache) { return cache.delete(request.url); });
      }
    }
    return response;
  }).catch(function () {
    return caches.open(PAGES).then(function (cache) {
      return cache.match(request.url, { ignoreVary: true });
    }).then(function (kept) { return kept || offline(); });
  });
}

// Only what the server lets be stored: never a page sent no-store.
function keepable(response) {
  return !/(^|,)\s*no-store\s*(,|$)/i.test(response.headers.get("Cache-Control") || "");
}

function trim(cache) {
  return cache.keys().then(function (keys) {
    if (keys.length > MAX_PAGES) return cache.delete(keys[0]).then(function () { return trim(cache); });
  });
}

function offline() {
  var css = ASSETS.filter(function (a) { return /\.css$/.test(a); })[0] || "";
  return new Response(
    "<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width,initial-scale=1'>" +
    "<link rel=stylesheet href='" + css + "'><title>No signal · Referee</title>" +
    "<main><h1>No signal</h1><p>This page was not opened on this phone before, so there is " +
    "no copy of it here. Pages you have opened still work; what you enter on a match page " +
    "waits here and is sent when the signal comes back.</p><p><a href='/'>Home</a></p></main>",
    { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } }
  );
}

function asset(request) {
  return caches.open(STATIC).then(function (cache) {
    return cache.match(request).then(function (kept) {
      return kept || fetch(request).then(function (response) {
        if (response.ok) cache.put(request, response.clone());
        return response;
      });
    });
  });
}

// --- the outbox ---------------------------------------------------------------------

function store(mode, work) {
  return new Promise(function (resolve, reject) {
    var open = indexedDB.open("referee-outbox", 1);
    open.onupgradeneeded = function () {
      open.result.createObjectStore("items", { keyPath: "id", autoIncrement: true });
    };
    open.onerror = function () { reject(open.error); };
    open.onsuccess = function () {
      var db = open.result;
      var tx = db.transaction("items", mode);
      var out = work(tx.objectStore("items"));
      tx.oncomplete = function () { db.close(); resolve(out && "result" in out ? out.result : out); };
      tx.onerror = function () { db.close(); reject(tx.error); };
    };
  });
}

function items() {
  return store("readonly", function (s) { return s.getAll(); });
}

function describe(url, params) {
  if (/\/undo$/.test(url)) return "undo" + (params.get("target") ? " #" + params.get("target") : "");
  var parts = [];
  params.forEach(function (value, name) {
    if (["csrf_token", "idem", "seq", "type"].indexOf(name) < 0 && value) parts.push(value);
  });
  return (params.get("type") || "event").replace(/_/g, " ") + (parts.length ? " " + parts.join(" ") : "");
}

// A form posted from a match page: straight to the server when the way is clear,
// else into the outbox (behind whatever is waiting for that match, to keep the order).
function submit(request, match) {
  var copy = request.clone();
  return items().then(function (all) {
    var queued = function () {
      return copy.text().then(function (body) {
        return enqueue(request.url, body, match, all);
      }).then(function () { return Response.redirect("/m/" + match, 303); });
    };
    var ahead = all.some(function (i) { return i.match === match; });
    if (ahead || self.navigator.onLine === false) return queued();
    return fetch(request).catch(queued);
  });
}

// Into the outbox, behind what waits for the same match. The same key twice is one
// tap sent twice (a double tap), kept once.
function enqueue(url, body, match, all) {
  var params = new URLSearchParams(body);
  var ahead = all.filter(function (i) { return i.match === match; });
  if (ahead.some(function (i) { return i.idem === params.get("idem"); })) return Promise.resolve();
  var last = ahead[ahead.length - 1];
  // Each queued write adds one row: the next one expects the seq after it.
  var seq = last ? String(Number(last.seq) + 1) : params.get("seq");
  return store("readwrite", function (s) {
    return s.add({
      match: match, url: url, body: body, seq: seq,
      idem: params.get("idem"), what: describe(url, params),
      state: "waiting", at: Date.now()
    });
  }).then(function () {
    changed();
    if (self.registration.sync) self.registration.sync.register("outbox").catch(function () {});
  });
}

var running = Promise.resolve();

// One replay at a time, each item after the one before it has been answered.
function replay() {
  running = running.then(drain, drain);
  return running;
}

function drain() {
  return items().then(function (all) {
    var held = {};
    var next = {};
    var sent = 0;
    function step(i) {
      if (i >= all.length) return sent;
      var item = all[i];
      if (item.state !== "waiting" || held[item.match]) {
        held[item.match] = true;
        return step(i + 1);
      }
      var params = new URLSearchParams(item.body);
      if (item.force) params.delete("seq");
      else params.set("seq", next[item.match] !== undefined ? next[item.match] : item.seq);
      return fetch(item.url, {
        method: "POST", body: params, credentials: "same-origin", redirect: "manual",
        headers: { Accept: "application/json" }
      }).then(function (response) {
        if (response.status === 201) {
          return response.json().then(function (answer) {
            next[item.match] = String(answer.seq);
            sent += 1;
            return store("readwrite", function (s) { return s.delete(item.id); });
          }).then(function () { changed(); return step(i + 1); });
        }
        // Not an answer about this event: try again later. A Retry-After also marks
        // a 409 for the same tap still being recorded (its key in flight).
        if (response.status === 0 || response.status >= 500 || response.status === 429 ||
            response.headers.get("Retry-After")) {
          return sent;
        }
        return reason(response).then(function (why) {
          item.state = "refused";
          item.status = response.status;
          item.reason = why;
          held[item.match] = true;
          return store("readwrite", function (s) { return s.put(item); });
        }).then(function () { changed(); return step(i + 1); });
      }, function () { return sent; }); // still no signal
    }
    return step(0);
  }).then(function (sent) { changed(sent); });
}

function reason(response) {
  return response.json().then(function (body) {
    return body.detail || body.title || "HTTP " + response.status;
  }, function () {
    return response.status === 400
      ? "The page this was entered on has expired: reload it and enter it again."
      : "The server answered " + response.status + ".";
  });
}

// The scorer read why a queued event was refused: drop it (and, if asked, the rest).
function drop(match, all) {
  return items().then(function (list) {
    return store("readwrite", function (s) {
      list.forEach(function (i) {
        if (i.match === match && (all || i.state === "refused")) s.delete(i.id);
      });
    });
  });
}

// Send what waited behind a refused event anyway, from where the match is now.
function resume(match) {
  return drop(match, false).then(items).then(function (list) {
    var first = list.filter(function (i) { return i.match === match; })[0];
    if (!first) return null;
    first.force = true;
    return store("readwrite", function (s) { return s.put(first); });
  });
}

function changed(sent) {
  return self.clients.matchAll({ type: "window" }).then(function (windows) {
    windows.forEach(function (w) { w.postMessage({ type: "outbox", sent: sent || 0 }); });
  });
}
