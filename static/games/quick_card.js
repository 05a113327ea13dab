// One card, no extra tap: in a form marked data-quick-card, a card picker that holds
// as many cards as it takes (a card drawn, a card turned up) sends the form at once.
// A position tapped before the card waits for it: the position is chosen, the card
// then sends both. Without this file the form's own buttons send it, and a position
// tapped with no card is stopped by the picker's required field.
(function () {
  "use strict";
  if (window.refereeQuickCard) return; // the script tag may come more than once
  window.refereeQuickCard = true;

  function pickerOf(form) { return form.querySelector("[data-card-picker]"); }

  // The picker's field holds exactly the cards it takes, and the picker finds no fault.
  function complete(picker) {
    var input = picker.querySelector("input");
    var most = parseInt(picker.getAttribute("data-most"), 10);
    var least = parseInt(picker.getAttribute("data-least"), 10) || 1;
    var n = input.value.split(/[\s,;]+/).filter(Boolean).length;
    return n >= least && (!most || n === most) && input.checkValidity();
  }

  // What the tap found, told in the capture phase: the picker redraws its buttons on a
  // tap, so by the bubbling phase the element tapped may have left the page.
  var tapped = null;

  document.addEventListener("click", function (ev) {
    var form = ev.target.closest && ev.target.closest("form[data-quick-card]");
    if (!form) return;
    var picker = pickerOf(form);
    if (!picker) return;
    var button = ev.target.closest("button[type=submit], button:not([type])");
    // A position (or any submit that needs the card) tapped first: keep it for the card.
    if (button && !picker.contains(button) && button.form === form &&
        !button.hasAttribute("data-quick-submit") && !complete(picker)) {
      ev.preventDefault();
      form.querySelectorAll(".quick-chosen").forEach(function (b) {
        b.classList.remove("quick-chosen");
        b.setAttribute("aria-pressed", "false");
      });
      button.classList.add("quick-chosen");
      button.setAttribute("aria-pressed", "true");
      form.quickSubmitter = button;
      var msg = picker.querySelector("[data-msg]");
      if (msg) msg.textContent = "Now the card: it is sent with " + (button.getAttribute("aria-label") || button.textContent.trim()) + ".";
      return;
    }
    if (picker.contains(ev.target)) {
      tapped = { form: form, picker: picker, value: picker.querySelector("input").value };
    }
  }, true);

  document.addEventListener("click", function () {
    var was = tapped;
    tapped = null;
    if (!was) return;
    var form = was.form;
    var picker = was.picker;
    // After the picker's own handler has written the card into its field.
    setTimeout(function () {
      var input = picker.querySelector("input");
      if (input.value === was.value || !complete(picker)) return;
      var submitter = form.quickSubmitter || form.querySelector("[data-quick-submit]");
      if (!submitter) return;
      if (form.requestSubmit) form.requestSubmit(submitter);
      else submitter.click();
    }, 0);
  });
})();
