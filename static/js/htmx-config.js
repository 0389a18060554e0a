/* htmx under Rookclub's Content-Security-Policy (no inline style, no eval).
   Runs after htmx.min.js (both deferred, in order) and before htmx starts on
   DOMContentLoaded:
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
document.addEventListener("htmx:beforeSwap", function (event) {
  var detail = event.detail;
  if (!detail.shouldSwap || detail.requestConfig.verb !== "get") return;
  var target = detail.target;
  var parsed = document.createElement("template");
  parsed.innerHTML = detail.serverResponse.trim();
  var fresh = parsed.content;
  if (fresh.childNodes.length !== 1 || !fresh.firstElementChild || !target.id) return;
  if (fresh.firstElementChild.id !== target.id) return;
  var shown = target.cloneNode(true);
  [shown].concat(Array.prototype.slice.call(shown.querySelectorAll("[class]"))).forEach(
    function (element) {
      element.classList.remove(
        htmx.config.requestClass,
        htmx.config.swappingClass,
        htmx.config.settlingClass,
        htmx.config.addedClass
      );
      if (!element.classList.length) element.removeAttribute("class");
    }
  );
  if (shown.isEqualNode(fresh.firstElementChild)) detail.shouldSwap = false;
});
