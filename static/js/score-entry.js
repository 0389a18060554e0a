/* Score entry at the table: small helps that htmx cannot give.
   - the two sides' counters fill each other (deck total, from the ruleset, minus what was
     typed); the field being typed in is never changed, and a note says so when the
     filled one replaces a number the scorer had typed there;
   - after Record (an htmx swap), focus goes to the result above the form, or to the
     first error of a refused hand, so it is in view and a screen reader reads it;
   - the bid's -5/+5 steppers;
   - the declarer's side is marked beside the counters.
   Event delegation on document, so it keeps working after htmx swaps the form. */
(function () {
  "use strict";

  function counterInputs(form) {
    return Array.prototype.slice.call(form.querySelectorAll("input[data-counters]"));
  }

  function labelText(form, input) {
    var label = form.querySelector("label[for='" + input.id + "']");
    return label ? label.textContent.trim() : "The other side";
  }

  document.addEventListener("input", function (event) {
    var input = event.target;
    if (!input.matches || !input.matches("input[data-counters]")) return;
    var form = input.form;
    var group = input.getAttribute("data-counters");
    var note = form.querySelector("[data-counters-note='" + group + "']");
    // What the scorer typed here is theirs: the other field may not overwrite it.
    input.setAttribute("data-typed", input.value);
    var total = parseInt(input.getAttribute("data-total"), 10);
    var value = parseInt(input.value, 10);
    var others = counterInputs(form).filter(function (other) {
      return other !== input && other.getAttribute("data-counters") === group;
    });
    // Only a two-sided sheet has one "other side" to fill; a bad number fills nothing.
    if (others.length !== 1 || isNaN(value) || value < 0 || value > total) return;
    var other = others[0];
    var filled = String(total - value);
    // The other field keeps, in data-typed, the last number the scorer typed there.
    var typed = other.getAttribute("data-typed");
    if (note) {
      note.textContent = typed && typed !== filled
        ? labelText(form, other) + " changed from " + typed + " to " + filled +
          ", so the two make " + total + "."
        : "";
    }
    other.value = filled;
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[data-step]");
    if (!button) return;
    event.preventDefault();
    var input = document.getElementById(button.getAttribute("data-for"));
    var step = parseInt(button.getAttribute("data-step"), 10);
    var min = parseInt(input.min, 10), max = parseInt(input.max, 10);
    var current = parseInt(input.value, 10);
    var next = isNaN(current) ? min : current + step;
    input.value = String(Math.min(max, Math.max(min, next)));
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });

  document.addEventListener("change", function (event) {
    var radio = event.target;
    if (!radio.matches || !radio.matches("input[name=bidder]")) return;
    var side = radio.getAttribute("data-side");
    counterInputs(radio.form).forEach(function (input) {
      var label = radio.form.querySelector("label[for='" + input.id + "']");
      if (label && input.getAttribute("data-counters") === "counters") {
        label.classList.toggle("declarer-side", input.getAttribute("data-side") === side);
      }
    });
  });

  /* After Record: the result (or the reasons) where the scorer is looking. The server
     marks #hand-result with data-announce when it has news of the post. */
  // Scroll so that el's top sits just below the sticky top bar (its height varies: it wraps).
  function scrollBelowTopbar(el) {
    var bar = document.querySelector(".topbar");
    var offset = (bar ? bar.getBoundingClientRect().bottom : 0) + 8;
    window.scrollTo(0, window.scrollY + el.getBoundingClientRect().top - offset);
  }

  function announce() {
    var live = document.getElementById("hand-result");
    if (!live || !live.hasAttribute("data-announce")) return;
    live.removeAttribute("data-announce");
    var error = document.querySelector("#game-live form .has-error");
    if (error) {
      var control = error.querySelector("input:not([type=hidden]), select, textarea") || error;
      if (control === error) error.setAttribute("tabindex", "-1");
      control.focus({ preventScroll: true });
      error.scrollIntoView({ block: "center" });
      return;
    }
    live.focus({ preventScroll: true });
    scrollBelowTopbar(live);
  }

  // Once per answer: announce() takes data-announce off, so a later swap of one sheet
  // row (Confirm) does not move focus or the page.
  document.addEventListener("htmx:afterSettle", announce);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", announce);
  } else {
    announce();
  }
})();
