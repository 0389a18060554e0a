/* Score entry at the table: small helps that htmx cannot give.
   - the hand's two counters boxes fill each other (deck total, from the ruleset, minus
     what was typed), only from a complete, valid number, when the box is left or the hand
     is sent: never while typing. A note says so when the filled one replaces a number
     the scorer had typed there; a cleared form clears its notes. The renege's counters
     are two free boxes (the server checks them against the rules);
   - after Record (an htmx answer), focus goes to the result above the form, or to the
     first error of a refused hand, so it is in view and a screen reader reads it;
   - the bid's -5/+5 steppers;
   - the declarer's side is marked beside the counters;
   - the screen stays on while a game is open (Screen Wake Lock, where allowed).
   Event delegation on document, so it keeps working after htmx swaps the form. */

const counterInputs = (form) => Array.from(form.querySelectorAll("input[data-counters]"));

function labelText(form, input) {
  const label = form.querySelector(`label[for='${input.id}']`);
  return label ? label.textContent.trim() : "The other side";
}

// A complete, valid number of counters: digits only, within the deck, in its steps.
function complete(input) {
  const text = input.value.trim();
  if (!/^[0-9]+$/.test(text)) return null;
  const value = parseInt(text, 10);
  const total = parseInt(input.dataset.total, 10);
  const step = parseInt(input.getAttribute("step"), 10) || 1;
  return value <= total && value % step === 0 ? value : null;
}

// Only the hand's counters fill each other (the renege's two boxes are both typed),
// only in a two-sided sheet, and only from a complete number: never while typing.
function fillOther(input) {
  const form = input.form;
  const group = input.dataset.counters;
  if (!form || group !== "counters") return;
  const note = form.querySelector(`[data-counters-note='${group}']`);
  const others = counterInputs(form).filter((other) => other !== input && other.dataset.counters === group);
  const value = complete(input);
  if (others.length !== 1 || value === null) return;
  const other = others[0];
  const total = parseInt(input.dataset.total, 10);
  const filled = String(total - value);
  // The other field keeps, in data-typed, the last number the scorer typed there.
  const typed = other.dataset.typed;
  if (note) {
    note.textContent = typed && typed !== filled
      ? `${labelText(form, other)} changed from ${typed} to ${filled}, so the two make ${total}.`
      : "";
  }
  other.value = filled;
}

// What the scorer types in a box is theirs: remembered, never rewritten while typing.
document.addEventListener("input", (event) => {
  const input = event.target;
  if (input.matches && input.matches("input[data-counters]")) input.dataset.typed = input.value;
});

// Leaving the box (a change, then blur) fills the other side.
document.addEventListener("change", (event) => {
  const input = event.target;
  if (input.matches && input.matches("input[data-counters]")) fillOther(input);
});

// Sending the hand: a box typed and not left yet still fills an empty other side.
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!form.matches || !form.matches("form.hand-form")) return;
  const boxes = counterInputs(form).filter((input) => input.dataset.counters === "counters");
  const empty = boxes.filter((input) => input.value.trim() === "");
  if (boxes.length === 2 && empty.length === 1) fillOther(boxes[0] === empty[0] ? boxes[1] : boxes[0]);
}, true);

// Every note belongs to the hand being typed: a cleared form clears them.
document.addEventListener("reset", (event) => {
  const form = event.target;
  if (!form.querySelectorAll) return;
  form.querySelectorAll("[data-counters-note]").forEach((note) => { note.textContent = ""; });
  counterInputs(form).forEach((input) => { delete input.dataset.typed; });
});

document.addEventListener("click", (event) => {
  const button = event.target.closest && event.target.closest("button[data-step]");
  if (!button) return;
  event.preventDefault();
  const input = document.getElementById(button.dataset.for);
  const step = parseInt(button.dataset.step, 10);
  const min = parseInt(input.min, 10);
  const max = parseInt(input.max, 10);
  const current = parseInt(input.value, 10);
  const next = isNaN(current) ? min : current + step;
  input.value = String(Math.min(max, Math.max(min, next)));
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.dispatchEvent(new Event("change", { bubbles: true }));
});

document.addEventListener("change", (event) => {
  const radio = event.target;
  if (!radio.matches || !radio.matches("input[name=bidder]")) return;
  const side = radio.dataset.side;
  counterInputs(radio.form).forEach((input) => {
    const label = radio.form.querySelector(`label[for='${input.id}']`);
    if (label && input.dataset.counters === "counters") {
      label.classList.toggle("declarer-side", input.dataset.side === side);
    }
  });
});

/* After Record: the result (or the reasons) where the scorer is looking. The server
   marks #hand-result with data-announce when it has news of the post. */
// Scroll so that el's top sits just below the sticky top bar (its height varies: it wraps).
function scrollBelowTopbar(el) {
  const bar = document.querySelector(".topbar");
  const offset = (bar ? bar.getBoundingClientRect().bottom : 0) + 8;
  window.scrollTo(0, window.scrollY + el.getBoundingClientRect().top - offset);
}

function announce() {
  const live = document.getElementById("hand-result");
  if (!live || !live.hasAttribute("data-announce")) return;
  live.removeAttribute("data-announce");
  const error = document.querySelector("#game-live form .has-error");
  if (error) {
    const control = error.querySelector("input:not([type=hidden]), select, textarea") || error;
    if (control === error) error.setAttribute("tabindex", "-1");
    control.focus({ preventScroll: true });
    error.scrollIntoView({ block: "center" });
    return;
  }
  live.focus({ preventScroll: true });
  scrollBelowTopbar(live);
}

/* A game open for recording: the screen stays on between hands, where the browser
   allows it (Screen Wake Lock; it is let go by the browser when the page is hidden,
   and taken again when it is shown). Refused or unsupported: nothing happens. */
let wakeLock = null;
function keepAwake() {
  if (!("wakeLock" in navigator) || document.hidden) return;
  if (!document.querySelector("form.hand-form")) return;
  if (wakeLock && !wakeLock.released) return;
  navigator.wakeLock.request("screen").then((lock) => { wakeLock = lock; }, () => undefined);
}
document.addEventListener("visibilitychange", keepAwake);
document.addEventListener("htmx:afterSettle", keepAwake);

// Once per answer: announce() takes data-announce off, so a later swap of one sheet
// row (Confirm) does not move focus or the page.
document.addEventListener("htmx:afterSettle", announce);
// A module runs once the document is parsed (deferred).
announce();
keepAwake();
