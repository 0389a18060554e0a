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
