// Liar's dice: a pad of the six poker dice faces types into its field. The page
// works without this: the fields take faces or words typed by hand.
(function () {
  "use strict";
  document.querySelectorAll("[data-ld-pad]").forEach(function (pad) {
    var field = document.getElementById(pad.getAttribute("data-ld-pad"));
    if (!field) return;
    pad.hidden = false;
    pad.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button) return;
      var faces = field.value.split(/\s+/).filter(Boolean);
      if (button.hasAttribute("data-clear")) faces.pop();
      else if (faces.length < 5) faces.push(button.getAttribute("data-face"));
      field.value = faces.join(" ");
      // Tell app.js the form is half filled, so a live reload asks first.
      field.dispatchEvent(new Event("input", { bubbles: true }));
    });
  });
})();
