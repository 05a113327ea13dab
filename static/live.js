// Live boards and the outbox (loaded by app.js once the page is up). Without this
// file, or without JavaScript, the pages still work: <noscript> refreshes the boards.
(function () {
  "use strict";
  var body = document.body;
  var seen = body.getAttribute("data-seq");
  var page = body.getAttribute("data-page");
  var message = body.getAttribute("data-poll-message") ||
    "Another phone recorded something. Tap to see it.";
  var dirty = false;
  var leaving = false;
  var banner = null;

  // Once the player has started filling a form (typed, tapped cards, ticked a box), a
  // reload would throw that away: show a banner to tap instead.
  document.addEventListener("input", function () { dirty = true; });
  document.addEventListener("change", function () { dirty = true; });
  // This page's own form is on its way: the page that answers it is newer anyway.
  document.addEventListener("submit", function (ev) { if (!ev.defaultPrevented) leaving = true; });

  // A page shown as the answer to a form (a 409 or 422) must not re-post that form
  // when it refreshes: go to the page's own address instead.
  function refresh() {
    if (page) { window.location.replace(page); } else { window.location.reload(); }
  }
  function announce() {
    if (banner) return;
    banner = document.createElement("button");
    banner.type = "button";
    banner.className = "notice live-banner";
    banner.textContent = message;
    banner.addEventListener("click", refresh);
    var main = document.querySelector("main");
    main.insertBefore(banner, main.firstChild);
  }
  function moved(id, data) {
    if (leaving || id === undefined || String(id) === seen) return;
    seen = String(id);
    body.setAttribute("data-seq", seen);
    // A watcher's page gets its live regions with the message (its live blocks, or
    // after a dart only the board that moved): swap each one in place, every copy.
    var html = data && data.html;
    if (html) {
      var missing = false;
      Object.keys(html).forEach(function (name) {
        var regions = document.querySelectorAll('[data-live="' + name + '"]');
        if (!regions.length) missing = true;
        Array.prototype.forEach.call(regions, function (region) {
          region.outerHTML = html[name];
        });
      });
      if (!missing) return;
      // A board this page does not show: it is out of step, load it afresh.
    }
    if (dirty) { announce(); } else { refresh(); }
  }

  // Server-Sent Events; polling where the browser has none or the stream is refused.
  var stream = body.getAttribute("data-live");
  var polling = false;
  function poll() {
    var url = body.getAttribute("data-poll");
    if (polling || !url) return;
    polling = true;
    var field = body.getAttribute("data-poll-field") || "seq";
    var every = parseInt(body.getAttribute("data-poll-every") || "3000", 10);
    setInterval(function () {
      if (document.visibilityState !== "visible") return;
      fetch(url, { headers: { Accept: "application/json" } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (m) { if (m && m[field] !== undefined) moved(m[field]); })
        .catch(function () {});
    }, every);
  }
  // The stream is closed when the page is hidden in the back/forward cache (an open
  // connection keeps a page out of it) and opened again, from what the page shows,
  // when it is shown from there.
  var source = null;
  function listen() {
    var url = new URL(stream, location.href);
    if (url.searchParams.has("last")) url.searchParams.set("last", seen);
    source = new EventSource(url.href);
    source.addEventListener("update", function (ev) {
      var data = null;
      try { data = JSON.parse(ev.data); } catch (e) { return; }
      moved(ev.lastEventId, data);
    });
    var mine = source;
    mine.addEventListener("error", function () {
      // EventSource retries by itself; CLOSED means the server said no: poll.
      if (mine === source && mine.readyState === 2) { source = null; poll(); }
    });
  }
  function hush() {
    if (source) { source.close(); source = null; }
  }
  if (stream && window.EventSource) {
    listen();
    window.addEventListener("pagehide", hush);
    window.addEventListener("pageshow", function (ev) {
      if (ev.persisted && !source && !polling) { leaving = false; listen(); }
    });
  } else {
    poll();
  }
  window.addEventListener("pageshow", function (ev) {
    // Back to a page whose entry was on its way: it is this page again, unsent.
    if (ev.persisted) {
      leaving = false;
      Array.prototype.forEach.call(document.forms, function (f) { delete f.dataset.sending; });
    }
  });

  // --- entries replace the page, not add to the history ------------------------------
  // A match page's entry answers with a redirect back to the page, stored or refused
  // (POST-redirect-GET). Sent from here, the page is then replaced in place, so Back
  // leaves the match instead of stepping back through every dart. Listening on the
  // window, this runs after every other submit handler (the double-tap guard, the
  // outbox), and only for what they let through. Without JavaScript: a plain POST.
  var ENTRY = /^\/m\/[^/]+\/(events|undo)$/;
  function entry(form, by) {
    if (!page || location.pathname !== page || form.method !== "post") return false;
    // A button that sends elsewhere, or a form for another window: the plain way.
    if (form.target || (by && (by.hasAttribute("formaction") || by.hasAttribute("formmethod")))) {
      return false;
    }
    var target = form.querySelector("input[name=target]");
    return ENTRY.test(new URL(form.action, location.href).pathname) && !(target && target.value);
  }
  function swap(html) {
    // Not a redirect: an error page (403, 503...). Show it at the match's address.
    hush();
    document.open();
    document.write(html);
    document.close();
    history.replaceState(null, "", page);
  }
  window.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (ev.defaultPrevented || !window.fetch || !entry(form, ev.submitter)) return;
    ev.preventDefault();
    var data = new FormData(form);
    if (ev.submitter && ev.submitter.name) data.append(ev.submitter.name, ev.submitter.value);
    fetch(form.action, {
      method: "POST", body: new URLSearchParams(data), credentials: "same-origin",
      redirect: "manual"
    }).then(function (response) {
      if (response.type === "opaqueredirect") {
        location.replace(page);
        return null;
      }
      return response.text().then(swap);
    }).catch(function () {
      // No answer at all: the form goes the way it would without this file (the
      // service worker's outbox queues it).
      leaving = false;
      delete form.dataset.sending;
      form.dataset.plain = "1";
      if (form.requestSubmit) form.requestSubmit(ev.submitter || undefined);
      else form.submit();
    });
  });
  document.addEventListener("submit", function (ev) {
    // The plain retry after a failed fetch, once.
    if (ev.target.dataset && ev.target.dataset.plain) {
      delete ev.target.dataset.plain;
      ev.stopImmediatePropagation();
    }
  }, true);

  // --- the outbox: what a match page sends with no signal (see static/sw.js) -------
  var OUTBOX = /\/m\/([^/]+)\/(events|undo)$/;
  var match = body.getAttribute("data-match");
  var forms = Array.prototype.filter.call(document.forms, function (f) {
    return f.method === "post" && OUTBOX.test(new URL(f.action, location.href).pathname);
  });
  if (!match || !forms.length || !("serviceWorker" in navigator) || !window.indexedDB ||
      !window.isSecureContext) return;
  // This page may be the copy kept for no signal, shown again and again: each load
  // gets keys of its own, so two taps are two events (one tap sent twice stays one).
  forms.forEach(function (f) {
    var idem = f.querySelector("input[name=idem]");
    if (idem && window.crypto && crypto.randomUUID) idem.value = crypto.randomUUID();
  });

  // The status sits in the heading's line (a chip: the pads keep their place on
  // the screen); a refused entry, rarer, gets a box of its own below it.
  var status = document.createElement("span");
  status.setAttribute("role", "status");
  var refused = document.createElement("div");
  var head = document.querySelector(".match-head");
  var main = document.querySelector("main");
  if (head) {
    head.insertBefore(status, head.querySelector(".chip"));
    head.parentNode.insertBefore(refused, head.nextSibling);
  } else {
    main.insertBefore(refused, main.firstChild);
    main.insertBefore(status, refused);
  }

  // With no signal, or while earlier entries wait, a tap goes to the outbox from
  // here: no page to load, and the board stays in view. (Before this file loads,
  // or when the signal only seems to be there, the worker queues the form itself.)
  var pending = 0;
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (ev.defaultPrevented || forms.indexOf(form) < 0) return;
    if (navigator.onLine && !pending) return;
    if (!navigator.serviceWorker.controller) return;
    ev.preventDefault();
    leaving = false;
    delete form.dataset.sending; // the worker keeps one of a double tap (same key)
    var data = new FormData(form);
    if (ev.submitter && ev.submitter.name) data.append(ev.submitter.name, ev.submitter.value);
    tell({ type: "queue", match: match, url: form.action, body: new URLSearchParams(data).toString() });
    form.reset();
    dirty = false;
  });

  function tell(what) {
    navigator.serviceWorker.ready.then(function (r) { if (r.active) r.active.postMessage(what); });
  }
  function read() {
    return new Promise(function (resolve) {
      var open = indexedDB.open("referee-outbox", 1);
      open.onupgradeneeded = function () {
        open.result.createObjectStore("items", { keyPath: "id", autoIncrement: true });
      };
      open.onerror = function () { resolve([]); };
      open.onsuccess = function () {
        var db = open.result;
        var got = db.transaction("items", "readonly").objectStore("items").getAll();
        got.onsuccess = function () {
          db.close();
          resolve(got.result.filter(function (i) { return i.match === match; }));
        };
        got.onerror = function () { db.close(); resolve([]); };
      };
    });
  }
  function button(text, secondary, action) {
    var b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    if (secondary) b.className = "secondary";
    b.addEventListener("click", action);
    return b;
  }
  var waitingBefore = 0;
  function render() {
    return read().then(function (items) {
      var bad = items.filter(function (i) { return i.state === "refused"; });
      var waiting = items.length - bad.length;
      pending = items.length;
      // What is queued now has its key: the next tap is a new entry.
      forms.forEach(function (f) {
        var idem = f.querySelector("input[name=idem]");
        if (idem && items.some(function (i) { return i.idem === idem.value; })) {
          idem.value = crypto.randomUUID();
        }
      });
      status.className = "chip outbox-status" + (waiting ? " waiting" : " saved");
      status.textContent = waiting
        ? (bad.length ? "Held: " + waiting + " waiting behind a refused entry"
          : "Waiting for signal (" + waiting + ")")
        : "\u2713 Saved";
      refused.textContent = "";
      bad.forEach(function (i) {
        var note = document.createElement("div");
        note.className = "error-box outbox-refused";
        note.setAttribute("role", "alert");
        var p = document.createElement("p");
        p.textContent = "Not recorded: " + i.what + ". " + i.reason;
        note.appendChild(p);
        if (waiting) {
          note.appendChild(button("Send the " + waiting + " waiting anyway", false,
            function () { tell({ type: "resume", match: match }); }));
          note.appendChild(button("Drop them", true,
            function () { tell({ type: "drop", match: match, all: true }); }));
        } else {
          note.appendChild(button("OK", true,
            function () { tell({ type: "drop", match: match, all: false }); }));
        }
        refused.appendChild(note);
      });
      // Everything queued went through: show the board as it is now.
      if (waitingBefore && !items.length && !dirty) refresh();
      waitingBefore = items.length;
      return waiting;
    });
  }
  navigator.serviceWorker.addEventListener("message", function (ev) {
    if (ev.data && ev.data.type === "outbox") render();
  });
  window.addEventListener("online", function () { tell({ type: "replay" }); });
  render().then(function (waiting) { if (waiting) tell({ type: "replay" }); });
  // No "online" event on a Wi-Fi with no way out: keep trying while entries wait.
  setInterval(function () {
    render().then(function (waiting) { if (waiting && navigator.onLine) tell({ type: "replay" }); });
  }, 10000);
  window.refereeOutbox = { render: render, replay: function () { tell({ type: "replay" }); } };
})();
