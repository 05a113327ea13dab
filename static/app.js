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

  // The app works offline (pages opened before, an outbox for scores) where the
  // browser allows a service worker: HTTPS, or this machine.
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js").catch(function () {});
  }

  // Live boards and the outbox come after the page has shown: not on its first view.
  var more = document.currentScript && document.currentScript.getAttribute("data-more");
  if (more && (body.hasAttribute("data-live") || body.hasAttribute("data-poll"))) {
    var script = document.createElement("script");
    script.src = more;
    document.head.appendChild(script);
  }
})();
