// Bowling solitaire: each legal play is one tap. The buttons fill the form's own pins
// and pile (the form works without this file) and send it; when the pile has a card
// under the ball card, the digit turned up is one more tap, before or after.
(function () {
  "use strict";
  var form = document.querySelector("form[data-bowl]");
  if (!form) return;
  var plays = form.querySelector("[data-plays]");
  if (!plays) return;
  plays.hidden = false;
  var pending = null;

  function digit() { return form.querySelector("input[name=next]:checked"); }

  function send(button) {
    form.querySelectorAll("input[name=pins]").forEach(function (box) {
      box.checked = (" " + button.getAttribute("data-pins") + " ").indexOf(" " + box.value + " ") >= 0;
    });
    var pile = form.querySelector("input[name=pile][value='" + button.getAttribute("data-pile") + "']");
    if (pile) pile.checked = true;
    // A pile with nothing under its card turns nothing up: no digit goes with it.
    if (button.getAttribute("data-deeper") !== "1" && digit()) digit().checked = false;
    if (form.requestSubmit) form.requestSubmit();
    else form.submit();
  }

  plays.addEventListener("click", function (ev) {
    var button = ev.target.closest("button[data-pile]");
    if (!button) return;
    if (button.getAttribute("data-deeper") === "1" && !digit()) {
      plays.querySelectorAll("button").forEach(function (b) { b.setAttribute("aria-pressed", "false"); b.classList.remove("quick-chosen"); });
      button.setAttribute("aria-pressed", "true");
      button.classList.add("quick-chosen");
      pending = button;
      var legend = form.querySelector(".bs-next legend");
      if (legend) legend.textContent = "Now the card turned up under the " + button.getAttribute("aria-label").split(" takes ")[0];
      return;
    }
    send(button);
  });

  form.addEventListener("change", function (ev) {
    if (pending && ev.target.name === "next") send(pending);
  });
})();
