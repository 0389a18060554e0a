// Projector views: show as many rows as fit the screen, then the next lot every few
// seconds, round and round. After htmx swaps in fresh rows (the page polls them), the
// same page stays up. No scrolling: a projector has nobody to scroll it.
(function () {
  "use strict";
  var SECONDS_PER_PAGE = 10;
  var page = 0;

  function layout() {
    var body = document.querySelector(".projector-body");
    var rows = body ? Array.prototype.slice.call(body.querySelectorAll("tbody tr")) : [];
    var label = document.querySelector(".projector-page");
    if (!rows.length) return;
    rows.forEach(function (row) { row.hidden = false; });
    var table = body.querySelector("table");
    var head = table.tHead ? table.tHead.getBoundingClientRect().height : 0;
    var room = body.clientHeight - head - parseFloat(getComputedStyle(body).paddingTop)
      - parseFloat(getComputedStyle(body).paddingBottom);
    var tallest = Math.max.apply(null, rows.map(function (r) { return r.getBoundingClientRect().height; }));
    var perPage = Math.max(1, Math.floor(room / tallest));
    var pages = Math.ceil(rows.length / perPage);
    page = page % pages;
    rows.forEach(function (row, i) { row.hidden = Math.floor(i / perPage) !== page; });
    if (label) label.textContent = pages > 1 ? "Page " + (page + 1) + " of " + pages : "";
    return pages;
  }

  function next() {
    page += 1;
    layout();
  }

  document.addEventListener("DOMContentLoaded", function () {
    layout();
    setInterval(next, SECONDS_PER_PAGE * 1000);
    window.addEventListener("resize", layout);
    document.body.addEventListener("htmx:afterSwap", layout);
  });
})();
