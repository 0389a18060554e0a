/* Projector views: show as many rows as fit the screen, then the next lot every few
   seconds, round and round. After htmx swaps in fresh rows (the page polls them), the
   same page stays up. No scrolling: a projector has nobody to scroll it. */
const SECONDS_PER_PAGE = 10;
let page = 0;

function layout() {
  const body = document.querySelector(".projector-body");
  const rows = body ? [...body.querySelectorAll("tbody tr")] : [];
  const label = document.querySelector(".projector-page");
  if (!rows.length) return;
  for (const row of rows) row.hidden = false;
  const table = body.querySelector("table");
  const head = table.tHead ? table.tHead.getBoundingClientRect().height : 0;
  const style = getComputedStyle(body);
  const room =
    body.clientHeight - head - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
  const tallest = Math.max(...rows.map((row) => row.getBoundingClientRect().height));
  const perPage = Math.max(1, Math.floor(room / tallest));
  const pages = Math.ceil(rows.length / perPage);
  page %= pages;
  rows.forEach((row, i) => {
    row.hidden = Math.floor(i / perPage) !== page;
  });
  if (label) label.textContent = pages > 1 ? `Page ${page + 1} of ${pages}` : "";
}

layout();
setInterval(() => {
  page += 1;
  layout();
}, SECONDS_PER_PAGE * 1000);
window.addEventListener("resize", layout);
document.body.addEventListener("htmx:afterSwap", layout);
