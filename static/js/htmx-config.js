/* htmx under Rookclub's Content-Security-Policy (no inline style, no eval).
   Runs after htmx.min.js (both deferred, in order) and before htmx starts on
   DOMContentLoaded: htmx would otherwise insert a <style> for its request
   indicator (those rules are in app.css) and may try eval for hx-on. */
htmx.config.includeIndicatorStyles = false;
htmx.config.allowEval = false;
