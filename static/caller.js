/* The voice caller: speaks what the server wrote in #caller's data-call (darts scores,
   "you require 140", game shot; bunko). Off until the player turns it on; the choice
   is kept on this phone. Each call is spoken once per match and seq; "Again" repeats
   the last one (a player who missed it, a noisy room). */
(function () {
  "use strict";
  var box = document.getElementById("caller");
  if (!box || !("speechSynthesis" in window)) return;
  var KEY = "referee.caller";
  var button = box.querySelector("[data-caller-toggle]");
  var again = box.querySelector("[data-caller-again]");
  function on() { return localStorage.getItem(KEY) === "on"; }
  function show() {
    button.setAttribute("aria-pressed", on() ? "true" : "false");
    button.textContent = on() ? "🔊 Caller on" : "🔈 Caller off";
    if (again) again.hidden = !on() || !box.dataset.call;
  }
  function say(text) {
    if (!text) return;
    var words = new SpeechSynthesisUtterance(text);
    words.lang = document.documentElement.lang || "en";
    words.rate = 0.95; /* a caller is clear rather than quick */
    window.speechSynthesis.cancel();
    window.speechSynthesis.speak(words);
  }
  function callNew() {
    var heard = box.dataset.match + ":" + box.dataset.seq;
    show();
    if (!on() || sessionStorage.getItem(KEY + ".heard") === heard) return;
    sessionStorage.setItem(KEY + ".heard", heard);
    say(box.dataset.call);
  }
  button.addEventListener("click", function () {
    localStorage.setItem(KEY, on() ? "off" : "on");
    show();
    if (on()) say("Caller on.");
  });
  if (again) again.addEventListener("click", function () { say(box.dataset.call); });
  box.hidden = false;
  callNew();
  /* A live update that rewrites #caller's data is called too. */
  new MutationObserver(callNew).observe(box, { attributes: true });
  window.refereeCaller = { say: say };
})();
