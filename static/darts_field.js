// A darts list field's pad (templates/fields/darts.html): each key adds a dart to the
// text field ("T20 T20 S20"), the ring going back to Single after each; the last key
// takes the newest dart back. Without this script the text field is typed instead.
(function () {
  "use strict";
  function wire(adder) {
    if (adder.dataset.wired) return;
    adder.dataset.wired = "1";
    var input = document.getElementById(adder.dataset.for);
    if (!input) return;
    var most = parseInt(adder.dataset.most, 10) || 3;
    var rings = adder.querySelectorAll("[data-ring]");
    var ring = "S";
    function setRing(r) {
      ring = r;
      rings.forEach(function (b) { b.setAttribute("aria-pressed", String(b.dataset.ring === r)); });
    }
    function darts() { return input.value.trim().split(/[\s,;]+/).filter(Boolean); }
    rings.forEach(function (b) {
      b.addEventListener("click", function () { setRing(b.dataset.ring); });
    });
    adder.querySelectorAll("[data-dart]").forEach(function (b) {
      b.addEventListener("click", function () {
        var list = darts();
        if (list.length >= most) list = [];  // a full round: start it again
        var key = b.dataset.dart;
        list.push(/^\d+$/.test(key) ? ring + key : key);
        input.value = list.join(" ");
        input.dispatchEvent(new Event("input", { bubbles: true }));
        setRing("S");
      });
    });
    adder.querySelector("[data-back]").addEventListener("click", function () {
      input.value = darts().slice(0, -1).join(" ");
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    adder.hidden = false;
  }
  function all() { document.querySelectorAll("[data-darts-adder]").forEach(wire); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", all);
  else all();
})();
