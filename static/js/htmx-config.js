/* htmx under Rookclub's Content-Security-Policy (no inline style, no eval).
   A module: runs after htmx.min.js (deferred, so in document order) and before htmx
   starts on DOMContentLoaded:
   - htmx would insert a <style> for its request indicator: those rules are in app.css;
   - it would copy an element's style attribute across a swap ("settling"), which the
     policy blocks as an inline style: class, width and height still settle;
   - hx-on and js: values would need eval, which the policy forbids anyway. */
htmx.config.includeIndicatorStyles = false;
htmx.config.attributesToSettle = ["class", "width", "height"];
htmx.config.allowEval = false;

/* A poll that brings back what the element already shows is not swapped in. Replacing
   equal content would make a screen reader announce a live region again, and a tap on
   a link or button being replaced at that moment would be lost. Only a GET that
   replaces its own element (outerHTML) is compared; htmx's own classes are left out. */
document.addEventListener("htmx:beforeSwap", (event) => {
  const detail = event.detail;
  if (!detail.shouldSwap || detail.requestConfig.verb !== "get") return;
  const target = detail.target;
  const parsed = document.createElement("template");
  parsed.innerHTML = detail.serverResponse.trim();
  const fresh = parsed.content;
  if (fresh.childNodes.length !== 1 || !target.id || fresh.firstElementChild?.id !== target.id) {
    return;
  }
  const shown = target.cloneNode(true);
  const { requestClass, swappingClass, settlingClass, addedClass } = htmx.config;
  for (const element of [shown, ...shown.querySelectorAll("[class]")]) {
    element.classList.remove(requestClass, swappingClass, settlingClass, addedClass);
    if (!element.classList.length) element.removeAttribute("class");
  }
  if (shown.isEqualNode(fresh.firstElementChild)) detail.shouldSwap = false;
});
