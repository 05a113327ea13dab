// Small progressive enhancements: the pages work without any of this.
(function () {
  "use strict";
  var body = document.body;

  // Keep the screen awake during a match, where the browser allows it.
  var lock = null;
  function wake() {
    if (!("wakeLock" in navigator) || !body.hasAttribute("data-wakelock")) return;
    navigator.wakeLock.request("screen").then(function (l) { lock = l; }).catch(function () {});
  }
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible" && lock === null) wake();
    if (document.visibilityState === "hidden") lock = null;
  });
  wake();

  // A set of darts (data-full-set="3") that lists fewer darts is only sent once the
  // player has ticked "the rest missed"; until then, ask for the missing darts here
  // (the server asks the same without JavaScript).
  var ORDINALS = ["1st", "2nd", "3rd", "4th", "5th"];
  function missingDarts(form) {
    var full = parseInt(form.getAttribute("data-full-set"), 10);
    var input = form.querySelector("input[name=darts]");
    var said = form.querySelector("input[name=rest_missed]");
    if (!full || !input || (said && said.checked)) return false;
    var count = input.value.split(/[\s,;]+/).filter(Boolean).length;
    if (count === 0 || count >= full) return false;
    var which = [];
    for (var i = count; i < full; i++) which.push(ORDINALS[i]);
    var note = form.querySelector("[role=alert]");
    if (note) {
      note.textContent = count + " of " + full + " darts listed: add the " +
        which.join(" and ") + (which.length > 1 ? " darts" : " dart") +
        " (M for a miss), or tick \u201cthe rest missed the board\u201d.";
      note.hidden = false;
    }
    input.focus();
    return true;
  }

  // A second tap while a form is on its way is dropped (the server would ignore it too).
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (missingDarts(form)) { ev.preventDefault(); return; }
    if (form.dataset.sending) { ev.preventDefault(); return; }
    form.dataset.sending = "1";
    setTimeout(function () { delete form.dataset.sending; }, 4000);
  });

  // Live board: reload when another phone records something. Once the player has
  // started filling a form (typed, tapped cards into a picker, ticked a box), a reload
  // would throw that away: show a banner to tap instead.
  // data-seq is what this page shows; data-poll-field names the JSON field that
  // changes when something happens (a match's "seq", a night's "fingerprint").
  var poll = body.getAttribute("data-poll");
  if (!poll) return;
  var seen = body.getAttribute("data-seq");
  var field = body.getAttribute("data-poll-field") || "seq";
  var every = parseInt(body.getAttribute("data-poll-every") || "3000", 10);
  var message = body.getAttribute("data-poll-message") ||
    "Another phone recorded something. Tap to see it.";
  // A page shown as the answer to a form (a 409 or 422 re-render) must not re-post
  // that form when it refreshes: go to the page's own address instead.
  var page = body.getAttribute("data-page");
  function refresh() {
    if (page) { window.location.replace(page); } else { window.location.reload(); }
  }
  var dirty = false;
  document.addEventListener("input", function () { dirty = true; });
  document.addEventListener("change", function () { dirty = true; });
  var banner = null;
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
  setInterval(function () {
    if (document.visibilityState !== "visible") return;
    fetch(poll, { headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (m) {
        if (!m || m[field] === undefined || String(m[field]) === seen) return;
        if (dirty) { announce(); } else { refresh(); }
      })
      .catch(function () {});
  }, every);
})();
