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

  // A second tap while a form is on its way is dropped (the server would ignore it too).
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (form.dataset.sending) { ev.preventDefault(); return; }
    form.dataset.sending = "1";
    setTimeout(function () { delete form.dataset.sending; }, 4000);
  });

  // Live board: reload when another phone records something (unless we are typing).
  var poll = body.getAttribute("data-poll");
  if (!poll) return;
  var seen = body.getAttribute("data-seq");
  function typing() {
    var el = document.activeElement;
    return el && (el.tagName === "TEXTAREA" || (el.tagName === "INPUT" && el.value));
  }
  setInterval(function () {
    if (document.visibilityState !== "visible" || typing()) return;
    fetch(poll, { headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (m) {
        if (m && String(m.seq) !== seen) { window.location.reload(); }
      })
      .catch(function () {});
  }, 3000);
})();
