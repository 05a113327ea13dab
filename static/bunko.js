// Bunko: one tap per die on the roll pad, and live night pages. The pages work
// without this: the roll then goes in the text field, and <noscript> refreshes.
(function () {
  "use strict";

  // The roll pad: three taps fill the dice field and send the roll.
  document.querySelectorAll("form[data-bk-roll]").forEach(function (form) {
    var field = form.querySelector("input[name=dice]");
    var tray = form.querySelector("[data-bk-tray]");
    var slots = tray ? tray.querySelectorAll("span") : [];
    var clear = form.querySelector("[data-bk-clear]");
    var faces = [];
    form.querySelectorAll("[data-bk-pad], [data-bk-tray], [data-bk-clear]")
      .forEach(function (el) { el.hidden = false; });

    function show() {
      slots.forEach(function (slot, i) {
        slot.textContent = "";
        slot.className = faces[i] ? "filled" : "";
        if (faces[i]) {
          var face = form.querySelector(".bk-die[data-face='" + faces[i] + "'] .die-face");
          if (face) slot.appendChild(face.cloneNode(true));
        }
      });
      tray.setAttribute("aria-label", faces.length ? "Dice: " + faces.join(" ") : "No dice yet");
      field.value = faces.join(" ");
      // Tell app.js the form is half filled, so a live reload asks first.
      field.dispatchEvent(new Event("input", { bubbles: true }));
    }

    form.querySelectorAll(".bk-die[data-face]").forEach(function (button) {
      button.addEventListener("click", function () {
        if (faces.length >= 3 || form.dataset.sending) return;
        faces.push(button.getAttribute("data-face"));
        show();
        if (faces.length === 3) {
          if (form.requestSubmit) form.requestSubmit(); else form.submit();
        }
      });
    });
    if (clear) {
      clear.addEventListener("click", function () { faces = []; show(); });
    }
  });
})();
