// Liar's dice: a pad of the six poker dice faces types into its field, a line says
// how many of the five dice are in, and a tap fills in the lowest claim that beats
// the last. The page works without this: the fields take faces or words typed by hand.
(function () {
  "use strict";
  var FACES = ["9", "10", "J", "Q", "K", "A"];
  var DICE = 5;

  function faces(field) {
    return field.value.toUpperCase().replace(/,/g, " ").split(/\s+/).filter(Boolean);
  }

  function say(field, note) {
    if (!note) return;
    var got = faces(field);
    var plain = got.every(function (f) { return FACES.indexOf(f) >= 0; });
    // Words ("two kings") are read by the server; only plain faces are counted here.
    note.textContent = plain && got.length < DICE
      ? got.length + " of " + DICE + " dice"
      : "";
  }

  function changed(field, note) {
    say(field, note);
    // Tell app.js the form is half filled, so a live reload asks first.
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }

  document.querySelectorAll("[data-ld-pad]").forEach(function (pad) {
    var field = document.getElementById(pad.getAttribute("data-ld-pad"));
    if (!field) return;
    var note = document.getElementById(field.id + "-count");
    pad.hidden = false;
    if (note) note.hidden = false;
    say(field, note);
    field.addEventListener("input", function () { say(field, note); });
    pad.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button) return;
      var got = faces(field);
      if (got.length < DICE) got.push(button.getAttribute("data-face"));
      field.value = got.join(" ");
      changed(field, note);
    });
    // The key beside the field takes the last die back off.
    var back = document.querySelector("[data-ld-clear='" + field.id + "']");
    if (back) {
      back.hidden = false;
      back.addEventListener("click", function () {
        var got = faces(field);
        got.pop();
        field.value = got.join(" ");
        changed(field, note);
      });
    }
  });

  document.querySelectorAll("[data-ld-fill]").forEach(function (button) {
    var field = document.getElementById(button.getAttribute("data-ld-target"));
    if (!field) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      field.value = button.getAttribute("data-ld-fill");
      changed(field, document.getElementById(field.id + "-count"));
      field.focus();
    });
  });
})();
